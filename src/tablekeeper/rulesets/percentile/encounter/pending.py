"""What a command still has to play, and what the pending decision is about.

A command may need several choices (the attacker's critical, the defender's defense, a
critical Dodge's follow-up) and may cause more attacks than its own (a Split Action, a
failed Move's free attacks, a counter-attack). The state keeps both as values, so a
decision survives undo, redo and replay like everything else:

- :data:`Task`: draft queued behind the current decision: an attack to roll, the end of
  a Move;
- :data:`Awaiting`: the context of the decision put to a player now; its answer
  (``decision.answer``) resumes from it.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from pydantic import Field

from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.percentile.attack_input import CriticalChoice, FiringIntoMelee, Intent
from tablekeeper.rulesets.percentile.checks import CheckOutcome
from tablekeeper.rulesets.percentile.damage import DamageOutcome
from tablekeeper.rulesets.percentile.encounter.social.pending import ArgumentChoice, ProvokeChoice
from tablekeeper.rulesets.percentile.modifiers import MeleeDistance, Situation

AttackReason: TypeAlias = Literal[
    "action", "split", "counter_attack", "leaving_melee", "fumble", "grapple", "regrab"
]
"""Why an attack is rolled: an Attack (or Grapple) action, another attempt of a Split
Action, a critical Dodge's counter-attack (P-ATK-14), an enemy's free attack on a
character leaving melee (P-ACT-20) or on a fumbler (P-ATK-13), re-grabbing a stuck weapon
(P-OPT-05)."""


class NearHazard(Frozen):
    """A Bash's target next to a hazardous zone (P-OPT-24, G-P-C13): its Athletics and
    Dodge come from its stat block when the attack is resolved."""

    at_edge: bool = Field(default=False, description="Already at the edge: cannot avoid it.")


SpiritBlow: TypeAlias = Literal["blast", "sting"]
"""A critical Spirit Combat roll: Spirit Blast (Critical Spirit Damage) or Spirit Sting
(normal Spirit Damage bypassing armor, P-SPC-02)."""


class AttackTask(Frozen):
    """One attack to roll, with everything declared before the roll."""

    task: Literal["attack"] = "attack"
    attacker: ActorId
    target: ActorId
    weapon: str = Field(description="A weapon (or shield) of the attacker, or 'unarmed'.")
    skill: str | None = Field(default=None, description="The skill, if not the weapon's.")
    reason: AttackReason = "action"
    free: bool = Field(default=False, description="Not an action (P-ACT-20, P-ATK-14).")
    optional: bool = Field(default=False, description="The attacker may let it go.")
    intent: Intent = "damage"
    grapple: bool = Field(default=False, description="A Grapple attack (P-ACT-12).")
    split: int = Field(default=1, ge=1)
    aim: int = Field(default=0, ge=0, le=2)
    charge: bool = False
    called_shot: str | None = None
    find_weak_spot: bool = False
    change_distance: Literal["none", "closer", "further"] = "none"
    distance: MeleeDistance | None = Field(
        default=None, description="The distance the attacker engages at (P-OPT-12)."
    )
    firing_into_melee: FiringIntoMelee | None = None
    situations: tuple[Situation, ...] = ()
    hazard: NearHazard | None = Field(
        default=None, description="A hazardous zone a Bash pushes toward (P-OPT-24)."
    )


class FinishMove(Frozen):
    """The end of a Move out of melee, once the enemies' free attacks are rolled."""

    task: Literal["finish_move"] = "finish_move"
    mover: ActorId
    meters: int = Field(ge=0)
    stays_engaged: bool = Field(default=False, description="The Dodge fumbled (P-ACT-20).")


class GetUpTask(Frozen):
    """After a successful Dive Dodge, ask whether to get back up (P-OPT-18)."""

    task: Literal["get_up"] = "get_up"
    combatant: ActorId


Task = Annotated[AttackTask | FinishMove | GetUpTask, Field(discriminator="task")]
"""PercentileDraft queued behind a decision."""


class CriticalBlow(Frozen):
    """The attacker chooses a Devastating or a Precise Blow (P-ATK-03)."""

    kind: Literal["critical_blow"] = "critical_blow"
    attack: AttackTask
    roll: CheckOutcome


class DefenseChoice(Frozen):
    """The target chooses how to defend, or not to, before its roll (P-ATK-04, P-ATK-05)."""

    kind: Literal["defense"] = "defense"
    attack: AttackTask
    roll: CheckOutcome
    critical: CriticalChoice = "devastating"


class DodgeFollowUp(Frozen):
    """A critical Dodge: a free counter-attack or an immediate Disengage (P-ATK-14)."""

    kind: Literal["dodge_follow_up"] = "dodge_follow_up"
    defender: ActorId
    attacker: ActorId


class FumbleItem(Frozen):
    """A fumble row that acts on a piece of equipment: the fumbler picks it (P-ATK-13)."""

    kind: Literal["fumble_item"] = "fumble_item"
    fumbler: ActorId
    face: int = Field(ge=1)
    items: tuple[str, ...] = Field(min_length=2)
    used: str | None = Field(default=None, description="The item the action used.")
    during: Literal["attack", "defense", "move"] = "attack"


class FreeAttacker(Frozen):
    """Fumble 07: which engaged enemy gets the free attack (the GM's pick)."""

    kind: Literal["free_attacker"] = "free_attacker"
    fumbler: ActorId
    enemies: tuple[ActorId, ...] = Field(min_length=2)


class TakeFreeAttack(Frozen):
    """An enemy may make a free attack on a character leaving melee (P-ACT-20)."""

    kind: Literal["take_free_attack"] = "take_free_attack"
    attack: AttackTask


class GetUp(Frozen):
    """After a successful Dive Dodge: an Athletics roll to get back up, or stay prone."""

    kind: Literal["get_up"] = "get_up"
    combatant: ActorId


class HoldGrapple(Frozen):
    """The grappler may resist the escape (a reaction, P-REA-01), or let go."""

    kind: Literal["hold_grapple"] = "hold_grapple"
    escaper: ActorId
    grappler: ActorId


class ResistMagic(Frozen):
    """The target of a spell may resist it with POW (a reaction, P-ACT-04, P-REA-01)."""

    kind: Literal["resist_magic"] = "resist_magic"
    caster: ActorId
    target: ActorId
    spell: str
    roll: CheckOutcome


class SpiritExchange(Frozen):
    """A spirit combat attack in progress (P-SPC-01 .. P-SPC-07)."""

    attacker: ActorId
    defender: ActorId
    attack: CheckOutcome
    defense: CheckOutcome | None = None
    attack_blow: SpiritBlow | None = None
    defense_blow: SpiritBlow | None = None
    disengaging: bool = Field(default=False, description="Disengage from Spirit Combat.")


class SpiritCritical(Frozen):
    """A critical Spirit Combat roll: Spirit Blast or Spirit Sting (P-SPC-02)."""

    kind: Literal["spirit_critical"] = "spirit_critical"
    exchange: SpiritExchange
    chooser: ActorId


class SpiritResponse(Frozen):
    """A corporeal being attacked by a spirit may pick Spirit Combat in response (P-ACT-23)."""

    kind: Literal["spirit_response"] = "spirit_response"
    exchange: SpiritExchange


class SpiritBlock(Frozen):
    """The winner of opposed spirit combat blocks with its own damage, or not (P-SPC-05)."""

    kind: Literal["spirit_block"] = "spirit_block"
    exchange: SpiritExchange
    winner: ActorId
    rolls: dict[ActorId, DamageOutcome] = Field(description="Both sides' Spirit Damage.")


Awaiting = Annotated[
    CriticalBlow
    | DefenseChoice
    | DodgeFollowUp
    | FumbleItem
    | FreeAttacker
    | TakeFreeAttack
    | GetUp
    | HoldGrapple
    | ResistMagic
    | SpiritCritical
    | SpiritResponse
    | SpiritBlock
    | ArgumentChoice
    | ProvokeChoice,
    Field(discriminator="kind"),
]
"""What the pending decision is about (the last two: a social encounter's)."""
