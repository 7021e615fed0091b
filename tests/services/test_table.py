"""The table's log: rolls, resolved checks, downtime and notes outside any encounter.

The issue: "roll a free-form expression into the table's log"; "hidden modifiers
(``realtime``), NPC stat blocks and secret GM rolls never reach a player's REST response
or WebSocket message".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablekeeper.engine.events import Event
from tablekeeper.errors import ForbiddenError
from tablekeeper.services import access, table

from .tables import GM_SECRET, Table, memory, seat, sqlite

HIDDEN = -8642
"""A hidden modifier no other number on the table equals."""


def _log_text(seated: Table, token: str) -> str:
    records = table.campaign_log(seated.new_uow(), "k1", seated.viewer(token))
    return json.dumps([record.model_dump(mode="json") for record in records])


def test_a_roll_goes_into_the_log_for_everyone_by_whoever_rolled(tmp_path: Path) -> None:
    seated = seat(sqlite(tmp_path))
    ann = seated.viewer(seated.ann)
    # A player's roll is the console's dice: choosing faces or a seed is the GM's (C-11).
    for chosen in ({"dice": [6, 6]}, {"seed": 3}):
        with pytest.raises(ForbiddenError, match="only the GM may choose the dice"):
            table.roll_into_log(seated.new_uow(), "k1", ann, "2d6+1", **chosen)  # type: ignore[arg-type]
    (event,) = table.roll_into_log(seated.new_uow(), "k1", ann, "2d6+1", label="climb")
    assert (event.sequence, event.kind, event.scope) == (1, "table.rolled", None)
    faces = [die["face"] for die in event.payload["dice"]]  # type: ignore[union-attr,index]
    assert event.payload["total"] == sum(faces) + 1
    assert (event.payload["label"], event.payload["by"]) == ("climb", "ann")
    seen = table.campaign_log(seated.new_uow(), "k1", seated.viewer(seated.bo))
    assert seen == [event]
    assert table.campaign_log(seated.new_uow(), "k1", ann, after=1) == []


def test_a_secret_roll_is_the_gms_and_never_reaches_a_player() -> None:
    # "secret GM rolls never reach a player's REST response or WebSocket message"
    seated = seat(memory())
    gm = seated.viewer(GM_SECRET)
    table.roll_into_log(seated.new_uow(), "k1", gm, "1d100", secret=True, label="ambush")
    table.roll_into_log(seated.new_uow(), "k1", gm, "1d6", label="open")
    gm_log = table.campaign_log(seated.new_uow(), "k1", gm)
    assert [r.payload["label"] for r in gm_log if isinstance(r, Event)] == ["ambush", "open"]
    player_log = table.campaign_log(seated.new_uow(), "k1", seated.viewer(seated.ann))
    assert [r.payload["label"] for r in player_log if isinstance(r, Event)] == ["open"]
    assert "ambush" not in _log_text(seated, seated.ann)


def test_a_player_may_not_roll_in_secret_and_nothing_is_written() -> None:
    seated = seat(memory())
    with pytest.raises(ForbiddenError, match="only the GM may roll in secret"):
        table.roll_into_log(seated.new_uow(), "k1", seated.viewer(seated.ann), "1d20", secret=True)
    assert table.campaign_log(seated.new_uow(), "k1", access.GM_VIEWER) == []


def test_a_hidden_modifier_reaches_the_gm_and_only_the_apparent_result_a_player() -> None:
    # R-TEST-04 and the issue: "hidden modifiers (realtime) ... never reach a player's REST
    # response": the whole JSON a player gets is searched for the hidden value.
    seated = seat(memory())
    check = {"characteristic": 12, "modifier": 2, "hidden_modifier": HIDDEN}
    events = table.resolve_into_log(
        seated.new_uow(), "k1", access.GM_VIEWER, "realtime.check", check, dice=[7]
    )
    assert [e.visibility.audience for e in events] == ["gm", "public"]
    assert events[0].payload["outcome"]["threshold"] == 14 + HIDDEN
    assert events[1].payload["outcome"]["threshold"] == 14
    assert str(abs(HIDDEN)) in _log_text(seated, GM_SECRET)
    player_text = _log_text(seated, seated.ann)
    assert str(abs(HIDDEN)) not in player_text
    assert str(abs(14 + HIDDEN)) not in player_text
    assert '"success": true' in player_text  # 7 against the apparent 14


def test_a_check_without_anything_hidden_is_one_public_event() -> None:
    seated = seat(memory())
    with pytest.raises(ForbiddenError, match="only the GM may choose the dice"):
        table.resolve_into_log(
            seated.new_uow(), "k1", seated.viewer(seated.bo), "realtime.check", {}, dice=[1]
        )
    (event,) = table.resolve_into_log(
        seated.new_uow(), "k1", seated.viewer(seated.bo), "realtime.check", {"characteristic": 12}
    )
    assert (event.visibility.audience, event.payload["by"]) == ("public", "bo")
    outcome = event.payload["outcome"]
    assert outcome["success"] is (outcome["die"] <= 12)  # type: ignore[index,operator]


def test_downtime_and_notes_are_the_gms() -> None:
    seated = seat(memory())
    ann = seated.viewer(seated.ann)
    with pytest.raises(ForbiddenError, match="only the GM may record downtime"):
        table.record_downtime(seated.new_uow(), "k1", ann, 3, "rest")
    with pytest.raises(ForbiddenError, match="only the GM may write a note"):
        table.add_note(seated.new_uow(), "k1", ann, "hello")
    assert table.campaign_log(seated.new_uow(), "k1", access.GM_VIEWER) == []
    rest = table.record_downtime(seated.new_uow(), "k1", access.GM_VIEWER, 3, "in town")
    note = table.add_note(seated.new_uow(), "k1", access.GM_VIEWER, "the bridge is out")
    assert [(rest.sequence, rest.payload), (note.sequence, note.payload)] == [
        (1, {"days": 3, "note": "in town"}),
        (2, {"text": "the bridge is out"}),
    ]
    assert table.campaign_log(seated.new_uow(), "k1", ann) == [rest, note]
