"""A whole campaign with its players, characters and table log exports and imports back
identically.

The issue: "export a whole campaign (one JSON file that imports back identically)".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.realtime.encounter.commands import advance
from tablekeeper.services import access, campaigns, characters, encounters, table
from tablekeeper.services.exports import export_campaign, import_campaign

from .tables import memory, realtime_sheet, seat, sqlite


def _played(tmp_path: Path) -> tuple[dict[str, object], object]:
    seated = seat(sqlite(tmp_path))
    access.revoke_player(seated.new_uow(), "k1", "bo")
    characters.edit_character(
        seated.new_uow(), "k1", "orc", expected_version=1, sheet=realtime_sheet("orcs", 2)
    )
    table.roll_into_log(seated.new_uow(), "k1", access.GM_VIEWER, "1d6", secret=True, dice=[4])
    table.add_note(seated.new_uow(), "k1", access.GM_VIEWER, "the bridge is out")
    encounters.start_encounter(
        seated.new_uow(), "k1", characters=["hero", "orc"], encounter_id="e1"
    )
    encounters.submit_command(seated.new_uow(), "e1", advance(2))
    return export_campaign(seated.new_uow(), "k1"), seated


def test_players_characters_and_the_campaign_log_travel_and_come_back_identically(
    tmp_path: Path,
) -> None:
    exported, _ = _played(tmp_path)
    assert [p["id"] for p in exported["players"]] == ["ann", "bo"]  # type: ignore[index]
    assert exported["players"][1]["revoked"] is True  # type: ignore[index]
    assert "token" not in str(exported["players"])
    assert [c["id"] for c in exported["characters"]] == ["hero", "rogue", "orc"]  # type: ignore[index]
    assert exported["characters"][2]["version"] == 2  # type: ignore[index]
    # the edit, the roll, the note, and the encounter's start in the campaign's own order
    assert len(exported["campaign_log"]) == 4  # type: ignore[arg-type]
    target = memory()
    import_campaign(target(), exported)
    assert export_campaign(target(), "k1") == exported
    assert campaigns.get_campaign(target(), "k1").version == 4
    # no token travels: every imported player needs a new one from the GM
    token = access.rotate_player_token(target(), "k1", "ann")
    assert access.authenticate(target(), "k1", token).characters == frozenset({"hero"})


def test_a_bad_character_or_campaign_log_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    exported, _ = _played(tmp_path)
    cases = [
        (
            "characters",
            1,
            {"sheet": {"side": "party", "hp": "x"}},
            "document.characters.1.sheet.hp",
        ),
        ("characters", 0, {"player": "zed"}, "document.characters.0.player"),
    ]
    for key, index, change, field in cases:
        broken = {**exported, key: list(exported[key])}  # type: ignore[call-overload]
        broken[key][index] = {**broken[key][index], **change}
        target = memory()
        with pytest.raises(InvalidInputError) as raised:
            import_campaign(target(), broken)
        assert raised.value.field == field
        assert campaigns.list_campaigns(target()) == []
    log = list(exported["campaign_log"])  # type: ignore[call-overload]
    log[0] = {**log[0], "data": {**log[0]["data"], "sequence": 5}}
    with pytest.raises(InvalidInputError) as raised:
        import_campaign(memory()(), {**exported, "campaign_log": log})
    assert raised.value.field == "document.campaign_log.0.data.sequence"
