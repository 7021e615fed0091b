"""Demo campaigns: one per ruleset that ships a demo scenario, for a first look.

``tablekeeper console`` calls :func:`ensure_demo_campaigns` on a database with no
campaign, so a new user opens the console onto something to play: each demo campaign
plays its scenario's options, the scenario's actors become its characters (the
ruleset's ``party`` side are player characters, every other side NPCs), and an encounter
named after the scenario is started with all of them, ready to play
(:func:`demo_encounter` finds it, for the GM link the console prints).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Literal

from tablekeeper.engine.campaigns import Campaign
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import campaigns, characters, encounter_names, encounters, scenarios
from tablekeeper.services.access import new_secret
from tablekeeper.services.rulesets import ruleset_named


def demo_scenarios() -> dict[str, str]:
    """Each ruleset with a demo, and the shipped scenario its demo campaign is made from."""
    found: dict[str, str] = {}
    for name in scenarios.scenario_rulesets():
        format_ = ruleset_named(name).scenarios
        if format_ is not None and format_.demo:
            found[name] = format_.demo
    return found


def ensure_demo_campaigns(uow_factory: Callable[[], UnitOfWork]) -> list[tuple[Campaign, str]]:
    """Make a demo campaign per ruleset when the database has no campaign at all, and
    return each with its GM secret (shown once; stored hashed). A database with any
    campaign is left alone (the result is then empty), so calling this again is safe."""
    if campaigns.list_campaigns(uow_factory()):
        return []
    return [
        scenario_campaign(uow_factory, ruleset, name, "Demo: ")
        for ruleset, name in demo_scenarios().items()
    ]


def scenario_campaign(
    uow_factory: Callable[[], UnitOfWork], ruleset: str, name: str, title: str = ""
) -> tuple[Campaign, str]:
    """A campaign made from the shipped scenario ``name`` (named ``title`` and the
    scenario's name), its actors its characters, an encounter started with all of them;
    and its GM secret."""
    rules = ruleset_named(ruleset)
    assert rules.scenarios is not None
    scenario = scenarios.load_scenario(name, ruleset=ruleset)
    secret = new_secret()
    campaign = campaigns.create_campaign(
        uow_factory(),
        f"{title}{scenario.name}",
        ruleset,
        scenario.options.model_dump(mode="json"),
        gm_secret=secret,
    )
    party = rules.scenarios.party(scenario)
    actors = scenario.actors()
    names = numbered([rules.describe_actor(actor).name for actor in actors])
    ids = []
    for actor, shown in zip(actors, names, strict=True):
        identity = rules.describe_actor(actor)
        kind: Literal["pc", "npc"] = "pc" if identity.side == party else "npc"
        characters.create_character(
            uow_factory(),
            campaign.id,
            id=identity.id,
            name=shown,
            kind=kind,
            sheet=actor.model_dump(mode="json", exclude={"id"}, exclude_unset=True),
        )
        ids.append(identity.id)
    started = encounters.start_encounter(uow_factory(), campaign.id, characters=ids)
    encounter_names.label_encounter(
        uow_factory(),
        campaign.id,
        started.encounter.id,
        name=scenario.name,
        notes=f"The {'demo' if title else 'shipped'} scenario, every character at the table: "
        "play it as it stands.",
    )
    return campaign, secret


def demo_encounter(uow: UnitOfWork, campaign_id: str) -> str | None:
    """The encounter a demo campaign opens on (its first), or ``None`` if the GM deleted it."""
    with uow:
        found = uow.encounters.list_for(campaign_id)
    return found[0].id if found else None


def numbered(names: Sequence[str]) -> list[str]:
    """``names`` with each one several actors share numbered as the table would say it
    (a scenario's four ``Goblin`` minions are ``Goblin 1`` ... ``Goblin 4``).

    >>> numbered(["Goblin chief", "Goblin", "Goblin"])
    ['Goblin chief', 'Goblin 1', 'Goblin 2']
    """
    counts = Counter(names)
    seen: Counter[str] = Counter()
    found = []
    for name in names:
        seen[name] += 1
        found.append(name if counts[name] == 1 else f"{name} {seen[name]}")
    return found
