"""What happens in a ``fractal`` encounter, as the log records it: kinds and payloads.

Each event says what happened and carries its results (the AP left, the condition as
inflicted, the check with every die), so the fold is bookkeeping and the rules live in
the play functions, once. :data:`EVENT_MODELS` maps each kind to its payload model.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field

from tablekeeper.engine.breakdown import Breakdown
from tablekeeper.engine.events import Event
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.fractal.checks import CheckOutcome
from tablekeeper.rulesets.fractal.encounter.nano_events import EVENT_MODELS as NANO_EVENT_MODELS
from tablekeeper.rulesets.fractal.encounter.state import (
    ActiveSpell,
    Character,
    Conflict,
    LifeState,
    Out,
    Participant,
    PendingConcession,
    PendingDefense,
    PendingSustain,
    PendingTurnStart,
    Phase,
    TempAp,
)
from tablekeeper.rulesets.fractal.healing import ConditionEntry, RemovedBy
from tablekeeper.rulesets.fractal.scene import SceneElement
from tablekeeper.rulesets.fractal.stats import Stat
from tablekeeper.rulesets.fractal.timescale import TimeScale

P = "fractal."
CHARACTER_ADDED = P + "character_added"
CONFLICT_OPENED = P + "conflict_opened"
CONFLICT_CLOSED = P + "conflict_closed"
JOINED = P + "joined_conflict"
LEFT = P + "left_conflict"
PHASE_SET = P + "phase_set"
AP_REFRESHED = P + "ap_refreshed"
AP_SET = P + "ap_set"
AP_SPENT = P + "ap_spent"
TURN_STARTED = P + "turn_started"
TURN_ENDED = P + "turn_ended"
EXCHANGE_ENDED = P + "exchange_ended"
ACTION_ROLLED = P + "action_rolled"
DEFENSE_AWAITED = P + "defense_awaited"
DEFENDED = P + "defended"
CONDITION_INFLICTED = P + "condition_inflicted"
CONDITION_REMOVED = P + "condition_removed"
CONDITION_CHANGED = P + "condition_changed"
STAT_RESTORED = P + "stat_restored"
PARTICIPANT_OUT = P + "participant_out"
SIDE_CHANGED = P + "side_changed"
LIFE_CHANGED = P + "life_changed"
MOVED = P + "moved"
SHARED = P + "positive_conditions_shared"
SPELL_STARTED = P + "spell_started"
SPELLS_COLLAPSED = P + "spells_collapsed"
SUSTAIN_AWAITED = P + "sustain_awaited"
SUSTAINED = P + "sustained"
TURN_START_AWAITED = P + "turn_start_awaited"
TURN_START_RESOLVED = P + "turn_start_resolved"
ELEMENT_PLACED = P + "element_placed"
ELEMENT_CLEARED = P + "element_cleared"
BONUS_DICE = P + "bonus_dice_given"
PROJECT_ROLLED = P + "project_rolled"
PROJECT_ENDED = P + "project_ended"
OUTPUT_SERVED = P + "output_served"
MACRO_ROLLED = P + "macro_rolled"
TIME_PASSED = P + "time_passed"
CONCESSION_AWAITED = P + "concession_awaited"
CONCESSION_ANSWERED = P + "concession_answered"
SCALE_REDEFINED = P + "scale_redefined"
ARMOR_SET = P + "routine_armor_set"


class CharacterAdded(Frozen):
    character: Character


class ConflictOpened(Frozen):
    conflict: Conflict


class ConflictClosed(Frozen):
    conflict: str
    ended: str
    winner: str | None = None
    rule: str | None = None


class Joined(Frozen):
    conflict: str
    participant: Participant


class Left(Frozen):
    conflict: str
    character: str


class PhaseSet(Frozen):
    """A conflict's clock moved on: its step, phase, whose turn, the sustain queue."""

    conflict: str
    step: int
    phase: Phase
    turn: int = 0
    turn_started: bool = False
    turn_effects: int = 0
    sustain_queue: tuple[str, ...] = ()


class ApRefreshed(Frozen):
    """G-F-03: Max AP computed again, the pool filled, what the refresh adds."""

    conflict: str
    character: str
    max_ap: Breakdown
    ap: int
    temporary: tuple[TempAp, ...] = Field(description="The temporary AP after the refresh.")
    activated: tuple[str, ...] = Field(default=(), description="Positive conditions now in effect.")


class ApSet(Frozen):
    character: str
    ap: int
    temporary: tuple[TempAp, ...] | None = None
    reason: str
    rule: str


class ApSpent(Frozen):
    character: str
    amount: int
    ap: int = Field(description="The AP left in the pool.")
    temporary: tuple[TempAp, ...]
    for_what: str


class TurnStarted(Frozen):
    conflict: str
    character: str


class TurnEnded(Frozen):
    conflict: str
    character: str
    restored: int = Field(default=0, description="AP restored by Soothing (F-SCENE-16).")


class ExchangeEnded(Frozen):
    conflict: str
    step: int
    seconds: Fraction | None = Field(description="How long it took, if the scale says.")


class ActionRolled(Frozen):
    conflict: str | None
    character: str
    action: str
    stat: Stat
    tool: str
    check: CheckOutcome
    targets: tuple[str, ...] = ()
    spell: bool = False
    bonus_dice_used: int = 0


class DefenseAwaited(Frozen):
    pending: PendingDefense


class Defended(Frozen):
    conflict: str
    target: str
    action: str | None
    stat: Stat | None = None
    check: CheckOutcome | None = None
    level: int = Field(description="The attack's success level after this defense and armor.")
    technique_succeeded: bool = Field(description="Before the defense (F-DANCE-GEN-07).")


class ConditionInflicted(Frozen):
    character: str
    entry: ConditionEntry


class ConditionRemoved(Frozen):
    character: str
    id: str
    name: str
    by: RemovedBy
    rule: str


class ConditionChanged(Frozen):
    character: str
    entry: ConditionEntry
    why: str


class StatRestored(Frozen):
    character: str
    stat: Stat
    reduced: int = Field(description="Sizes still lost after the restoration.")
    rule: str


class ParticipantOut(Frozen):
    conflict: str
    character: str
    out: Out
    rule: str
    by: str | None = None


class SideChanged(Frozen):
    conflict: str
    character: str
    side: str
    rule: str


class LifeChanged(Frozen):
    """Falling to wounds, the Golden Hour's count, rescue, death (F-COND-19, F-COND-20)."""

    character: str
    life: LifeState
    golden_hour_left: int | None = None
    to_dress: tuple[str, ...] = ()
    rule: str


class Moved(Frozen):
    conflict: str
    character: str
    squares: int
    feet: int
    meters: int
    cost: int = Field(default=0, description="Successes spent on Difficult terrain.")
    position: tuple[int, int] | None = None


class Shared(Frozen):
    conflict: str
    character: str
    allies: tuple[str, ...]


class SpellStarted(Frozen):
    character: str
    spell: ActiveSpell


class SpellsCollapsed(Frozen):
    character: str
    conflict: str | None
    spells: tuple[str, ...]
    reason: Literal["failed", "not_spent", "zero_ap", "conflict_ended", "dispelled"]
    rule: str


class SustainAwaited(Frozen):
    pending: PendingSustain


class Sustained(Frozen):
    conflict: str
    mage: str
    check: CheckOutcome | None
    maintained: bool


class TurnStartAwaited(Frozen):
    pending: PendingTurnStart


class TurnStartResolved(Frozen):
    conflict: str
    character: str
    element: str
    check: CheckOutcome | None
    avoided: bool


class ElementPlaced(Frozen):
    conflict: str
    element: SceneElement


class ElementCleared(Frozen):
    conflict: str
    index: int
    element: str


class BonusDice(Frozen):
    conflict: str
    by: str
    to: str
    dice: int
    rule: str


class ProjectRolled(Frozen):
    conflict: str
    technique: str
    stat: Stat
    check: CheckOutcome
    total: int


class ProjectEnded(Frozen):
    conflict: str
    result: Literal["success", "failure"]
    total: int
    goal: int
    covered: bool


class OutputServed(Frozen):
    conflict: str
    to: tuple[str, ...]


class MacroRolled(Frozen):
    character: str
    key: str
    request: dict[str, object] = Field(default_factory=dict, description="The check, to re-roll.")
    tree: str | None
    stat: Stat
    check: CheckOutcome
    succeeded: bool
    purpose: str | None = None
    reroll_of: str | None = None
    for_condition: str | None = None


class TimePassed(Frozen):
    seconds: Fraction
    why: str


class ConcessionAwaited(Frozen):
    pending: PendingConcession


class ConcessionAnswered(Frozen):
    conflict: str
    boss: str
    concedes: bool


class ScaleRedefined(Frozen):
    conflict: str
    time: TimeScale


class ArmorSet(Frozen):
    conflict: str
    character: str
    zone: str
    amount: int


EVENT_MODELS: dict[str, type[Frozen]] = {
    CHARACTER_ADDED: CharacterAdded,
    CONFLICT_OPENED: ConflictOpened,
    CONFLICT_CLOSED: ConflictClosed,
    JOINED: Joined,
    LEFT: Left,
    PHASE_SET: PhaseSet,
    AP_REFRESHED: ApRefreshed,
    AP_SET: ApSet,
    AP_SPENT: ApSpent,
    TURN_STARTED: TurnStarted,
    TURN_ENDED: TurnEnded,
    EXCHANGE_ENDED: ExchangeEnded,
    ACTION_ROLLED: ActionRolled,
    DEFENSE_AWAITED: DefenseAwaited,
    DEFENDED: Defended,
    CONDITION_INFLICTED: ConditionInflicted,
    CONDITION_REMOVED: ConditionRemoved,
    CONDITION_CHANGED: ConditionChanged,
    STAT_RESTORED: StatRestored,
    PARTICIPANT_OUT: ParticipantOut,
    SIDE_CHANGED: SideChanged,
    LIFE_CHANGED: LifeChanged,
    MOVED: Moved,
    SHARED: Shared,
    SPELL_STARTED: SpellStarted,
    SPELLS_COLLAPSED: SpellsCollapsed,
    SUSTAIN_AWAITED: SustainAwaited,
    SUSTAINED: Sustained,
    TURN_START_AWAITED: TurnStartAwaited,
    TURN_START_RESOLVED: TurnStartResolved,
    ELEMENT_PLACED: ElementPlaced,
    ELEMENT_CLEARED: ElementCleared,
    BONUS_DICE: BonusDice,
    PROJECT_ROLLED: ProjectRolled,
    PROJECT_ENDED: ProjectEnded,
    OUTPUT_SERVED: OutputServed,
    MACRO_ROLLED: MacroRolled,
    TIME_PASSED: TimePassed,
    CONCESSION_AWAITED: ConcessionAwaited,
    CONCESSION_ANSWERED: ConcessionAnswered,
    SCALE_REDEFINED: ScaleRedefined,
    ARMOR_SET: ArmorSet,
}
"""Every event kind of the ruleset and its payload model."""

EVENT_MODELS.update(NANO_EVENT_MODELS)


def read_event(event: Event) -> Frozen:
    """An event's payload as its model."""
    model = EVENT_MODELS.get(event.kind)
    if model is None:
        raise ValueError(f"a fractal encounter has no event {event.kind!r}")
    return event.payload_as(model)
