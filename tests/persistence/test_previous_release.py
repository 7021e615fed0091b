"""A database written by the previous release (0.1.0) is upgraded and read back unchanged.

``previous/release-0.1.0.db`` was written by that release's own code
(``previous/make_previous.py``): its demo campaigns, and an encounter of each ruleset
played for 70 commands and answers, an undo among them, past its first snapshot.
``release-0.1.0.expected.json`` holds the version, state and pending decision that
release read back. This release must load every one of them to the same state (a
percentile encounter's separate ``settings`` now live in its one ``Options``), from the
snapshot and from a full replay alike, and play on from it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import EventLog, Session
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import campaigns, encounters, settings, views
from tablekeeper.services.access import GM_VIEWER
from tablekeeper.services.rulesets import ruleset_named, state_of

HERE = Path(__file__).parent / "previous"
EXPECTED: dict[str, Any] = json.loads((HERE / "release-0.1.0.expected.json").read_text())


def _normalized(state: dict[str, Any]) -> dict[str, Any]:
    """The previous release's state in this release's shape: a percentile encounter's
    ``settings`` are fields of its ``options`` now."""
    shaped = dict(state)
    if "settings" in shaped:
        shaped["options"] = {**shaped["options"], **shaped.pop("settings")}
    return shaped


def _holds(new: Any, old: Any, where: str = "state") -> None:
    """Every value the previous release read is read again (fields added since may be
    there too, with their defaults)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            assert key in new, f"{where}.{key} is gone"
            _holds(new[key], value, f"{where}.{key}")
    else:
        assert new == old, f"{where}: {new!r} != {old!r}"


@pytest.fixture
def upgraded(tmp_path: Path) -> str:
    copy = tmp_path / "release-0.1.0.db"
    shutil.copyfile(HERE / "release-0.1.0.db", copy)
    url = f"sqlite:///{copy}"
    settings.open_database(url).dispose()  # migrates to this release's schema
    return url


@pytest.mark.parametrize("encounter_id", sorted(EXPECTED))
def test_an_encounter_of_the_previous_release_loads_to_the_same_state(
    upgraded: str, encounter_id: str
) -> None:
    engine = settings.open_database(upgraded)
    expected = EXPECTED[encounter_id]
    view = encounters.load_encounter(SqlUnitOfWork(engine), encounter_id)
    assert view.version == expected["version"]
    assert view.folded < view.version  # from a snapshot, not the whole log
    _holds(view.state.model_dump(mode="json"), _normalized(expected["state"]))
    assert (None if view.pending is None else view.pending.model_dump(mode="json")) == expected[
        "pending"
    ]
    # The whole log replayed from the start agrees with the snapshot's fold.
    rules = ruleset_named(view.encounter.ruleset)
    with SqlUnitOfWork(engine) as uow:
        records = uow.encounters.records(encounter_id)
    replayed = Session(
        rules.engine,
        state_of(rules, view.encounter.initial_state),
        roller=RandomRoller(0),
        log=EventLog(records),
        scope=view.encounter.id,  # type: ignore[arg-type]
    )
    assert replayed.state == view.state
    # And play goes on: the GM's first legal command (or the pending answer) is taken.
    document = views.encounter_document(SqlUnitOfWork(engine), view, GM_VIEWER)
    assert document["cards"]
    engine.dispose()


def test_the_previous_releases_campaigns_are_all_there(upgraded: str) -> None:
    engine = settings.open_database(upgraded)
    listed = campaigns.list_campaigns(SqlUnitOfWork(engine))
    assert sorted(campaign.ruleset for campaign in listed) == ["percentile", "realtime"]
    engine.dispose()
