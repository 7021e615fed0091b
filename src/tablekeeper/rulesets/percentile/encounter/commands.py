"""What a GM (or a combatant's player) asks of a ``percentile`` encounter: kinds, payloads.

Each command kind is a named constant (:data:`ATTACK` is ``percentile.attack``) with a
frozen payload model naming the combatant who acts; the engine's command table
(``table.py``) pairs each kind with its model, check and play, and its
:func:`~.table.order` builds one (``order(ATTACK, "aldric", targets=["brenna"])``).
The GM adds combatants, starts and ends the encounter and deals damage by ruling; a
combatant acts on its turn, the GM for it if need be. A pending decision is answered with
the session's answer command; GM overrides are the engine's own.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import (
    ACTOR_FORMAT,
    GM,
    ActorId,
    Frozen,
    actor_field,
    chosen_from,
    parse_payload,
)
from tablekeeper.rulesets.percentile.attack_input import Intent
from tablekeeper.rulesets.percentile.encounter.pending import NearHazard
from tablekeeper.rulesets.percentile.encounter.state import DistanceIntent, Form
from tablekeeper.rulesets.percentile.expressions import DiceExpression
from tablekeeper.rulesets.percentile.modifiers import MeleeDistance, Situation
from tablekeeper.rulesets.percentile.social.sheet import SocialSheet
from tablekeeper.rulesets.percentile.stats import StatBlock
from tablekeeper.rulesets.percentile.tables import BODY_PLAN_FILES, hit_location_table

ADD_COMBATANT = "percentile.add_combatant"
REMOVE_COMBATANT = "percentile.remove_combatant"
START = "percentile.start"
END = "percentile.end"
DAMAGE = "percentile.damage"
ENGAGE = "percentile.engage"
END_TURN = "percentile.end_turn"
ABILITY = "percentile.ability"
AIM = "percentile.aim"
ATTACK = "percentile.attack"
CAST = "percentile.cast"
CONCENTRATE = "percentile.concentrate"
DEFEND = "percentile.defend"
DISENGAGE = "percentile.disengage"
DISENGAGE_SPIRIT = "percentile.disengage_spirit"
EQUIP = "percentile.equip"
GRAPPLE = "percentile.grapple"
ESCAPE = "percentile.escape"
RELEASE = "percentile.release"
HELP = "percentile.help"
MANIFEST = "percentile.manifest"
DISCORPORATE = "percentile.discorporate"
MOVE = "percentile.move"
RALLY = "percentile.rally"
SPIRIT_COMBAT = "percentile.spirit_combat"
WAIT = "percentile.wait"
STAND_UP = "percentile.stand_up"
PULL_WEAPON = "percentile.pull_weapon"
REMOVE_WEAPON = "percentile.remove_weapon"
LET_GO = "percentile.let_go"
REGRAB = "percentile.regrab"
DROP = "percentile.drop"
SPEAK = "percentile.speak"
STEP = "percentile.step"
USE_PASSION = "percentile.use_passion"


Id = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")


class CombatantSpec(Frozen):
    """A combatant as the GM adds it; what it leaves out comes from its stat block."""

    id: str = Id
    name: str | None = Field(
        default=None,
        min_length=1,
        max_length=80,
        description="The name the table knows it by (Wolf 1, Wolf 2); default: the stat block's.",
    )
    side: str = Field(min_length=1, max_length=40)
    stats: StatBlock
    form: Form = "corporeal"
    spirit: bool = False
    tangible: bool = False
    discorporates: bool = False
    spirit_damage: DiceExpression | None = None
    spirit_armor: int = Field(default=0, ge=0)
    extra_actions: int = Field(default=0, ge=0, le=10)
    hp: int | None = Field(default=None, description="Current HP; default: the stat block's.")
    magic_points: int | None = Field(default=None, ge=0)
    determination_points: int | None = Field(default=None, ge=0)
    ready: tuple[str, ...] | None = Field(
        default=None, description="Weapons and shields in hand; default: the first of each."
    )
    prone: bool = False
    conditions: tuple[str, ...] = ()
    social: SocialSheet | None = Field(
        default=None,
        description="For social encounters: social damage, passions, favors, grudges.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> CombatantSpec:
        if self.id == GM:
            raise ValueError(f"{GM!r} is the GM's id, not a combatant's")
        if self.form != "corporeal" and not (self.spirit or self.discorporates):
            raise ValueError(f"only a spirit (or a being that discorporates) can be {self.form}")
        if self.spirit and self.form == "corporeal":
            raise ValueError("a spirit is manifested or discorporate")
        return self


class Who(Frozen):
    """A command about the acting combatant alone."""

    combatant: ActorId


class Target(Who):
    """The combatant acts on ``target``."""

    target: ActorId


class Ability(Who):
    """Ability Use (P-ACT-01): a skill (or a characteristic: STR, CHA...) for a goal."""

    skill: str = Field(min_length=1, max_length=60)
    modifier: int = Field(default=0, ge=-200, le=200)
    goal: str = Field(default="", max_length=200)
    physical: bool = True
    opposed_by: ActorId | None = None
    opposed_skill: str | None = Field(default=None, min_length=1, max_length=60)


class Attack(Who):
    """Attack (P-ACT-03): one target, or several attempts (Split Action, P-OPT-07)."""

    targets: tuple[ActorId, ...] = Field(min_length=1, max_length=10)
    weapon: str | None = Field(default=None, description="Default: the first in hand.")
    skill: str | None = None
    intent: Intent = "damage"
    called_shot: str | None = None
    find_weak_spot: bool = False
    change_distance: Literal["none", "closer", "further"] = "none"
    distance: MeleeDistance | None = Field(default=None, description="To engage at (P-OPT-12).")
    avoid: int | None = Field(default=None, ge=0, description="Firing into Melee (P-OPT-20).")
    situations: tuple[Situation, ...] = ()
    hazard: NearHazard | None = Field(
        default=None,
        description="A Bash toward a hazardous zone: each target is next to it (P-OPT-24).",
    )


class Cast(Who):
    """Cast Magic (P-ACT-04): a spell and its Magic Points; long casting takes more actions."""

    spell: str = Field(min_length=1, max_length=80)
    magic_points: int = Field(default=0, ge=0, le=1000)
    target: ActorId | None = None
    skill: str | None = Field(default=None, description="Default: a POW roll.")


class Concentrate(Who):
    """Concentrate (P-ACT-05) on an active spell."""

    spell: str = Field(min_length=1, max_length=80)


class Defend(Who):
    """Defend (P-ACT-06): a defense held until the next turn, split or not, perhaps to
    change the melee distance (P-OPT-14)."""

    split: int = Field(default=1, ge=1, le=10)
    distance: DistanceIntent | None = None


class Equip(Who):
    """Equip / Unequip (P-ACT-11, P-REA-02): the items to hold in hand afterwards."""

    ready: tuple[str, ...] = ()
    hands: Literal[1, 2] = 1


class Grapple(Target):
    """Grapple (P-ACT-12), or, holding the target, Twist Limb or Tighten Grapple."""

    weapon: str | None = Field(default=None, description="Default: Brawl (unarmed).")
    maneuver: Literal["grab", "twist_limb", "tighten_grapple"] = "grab"


class Help(Who):
    """Help (P-ACT-17): an ability used for an ally."""

    ally: ActorId
    skill: str = Field(min_length=1, max_length=60)
    modifier: int = Field(default=0, ge=-200, le=200)


class Move(Who):
    """Move (P-ACT-19): up to MOV meters, times the GM's terrain factor."""

    meters: int = Field(ge=0, le=1000)
    terrain: Literal["normal", "half", "quarter", "tenth"] = "normal"


class SpiritCombat(Who):
    """Spirit Combat (P-ACT-23): attack ``target``, ready to defend until the next turn."""

    target: ActorId | None = None


class Wait(Who):
    """Wait (P-ACT-24): a lower turn order for the rest of the round."""

    turn_order: int = Field(ge=-100, le=1000)


class Item(Who):
    """Drop Item (P-REA-02)."""

    item: str = Field(min_length=1, max_length=60)


class Speak(Who):
    """Speak (P-REA-02): a couple of short sentences."""

    text: str = Field(min_length=1, max_length=300)


class Step(Who):
    """Step (P-REA-03), backwards as a Retreat (P-OPT-17) or not."""

    retreat: bool = False


class Passion(Who):
    """Use Passion (P-REA-04): a roll for a scene augment."""

    passion: str = Field(min_length=1, max_length=60)


class Engage(Frozen):
    """The GM rules two combatants engaged in melee (a scenario that opens mid-fight)."""

    pair: tuple[ActorId, ActorId] = Field(
        title="Who is engaged",
        json_schema_extra={
            "prefixItems": [
                {"type": "string", "format": ACTOR_FORMAT, "title": "One combatant"},
                {"type": "string", "format": ACTOR_FORMAT, "title": "The other"},
            ]
        },
    )
    distance: MeleeDistance | None = None


def every_location() -> tuple[str, ...]:
    """Every hit location of every body plan's table, each once (the GM's damage picker)."""
    found = (name for plan in BODY_PLAN_FILES for name in hit_location_table(plan).locations)
    return tuple(dict.fromkeys(found))


class GmDamage(Frozen):
    """The GM deals damage by ruling (a fall, fire, a spell's effect)."""

    combatant: ActorId = actor_field()
    amount: int = Field(ge=0, le=10_000)
    location: str | None = chosen_from(every_location(), default=None)
    source: str = Field(default="GM", max_length=200)


class Nothing(Frozen):
    """A command with no payload."""


def add_combatant(**fields: Any) -> Command:
    """The GM adds a combatant (fields of :class:`CombatantSpec`)."""
    return Command.of(GM, ADD_COMBATANT, parse_payload(fields, CombatantSpec))


def start() -> Command:
    """The GM starts the encounter: turn orders are rolled."""
    return Command(actor=GM, kind=START)
