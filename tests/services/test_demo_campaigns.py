"""The demo campaigns the console loads into an empty database."""

from __future__ import annotations

from sqlalchemy import Engine

from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import campaigns, characters, encounter_names, encounters
from tablekeeper.services.access import authenticate
from tablekeeper.services.demo_campaigns import (
    demo_encounter,
    demo_scenarios,
    ensure_demo_campaigns,
)


def test_one_demo_per_ruleset_with_the_scenario_creatures(engine: Engine) -> None:
    made = ensure_demo_campaigns(lambda: SqlUnitOfWork(engine))
    assert {"realtime", "percentile", "duel"} <= set(demo_scenarios())
    assert sorted(campaign.ruleset for campaign, _ in made) == sorted(demo_scenarios())
    for campaign, secret in made:
        assert authenticate(SqlUnitOfWork(engine), campaign.id, secret).is_gm
        stored = characters.list_characters(SqlUnitOfWork(engine), campaign.id)
        kinds = {character.kind for character in stored}
        assert kinds == {"pc", "npc"}
        view = encounters.start_encounter(
            SqlUnitOfWork(engine), campaign.id, characters=[c.id for c in stored]
        )
        assert view.version == len(stored)


def test_ensure_is_idempotent(engine: Engine) -> None:
    first = ensure_demo_campaigns(lambda: SqlUnitOfWork(engine))
    assert len(first) == len(demo_scenarios())
    assert ensure_demo_campaigns(lambda: SqlUnitOfWork(engine)) == []
    assert len(campaigns.list_campaigns(SqlUnitOfWork(engine))) == len(demo_scenarios())


def test_each_demo_opens_on_an_encounter_ready_to_play(engine: Engine) -> None:
    """Issue 13: "the demo campaigns open on an encounter ready to play"."""
    for campaign, _ in ensure_demo_campaigns(lambda: SqlUnitOfWork(engine)):
        encounter = demo_encounter(SqlUnitOfWork(engine), campaign.id)
        assert encounter is not None, campaign.ruleset
        view = encounters.load_encounter(SqlUnitOfWork(engine), encounter)
        stored = characters.list_characters(SqlUnitOfWork(engine), campaign.id)
        assert view.version == len(stored), campaign.ruleset  # every character, one add each
        labels = encounter_names.encounter_labels(SqlUnitOfWork(engine), campaign.id)
        assert labels[encounter].name == campaign.name.removeprefix("Demo: ")
