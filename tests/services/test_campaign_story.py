"""What outlives an encounter: a ruleset's campaign fold, over the campaign's one order.

``fractal`` keeps conditions, Days of Rest and the healing checklist between conflicts
(F-GM-14, F-DOWN-01, F-DOWN-02); the services fold every event of the campaign in its
order (``table.campaign_events``: the campaign's own log, each encounter's events where
its ``campaign.encounter_started`` record stands) and ``carry`` it into the next
encounter. A ruleset that keeps nothing (``realtime``) is unchanged by it.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine import GM, Command
from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import campaigns, characters, encounters, scenarios, table
from tablekeeper.services.access import GM_VIEWER

STRAIN = {"character": "brenna", "table": "physical", "kind": "impact", "successes": 3}
"""Strained Muscle (severity 3, 14 DoR), with Tired (2 DoR) spilling over."""


def _fractal_campaign() -> Any:
    store = InMemoryStore()

    def uow() -> UnitOfWork:
        return InMemoryUnitOfWork(store)

    campaigns.create_campaign(uow(), "Keep", "fractal", campaign_id="k1")
    scenario = scenarios.load_scenario("goblin_ambush", ruleset="fractal")
    brenna = next(actor for actor in scenario.actors() if actor.id == "brenna")
    sheet = brenna.model_dump(mode="json", exclude={"id"}, exclude_unset=True)
    characters.create_character(uow(), "k1", id="brenna", name="Brenna", kind="pc", sheet=sheet)
    return uow


def _conditions(view: Any) -> dict[str, int | None]:
    held = view.state.characters["brenna"].conditions
    return {entry.name: entry.dor for entry in held}


def test_a_condition_carries_into_the_next_encounter() -> None:  # F-GM-14
    uow = _fractal_campaign()
    encounters.start_encounter(uow(), "k1", characters=["brenna"], encounter_id="e1")
    encounters.submit_command(
        uow(), "e1", Command(actor=GM, kind="fractal.inflict_condition", payload=STRAIN)
    )
    second = encounters.start_encounter(uow(), "k1", characters=["brenna"], encounter_id="e2")
    assert _conditions(second) == {"Strained Muscle": 14, "Tired": 2}


def test_downtime_between_encounters_counts_days_of_rest() -> None:  # F-DOWN-01
    uow = _fractal_campaign()
    encounters.start_encounter(uow(), "k1", characters=["brenna"], encounter_id="e1")
    encounters.submit_command(
        uow(), "e1", Command(actor=GM, kind="fractal.inflict_condition", payload=STRAIN)
    )
    table.record_downtime(uow(), "k1", GM_VIEWER, days=3)
    after = encounters.start_encounter(uow(), "k1", characters=["brenna"], encounter_id="e2")
    assert _conditions(after) == {"Strained Muscle": 11}  # Tired's 2 DoR are over


def test_the_campaigns_order_puts_each_encounter_where_it_started() -> None:
    uow = _fractal_campaign()
    table.record_downtime(uow(), "k1", GM_VIEWER, days=30)  # before the wound: heals nothing
    encounters.start_encounter(uow(), "k1", characters=["brenna"], encounter_id="e1")
    encounters.submit_command(
        uow(), "e1", Command(actor=GM, kind="fractal.inflict_condition", payload=STRAIN)
    )
    with uow() as open_uow:
        story = table.campaign_events(open_uow, "k1")
    kinds = [event.kind for event in story]
    assert kinds.index("campaign.downtime") < kinds.index("campaign.encounter_started")
    assert kinds.index("campaign.encounter_started") < kinds.index("fractal.condition_inflicted")
    later = encounters.start_encounter(uow(), "k1", characters=["brenna"], encounter_id="e2")
    assert _conditions(later) == {"Strained Muscle": 14, "Tired": 2}


def test_a_ruleset_that_keeps_nothing_starts_from_the_stored_sheet() -> None:
    store = InMemoryStore()

    def uow() -> UnitOfWork:
        return InMemoryUnitOfWork(store)

    campaigns.create_campaign(uow(), "Keep", "realtime", campaign_id="k1")
    characters.create_character(
        uow(), "k1", id="aliena", name="Aliena", kind="pc", sheet={"side": "pcs", "hp": 10}
    )
    encounters.start_encounter(uow(), "k1", characters=["aliena"], encounter_id="e1")
    encounters.submit_command(
        uow(),
        "e1",
        Command(actor=GM, kind="realtime.damage", payload={"creature": "aliena", "amount": 4}),
    )
    again = encounters.start_encounter(uow(), "k1", characters=["aliena"], encounter_id="e2")
    assert again.state.creatures["aliena"].hp == 10
