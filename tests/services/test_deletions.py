"""Deleting, on both repositories (the in-memory fake and SQLite): what goes, what stays,
and the audit record that outlives it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablekeeper.errors import ForbiddenError, UnknownNameError
from tablekeeper.services import access, characters, deletions, encounters

from .tables import NewUow, memory, seat, sqlite


@pytest.fixture(params=["memory", "sqlite"])
def new_uow(request: pytest.FixtureRequest, tmp_path: Path) -> NewUow:
    return memory() if request.param == "memory" else sqlite(tmp_path)


def test_a_deleted_campaign_takes_everything_and_leaves_its_audit_record(
    new_uow: NewUow,
) -> None:
    table = seat(new_uow)
    encounters.start_encounter(new_uow(), "k1", characters=["hero", "orc"])
    going = deletions.what_goes(new_uow(), "k1", "campaign", "k1")
    assert going.contents["encounters"] == 1
    assert going.contents["records"] >= 3
    assert (going.contents["characters"], going.contents["players"]) == (3, 2)
    done = deletions.delete(new_uow(), "k1", "campaign", "k1")
    assert done.sequence == 1
    with new_uow() as uow:
        assert uow.campaigns.list() == []
        assert uow.encounters.list_for("k1") == []
        assert uow.characters.list_for("k1") == []
        assert uow.players.list_for("k1") == []
    assert deletions.deleted_campaigns(new_uow()) == [done]
    with pytest.raises(UnknownNameError):
        table.viewer(table.ann)


def test_a_deleted_player_leaves_their_characters_unowned(new_uow: NewUow) -> None:
    table = seat(new_uow)
    deletions.delete(new_uow(), "k1", "player", "ann")
    hero = characters.get_character(new_uow(), "k1", "hero")
    assert hero.player is None
    assert [p.id for p in access.list_players(new_uow(), "k1")] == ["bo"]
    assert table.viewer(table.bo).player == "bo"


def test_a_player_deletes_nothing(new_uow: NewUow) -> None:
    table = seat(new_uow)
    ann = table.viewer(table.ann)
    for kind, target in (("character", "hero"), ("campaign", "k1"), ("player", "ann")):
        with pytest.raises(ForbiddenError):
            deletions.delete(new_uow(), "k1", kind, target, viewer=ann)
    assert deletions.deletions(new_uow(), "k1") == []


def test_an_unknown_kind_names_the_field(new_uow: NewUow) -> None:
    seat(new_uow)
    with pytest.raises(UnknownNameError) as raised:
        deletions.what_goes(new_uow(), "k1", "dragon", "x")
    assert raised.value.field == "kind"
