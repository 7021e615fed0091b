"""A table to play roles at: a campaign with a GM secret, two players, their characters and
an NPC, over the in-memory fake or a SQLite file (shared by the roles tests)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablekeeper.persistence.database import make_engine, upgrade_to_head
from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork, UnitOfWork
from tablekeeper.services import access, campaigns, characters

NewUow = Callable[[], UnitOfWork]

GM_SECRET = "the-gm-secret-for-tests"

NPC_HP = 4321
"""The orc's HP: a number no other part of the table's JSON holds."""

NPC_BODY = 9753
"""The orc's Body characteristic: likewise."""


def memory() -> NewUow:
    """Fresh in-memory units of work over one store."""
    store = InMemoryStore()
    return lambda: InMemoryUnitOfWork(store)


def sqlite(tmp_path: Path) -> NewUow:
    """Fresh SQL units of work over one temporary SQLite file, migrated to head."""
    engine = make_engine(f"sqlite:///{tmp_path / 'roles.db'}")
    upgrade_to_head(engine)
    return lambda: SqlUnitOfWork(engine)


@dataclass(frozen=True)
class Table:
    """The campaign ``k1`` and the tokens of its two players: ann plays ``hero``, bo plays
    ``rogue``; ``orc`` is the GM's NPC."""

    new_uow: NewUow
    ann: str
    bo: str

    def viewer(self, token: str) -> access.Viewer:
        """Who ``token`` stands for."""
        return access.authenticate(self.new_uow(), "k1", token)


def realtime_sheet(side: str, x: int, **changes: Any) -> dict[str, Any]:
    """A realtime creature spec without its id."""
    return {"side": side, "hp": 20, "position": [x, 0], **changes}


def percentile_sheet(name: str, side: str, hit_points: int = 13) -> dict[str, Any]:
    """A percentile combatant spec without its id."""
    return {
        "side": side,
        "stats": {
            "name": name,
            "characteristics": {"STR": 13, "CON": 12, "SIZ": 13, "DEX": 14, "INT": 13},
            "skills": {"Sword": 60, "Dodge": 40},
            "weapons": [{"name": "sword", "damage": "1d8", "type": "slashing", "hp": 12}],
            "hit_points": hit_points,
            "mov": 8,
        },
    }


def seat(new_uow: NewUow, ruleset: str = "realtime") -> Table:
    """The campaign, its players and characters (hero and rogue side by side with the orc
    one square from the hero)."""
    campaigns.create_campaign(new_uow(), "The keep", ruleset, campaign_id="k1", gm_secret=GM_SECRET)
    _, ann = access.add_player(new_uow(), "k1", "ann", "Ann")
    _, bo = access.add_player(new_uow(), "k1", "bo", "Bo")
    if ruleset == "realtime":
        sheets = {
            "hero": realtime_sheet("party", 0),
            "rogue": realtime_sheet("party", 5),
            "orc": realtime_sheet(
                "orcs", 1, hp=NPC_HP, max_hp=NPC_HP, characteristics={"Body": NPC_BODY}
            ),
        }
    else:
        sheets = {
            "hero": percentile_sheet("Hero", "party"),
            "rogue": percentile_sheet("Rogue", "party"),
            "orc": percentile_sheet("Orc", "orcs", NPC_HP),
        }
    characters.create_character(
        new_uow(), "k1", id="hero", name="Hero", player="ann", sheet=sheets["hero"]
    )
    characters.create_character(
        new_uow(), "k1", id="rogue", name="Rogue", player="bo", sheet=sheets["rogue"]
    )
    characters.create_character(
        new_uow(), "k1", id="orc", name="Orc", kind="npc", sheet=sheets["orc"]
    )
    return Table(new_uow, ann, bo)
