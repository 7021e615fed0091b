"""The roster: characters with an optimistic version, players with hashed tokens."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pydantic import ValidationError

from tablekeeper.engine.campaigns import Campaign, Character, Player
from tablekeeper.errors import ConflictError, UnknownNameError
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.unit_of_work import UnitOfWork

NewUow = Callable[[], UnitOfWork]

SHEET = {"name": "Aldo", "hp": 12, "weapons": [{"name": "sword", "damage": "1d8"}]}


def _campaign(new_uow: NewUow, *campaign_ids: str) -> None:
    with new_uow() as uow:
        for number, campaign_id in enumerate(campaign_ids or ("k1",), start=1):
            uow.campaigns.add(
                Campaign(id=campaign_id, name="Keep", ruleset="realtime", created_sequence=number)
            )
        uow.commit()


def _character(character_id: str, sequence: int, **changes: object) -> Character:
    fields: dict[str, object] = {
        "id": character_id,
        "campaign_id": "k1",
        "name": character_id.title(),
        "kind": "npc",
        "sheet": SHEET,
        "created_sequence": sequence,
    }
    return Character.model_validate({**fields, **changes})


def _player(player_id: str, sequence: int, campaign_id: str = "k1") -> Player:
    return Player(id=player_id, campaign_id=campaign_id, name="Ann", created_sequence=sequence)


def test_characters_round_trip_in_creation_order(new_uow: NewUow) -> None:
    _campaign(new_uow)
    with new_uow() as uow:
        assert uow.characters.next_sequence("k1") == 1
        uow.players.add(_player("ann", 1), "hash-ann")
        uow.characters.add(_character("orc", 2))
        uow.characters.add(_character("aldo", 1, kind="pc", player="ann"))
        uow.commit()
    with new_uow() as uow:
        aldo = uow.characters.get("k1", "aldo")
        assert (aldo.kind, aldo.player, aldo.sheet, aldo.version) == ("pc", "ann", SHEET, 1)
        assert [c.id for c in uow.characters.list_for("k1")] == ["aldo", "orc"]
        assert uow.characters.next_sequence("k1") == 3
        assert uow.characters.list_for("other") == []
        with pytest.raises(UnknownNameError, match="no character 'nope'") as raised:
            uow.characters.get("k1", "nope")
        assert raised.value.field == "character"


def test_a_character_needs_its_campaign_a_known_owner_and_a_free_id(new_uow: NewUow) -> None:
    _campaign(new_uow)
    with new_uow() as uow:
        with pytest.raises(UnknownNameError) as raised:
            uow.characters.add(_character("aldo", 1, kind="pc", player="ghost"))
        assert raised.value.field == "player"
        with pytest.raises(UnknownNameError) as raised:
            uow.characters.add(_character("aldo", 1, campaign_id="nope"))
        assert raised.value.field == "campaign"
        uow.characters.add(_character("orc", 1))
        uow.commit()
    with new_uow() as uow, pytest.raises(ConflictError, match="already has a character 'orc'"):
        uow.characters.add(_character("orc", 2))
    with new_uow() as uow:
        assert [c.name for c in uow.characters.list_for("k1")] == ["Orc"]


def test_the_character_value_refuses_bad_ids_and_an_npc_with_a_player() -> None:
    with pytest.raises(ValidationError, match="only a pc"):
        _character("orc", 1, player="ann")
    with pytest.raises(ValidationError, match="pattern"):
        _character("orc chief", 1)
    with pytest.raises(ValidationError, match="at most 40"):
        _character("o" * 41, 1)


def test_an_edit_is_a_compare_and_set_on_the_character_version(new_uow: NewUow) -> None:
    _campaign(new_uow)
    with new_uow() as uow:
        uow.characters.add(_character("orc", 1))
        uow.commit()
    with new_uow() as uow:
        orc = uow.characters.get("k1", "orc")
        edited = orc.model_copy(update={"name": "Orc chief", "sheet": {"hp": 20}, "version": 2})
        uow.characters.update(edited, expected_version=1)
        uow.commit()
    with new_uow() as uow:
        stored = uow.characters.get("k1", "orc")
        assert (stored.name, stored.sheet, stored.version) == ("Orc chief", {"hp": 20}, 2)
        assert stored.created_sequence == 1
        stale = stored.model_copy(update={"name": "Lost edit", "version": 2})
        with pytest.raises(StaleVersionError, match="character orc changed") as raised:
            uow.characters.update(stale, expected_version=1)
        assert (raised.value.expected, raised.value.found) == (1, 2)
        with pytest.raises(ValueError, match="stores version 3, not 5"):
            uow.characters.update(stored.model_copy(update={"version": 5}), expected_version=2)
        with pytest.raises(UnknownNameError):
            uow.characters.update(_character("ghost", 9, version=2), expected_version=1)
    with new_uow() as uow:
        assert uow.characters.get("k1", "orc").name == "Orc chief"


def _update_and_commit(uow: UnitOfWork, character: Character) -> None:
    """The SQL adapter refuses at the update, the fake at the commit: either is fine."""
    uow.characters.update(character, expected_version=1)
    uow.commit()


def test_of_two_editors_at_one_version_the_second_writes_nothing(new_uow: NewUow) -> None:
    _campaign(new_uow)
    with new_uow() as uow:
        uow.characters.add(_character("orc", 1))
        uow.commit()
    first, second = new_uow(), new_uow()
    with first, second:
        mine = first.characters.get("k1", "orc")
        theirs = second.characters.get("k1", "orc")
        first.characters.update(mine.model_copy(update={"name": "First", "version": 2}), 1)
        first.commit()
        with pytest.raises(StaleVersionError, match="expected version 1"):
            _update_and_commit(second, theirs.model_copy(update={"name": "Second", "version": 2}))
    with new_uow() as uow:
        stored = uow.characters.get("k1", "orc")
        assert (stored.name, stored.version) == ("First", 2)


def test_players_round_trip_with_their_token_hash(new_uow: NewUow) -> None:
    _campaign(new_uow, "k1", "k2")
    with new_uow() as uow:
        assert uow.players.next_sequence("k1") == 1
        uow.players.add(_player("bo", 2), "hash-bo")
        uow.players.add(_player("ann", 1), "hash-ann")
        uow.players.add(_player("ann", 1, campaign_id="k2"), "hash-ann-k2")
        uow.commit()
    with new_uow() as uow:
        assert uow.players.get("k1", "ann") == _player("ann", 1)
        assert [p.id for p in uow.players.list_for("k1")] == ["ann", "bo"]
        assert uow.players.next_sequence("k1") == 3
        assert uow.players.by_token_hash("k1", "hash-bo") == _player("bo", 2)
        assert uow.players.by_token_hash("k1", "hash-ann-k2") is None  # another campaign's
        assert uow.players.by_token_hash("k2", "hash-ann-k2") == _player("ann", 1, "k2")
        with pytest.raises(UnknownNameError, match="no player 'cy'") as raised:
            uow.players.get("k1", "cy")
        assert raised.value.field == "player"
        with pytest.raises(ConflictError, match="already has a player 'ann'"):
            uow.players.add(_player("ann", 3), "hash-other")
        with pytest.raises(ValueError, match="holds that token hash"):
            uow.players.add(_player("cy", 3), "hash-bo")


def test_a_rotated_token_replaces_the_old_and_a_revoked_player_is_still_found(
    new_uow: NewUow,
) -> None:
    _campaign(new_uow)
    with new_uow() as uow:
        uow.players.add(_player("ann", 1), "old")
        uow.players.add(_player("bo", 2), "bo")
        uow.commit()
    with new_uow() as uow:
        uow.players.set_token_hash("k1", "ann", "new")
        uow.commit()
    with new_uow() as uow:
        assert uow.players.by_token_hash("k1", "old") is None
        assert uow.players.by_token_hash("k1", "new") == _player("ann", 1)
        with pytest.raises(ValueError, match="holds that token hash"):
            uow.players.set_token_hash("k1", "ann", "bo")
        uow.players.revoke("k1", "ann")
        uow.commit()
    with new_uow() as uow:
        revoked = uow.players.by_token_hash("k1", "new")
        assert revoked is not None
        assert revoked.revoked
        assert uow.players.get("k1", "ann").revoked
        assert not uow.players.get("k1", "bo").revoked
        for change in (
            lambda: uow.players.revoke("k1", "cy"),
            lambda: uow.players.set_token_hash("k1", "cy", "x"),
        ):
            with pytest.raises(UnknownNameError) as raised:
                change()
            assert raised.value.field == "player"


def test_leaving_without_commit_stores_no_roster(new_uow: NewUow) -> None:
    _campaign(new_uow)
    with new_uow() as uow:
        uow.players.add(_player("ann", 1), "hash")
        uow.characters.add(_character("aldo", 1, kind="pc", player="ann"))
    with new_uow() as uow:
        assert uow.players.list_for("k1") == []
        assert uow.characters.list_for("k1") == []
