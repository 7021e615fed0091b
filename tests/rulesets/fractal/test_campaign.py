"""The campaign fold: conditions, Days of Rest and the checklist outlive a conflict
(document 000, 6.1, 6.3, 15; F-GM-14)."""

from __future__ import annotations

from tablekeeper.engine import Event
from tablekeeper.rulesets.fractal.campaign import carried_spec, checklist, fold_campaign
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.state import CharacterSpec

from .encounter.helpers import Table, stats


def scoped(events: tuple[Event, ...] | list[Event], scope: str) -> list[Event]:
    return [e.model_copy(update={"scope": scope}) for e in events]


def downtime(days: int, sequence: int = 999) -> Event:
    return Event(
        sequence=sequence,
        command_id="d1",
        kind="campaign.downtime",
        payload={"days": days, "note": ""},
    )


def wounded() -> Table:
    table = Table()
    table.pc("brenna")
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="brenna", table="physical", kind="impact", successes=2)
    )  # 7 DoR
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="brenna", table="magical", kind="burning", successes=4)
    )  # lethal, 30
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="brenna", table="mental", kind="distracted", successes=1)
    )
    return table


def test_conditions_outlive_the_conflict_and_days_of_rest_tick_f_cond_01_f_down_03() -> None:
    # F-COND-01: the conditions, not hit points, are what a conflict leaves behind.
    table = wounded()
    events = scoped(table.session.log.events, "encounter-1")
    campaign = fold_campaign([*events, downtime(5)])
    entries = {e.name: e.dor for e in campaign.characters["brenna"].conditions}
    # Battered 7 -> 2; Incinerated, lethal and undressed, stays at 30 (F-DOWN-04); its
    # Impact [2] spillover 7 -> 2; Pestered has no DoR (F-DOWN-06).
    assert entries == {"Battered": 2, "Incinerated": 30, "Pestered": None}
    assert [r.name for r in fold_campaign([*events, downtime(7)]).characters["brenna"].removed] == [
        "Battered",
        "Battered",
    ]


def test_a_dressed_lethal_wound_ticks_f_down_04() -> None:
    table = wounded()
    lethal = next(e for e in table.c("brenna").conditions if e.lethal)
    table.gm(cmd.DRESS, cmd.Dress(character="brenna", condition=lethal.id))
    campaign = fold_campaign([*scoped(table.session.log.events, "e1"), downtime(10)])
    assert {e.name: e.dor for e in campaign.characters["brenna"].conditions}["Incinerated"] == 20


def test_downtime_with_threshold_healing_g_f_34() -> None:
    table = wounded()
    healer = Event(
        sequence=1000,
        command_id="d2",
        kind="fractal.downtime",
        payload={"days": 0, "healer_rank": 3},
    )
    campaign = fold_campaign([*table.session.log.events, healer])
    assert [e.name for e in campaign.characters["brenna"].conditions] == ["Incinerated", "Pestered"]


def test_the_healing_checklist_says_what_each_condition_needs_f_down_02() -> None:
    campaign = fold_campaign(wounded().session.log.events)
    lines = dict(checklist(campaign, "brenna"))
    assert lines["Battered [2]"] == "7 DoR"
    assert lines["Incinerated [4]"] == "30 DoR, dress it first"
    assert lines["Pestered [1]"] == "4 hours of rest or a successful Macro Meditation check"


def test_a_condition_carries_into_the_next_encounter_f_gm_14() -> None:
    first = wounded()
    campaign = fold_campaign(scoped(first.session.log.events, "encounter-1"))
    spec = CharacterSpec(id="brenna", side="party", stats=stats())
    carried = carried_spec(spec, campaign)
    second = Table()
    second.session.submit(cmd.add_character(carried))
    assert [e.label for e in second.c("brenna").conditions] == [
        e.label for e in first.c("brenna").conditions
    ]
    assert (
        second.c("brenna").ap == 2
    )  # 12 - 2 - 5 - 2 - 1 (Battered, Incinerated, its Impact, Pestered)
    second.gm(
        cmd.INFLICT, cmd.Inflict(character="brenna", table="physical", kind="fatigue", successes=1)
    )
    ids = [e.id for e in second.c("brenna").conditions]
    assert len(set(ids)) == len(ids)  # new ids never collide with carried ones


def test_two_encounters_folded_together_in_log_order_f_gm_14() -> None:
    a = wounded()
    b = Table()
    b.pc("brenna")
    b.gm(
        cmd.INFLICT, cmd.Inflict(character="brenna", table="social", kind="disgraced", successes=1)
    )
    events = scoped(a.session.log.events, "a")[:2] + scoped(b.session.log.events, "b")
    held = fold_campaign(events).characters["brenna"].conditions
    assert [e.name for e in held] == ["Battered", "Mild Embarrassment"]
    assert [e.id for e in held] == ["brenna-1", "brenna-1@b"]  # same number, two scopes


def test_one_project_per_downtime_session_resets_with_the_downtime_f_down_08_f_down_09() -> None:
    # F-DOWN-08: the limit is per Downtime session.
    table = Table()
    table.pc("chef")
    table.open(
        "pie",
        "cooking",
        "chef",
        level="solo",
        goal=1,
        techniques=["knead"],
        downtime=True,
        deadline=1,
    )
    events = list(table.session.log.events)
    assert fold_campaign(events).downtime_projects == ("chef",)
    # The GM sets the Downtime's length (F-DOWN-09); when it is over, a new session starts.
    after = fold_campaign([*events, downtime(14)])
    assert (after.downtime_projects, after.downtime_days) == ((), 14)


def test_downtime_is_the_space_between_conflicts_f_down_01() -> None:
    campaign = fold_campaign([downtime(3)])
    assert campaign.downtime_days == 3
    assert campaign.characters == {}


def test_a_removal_in_one_scope_removes_that_scopes_condition_only() -> None:
    a = wounded()
    b = Table()
    b.pc("brenna")
    b.gm(
        cmd.INFLICT, cmd.Inflict(character="brenna", table="social", kind="disgraced", successes=1)
    )
    b.gm(cmd.REMOVE, cmd.RemoveCondition(character="brenna", condition="brenna-1"))
    events = scoped(a.session.log.events, "a")[:2] + scoped(b.session.log.events, "b")
    held = fold_campaign(events).characters["brenna"].conditions
    assert [e.id for e in held] == ["brenna-1"]  # a's Battered stays
