"""What happens in a ``tactical`` encounter: event kinds and their payload models.

An event says what happened ("Brenna paid 2 focus", "the wolf yielded: 7 poise damage"),
never what to do; the state is their fold (``fold.py``). :data:`EVENT_MODELS` maps each
kind to its payload, so words, views and the fold read payloads through one table.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.tactical.attack import AttackOutcome
from tablekeeper.rulesets.tactical.catalogue import Defense, Track
from tablekeeper.rulesets.tactical.encounter.state import (
    Awaiting,
    Character,
    Concentration,
    Link,
    Trigger,
    Use,
    Weapon,
)
from tablekeeper.rulesets.tactical.grid import Square
from tablekeeper.rulesets.tactical.utility import UtilityOutcome

JOINED = "tactical.joined"
SKILL_USED = "tactical.skill_used"
POOL_CHANGED = "tactical.pool_changed"
CONDITION_ADDED = "tactical.condition_added"
CONDITION_REMOVED = "tactical.condition_removed"
DEFEATED = "tactical.defeated"
MOVED = "tactical.moved"
MANEUVER_ENDED = "tactical.maneuver_ended"
USE_CHANGED = "tactical.use_changed"
AWAITING = "tactical.awaiting"
DEFENSE_CHOSEN = "tactical.defense_chosen"
YIELD_ROLLED = "tactical.yield_rolled"
UTILITY_ROLLED = "tactical.utility_rolled"
DOOM_CHANGED = "tactical.doom_changed"
CUNNING_CHOSEN = "tactical.cunning_chosen"
CRITICAL_NOTED = "tactical.critical_noted"
CONCENTRATION_STARTED = "tactical.concentration_started"
CONCENTRATION_LINKED = "tactical.concentration_linked"
CONCENTRATION_ENDED = "tactical.concentration_ended"
WEAPON_CHANGED = "tactical.weapon_changed"
TRIGGER_OPENED = "tactical.trigger_opened"
REACTED = "tactical.reacted"
TURN_ENDED = "tactical.turn_ended"
BERSERK = "tactical.berserk"
HIDDEN_CHECK = "tactical.hidden_check"
ENDED = "tactical.ended"
FREE_PACES = "tactical.free_paces"
EXTRA_MANEUVER = "tactical.extra_maneuver"
LEFT = "tactical.left"


class Joined(Frozen):
    character: Character


class SkillUsed(Frozen):
    """``user`` used ``skill`` as an action, maneuver, reaction or 'other'."""

    user: ActorId
    skill: str
    origin: Literal["action", "maneuver", "reaction", "other"]
    targets: tuple[ActorId, ...] = ()
    point: Square | None = None
    squares: tuple[Square, ...] = ()
    boons: int = 0
    banes: int = 0
    final_gambit: bool = False
    maneuver_paces: int | None = Field(default=None, description="A maneuver's movement.")
    careful: bool = False
    held_temporary: tuple[str, ...] = ()
    resolves: bool = Field(description="Whether it goes on to reactions, defenses, rolls.")
    completes: bool = Field(default=False, description="An 'other' skill completing now.")


class PoolChanged(Frozen):
    character: ActorId
    track: Track
    before: int
    after: int
    cause: Literal["cost", "gain", "no_gain", "threat", "damage", "refund", "gm"]
    requested: int = Field(default=0, description="What was asked: a gain capped or refused.")


class ConditionAdded(Frozen):
    character: ActorId
    condition: str
    source: str = ""


class ConditionRemoved(Frozen):
    character: ActorId
    condition: str
    reason: str = ""


class Defeated(Frozen):
    character: ActorId
    reason: Literal["damage", "final_gambit", "minion", "gm"]


class Moved(Frozen):
    character: ActorId
    origin: Square
    destination: Square
    paces: int
    voluntary: bool = True


class ManeuverEnded(Frozen):
    character: ActorId


class UseChanged(Frozen):
    """The skill being resolved moved on (or ``use`` is ``None``: it is over)."""

    use: Use | None


class AwaitingSet(Frozen):
    """A decision is now pending about ``awaiting`` (``None``: it was answered)."""

    awaiting: Awaiting | None


class DefenseChosen(Frozen):
    target: ActorId
    defense: Defense
    forced: bool = False


class YieldRolled(Frozen):
    user: ActorId
    target: ActorId
    skill: str
    outcome: AttackOutcome


class UtilityRolled(Frozen):
    user: ActorId
    target: ActorId
    skill: str
    outcome: UtilityOutcome


class DoomChanged(Frozen):
    before: int
    after: int
    reason: str


class CunningChosen(Frozen):
    user: ActorId
    target: ActorId
    option: str
    label: str


class CriticalNoted(Frozen):
    user: ActorId
    target: ActorId
    count: int


class ConcentrationStarted(Frozen):
    character: ActorId
    concentration: Concentration


class ConcentrationLinked(Frozen):
    character: ActorId
    link: Link


class ConcentrationEnded(Frozen):
    character: ActorId
    skill: str
    reason: Literal[
        "released", "interrupted", "weapon", "completed", "defeated", "replaced", "removed"
    ]


class WeaponChanged(Frozen):
    character: ActorId
    weapon: Weapon
    change: Literal["dropped", "taken", "thrown", "picked_up", "gained"]
    position: Square | None = None


class TriggerOpened(Frozen):
    trigger: Trigger


class Reacted(Frozen):
    character: ActorId
    skill: str
    trigger: str


class TurnEnded(Frozen):
    character: ActorId


class Berserk(Frozen):
    character: ActorId
    skill: str | None
    begins: bool = False
    roll: int | None = None


class HiddenCheck(Frozen):
    """A hidden character used a skill: revealed, or (stealthy) the GM may call a roll."""

    character: ActorId
    revealed: bool


class Ended(Frozen):
    result: str


class FreePaces(Frozen):
    character: ActorId
    paces: int


class ExtraManeuver(Frozen):
    character: ActorId


class Left(Frozen):
    """The GM took ``character`` off the battlefield: it is out of the turn order and of
    every use, its turn (if it was its) passes to the next standing character."""

    character: ActorId


EVENT_MODELS: dict[str, type[Frozen]] = {
    JOINED: Joined,
    SKILL_USED: SkillUsed,
    POOL_CHANGED: PoolChanged,
    CONDITION_ADDED: ConditionAdded,
    CONDITION_REMOVED: ConditionRemoved,
    DEFEATED: Defeated,
    MOVED: Moved,
    MANEUVER_ENDED: ManeuverEnded,
    USE_CHANGED: UseChanged,
    AWAITING: AwaitingSet,
    DEFENSE_CHOSEN: DefenseChosen,
    YIELD_ROLLED: YieldRolled,
    UTILITY_ROLLED: UtilityRolled,
    DOOM_CHANGED: DoomChanged,
    CUNNING_CHOSEN: CunningChosen,
    CRITICAL_NOTED: CriticalNoted,
    CONCENTRATION_STARTED: ConcentrationStarted,
    CONCENTRATION_LINKED: ConcentrationLinked,
    CONCENTRATION_ENDED: ConcentrationEnded,
    WEAPON_CHANGED: WeaponChanged,
    TRIGGER_OPENED: TriggerOpened,
    REACTED: Reacted,
    TURN_ENDED: TurnEnded,
    BERSERK: Berserk,
    HIDDEN_CHECK: HiddenCheck,
    ENDED: Ended,
    FREE_PACES: FreePaces,
    EXTRA_MANEUVER: ExtraManeuver,
    LEFT: Left,
}
