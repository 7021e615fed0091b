"""The payloads of the ``percentile`` encounter's events: one frozen model per shape.

``events.py`` names the kinds and maps each to its payload model; what each field means
is said here. A payload records what happened, with the numbers it happened with (the
roll, the damage before and after), so the log reads as the table's story and folds
back to the state exactly.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field

from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.percentile.attack import AttackOutcome
from tablekeeper.rulesets.percentile.checks import CheckOutcome
from tablekeeper.rulesets.percentile.damage import DamageOutcome
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask, Awaiting, Task
from tablekeeper.rulesets.percentile.encounter.state import (
    Casting,
    Combatant,
    Form,
    Grapple,
    Reserve,
    StuckWeapon,
    TurnOrder,
)
from tablekeeper.rulesets.percentile.fumbles import FumbleOutcome
from tablekeeper.rulesets.percentile.modifiers import MeleeDistance


class CombatantAdded(Frozen):
    combatant: Combatant


class Nothing(Frozen):
    """A payload with nothing to say."""


class TurnOrderRolled(Frozen):
    combatant: ActorId
    order: TurnOrder
    rule: str = Field(description="P-CMB-02, P-CMB-05 or P-OPT-02.")


class RoundStarted(Frozen):
    round: int = Field(ge=1)
    order: tuple[ActorId, ...] = Field(min_length=1)
    actions: dict[ActorId, int] = Field(description="Actions each has this round.")
    roll_offs: dict[ActorId, tuple[int, ...]] = Field(
        default_factory=dict, description="The 1D10s that broke equal turn orders (G-P-16)."
    )


class RoundEnded(Frozen):
    round: int = Field(ge=1)


class TurnStarted(Frozen):
    combatant: ActorId
    actions: int = Field(ge=0, description="Actions left for this turn.")
    lost: Literal["turn", "actions"] | None = None


class TurnEnded(Frozen):
    combatant: ActorId
    unused: int = Field(ge=0)
    reason: Literal["ended", "skipped", "down"] = "ended"


class OrderChanged(Frozen):
    order: tuple[ActorId, ...] = Field(min_length=1)
    turn: int = Field(ge=0)


class Waited(Frozen):
    combatant: ActorId
    turn_order: int


class ActionTaken(Frozen):
    combatant: ActorId
    action: str
    actions: int = Field(ge=0, description="Actions spent (0: free).")
    physical: bool = True
    meters: int = Field(default=0, ge=0)
    target: ActorId | None = None


class Aimed(Frozen):
    combatant: ActorId
    target: ActorId
    times: int = Field(ge=1, le=2)


class DefenseReserved(Frozen):
    combatant: ActorId
    reserve: Reserve


class ReserveUsed(Frozen):
    combatant: ActorId
    index: int = Field(ge=0)
    attacker: ActorId | None = None
    split: int | None = Field(default=None, ge=1, description="Declared at the first roll.")


class Engaged(Frozen):
    pair: tuple[ActorId, ActorId]
    distance: MeleeDistance | None = None


class DistanceChanged(Frozen):
    pair: tuple[ActorId, ActorId]
    distance: MeleeDistance
    rule: str


class Disengagement(Frozen):
    combatant: ActorId
    spirit: bool = False
    others: tuple[ActorId, ...] = ()
    reason: str = ""


class SpiritEngaged(Frozen):
    pair: tuple[ActorId, ActorId]


class CombatantOnly(Frozen):
    combatant: ActorId


class TasksSet(Frozen):
    tasks: tuple[Task, ...]


class AwaitingSet(Frozen):
    awaiting: Awaiting


class ChoiceMade(Frozen):
    chooser: ActorId
    about: str
    option: str


class AttackRolled(Frozen):
    attack: AttackTask
    roll: CheckOutcome


class AttackResolved(Frozen):
    attack: AttackTask
    outcome: AttackOutcome
    defense: str = "none"
    reserve: int | None = None


class Damaged(Frozen):
    combatant: ActorId
    amount: int = Field(ge=0)
    location: str | None = None
    hp_before: int
    hp_after: int
    source: str
    rule: str = ""


class PointsChanged(Frozen):
    combatant: ActorId
    points: Literal["magic", "determination"]
    before: int
    after: int
    source: str
    rule: str = ""


class GearWorn(Frozen):
    combatant: ActorId
    item: str
    hp_before: int
    hp_after: int = Field(ge=0)
    rule: str


class ItemMoved(Frozen):
    combatant: ActorId
    item: str
    meters: int | None = None
    rule: str = ""


class Equipped(Frozen):
    combatant: ActorId
    ready: tuple[str, ...]
    picked_up: tuple[str, ...] = ()
    in_melee: bool = False


class ProneChanged(Frozen):
    combatant: ActorId
    prone: bool
    rule: str = ""


class Pushed(Frozen):
    combatant: ActorId
    meters: int = Field(ge=0)
    by: ActorId
    into_hazard: bool | None = Field(
        default=None,
        description="Toward a hazardous zone: pushed into it, or stopped at the edge "
        "(P-OPT-24); None: no hazard.",
    )


class Fumbled(Frozen):
    combatant: ActorId
    outcome: FumbleOutcome
    during: Literal["attack", "defense", "move"]


class WeaponStuck(Frozen):
    stuck: StuckWeapon


class StuckWeaponChange(Frozen):
    owner: ActorId
    target: ActorId
    weapon: str
    by: ActorId | None = None


class Grappled(Frozen):
    grapple: Grapple


class GrappleChange(Frozen):
    grappler: ActorId
    grappled: ActorId
    reason: str = ""


class CastingChanged(Frozen):
    combatant: ActorId
    casting: Casting | None


class SpellCast(Frozen):
    caster: ActorId
    spell: str
    magic_points: int = Field(ge=0)
    roll: CheckOutcome
    target: ActorId | None = None
    resist: CheckOutcome | None = None
    effective: bool


class Concentrated(Frozen):
    combatant: ActorId
    spell: str


CheckPurpose: TypeAlias = Literal[
    "ability",
    "help",
    "rally",
    "passion",
    "athletics",
    "escape",
    "hold",
    "twist_limb",
    "tighten_grapple",
    "pull_out",
    "remove_weapon",
    "move_dodge",
    "bash_edge",
]


class CheckRolled(Frozen):
    combatant: ActorId
    purpose: CheckPurpose
    roll: CheckOutcome
    against: ActorId | None = None
    note: str = ""


class Moved(Frozen):
    combatant: ActorId
    meters: int = Field(ge=0)
    out_of_melee: bool = False


class Stepped(Frozen):
    combatant: ActorId
    meters: int = Field(ge=0)
    retreat: bool = False


class Spoke(Frozen):
    combatant: ActorId
    text: str


class PassionUsed(Frozen):
    combatant: ActorId
    passion: str
    roll: CheckOutcome | None = None


class FormChanged(Frozen):
    combatant: ActorId
    form: Form


class SpiritRolled(Frozen):
    combatant: ActorId
    role: Literal["attack", "defense"]
    roll: CheckOutcome
    against: ActorId


class SpiritResolved(Frozen):
    attacker: ActorId
    defender: ActorId
    winner: ActorId | None
    blocked: bool
    damage: dict[ActorId, DamageOutcome] = Field(description="Each side's Spirit Damage roll.")
    dealt: dict[ActorId, int] = Field(description="Magic Points each one lost.")


GM_ENDED = "the GM ended it"
"""An :class:`EncounterEnded`'s reason when the GM ended the encounter."""


class EncounterEnded(Frozen):
    winner: str | None
    reason: str
