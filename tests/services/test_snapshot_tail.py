"""A load from a snapshot and the records after it plays exactly as the whole log replayed.

Two tables play the same random game: one writes a snapshot every few records and loads
from the newest usable one (walking back when an undo reaches before it), the other
never snapshots and folds the whole log every time. Every use case must answer the same
(the same state, pending decision, records and version, or the same refusal), and every
load the same state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.values import GM
from tablekeeper.errors import RulesError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.rulesets.realtime.encounter.commands import advance, damage, heal, move
from tablekeeper.services import encounters

from .tables import NewUow, memory, seat, sqlite

STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("advance"), st.integers(1, 3)),
        st.tuples(st.just("move"), st.integers(0, 6)),
        st.tuples(st.just("damage"), st.integers(1, 5)),
        st.tuples(st.just("heal"), st.integers(1, 5)),
        st.tuples(st.just("answer"), st.integers(0, 2)),
        st.tuples(st.just("undo"), st.just(0)),
        st.tuples(st.just("redo"), st.just(0)),
    ),
    min_size=1,
    max_size=40,
)


def _play(new_uow: NewUow, step: tuple[str, int], seed: int, every: int) -> Any:
    """One step of the game on one table: the view's content, or the refusal."""
    kind, number = step
    uow: UnitOfWork = new_uow()
    roller = RandomRoller(seed)
    try:
        if kind == "undo":
            view = encounters.undo(uow, "e1", snapshot_every=every)
        elif kind == "redo":
            view = encounters.redo(uow, "e1", snapshot_every=every)
        elif kind == "answer":
            pending = encounters.load_encounter(new_uow(), "e1").pending
            decision = pending.id if pending is not None else "c1"
            options = pending.option_ids if pending is not None else ("decline",)
            option = options[number % len(options)]
            view = encounters.answer_decision(
                uow, "e1", decision, option, roller=roller, snapshot_every=every
            )
        else:
            command = {
                "advance": lambda: advance(number),
                "move": lambda: move("orc", (number, 0), cost=1, actor=GM),
                "damage": lambda: damage("rogue", number),
                "heal": lambda: heal("rogue", number),
            }[kind]()
            view = encounters.submit_command(
                uow, "e1", command, roller=roller, snapshot_every=every
            )
    except RulesError as error:
        return ("refused", type(error).__name__, error.field, error.message)
    return (view.state, view.pending, view.records, view.version, view.context)


def _compare(snapshotted: NewUow, whole: NewUow, steps: list[tuple[str, int]], every: int) -> None:
    for table in (snapshotted, whole):
        encounters.start_encounter(
            table(), "k1", characters=["hero", "rogue", "orc"], encounter_id="e1"
        )
    for number, step in enumerate(steps):
        got = _play(snapshotted, step, number, every)
        expected = _play(whole, step, number, 0)
        assert got == expected, f"step {number}: {step}"
        loaded = encounters.load_encounter(snapshotted(), "e1")
        full = encounters.load_encounter(whole(), "e1")
        assert (loaded.state, loaded.pending, loaded.version) == (
            full.state,
            full.pending,
            full.version,
        )
    assert full.folded >= loaded.folded


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS, every=st.integers(1, 6))
# an undo walking back past the snapshot of the answer: the decision waits again
@example(steps=[("move", 3), ("advance", 1), ("answer", 0), ("undo", 0)], every=3)
def test_a_load_from_snapshots_plays_as_the_whole_log_in_memory(
    steps: list[tuple[str, int]], every: int
) -> None:
    snapshotted, whole = memory(), memory()
    seat(snapshotted)
    seat(whole)
    _compare(snapshotted, whole, steps, every)


@pytest.mark.parametrize("every", [1, 3])
@settings(
    max_examples=6,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],  # shrinking over SQLite takes minutes
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(steps=STEPS)
def test_a_load_from_snapshots_plays_as_the_whole_log_on_sqlite(
    tmp_path_factory: pytest.TempPathFactory, every: int, steps: list[tuple[str, int]]
) -> None:
    folders: list[Path] = [tmp_path_factory.mktemp("tail") for _ in range(2)]
    snapshotted, whole = sqlite(folders[0]), sqlite(folders[1])
    seat(snapshotted)
    seat(whole)
    _compare(snapshotted, whole, steps, every)


def test_an_undo_of_a_command_begun_before_the_newest_snapshot_walks_back() -> None:
    new_uow = memory()
    seat(new_uow)
    encounters.start_encounter(new_uow(), "k1", characters=["hero", "rogue"], encounter_id="e1")
    seconds = [
        encounters.submit_command(new_uow(), "e1", advance(1), snapshot_every=1).state.second
        for _ in range(3)
    ]
    before = encounters.load_encounter(new_uow(), "e1")
    assert before.folded == 0  # the newest snapshot is at the last record
    undone = encounters.undo(new_uow(), "e1", snapshot_every=1)
    again = encounters.undo(new_uow(), "e1", snapshot_every=1)
    assert (undone.state.second, again.state.second) == (seconds[1], seconds[0])
    redone = encounters.redo(new_uow(), "e1", snapshot_every=1)
    assert redone.state.second == seconds[1]
    assert encounters.load_encounter(new_uow(), "e1").state == redone.state
