"""Characters and NPC stat blocks: created, edited, read by role, imported and exported.

The issue: "create, edit, import and export characters and NPC stat blocks (validated by
the ruleset's models; YAML and JSON import/export with a ``schema_version``)"; "a player
may read their own character in full".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tablekeeper.errors import ForbiddenError, InvalidInputError, RulesError
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.services import access, campaigns, characters, table

from .tables import NPC_BODY, memory, realtime_sheet, seat, sqlite


def test_a_sheet_is_validated_by_the_rulesets_creature_spec_and_nothing_is_written() -> None:
    seated = seat(memory())
    with pytest.raises(InvalidInputError) as raised:
        characters.create_character(
            seated.new_uow(), "k1", id="imp", name="Imp", kind="npc", sheet={"side": "x"}
        )
    assert raised.value.field == "sheet.hp"
    with pytest.raises(InvalidInputError) as raised:
        characters.create_character(
            seated.new_uow(), "k1", id="imp", name="Imp", player="ann", kind="npc", sheet={}
        )
    ids = [c.id for c in characters.list_characters(seated.new_uow(), "k1")]
    assert ids == ["hero", "rogue", "orc"]


def test_a_player_reads_their_own_character_in_full_and_no_one_elses() -> None:
    # "a player may read their own character in full"
    seated = seat(memory())
    ann = seated.viewer(seated.ann)
    assert characters.get_character(seated.new_uow(), "k1", "hero", ann).sheet["hp"] == 20
    for other in ("rogue", "orc"):
        with pytest.raises(ForbiddenError, match="only their own"):
            characters.get_character(seated.new_uow(), "k1", other, ann)


def test_a_player_cannot_tell_an_npc_from_an_id_that_does_not_exist() -> None:
    # an NPC's stat block never reaches a player, not even the fact that its id is taken
    seated = seat(memory())
    ann = seated.viewer(seated.ann)
    refusals = []
    for asked in ("orc", "no-such-npc"):
        with pytest.raises(ForbiddenError) as refused:
            characters.get_character(seated.new_uow(), "k1", asked, ann)
        refusals.append(refused.value.message.replace(asked, "X"))
    assert refusals[0] == refusals[1]
    with pytest.raises(RulesError, match="no-such-npc"):  # the GM is told plainly
        characters.get_character(seated.new_uow(), "k1", "no-such-npc")


def test_a_players_list_shows_other_pcs_without_sheets_and_no_npc() -> None:
    # "NPC stat blocks ... never reach a player's REST response"
    seated = seat(memory())
    listed = characters.list_characters(seated.new_uow(), "k1", seated.viewer(seated.ann))
    assert [(c.id, bool(c.sheet)) for c in listed] == [("hero", True), ("rogue", False)]
    assert str(NPC_BODY) not in json.dumps([c.model_dump(mode="json") for c in listed])


def test_an_edit_bumps_the_version_and_is_logged_in_the_campaign_log(tmp_path: Path) -> None:
    seated = seat(sqlite(tmp_path))
    edited = characters.edit_character(
        seated.new_uow(),
        "k1",
        "hero",
        expected_version=1,
        sheet=realtime_sheet("party", 0, hp=15),
        reason="a night in the cold",
    )
    assert (edited.version, edited.sheet["hp"]) == (2, 15)
    (event,) = table.campaign_log(seated.new_uow(), "k1", seated.viewer(seated.ann))
    assert event.kind == "campaign.character_edited"
    assert event.payload == {
        "character": "hero",
        "fields": ["sheet"],
        "reason": "a night in the cold",
        "version": 2,
    }
    assert table.campaign_log(seated.new_uow(), "k1", seated.viewer(seated.bo)) == []


def test_a_stale_or_refused_edit_writes_nothing() -> None:
    seated = seat(memory())
    with pytest.raises(StaleVersionError):
        characters.edit_character(seated.new_uow(), "k1", "hero", expected_version=7, name="X")
    with pytest.raises(ForbiddenError, match="only the GM may edit"):
        characters.edit_character(
            seated.new_uow(),
            "k1",
            "hero",
            expected_version=1,
            name="X",
            viewer=seated.viewer(seated.ann),
        )
    with pytest.raises(InvalidInputError) as raised:
        characters.edit_character(
            seated.new_uow(), "k1", "orc", expected_version=1, sheet={"side": "x", "hp": "many"}
        )
    assert raised.value.field == "sheet.hp"
    hero = characters.get_character(seated.new_uow(), "k1", "hero")
    assert (hero.name, hero.version) == ("Hero", 1)
    assert (
        table.campaign_log(seated.new_uow(), "k1", seated.viewer("the-gm-secret-for-tests")) == []
    )


@pytest.mark.parametrize("text_format", ["json", "yaml"])
def test_characters_export_and_import_back_identically(text_format: str) -> None:
    seated = seat(memory())
    text = characters.export_characters(seated.new_uow(), "k1", format=text_format)  # type: ignore[arg-type]
    parsed = yaml.safe_load(text) if text_format == "yaml" else json.loads(text)
    assert (parsed["schema_version"], parsed["kind"]) == (1, "tablekeeper.characters")
    target = memory()
    campaigns.create_campaign(target(), "Copy", "realtime", campaign_id="k1")
    access.add_player(target(), "k1", "ann", "Ann")
    access.add_player(target(), "k1", "bo", "Bo")
    imported = characters.import_characters(target(), "k1", text, format=text_format)  # type: ignore[arg-type]
    assert [c.id for c in imported] == ["hero", "rogue", "orc"]
    again = characters.export_characters(target(), "k1", format=text_format)  # type: ignore[arg-type]
    assert again == text


def test_one_bad_character_in_an_import_names_its_field_and_nothing_is_written() -> None:
    seated = seat(memory())
    document = {
        "schema_version": 1,
        "kind": "tablekeeper.characters",
        "ruleset": "realtime",
        "characters": [
            {"id": "wolf", "name": "Wolf", "kind": "npc", "sheet": realtime_sheet("wild", 3)},
            {"id": "bear", "name": "Bear", "kind": "npc", "sheet": {"side": "wild", "hp": "x"}},
        ],
    }
    with pytest.raises(InvalidInputError) as raised:
        characters.import_characters(seated.new_uow(), "k1", json.dumps(document))
    assert raised.value.field == "document.characters.1.sheet.hp"
    for change, field in [
        ({"ruleset": "percentile"}, "document.ruleset"),
        ({"schema_version": 2}, "document.schema_version"),
    ]:
        with pytest.raises(RulesError) as raised:
            characters.import_characters(seated.new_uow(), "k1", json.dumps(document | change))
        assert raised.value.field == field
    taken = document | {"characters": [document["characters"][0] | {"id": "orc"}]}  # type: ignore[index]
    with pytest.raises(RulesError, match="already taken") as raised:
        characters.import_characters(seated.new_uow(), "k1", json.dumps(taken))
    assert raised.value.field == "document.characters.0.id"
    ids = [c.id for c in characters.list_characters(seated.new_uow(), "k1")]
    assert ids == ["hero", "rogue", "orc"]


def test_one_character_document_imports_and_bad_text_is_named() -> None:
    seated = seat(memory())
    hero = characters.get_character(seated.new_uow(), "k1", "hero")
    document = characters.character_document(hero, "realtime")
    document["character"] |= {"id": "hero2", "player": None}
    (stored,) = characters.import_characters(
        seated.new_uow(), "k1", yaml.safe_dump(document), format="yaml"
    )
    assert (stored.id, stored.sheet) == ("hero2", hero.sheet)
    with pytest.raises(InvalidInputError) as raised:
        characters.import_characters(seated.new_uow(), "k1", "{not json", format="json")
    assert raised.value.field == "text"
