"""The ``fractal`` ruleset object: the contract, its scenarios, what a player may see,
its words and its odds."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from typing import Any

import pytest
import yaml

from tablekeeper.dice.roller import FixedRoller, RandomRoller
from tablekeeper.engine import GM, Command, EncounterEngine, Ruleset, RulesetRegistry, Sight
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.fractal.checks import check_odds
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.odds import action_check
from tablekeeper.rulesets.fractal.options import FractalOptions
from tablekeeper.rulesets.fractal.resolvers import FRACTAL_RESOLVERS
from tablekeeper.rulesets.fractal.ruleset import FRACTAL
from tablekeeper.rulesets.fractal.scenario import FractalRun

from .encounter.helpers import Table

SHIPPED = ("feast_preparations", "goblin_ambush")


def load(name: str) -> Any:
    text = (
        resources.files("tablekeeper.rulesets.fractal")
        .joinpath("scenarios", f"{name}.yaml")
        .read_text()
    )
    return FRACTAL.scenarios.parse(yaml.safe_load(text), source=name)  # type: ignore[union-attr]


def play(name: str, seed: int | None = None) -> FractalRun:
    scenario = load(name)
    seed = scenario.seed if seed is None else seed
    run = FRACTAL.scenarios.start(scenario, RandomRoller(seed), seed=seed)  # type: ignore[union-attr]
    policy = FRACTAL.policy()
    for _ in range(3000):
        for command in run.due():
            run.session.submit(command)
        command = run.next_command(policy)
        if command is None:
            break
        run.session.submit(command)
    for command in run.due():
        run.session.submit(command)
    return run  # type: ignore[return-value]


def test_the_ruleset_has_the_surface_of_a_plugin() -> None:
    assert isinstance(FRACTAL, Ruleset)
    assert isinstance(FRACTAL.engine, EncounterEngine)
    assert (FRACTAL.name, FRACTAL.Options, FRACTAL.console_panel) == (
        "fractal",
        FractalOptions,
        "panel.html",
    )
    panel = resources.files("tablekeeper.rulesets.fractal").joinpath("console", "panel.html")
    assert panel.is_file()


def test_every_option_names_its_gap() -> None:
    for name, field in FractalOptions.model_fields.items():
        assert field.description is not None, name
        assert field.description.startswith("G-F-"), name


def test_the_entry_point_loads_it_and_registers_its_resolvers() -> None:
    registry = RulesetRegistry()
    assert registry.load("fractal") is FRACTAL
    assert (
        set(registry.resolvers.names())
        == {r.name for r in FRACTAL_RESOLVERS}
        == {"fractal.check", "fractal.condition", "fractal.derived", "fractal.downtime"}
    )
    resolution = registry.resolver("fractal.check").resolve(
        {"die": 8, "dice": 2}, FixedRoller([8, 3])
    )
    assert resolution.outcome.successes == 1


def test_gm_forms_are_the_engines_titled_commands() -> None:
    titles = [form.title for form in FRACTAL.gm_commands()]
    assert "Open a conflict" in titles
    assert "Inflict a condition" in titles
    assert "Dress a wound" in titles


@pytest.mark.parametrize("name", SHIPPED)
def test_both_shipped_scenarios_play_to_their_end(name: str) -> None:
    run = play(name)
    assert run.finished
    assert FRACTAL.ended(run.state) is not None
    assert run.session.replay() == run.state


def test_the_ambush_has_minions_a_scene_element_and_a_fall() -> None:
    run = play("goblin_ambush")
    kinds = Counter(e.kind for e in run.session.log.events)
    assert kinds["fractal.participant_out"] >= 5  # four minions and the chief
    outs = {
        e.payload["rule"] for e in run.session.log.events if e.kind == "fractal.participant_out"
    }
    assert {"F-GM-04", "F-MTAB-CBT-05"} <= outs
    assert run.state.conflicts["ambush"].scene_elements[0].element == "obscured"
    assert run.state.conflicts["ambush"].winner == "party"


def test_the_feast_is_cooked_and_eaten() -> None:
    run = play("feast_preparations")
    project = run.state.conflicts["feast"].project
    assert project is not None
    assert project.result == "success"
    assert project.served
    assert project.intervals == 6  # Meditation d6
    assert (
        run.state.conflicts["feast"].elapsed_seconds == 6 * 3600
    )  # 1 hour an Interval (F-TIME-02)
    for key in ("mirela", "brenna", "tam"):
        assert [e.name for e in run.state.characters[key].conditions] == ["Well Fed"]


def test_the_same_seed_plays_the_same_log() -> None:
    assert list(play("goblin_ambush", 5).session.log.records) == list(
        play("goblin_ambush", 5).session.log.records
    )


def test_scenario_errors_name_the_field() -> None:
    data = yaml.safe_load(
        resources.files("tablekeeper.rulesets.fractal")
        .joinpath("scenarios", "goblin_ambush.yaml")
        .read_text()
    )
    data["conflicts"][0]["seats"][0]["character"] = "bob"
    with pytest.raises(
        InvalidInputError, match=r"conflicts\.0\.seats\.0\.character: .*no character 'bob'"
    ):
        FRACTAL.scenarios.parse(data, source="x")  # type: ignore[union-attr]
    del data["schema_version"]
    with pytest.raises(InvalidInputError, match="schema_version"):
        FRACTAL.scenarios.parse(data, source="x")  # type: ignore[union-attr]


def test_a_player_sees_only_the_public_part_of_others() -> None:
    run = play("goblin_ambush")
    player = Sight.player({"brenna"})
    view = FRACTAL.player_view(run.state, player)
    chief = view["characters"]["chief"]  # type: ignore[index]
    assert set(chief) == {"conflict", "life", "spec", "conditions"}  # type: ignore[arg-type]
    assert "stats" not in chief["spec"]
    assert "ap" not in chief
    assert "dor" not in chief["conditions"][0]  # type: ignore[index]
    assert "stats" in view["characters"]["brenna"]["spec"]  # type: ignore[index]
    rows = {row["id"]: row for row in view["panel"]["characters"]}  # type: ignore[index,union-attr]
    assert "ap" in rows["brenna"]
    assert "ap" not in rows["chief"]
    cards = {card.id: card for card in FRACTAL.cards(run.state, player)}
    assert cards["chief"].hidden
    assert not cards["chief"].gauges
    assert cards["brenna"].gauges[0].label == "AP"
    for event in run.session.log.events:
        shown = FRACTAL.public_payload(event.kind, event.payload, player)
        if event.payload.get("character") == "chief" and event.kind in (
            "fractal.ap_spent",
            "fractal.ap_refreshed",
        ):
            assert "ap" not in shown
            assert "max_ap" not in shown
        if (
            event.kind == "fractal.character_added"
            and event.payload["character"]["spec"]["id"] == "chief"
        ):
            assert "stats" not in shown["character"]["spec"]  # type: ignore[index,operator]


def test_words_tell_a_player_no_hidden_number() -> None:
    table = Table()
    table.pc("brenna")
    table.pc("orc", side="foes")
    table.open("fight", "combat", "brenna", "orc")
    names = {"brenna": "Brenna", "orc": "Orc"}
    refreshed = table.events("ap_refreshed")
    assert FRACTAL.words.event_sentence(refreshed[1], names, Sight.player({"brenna"})) is None
    assert (
        FRACTAL.words.event_sentence(refreshed[1], names, GM_SIGHT)
        == "Orc's pool refreshes to 12 AP"
    )
    assert FRACTAL.words.clock(table.state) == "fight: exchange 1, Brenna's turn"
    # a conflict with a title is named by it (GM walkthrough: "combat-1: exchange 1")
    state = table.state
    titled = state.conflicts["fight"].model_copy(update={"title": "The ambush"})
    named = state.model_copy(update={"conflicts": {**state.conflicts, "fight": titled}})
    assert FRACTAL.words.clock(named) == "The ambush: exchange 1, Brenna's turn"
    table.dice(6, 6)
    events = table.act("fight", "brenna", "melee", 2, "orc")
    assert FRACTAL.words.command_summary(events, names, GM_SIGHT).startswith("Brenna: melee on Orc")  # type: ignore[union-attr]
    command = Command.of(
        "brenna",
        cmd.ACT,
        cmd.Act(conflict="fight", character="brenna", action="melee", dice=2, targets=["orc"]),
    )
    assert (
        FRACTAL.words.command_label(command, table.state, names) == "Brenna: Melee on Orc, 2 dice"
    )


def test_command_odds_are_the_checks_own_exact_odds() -> None:
    table = Table()
    table.pc("brenna", stats={"body": 8})
    table.pc("orc", side="foes")
    table.open(
        "fight", "combat", "brenna", "orc", scene_elements=[{"element": "blinding", "severity": 1}]
    )
    command = Command.of(
        "brenna",
        cmd.ACT,
        cmd.Act(conflict="fight", character="brenna", action="melee", dice=3, targets=["orc"]),
    )
    odds = FRACTAL.command_odds(table.state, command, Sight.player({"brenna"}))
    assert odds is not None
    assert sum(chance for _, chance in odds.outcomes) == 1
    action = table.state.catalogue.actions.action("melee")
    request = action_check(
        table.state, table.state.conflicts["fight"], table.c("brenna"), action, 3
    )
    levels = check_odds(request).as_dict()
    as_conditions = dict(odds.outcomes)
    assert as_conditions["nothing"] == levels["0"]
    assert as_conditions["Nick [1]"] == levels["1"]
    assert FRACTAL.command_odds(table.state, command, Sight.player({"orc"})) is None  # C-10


def test_the_panel_offers_every_action_with_its_odds_by_dice() -> None:
    table = Table()
    table.pc("brenna", stats={"body": 8})
    table.pc("orc", side="foes")
    table.open("fight", "combat", "brenna", "orc")
    panel = FRACTAL.player_view(table.state, Sight.player({"brenna"}))["panel"]
    conflict = panel["conflicts"][0]  # type: ignore[index]
    melee = next(a for a in conflict["actions"] if a["action"] == "melee")  # type: ignore[index,union-attr]
    assert [row["dice"] for row in melee["odds"]] == list(range(1, 15))
    one = {level["level"]: level["chance"] for level in melee["odds"][0]["levels"]}
    assert one == {"0": "3/8", "1": "5/8"}  # 1d8 against TN 4
    assert melee["choices"][0]["targets"] == "Orc"
    assert (
        "actions"
        not in FRACTAL.player_view(table.state, Sight.player({"orc"}))["panel"]["conflicts"][0]
    )  # type: ignore[index,operator]


def test_gm_commands_from_the_scenario_timeline_are_given_once() -> None:
    run = play("feast_preparations")
    served = [e for e in run.session.log.events if e.kind == "fractal.output_served"]
    assert len(served) == 1
    assert run.due() == []


def test_the_gm_is_offered_the_commands_of_whoever_acts() -> None:
    table = Table()
    table.pc("brenna")
    table.npc("orc")
    table.open("fight", "combat", "brenna", "orc")
    labels = [c.kind for c in table.session.legal_commands(GM)]
    assert "fractal.act" in labels
    assert labels[-1] == "fractal.end_turn"
    assert table.session.legal_commands("orc") == ()


def test_a_player_receives_none_of_the_hidden_numbers() -> None:
    """The conformance suite's check, here: 937 in every NPC's armor never reaches a player."""
    import json

    from tablekeeper.engine import Session

    scenario = load("goblin_ambush")
    session = Session(
        FRACTAL.engine, FRACTAL.new_encounter(scenario.options), roller=RandomRoller(3)
    )
    for spec in scenario.actors():
        secret = FRACTAL.with_secret_numbers(spec, 937) if spec.side != "party" else spec
        session.submit(FRACTAL.add_actor(secret))
    for conflict in scenario.conflicts:
        session.submit(Command.of(GM, cmd.OPEN_CONFLICT, conflict))
    assert "937" in json.dumps(FRACTAL.player_view(session.state, GM_SIGHT))
    sight = Sight.player({"brenna"})
    policy = FRACTAL.policy()
    received: list[Any] = []
    for _ in range(80):
        state = session.state
        cards = FRACTAL.cards(state, sight)
        names = {card.id: card.name for card in cards}
        events = list(session.log.events)
        mine = session.legal_commands("brenna")
        received.append(
            {
                "state": FRACTAL.player_view(state, sight),
                "cards": [card.model_dump(mode="json") for card in cards],
                "payloads": [FRACTAL.public_payload(e.kind, e.payload, sight) for e in events],
                "sentences": [FRACTAL.words.event_sentence(e, names, sight) for e in events],
                "odds": [str(FRACTAL.command_odds(state, c, sight)) for c in mine],
            }
        )
        if session.pending is not None:
            session.submit(policy.answer(state, session.pending))
            continue
        legal = [c for actor in ("gm", *names) for c in session.legal_commands(actor)]
        if not legal or FRACTAL.ended(state):
            break
        session.submit(policy.choose(state, legal[0].actor, legal))
    assert "937" not in json.dumps(received, default=str)


def test_cards_keep_a_minions_fate_and_say_how_long_a_buff_lasts() -> None:
    run = play("goblin_ambush")
    cards = {card.id: card for card in FRACTAL.cards(run.state, GM_SIGHT)}
    assert (cards["gob1"].life, cards["gob1"].defeated) == ("minion removed", True)
    rows = {
        row["id"]: row for row in FRACTAL.player_view(run.state, GM_SIGHT)["panel"]["characters"]
    }  # type: ignore[index,union-attr]
    assert rows["gob1"]["life"] == "minion removed"
    table = Table()
    table.pc("brenna")
    table.gm(
        cmd.INFLICT,
        cmd.Inflict(character="brenna", table="physical", kind="refreshed", successes=1),
    )
    held = {item.name: item for item in FRACTAL.cards(table.state, GM_SIGHT)[0].held}
    assert held["Refreshed [1]"].lasts == "from the next refresh, until the end of the next scene"
    assert held["Refreshed [1]"].remove is not None


def test_the_gms_inflict_form_offers_the_tables_and_kinds_there_are() -> None:
    # F-COND-06: the GM rules a condition from a table; the form picks the table and the
    # kind from the catalogue's (GM walkthrough: two empty text boxes, refused by name)
    from tablekeeper.rulesets.fractal.catalogue import default_catalogue
    from tablekeeper.web.encounter import gm_forms

    form = next(f for f in gm_forms("fractal") if f.kind == "fractal.inflict_condition")
    choices = {item.name: getattr(item, "choices", ()) for item in form.items}
    tables = default_catalogue().conditions
    assert choices["sheet.table"] == (*tables.domain_ids, *tables.micro_ids)
    assert {"negative", "positive", "fatigue", "impact"} <= set(choices["sheet.kind"])
