"""What happens in a ``realtime`` encounter: the event kinds and their payloads.

An event says what happened ("Aliena's Complex Spell* completed at second 5"), never
what to do; the state is their fold (``fold.py``). Kinds are ``realtime.<what>``; each
payload is a frozen model, so the log stores JSON and reads it back exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypeAlias

from pydantic import Field, JsonValue

from tablekeeper.engine.values import ActorId, Frozen, parse_payload
from tablekeeper.rulesets.realtime.checks import CheckOutcome
from tablekeeper.rulesets.realtime.encounter.actions import TreatmentLevel
from tablekeeper.rulesets.realtime.encounter.state import (
    Charge,
    Creature,
    Offer,
    Position,
    RestSegment,
    Trigger,
)
from tablekeeper.rulesets.realtime.injuries import CriticalInjuryInput, CriticalInjuryOutcome
from tablekeeper.rulesets.realtime.rest import RestOutcome
from tablekeeper.rulesets.realtime.treatment import TreatmentOutcome

CREATURE_ADDED = "realtime.creature_added"
CREATURE_REMOVED = "realtime.creature_removed"
ACTION_STARTED = "realtime.action_started"
ACTION_CANCELLED = "realtime.action_cancelled"
ADVANCE_STARTED = "realtime.advance_started"
SECONDS_ELAPSED = "realtime.seconds_elapsed"
SECOND_ENDING = "realtime.second_ending"
ACTION_COMPLETED = "realtime.action_completed"
MOVED = "realtime.moved"
MOVE_BLOCKED = "realtime.move_blocked"
TRIGGER_OPENED = "realtime.trigger_opened"
REACTION_OFFERED = "realtime.reaction_offered"
REACTION_USED = "realtime.reaction_used"
REACTION_DECLINED = "realtime.reaction_declined"
DAMAGED = "realtime.damaged"
HEALED = "realtime.healed"
CRITICAL_INJURY_ROLLED = "realtime.critical_injury_rolled"
STABILIZED = "realtime.stabilized"
DIED = "realtime.died"
TREATMENT_ROLLED = "realtime.treatment_rolled"
REST_STARTED = "realtime.rest_started"
REST_ENDED = "realtime.rest_ended"
SECOND_ENDED = "realtime.second_ended"

CancelReason: TypeAlias = Literal[
    "another_action", "voluntary_movement", "withdrawn", "unconscious", "died", "began_resting"
]
"""Why a charging action was cancelled: another action started (R-CPLX-05), voluntary
movement during a Complex Action (R-CPLX-03), the creature gave it up, it fell
unconscious or died, or it began to rest; in every case its charge is lost."""


class CreatureAdded(Frozen):
    creature: Creature


class CreatureRemoved(Frozen):
    creature: ActorId
    name: str


class ActionStarted(Frozen):
    creature: ActorId
    charge: Charge


class ActionCancelled(Frozen):
    creature: ActorId
    action: str
    name: str
    charged: int
    cost: int
    complex: bool
    reason: CancelReason
    rule: str = Field(description="The rule id behind the cancellation.")


class AdvanceStarted(Frozen):
    seconds: int = Field(ge=1)


class SecondsElapsed(Frozen):
    """Seconds ``start`` .. ``start + seconds - 1`` ended with nothing but charging,
    dying seconds and resting time passing (the engine proves it before logging this)."""

    start: int = Field(ge=1)
    seconds: int = Field(ge=1)


class SecondEnding(Frozen):
    """The end of ``second`` begins: every able creature charges (G-R-01)."""

    second: int = Field(ge=1)


ActionCompletedResult: TypeAlias = Literal["done", "no_effect", "out_of_reach", "target_dead"]
"""What a completed action did: its effect, nothing (the target no longer needed it, or
the treatment came too early), or nothing because the target was out of reach or dead."""


class ActionCompleted(Frozen):
    creature: ActorId
    action: str
    name: str
    cost: int
    complex: bool
    second: int
    target: ActorId | None = None
    result: ActionCompletedResult = "done"


class Moved(Frozen):
    creature: ActorId
    origin: Position
    destination: Position
    voluntary: bool


class MoveBlocked(Frozen):
    """A move completed without reaching its square: another creature has come to stand
    there since it began (G-R-E4); the mover stays where it stands, its action spent."""

    creature: ActorId
    destination: Position
    by: ActorId
    """Who stands on the square."""


class TriggerOpened(Frozen):
    trigger: Trigger


class ReactionOffered(Frozen):
    offer: Offer


class ReactionUsed(Frozen):
    creature: ActorId
    reaction: str
    name: str
    trigger: str
    second: int
    cooldown: int = Field(ge=0, description="The cooldown after modifiers (R-REACT-05).")
    ready_at: int = Field(description="trigger second + cooldown (R-REACT-04, G-R-09).")
    complex: bool = False
    target: ActorId
    check: CheckOutcome | None = None

    @property
    def hit(self) -> bool:
        """Its check succeeded, or it rolled none: its damage is the GM's (G-R-E5)."""
        return self.check is None or self.check.success


class ReactionDeclined(Frozen):
    creature: ActorId
    trigger: str


class Damaged(Frozen):
    creature: ActorId
    amount: int = Field(ge=0)
    hp_before: int
    hp_after: int
    source: str = ""


class Healed(Frozen):
    creature: ActorId
    amount: int = Field(ge=0)
    hp_before: int
    hp_after: int
    source: str = ""


class CriticalInjuryRolled(Frozen):
    creature: ActorId
    cause: Literal["stabilized", "healed"]
    input: CriticalInjuryInput
    outcome: CriticalInjuryOutcome
    injury_number: int | None = Field(description="The injury's number, unless it killed.")


class Stabilized(Frozen):
    creature: ActorId
    by: ActorId


class Died(Frozen):
    creature: ActorId
    cause: Literal["negative_hp_175_seconds", "critical_injury_roll", "gm"]
    rule: str
    seconds_negative: int


class TreatmentRolled(Frozen):
    creature: ActorId
    target: ActorId
    injury: int = Field(description="The injury's number on the target.")
    level: TreatmentLevel
    started_at: int = Field(description="The second the attempt began (R-TREAT-02, -04).")
    outcome: TreatmentOutcome


class RestStarted(Frozen):
    creature: ActorId
    rest: RestSegment


class RestEnded(Frozen):
    creature: ActorId
    started_at: int
    ended_at: int = Field(description="The last second of the Rest.")
    hours: int = Field(ge=0, description="Whole hours rested in this segment (R-REST-10).")
    outcome: RestOutcome | None = Field(description="Score and regeneration; null under 1 hour.")
    hp_before: int
    hp_after: int
    reason: Literal["completed", "interrupted", "physical_activity", "unconscious"]


class SecondEnded(Frozen):
    second: int = Field(ge=1)


EVENT_MODELS: dict[str, type[Frozen]] = {
    CREATURE_ADDED: CreatureAdded,
    CREATURE_REMOVED: CreatureRemoved,
    ACTION_STARTED: ActionStarted,
    ACTION_CANCELLED: ActionCancelled,
    ADVANCE_STARTED: AdvanceStarted,
    SECONDS_ELAPSED: SecondsElapsed,
    SECOND_ENDING: SecondEnding,
    ACTION_COMPLETED: ActionCompleted,
    MOVED: Moved,
    MOVE_BLOCKED: MoveBlocked,
    TRIGGER_OPENED: TriggerOpened,
    REACTION_OFFERED: ReactionOffered,
    REACTION_USED: ReactionUsed,
    REACTION_DECLINED: ReactionDeclined,
    DAMAGED: Damaged,
    HEALED: Healed,
    CRITICAL_INJURY_ROLLED: CriticalInjuryRolled,
    STABILIZED: Stabilized,
    DIED: Died,
    TREATMENT_ROLLED: TreatmentRolled,
    REST_STARTED: RestStarted,
    REST_ENDED: RestEnded,
    SECOND_ENDED: SecondEnded,
}
"""Every event kind and the model of its payload."""


def read_event(kind: str, payload: Mapping[str, JsonValue]) -> Frozen:
    """An event's payload as its model; an unknown kind is a ``ValueError``."""
    model = EVENT_MODELS.get(kind)
    if model is None:
        raise ValueError(f"a realtime encounter has no event {kind!r}")
    return parse_payload(payload, model)
