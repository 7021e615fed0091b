"""Rests inside the encounter: started, interrupted or completed, each hour counted.

A Rest lasts whole hours, at most 12 within 24 hours (R-REST-01); any voluntary physical
activity cancels it (R-REST-02), and an interrupted Rest is two distinct Rests, each with
its own duration, score and regeneration (R-REST-10, G-R-14): ending a segment scores the
whole hours it lasted, through the Rest Score and the ``RestLedger`` of ``rest.py``, and
a new Rest may start afterwards. Regeneration raises HP up to the
maximum (R-REST-09).
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter.draft import RealtimeDraft
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState, RestSegment
from tablekeeper.rulesets.realtime.rest import RestInput, SimpleRestInput

RestEndReason = Literal["completed", "interrupted", "physical_activity", "unconscious"]


def last_rested_second(state: RealtimeState) -> int:
    """The last second a Rest ending now covers: this one while its end is resolved."""
    return state.second if state.ending_second else state.second - 1


def begin_rest(
    draft: RealtimeDraft, creature_id: ActorId, conditions: RestInput | SimpleRestInput
) -> None:
    """Start a Rest now; a physical action being charged is given up first."""
    segment = RestSegment(started_at=draft.state.second, conditions=conditions)
    draft.emit(ev.REST_STARTED, ev.RestStarted(creature=creature_id, rest=segment))


def end_rest(
    draft: RealtimeDraft,
    creature_id: ActorId,
    reason: RestEndReason,
    *,
    hours_slept: int | None = None,
) -> None:
    """End the creature's Rest now: score its whole hours and regenerate (R-REST-09)."""
    creature = draft.state.creature(creature_id)
    segment = creature.resting
    if segment is None:
        return
    ended_at = last_rested_second(draft.state)
    hours = segment.whole_hours(ended_at - segment.started_at + 1)
    outcome = None
    hp_after = creature.hp
    if hours:
        update: dict[str, int] = {"hours": hours}
        if isinstance(segment.conditions, RestInput):
            slept = segment.conditions.hours_slept if hours_slept is None else hours_slept
            update["hours_slept"] = min(slept, hours)
        request = type(segment.conditions).model_validate(
            {**segment.conditions.model_dump(), **update, "countable_hours": None}
        )
        _, outcome = creature.rest_ledger.take_rest(segment.started_at, request)
        if creature.hp >= 0:
            hp_after = max(creature.hp, min(creature.max_hp, creature.hp + outcome.hp_regenerated))
    draft.emit(
        ev.REST_ENDED,
        ev.RestEnded(
            creature=creature_id,
            started_at=segment.started_at,
            ended_at=ended_at,
            hours=hours,
            outcome=outcome,
            hp_before=creature.hp,
            hp_after=hp_after,
            reason=reason,
        ),
    )
