"""A table over the HTTP API: a client on a fresh database, a campaign, its GM and players.

:func:`api_client` serves the real app (its lifespan included) over a database the test's
backend made (``new_database`` from ``tests/conftest.py``: SQLite, and PostgreSQL when
one is given). :class:`Table` is one campaign seen from the GM's and the players' seats:
``table.gm`` and ``table.players[id]`` are the headers each sends. The sheets below use
numbers found nowhere else (``SENTINEL``, ``NPC_HP``) so that a test can prove, on the
JSON text, that a player's answer never holds them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient
from httpx import Response

from tablekeeper.api.app import create_app
from tablekeeper.engine.commands import Command

Headers = dict[str, str]

SENTINEL = 98761
"""A characteristic of the NPCs' that only the GM may ever read."""

NPC_HP = 37
"""The NPCs' hit points."""

REALTIME_PC: dict[str, Any] = {"side": "party", "hp": 20, "position": [0, 0]}
REALTIME_NPC: dict[str, Any] = {
    "side": "foes",
    "hp": NPC_HP,
    "max_hp": NPC_HP,
    "position": [1, 0],
    "characteristics": {"STR": SENTINEL},
}

SWORD: dict[str, Any] = {
    "name": "broadsword",
    "skill": "Sword",
    "damage": "1d8+1",
    "type": "slashing",
    "hp": 12,
}
SHIELD: dict[str, Any] = {"name": "heater", "hp": 12, "damage": "1d4"}
PLAIN = {"reroll_turn_order": False, "weapon_reach": False, "melee_fatigue": False}
"""Percentile options that keep the dice few."""


def stat_block(name: str, **changes: Any) -> dict[str, Any]:
    """A human warrior's percentile stat block (combat initiative 13)."""
    block: dict[str, Any] = {
        "name": name,
        "characteristics": {
            "STR": 13,
            "CON": 12,
            "SIZ": 13,
            "DEX": 14,
            "INT": 13,
            "POW": 12,
            "CHA": 11,
        },
        "skills": {"Sword": 60, "Dodge": 40, "Shield": 50, "Brawl": 45},
        "weapons": [SWORD],
        "shields": [SHIELD],
        "armor": {"physical": 2},
        "hit_points": 13,
        "mov": 8,
    }
    block.update(changes)
    return block


PERCENTILE_PC: dict[str, Any] = {"side": "party", "stats": stat_block("Brenna")}
PERCENTILE_NPC: dict[str, Any] = {
    "side": "foes",
    "stats": stat_block("Ogre", skills={"Sword": 60, "Dodge": 40, "Lore": 87}, hit_points=NPC_HP),
}


def bearer(token: str) -> Headers:
    """The header that sends a GM secret or player token."""
    return {"Authorization": f"Bearer {token}"}


@contextmanager
def api_client(database_url: str) -> Iterator[TestClient]:
    """A client of the app over ``database_url``, its lifespan running."""
    with TestClient(create_app(database_url=database_url)) as client:
        yield client


def ok(response: Response, status: int = 200) -> Any:
    """The JSON of an answer that must have ``status``."""
    assert response.status_code == status, response.text
    return response.json()


def refused(response: Response, status: int, field: str | None, message: str) -> None:
    """An answer refused with ``status``, naming ``field``, its message holding ``message``."""
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error.get("field") == field, error
    assert message in error["message"], error


def command(built: Command) -> dict[str, Any]:
    """A library-built command as the JSON the API takes."""
    return built.model_dump(mode="json")


@dataclass
class Table:
    """One campaign through the API: its id, the GM's headers and each player's."""

    client: TestClient
    id: str
    gm: Headers
    players: dict[str, Headers] = field(default_factory=dict)

    @classmethod
    def open(cls, client: TestClient, ruleset: str, options: dict[str, Any] | None = None) -> Table:
        """A new campaign of ``ruleset``; its GM secret becomes the GM's headers."""
        body = {"name": f"A {ruleset} campaign", "ruleset": ruleset, "options": options or {}}
        created = ok(client.post("/api/campaigns", json=body), 201)
        return cls(client, created["campaign"]["id"], bearer(created["gm_secret"]))

    @property
    def path(self) -> str:
        return f"/api/campaigns/{self.id}"

    def join(self, player: str, name: str | None = None) -> Headers:
        """The GM adds a player; their token becomes their headers."""
        body = {"id": player, "name": name or player.title()}
        joined = ok(self.client.post(f"{self.path}/players", json=body, headers=self.gm), 201)
        self.players[player] = bearer(joined["token"])
        return self.players[player]

    def character(
        self, id: str, sheet: dict[str, Any], *, kind: str = "pc", player: str | None = None
    ) -> dict[str, Any]:
        """The GM creates a character."""
        body = {"id": id, "name": id.title(), "kind": kind, "player": player, "sheet": sheet}
        return ok(self.client.post(f"{self.path}/characters", json=body, headers=self.gm), 201)

    def encounter(self, *characters: str) -> dict[str, Any]:
        """The GM starts an encounter with ``characters``."""
        body = {"characters": list(characters)}
        return ok(self.client.post(f"{self.path}/encounters", json=body, headers=self.gm), 201)

    def log(self, encounter_id: str, headers: Headers | None = None) -> list[dict[str, Any]]:
        """An encounter's log as ``headers`` (default: the GM) may read it."""
        answer = ok(
            self.client.get(f"/api/encounters/{encounter_id}/log", headers=headers or self.gm)
        )
        return answer["records"]

    def campaign_log(self, headers: Headers | None = None) -> list[dict[str, Any]]:
        """The campaign's own log as ``headers`` (default: the GM) may read it."""
        answer = ok(self.client.get(f"{self.path}/log", headers=headers or self.gm))
        return answer["records"]


def carries_number(text: str, number: int) -> bool:
    """Whether ``number`` stands in ``text`` as a number of its own: not inside a random
    id, a token or a timestamp's fraction (``a98761f`` or ``.987610`` is not it)."""
    return re.search(rf"(?<![\w.]){number}(?![\w.])", text) is not None
