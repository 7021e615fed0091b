"""Demo campaigns: one per ruleset, made from a shipped scenario, for a first look.

``tablekeeper console`` calls :func:`ensure_demo_campaigns` on a database with no
campaign, so a new user opens the console onto something to play: each demo campaign
plays its scenario's options, and the scenario's creatures become its characters (the
first creature's side are player characters, every other side NPCs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from tablekeeper.engine.campaigns import Campaign
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import campaigns, characters, scenarios
from tablekeeper.services.access import new_secret

DEMO_SCENARIOS = {"realtime": "bleeding_out", "percentile": "river_ambush"}
"""The shipped scenario each ruleset's demo campaign is made from."""


def ensure_demo_campaigns(uow_factory: Callable[[], UnitOfWork]) -> list[tuple[Campaign, str]]:
    """Make a demo campaign per ruleset when the database has no campaign at all, and
    return each with its GM secret (shown once; stored hashed). A database with any
    campaign is left alone (the result is then empty), so calling this again is safe."""
    if campaigns.list_campaigns(uow_factory()):
        return []
    made: list[tuple[Campaign, str]] = []
    for ruleset, name in DEMO_SCENARIOS.items():
        scenario = scenarios.load_scenario(name, ruleset=ruleset)
        secret = new_secret()
        campaign = campaigns.create_campaign(
            uow_factory(),
            f"Demo: {scenario.name}",
            ruleset,
            scenario.options.model_dump(mode="json"),
            gm_secret=secret,
        )
        creatures: tuple[Any, ...] = (
            scenario.combatants
            if isinstance(scenario, scenarios.PercentileScenario)
            else scenario.creatures
        )
        party = creatures[0].side
        for creature in creatures:
            kind: Literal["pc", "npc"] = "pc" if creature.side == party else "npc"
            characters.create_character(
                uow_factory(),
                campaign.id,
                id=creature.id,
                name=_name_of(creature),
                kind=kind,
                sheet=creature.model_dump(mode="json", exclude={"id"}, exclude_unset=True),
            )
        made.append((campaign, secret))
    return made


def _name_of(creature: Any) -> str:
    stats = getattr(creature, "stats", None)
    name = getattr(stats, "name", None) or getattr(creature, "name", None)
    return str(name) if name else str(creature.id).replace("_", " ").capitalize()
