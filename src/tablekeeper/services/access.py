"""Who is asking: the GM secret, players' join tokens, and what each may see and do.

A campaign has one GM secret and a join token per player (the issue: "no accounts needed
for a home table; tokens are random, stored hashed, revocable"). Both are 192 random
bits (:func:`new_secret`), shown once when issued and stored only as their SHA-256
(:func:`hash_secret`; docs/rulings.md, "campaigns and roles", says why no slow hash).

:func:`authenticate` turns a presented secret into a :class:`Viewer`: the GM, or a
player with the characters they own. Every use case that depends on who asks takes a
viewer; :meth:`Viewer.sees` is the one visibility filter and :meth:`Viewer.controls`
the one "may act for" check behind them.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Literal

from pydantic import ValidationError

from tablekeeper.engine.campaigns import Player
from tablekeeper.engine.events import Visibility
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.engine.values import GM, invalid_input
from tablekeeper.errors import (
    AuthenticationError,
    ConflictError,
    ForbiddenError,
    UnknownNameError,
)
from tablekeeper.persistence.unit_of_work import UnitOfWork

SECRET_BYTES = 24
"""Random bytes in a GM secret or player token: 192 bits."""


@dataclass(frozen=True)
class Viewer:
    """Who is asking: the GM, or a player and the ids of the characters they own."""

    role: Literal["gm", "player"]
    player: str | None = None
    characters: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_gm(self) -> bool:
        """Whether this is the GM, who may see and do everything."""
        return self.role == "gm"

    def sees(self, visibility: Visibility) -> bool:
        """Whether an event with ``visibility`` reaches this viewer: the GM sees all; a
        player sees public events and those shown to one of their characters."""
        if self.is_gm or visibility.audience == "public":
            return True
        return visibility.audience == "player" and visibility.player in self.characters

    def controls(self, actor: str) -> bool:
        """Whether this viewer may act (or choose) as ``actor``: the GM for anyone, a player
        for their own characters only."""
        return self.is_gm or actor in self.characters

    @property
    def sight(self) -> Sight:
        """What a ruleset is told of this viewer: the GM, or the characters controlled."""
        return GM_SIGHT if self.is_gm else Sight.player(self.characters)


GM_VIEWER = Viewer(role="gm")
"""The GM: what a use case called without a viewer (a library call, the CLI) acts as."""


def as_viewer(who: Viewer | str) -> Viewer:
    """A viewer as given, or an actor id as one: :data:`GM_VIEWER` for the GM, else a
    player controlling that one creature (how the library's older calls name a viewer)."""
    if isinstance(who, Viewer):
        return who
    if who == GM:
        return GM_VIEWER
    return Viewer(role="player", characters=frozenset({who}))


def new_secret() -> str:
    """A fresh GM secret or player token: 192 random bits, URL-safe text."""
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: str) -> str:
    """What is stored of a secret: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def authenticate(uow: UnitOfWork, campaign_id: str, token: str | None) -> Viewer:
    """The viewer ``token`` (the GM secret or a player's token) stands for in the campaign.

    No token, or one that is neither the GM secret nor a player's live token, is an
    :class:`~tablekeeper.errors.AuthenticationError`.
    """
    if not token:
        raise AuthenticationError(
            "this needs the GM secret or a player token (Authorization: Bearer <token>)",
            field="token",
        )
    presented = hash_secret(token)
    with uow:
        uow.campaigns.get(campaign_id)
        gm_hash = uow.campaigns.gm_secret_hash(campaign_id)
        if gm_hash is not None and hmac.compare_digest(presented, gm_hash):
            return GM_VIEWER
        player = uow.players.by_token_hash(campaign_id, presented)
        if player is None or player.revoked:
            raise AuthenticationError(
                f"the token is not the GM secret or a player token of campaign {campaign_id} "
                "(or it was revoked or replaced)",
                field="token",
            )
        owned = frozenset(
            character.id
            for character in uow.characters.list_for(campaign_id)
            if character.player == player.id
        )
    return Viewer(role="player", player=player.id, characters=owned)


def require_gm(viewer: Viewer, what: str) -> None:
    """Refuse anyone but the GM: :class:`~tablekeeper.errors.ForbiddenError` naming ``what``."""
    if not viewer.is_gm:
        raise ForbiddenError(f"only the GM may {what}", field="token")


def issue_gm_secret(uow: UnitOfWork, campaign_id: str) -> str:
    """A new GM secret for the campaign, returned once; the previous one stops working."""
    secret = new_secret()
    with uow:
        uow.campaigns.get(campaign_id)
        uow.campaigns.set_gm_secret_hash(campaign_id, hash_secret(secret))
        uow.commit()
    return secret


def add_player(
    uow: UnitOfWork, campaign_id: str, player_id: str, name: str, *, viewer: Viewer = GM_VIEWER
) -> tuple[Player, str]:
    """A new player of the campaign and their join token (returned once, stored hashed);
    the GM only.

    An id already taken in the campaign is refused; nothing is written then.
    """
    require_gm(viewer, "add a player")
    token = new_secret()
    with uow:
        uow.campaigns.get(campaign_id)
        try:
            player = Player(
                id=player_id,
                campaign_id=campaign_id,
                name=name,
                created_sequence=uow.players.next_sequence(campaign_id),
            )
        except ValidationError as error:
            raise invalid_input(error, prefix="player") from None
        try:
            uow.players.get(campaign_id, player.id)
        except UnknownNameError:
            pass
        else:
            raise ConflictError(f"player {player.id!r} is already taken", field="player.id")
        uow.players.add(player, hash_secret(token))
        uow.commit()
    return player, token


def rotate_player_token(
    uow: UnitOfWork, campaign_id: str, player_id: str, *, viewer: Viewer = GM_VIEWER
) -> str:
    """A new join token for the player, returned once; the old one stops working; the GM
    only.

    A revoked player stays revoked (their new token does not get in either).
    """
    require_gm(viewer, "replace a player's token")
    token = new_secret()
    with uow:
        uow.players.get(campaign_id, player_id)
        uow.players.set_token_hash(campaign_id, player_id, hash_secret(token))
        uow.commit()
    return token


def revoke_player(
    uow: UnitOfWork, campaign_id: str, player_id: str, *, viewer: Viewer = GM_VIEWER
) -> Player:
    """Revoke the player: their token no longer gets in; their characters stay; the GM
    only."""
    require_gm(viewer, "revoke a player")
    with uow:
        uow.players.get(campaign_id, player_id)
        uow.players.revoke(campaign_id, player_id)
        player = uow.players.get(campaign_id, player_id)
        uow.commit()
    return player


def list_players(uow: UnitOfWork, campaign_id: str, *, viewer: Viewer = GM_VIEWER) -> list[Player]:
    """The campaign's players, in the order they joined (no tokens: none are stored); the
    GM only."""
    require_gm(viewer, "list the players")
    with uow:
        uow.campaigns.get(campaign_id)
        return uow.players.list_for(campaign_id)


def require_gm_dice(viewer: Viewer, *, seed: object = None, dice: object = None) -> None:
    """Only the GM chooses the dice of a stored roll (C-11): the faces rolled at the table,
    or a seed (a player could search for a seed that rolls well).
    :class:`~tablekeeper.errors.ForbiddenError` naming ``dice`` or ``seed`` otherwise."""
    if viewer.is_gm or (seed is None and dice is None):
        return
    chosen = "dice" if dice is not None else "seed"
    raise ForbiddenError(
        "only the GM may choose the dice of a roll (the faces rolled at the table, or a seed)",
        field=chosen,
    )
