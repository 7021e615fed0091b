"""The shipped scenarios play to their end; the ruleset's surface: cards, views, words, odds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.cards import names_of
from tablekeeper.engine.commands import Command
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.ruleset import TACTICAL
from tablekeeper.rulesets.tactical.scenario import TacticalRun

FOLDER = Path(__file__).parents[3] / "src" / "tablekeeper" / "rulesets" / "tactical" / "scenarios"


def _start(name: str, seed: int | None = None) -> TacticalRun:
    assert TACTICAL.scenarios is not None
    scenario = TACTICAL.scenarios.parse(
        yaml.safe_load((FOLDER / f"{name}.yaml").read_text()), source=name
    )
    run = TACTICAL.scenarios.start(
        scenario, RandomRoller(seed or scenario.seed), seed=seed or scenario.seed
    )
    assert isinstance(run, TacticalRun)
    return run


def _play(run: TacticalRun) -> int:
    policy = TACTICAL.policy()
    commands = 0
    while not run.finished:
        command = run.next_command(policy)
        assert command is not None
        run.session.submit(command)
        commands += 1
        assert commands < 2000
    return commands


def test_the_entry_point_finds_the_ruleset() -> None:
    assert load_ruleset("tactical") is TACTICAL
    assert TACTICAL.scenarios is not None
    assert TACTICAL.scenarios.demo == "skirmish"


@pytest.mark.parametrize("name", ["skirmish", "duel"])
def test_each_scenario_plays_to_its_end(name: str) -> None:
    """The skirmish to a winner; the duel to its last round (neither falls in 12 rounds
    since the cunning default: docs/analysis.md)."""
    run = _start(name)
    _play(run)
    state = run.session.state
    assert run.finished
    if name == "duel":
        assert state.ended is None
        assert state.clock is not None
        assert state.clock.round == run.scenario.rounds + 1
    else:
        assert state.ended is not None
    assert TACTICAL.ended(state) == state.ended
    assert run.session.replay() == state


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_skirmish_ends_with_other_seeds(seed: int) -> None:
    run = _start("skirmish", seed)
    _play(run)
    assert run.finished


def test_the_skirmish_has_minions_and_the_duel_concentration_and_a_blast() -> None:
    skirmish = _start("skirmish")
    assert sum(c.minion for c in skirmish.session.state.characters.values()) == 3
    duel = _start("duel")
    _play(duel)
    kinds = [e.kind for e in duel.session.log.events]
    assert ev.CONCENTRATION_STARTED in kinds
    used = [e.payload["skill"] for e in duel.session.log.events if e.kind == ev.SKILL_USED]
    blasts = {"fire_burst", "storm_call"}
    assert blasts & set(used)


def test_a_bad_scenario_names_the_field() -> None:
    assert TACTICAL.scenarios is not None
    with pytest.raises(InvalidInputError, match="schema_version"):
        TACTICAL.scenarios.parse({"name": "x"}, source="x")
    data = yaml.safe_load((FOLDER / "duel.yaml").read_text())
    data["characters"][1]["id"] = "ilsa"
    with pytest.raises(InvalidInputError, match="repeat"):
        TACTICAL.scenarios.parse(data, source="x")


def _state_mid_fight() -> Any:
    run = _start("skirmish")
    return run.session


def test_a_player_sees_no_other_characters_hidden_numbers() -> None:
    session = _state_mid_fight()
    state = session.state
    view = TACTICAL.player_view(state, Sight.player({"brenna"}))
    characters = view["characters"]
    assert isinstance(characters, dict)
    assert "poise" in characters["brenna"]  # type: ignore[operator]
    grask = characters["grask"]
    assert isinstance(grask, dict)
    for hidden in ("poise", "momentum", "focus", "max_poise", "style", "resistant"):
        assert hidden not in grask
    for public in ("agility", "brawn", "cunning", "armor", "conditions", "position"):
        assert public in grask
    gm = TACTICAL.player_view(state, GM_SIGHT)
    assert "poise" in gm["characters"]["grask"]  # type: ignore[index,operator]


def test_event_payloads_are_filtered_for_players() -> None:
    joined = {
        "character": {
            "id": "grask",
            "name": "Grask",
            "side": "goblins",
            "position": [1, 1],
            "poise": 5,
        }
    }
    shown = TACTICAL.public_payload(ev.JOINED, joined, Sight.player({"brenna"}))
    assert shown == {
        "character": {"id": "grask", "name": "Grask", "side": "goblins", "position": [1, 1]}
    }
    pool = {
        "character": "grask",
        "track": "poise",
        "before": 5,
        "after": 2,
        "cause": "damage",
        "requested": -3,
    }
    assert "before" not in TACTICAL.public_payload(ev.POOL_CHANGED, pool, Sight.player({"brenna"}))
    assert TACTICAL.public_payload(ev.POOL_CHANGED, pool, Sight.player({"grask"})) == pool


def test_cards_show_pools_as_bars_to_those_who_may_see_them() -> None:
    session = _state_mid_fight()
    cards = {card.id: card for card in TACTICAL.cards(session.state, Sight.player({"brenna"}))}
    assert [g.label for g in cards["brenna"].gauges] == ["poise", "momentum", "focus"]
    assert cards["grask"].gauges == ()
    assert cards["grask"].hidden
    assert cards["brenna"].acting


def test_words_respect_sight() -> None:
    run = _start("skirmish")
    _play(run)
    names = names_of(TACTICAL.cards(run.session.state, GM_SIGHT))
    player = Sight.player({"brenna"})
    for event in run.session.log.events:
        line = TACTICAL.words.event_sentence(event, names, player)
        if event.kind == ev.POOL_CHANGED and event.payload["character"] != "brenna":
            assert line is None or "cannot gain" in line
    assert "over" in TACTICAL.words.clock(run.session.state)


def test_command_odds_come_from_the_resolver_and_hide_what_is_hidden() -> None:
    session = _state_mid_fight()
    state = session.state
    utility = Command.of("brenna", cmd.USE_SKILL, cmd.UseSkill(character="brenna", skill="defend"))
    odds = TACTICAL.command_odds(state, utility, Sight.player({"brenna"}))
    assert odds is not None
    assert odds.outcomes[0][0] == "a cunning effect"
    # 2d8 against cunning 3: P(at least one die <= 3) = 1 - (5/8)^2
    from fractions import Fraction

    assert odds.outcomes[0][1] == 1 - Fraction(5, 8) ** 2
    hidden = Command.of(
        "brenna", cmd.USE_SKILL, cmd.UseSkill(character="brenna", skill="slash", target="grask")
    )
    assert TACTICAL.command_odds(state, hidden, Sight.player({"brenna"})) is None


def test_attack_odds_for_the_gm_are_the_resolvers_exact_odds() -> None:
    """An adjacent slash: P(any damage) = 1 through armor 0; P(defeat) = P(2d6 + 1 > 5)."""
    from fractions import Fraction

    from .table import foe, hero, table

    s = table(
        hero(position=[2, 2], style=["slash"], wielding=[{"name": "sword"}], brawn=1, cunning=2),
        foe(position=[3, 2], poise=5),
    )
    command = Command.of(
        "hero", cmd.USE_SKILL, cmd.UseSkill(character="hero", skill="slash", target="foe")
    )
    odds = TACTICAL.command_odds(s.state, command, GM_SIGHT)
    assert odds is not None
    chances = dict(odds.outcomes)
    assert chances["Foe yields: damage"] == 1
    over = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + 1 > 5)
    assert chances["Foe yields: defeated"] == Fraction(over, 36)
    assert chances["Foe yields: cunning"] == 1 - Fraction(4, 6) ** 2
    assert TACTICAL.command_odds(s.state, command, Sight.player({"hero"})) is None


MARKER = 937


@pytest.mark.parametrize("name", ["skirmish", "duel"])
def test_a_player_receives_no_hidden_pool(name: str) -> None:
    """G-S-E6: with every NPC pool set to a marker, nothing a player receives shows it."""
    import json

    from tablekeeper.engine.session import Session

    assert TACTICAL.scenarios is not None
    scenario = TACTICAL.scenarios.parse(
        yaml.safe_load((FOLDER / f"{name}.yaml").read_text()), source=name
    )
    party = TACTICAL.scenarios.party(scenario)
    session = Session(TACTICAL.engine, scenario.initial_state(), roller=RandomRoller(3))
    mine = next(a.id for a in scenario.actors() if a.side == party)
    for actor in scenario.actors():
        spec = actor if actor.side == party else TACTICAL.with_secret_numbers(actor, MARKER)
        session.submit(TACTICAL.add_actor(spec))
    assert str(MARKER) in json.dumps(TACTICAL.player_view(session.state, GM_SIGHT))
    sight = Sight.player({mine})
    policy = TACTICAL.policy()
    seen: list[object] = []
    for _ in range(150):
        state = session.state
        cards = TACTICAL.cards(state, sight)
        names = {card.id: card.name for card in cards}
        events = [e for e in session.log.events if e.visibility.shown_to(mine)]
        mine_now = session.legal_commands(mine)
        seen.append(
            {
                "state": TACTICAL.player_view(state, sight),
                "cards": [card.model_dump(mode="json") for card in cards],
                "payloads": [TACTICAL.public_payload(e.kind, e.payload, sight) for e in events],
                "sentences": [TACTICAL.words.event_sentence(e, names, sight) for e in events],
                "odds": [str(TACTICAL.command_odds(state, c, sight)) for c in mine_now],
                "decision": session.pending.model_dump(mode="json") if session.pending else None,
            }
        )
        if state.ended is not None:
            break
        if session.pending is not None:
            session.submit(policy.answer(state, session.pending))
            continue
        assert state.turn is not None
        session.submit(
            policy.choose(state, state.turn.actor, session.legal_commands(state.turn.actor))
        )
    assert str(MARKER) not in json.dumps(seen, default=str)
