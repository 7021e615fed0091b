"""The GM secret and players' join tokens: issued once, stored hashed, revocable.

The issue: "A campaign has a GM secret and per-player join tokens (no accounts needed for a
home table; tokens are random, stored hashed, revocable)."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tablekeeper.engine.events import GM_ONLY, PUBLIC, Visibility
from tablekeeper.errors import AuthenticationError, ForbiddenError, RulesError
from tablekeeper.services import access

from .tables import GM_SECRET, memory, seat, sqlite


def test_the_gm_secret_and_a_player_token_say_who_is_asking() -> None:
    table = seat(memory())
    assert table.viewer(GM_SECRET) == access.GM_VIEWER
    ann = table.viewer(table.ann)
    assert (ann.role, ann.player, ann.characters) == ("player", "ann", frozenset({"hero"}))


def test_tokens_are_192_random_bits_and_only_their_sha256_is_stored(tmp_path: Path) -> None:
    # "tokens are random, stored hashed"
    new_uow = sqlite(tmp_path)
    table = seat(new_uow)
    assert len(table.ann) == 32
    assert table.ann != table.bo
    with new_uow() as uow:
        assert uow.campaigns.gm_secret_hash("k1") == access.hash_secret(GM_SECRET)
        assert uow.players.by_token_hash("k1", access.hash_secret(table.ann)) is not None
        assert uow.players.by_token_hash("k1", table.ann) is None  # never the token itself
    assert table.viewer(table.bo).characters == frozenset({"rogue"})


@pytest.mark.parametrize("token", [None, "", "not-a-token"])
def test_a_missing_or_wrong_token_is_refused(token: str | None) -> None:
    table = seat(memory())
    with pytest.raises(AuthenticationError) as raised:
        table.viewer(token)  # type: ignore[arg-type]
    assert raised.value.field == "token"


def test_a_revoked_token_no_longer_gets_in_and_the_player_stays_revoked() -> None:
    # "tokens are ... revocable"
    table = seat(memory())
    revoked = access.revoke_player(table.new_uow(), "k1", "ann")
    assert revoked.revoked
    with pytest.raises(AuthenticationError, match="revoked"):
        table.viewer(table.ann)
    fresh = access.rotate_player_token(table.new_uow(), "k1", "ann")
    with pytest.raises(AuthenticationError):
        table.viewer(fresh)
    assert table.viewer(table.bo).player == "bo"  # the other player is untouched


def test_a_rotated_token_replaces_the_old_one() -> None:
    table = seat(memory())
    fresh = access.rotate_player_token(table.new_uow(), "k1", "bo")
    assert table.viewer(fresh).player == "bo"
    with pytest.raises(AuthenticationError):
        table.viewer(table.bo)


def test_a_new_gm_secret_replaces_the_old_one() -> None:
    table = seat(memory())
    secret = access.issue_gm_secret(table.new_uow(), "k1")
    assert table.viewer(secret).is_gm
    with pytest.raises(AuthenticationError):
        table.viewer(GM_SECRET)


def test_a_player_id_taken_is_refused_and_nothing_is_written() -> None:
    table = seat(memory())
    with pytest.raises(RulesError, match="already taken") as raised:
        access.add_player(table.new_uow(), "k1", "ann", "Another Ann")
    assert raised.value.field == "player.id"
    assert [p.name for p in access.list_players(table.new_uow(), "k1")] == ["Ann", "Bo"]


def test_only_the_gm_passes_require_gm() -> None:
    access.require_gm(access.GM_VIEWER, "do anything")
    player = access.Viewer(role="player", player="ann", characters=frozenset({"hero"}))
    with pytest.raises(ForbiddenError, match="only the GM may undo"):
        access.require_gm(player, "undo")


def test_a_player_sees_public_events_and_their_characters_own_and_controls_only_those() -> None:
    player = access.Viewer(role="player", player="ann", characters=frozenset({"hero"}))
    assert player.sees(PUBLIC)
    assert player.sees(Visibility.for_player("hero"))
    assert not player.sees(GM_ONLY)
    assert not player.sees(Visibility.for_player("orc"))
    assert player.controls("hero")
    assert not player.controls("orc")
    assert not player.controls("gm")
    assert access.GM_VIEWER.sees(GM_ONLY)
    assert access.GM_VIEWER.controls("orc")
