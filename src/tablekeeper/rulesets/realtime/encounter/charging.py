"""Charging actions: one at a time, A.P. by A.P., until the cost is reached (G-R-01).

A creature charges one action at a time. Starting another action cancels the one being
charged and loses its charge (R-CPLX-05); a voluntary movement during a Complex Action is
the document's own case of it (R-CPLX-03). Reactions never touch the charge (R-REACT-06),
and forced movement is not an action, so neither cancels anything (R-CPLX-04). A
voluntary physical action ends a Rest in progress (R-REST-02, G-R-14).
"""

from __future__ import annotations

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter import payloads
from tablekeeper.rulesets.realtime.encounter.draft import RealtimeDraft
from tablekeeper.rulesets.realtime.encounter.resting import end_rest
from tablekeeper.rulesets.realtime.encounter.state import Charge

CANCEL_RULES: dict[ev.CancelReason, str] = {
    "another_action": "R-CPLX-05",
    "voluntary_movement": "R-CPLX-03",
    "withdrawn": "R-CPLX-05",
    "unconscious": "R-LIFE-01",
    "died": "R-LIFE-03",
    "began_resting": "R-REST-02",
}
"""The rule behind each reason a charge is lost."""


def cancel(draft: RealtimeDraft, creature_id: ActorId, reason: ev.CancelReason) -> None:
    """Cancel the action ``creature_id`` is charging, if any: its charge is lost."""
    charge = draft.state.creature(creature_id).charge
    if charge is None:
        return
    draft.emit(
        ev.ACTION_CANCELLED,
        ev.ActionCancelled(
            creature=creature_id,
            action=charge.action,
            name=charge.name,
            charged=charge.charged,
            cost=charge.cost,
            complex=charge.complex,
            reason=reason,
            rule=CANCEL_RULES[reason],
        ),
    )


def start(
    draft: RealtimeDraft, creature_id: ActorId, charge: Charge, *, voluntary_movement: bool
) -> None:
    """Start charging ``charge``: cancel the action in progress, end a Rest if physical."""
    creature = draft.state.creature(creature_id)
    if creature.charge is not None:
        complex_broken = voluntary_movement and creature.charge.complex
        cancel(draft, creature_id, "voluntary_movement" if complex_broken else "another_action")
    if charge.physical and creature.resting is not None:
        end_rest(draft, creature_id, "physical_activity")
    draft.emit(ev.ACTION_STARTED, payloads.action_started(creature_id, charge))
