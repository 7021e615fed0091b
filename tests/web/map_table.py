"""A tactical encounter for the map's tests: Brenna (Ann's character, with Dash) and Grask
face each other on the battlefield, with a goblin hidden from the heroes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, characters, encounters, settings


@dataclass(frozen=True)
class MapTable:
    campaign: str
    secret: str
    join: str
    encounter: str

    @property
    def url(self) -> str:
        return f"/campaigns/{self.campaign}/encounters/{self.encounter}"


CAST = (
    ("brenna", "Brenna Vale", "heroes", [1, 1], {"style": ["dash"]}),
    ("grask", "Grask", "foes", [6, 3], {}),
    ("lurker", "Lurker", "foes", [9, 6], {"hidden": True}),
)


def map_table(
    database_url: str, ruleset: str = "tactical", cast: tuple[Any, ...] = CAST
) -> MapTable:
    """The campaign, its GM secret, Ann's join path and the encounter, stored in
    ``database_url`` (``cast``: who is at the table; Brenna is Ann's)."""
    engine = settings.open_database(database_url)
    try:
        campaign = campaigns.create_campaign(SqlUnitOfWork(engine), "Skirmish", ruleset)
        secret = access.issue_gm_secret(SqlUnitOfWork(engine), campaign.id)
        _, token = access.add_player(SqlUnitOfWork(engine), campaign.id, "ann", "Ann Lee")
        for key, name, side, position, extra in cast:
            characters.create_character(
                SqlUnitOfWork(engine),
                campaign.id,
                id=key,
                name=name,
                kind="pc" if key == "brenna" else "npc",
                player="ann" if key == "brenna" else None,
                sheet={"side": side, "position": position, **extra},
            )
        started = encounters.start_encounter(
            SqlUnitOfWork(engine), campaign.id, characters=[key for key, *_ in cast]
        )
    finally:
        engine.dispose()
    return MapTable(campaign.id, secret, f"/join/{campaign.id}/{token}", started.encounter.id)
