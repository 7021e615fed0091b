"""What a live connection is sent, read without running the rules, agrees with a full
load: the version, the viewer's records after theirs, and the pending decision, through
a reaction, its answer and an undo."""

from __future__ import annotations

from tablekeeper.services import encounters, logs

from .tables import memory, seat
from .test_roles import _reaction


def agrees(seated: object, viewer: object, after: int) -> None:
    new_uow = seated.new_uow  # type: ignore[attr-defined]
    update = logs.log_update(new_uow(), "e1", viewer=viewer, after=after)
    loaded = encounters.load_encounter(new_uow(), "e1")
    assert update.version == loaded.version
    assert update.pending == loaded.pending
    assert update.records == logs.encounter_log(new_uow(), "e1", viewer=viewer, after=after)


def test_the_live_read_agrees_with_a_full_load() -> None:
    seated = seat(memory())
    ann = seated.viewer(seated.ann)
    decision = _reaction(seated)
    agrees(seated, ann, 0)
    update = logs.log_update(seated.new_uow(), "e1", viewer=ann, after=0)
    assert update.pending is not None
    assert update.pending.id == decision
    agrees(seated, ann, 3)
    encounters.answer_decision(seated.new_uow(), "e1", decision, "decline", viewer=ann)
    assert logs.log_update(seated.new_uow(), "e1", viewer=ann, after=0).pending is None
    encounters.undo(seated.new_uow(), "e1")  # the answer taken back: the decision waits again
    agrees(seated, ann, 0)
    assert logs.log_update(seated.new_uow(), "e1", viewer=ann, after=0).pending is not None
