"""The ruleset conformance suite: every installed ruleset, through its contract alone.

Parametrized over every ruleset the ``tablekeeper.rulesets`` entry points name (the
shipped ones and the third-party duel of ``examples/duel``), so a new ruleset joins by
being installed. For each: the contract is met and its options, state and data load;
every shipped scenario plays to its end under the ruleset's policy; replaying the log
gives the state; undo then redo is the identity; the same seed gives the same log;
nothing a player receives (state, cards, payloads, sentences, odds, decisions) carries a
number hidden from them; and each scenario's transcript equals its golden file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import (
    GM_SIGHT,
    ActorCard,
    EventLog,
    Ruleset,
    Session,
    Sight,
    available_rulesets,
    load_ruleset,
    replay,
)
from tablekeeper.engine.roll_modes import RollMode
from tablekeeper.errors import RulesError
from tablekeeper.services import scenarios, views
from tablekeeper.services.access import Viewer

from .conformance import WRITE_GOLDEN, play_unattended, start, transcript_path

MARKER = 937
"""A number these short plays never produce by chance (no count, die or sequence number
reaches it): placed in every hidden field of the NPCs."""

RULESETS = available_rulesets()


def shipped() -> Iterator[tuple[str, str]]:
    """Each ruleset's shipped scenarios; a ruleset that does not load fails its own tests
    (under the name ``(does not load)``) instead of the whole suite's collection."""
    for name in RULESETS:
        try:
            names = scenarios.packaged_scenarios(name)
        except RulesError:
            yield name, "(does not load)"
            continue
        for scenario in names:
            yield name, scenario


SCENARIOS = list(shipped())


@pytest.fixture(params=RULESETS)
def rules(request: pytest.FixtureRequest) -> Ruleset:
    return load_ruleset(request.param)


def test_the_shipped_rulesets_and_the_duel_are_all_here() -> None:
    assert {"realtime", "percentile", "duel"} <= set(RULESETS)


def test_the_contract_is_met_and_the_models_load(rules: Ruleset) -> None:
    assert isinstance(rules, Ruleset)
    assert rules.summary
    assert "\n" not in rules.summary
    options = rules.Options()
    state = rules.new_encounter(options)
    assert isinstance(state, rules.State)
    assert rules.State.model_validate(state.model_dump(mode="json")) == state  # stores and loads
    assert rules.cards(state, GM_SIGHT) == ()  # an empty encounter: nobody yet
    assert rules.words.clock(state)
    for item in rules.gm_commands():
        assert item.kind.startswith(f"{rules.name}.")
        assert item.title
        item.payload.model_json_schema()
    assert rules.scenarios is not None, "every ruleset ships a scenario for the runner"
    assert scenarios.packaged_scenarios(rules.name), "and at least one scenario"


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_every_shipped_scenario_plays_to_its_end(ruleset: str, scenario: str) -> None:
    rules = load_ruleset(ruleset)
    played = play_unattended(rules, start(rules, scenario))
    session = played.run.session
    assert played.run.finished or rules.ended(session.state) is not None or not played.commands
    assert session.pending is None
    # Replaying the log from the start gives the state, and so does a fresh session.
    assert session.replay() == session.state
    fresh = Session(
        rules.engine,
        session.initial_state,
        roller=RandomRoller(0),
        log=EventLog(session.log.records),
    )
    assert fresh.state == session.state
    assert replay(session.log.events, session.initial_state, session.apply) == session.state


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_undo_then_redo_is_the_identity(ruleset: str, scenario: str) -> None:
    rules = load_ruleset(ruleset)
    played = play_unattended(rules, start(rules, scenario))
    session = played.run.session
    before = session.state
    undone = 0
    while session.log.can_undo and undone < 5:
        session.undo()
        undone += 1
    for _ in range(undone):
        session.redo()
    assert session.state == before


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_the_same_seed_gives_the_same_log(ruleset: str, scenario: str) -> None:
    rules = load_ruleset(ruleset)
    first = play_unattended(rules, start(rules, scenario, seed=11)).transcript()
    second = play_unattended(rules, start(rules, scenario, seed=11)).transcript()
    assert first == second


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_the_golden_transcript(ruleset: str, scenario: str) -> None:
    rules = load_ruleset(ruleset)
    transcript = play_unattended(rules, start(rules, scenario)).transcript()
    path = transcript_path(rules, scenario)
    if WRITE_GOLDEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(transcript, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    assert path.exists(), f"no golden transcript: TABLEKEEPER_WRITE_GOLDEN=1 writes {path}"
    assert json.loads(path.read_text(encoding="utf-8")) == transcript


@pytest.mark.parametrize("mode", ["public", "dice_only"])
@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_a_player_receives_none_of_the_hidden_numbers(
    ruleset: str, scenario: str, mode: RollMode
) -> None:
    """The scenario played as it is meant to be (its run's own commands, the ruleset's
    policy), with every NPC's hidden numbers set to the marker, every roll in ``mode``."""
    rules = load_ruleset(ruleset)
    run, mine, npcs = _marked_run(rules, ruleset, scenario)
    assert npcs, f"{scenario} has no NPC whose numbers a player may not see"
    assert _holds_marker(rules.player_view(run.session.state, GM_SIGHT)), (
        "the marker must be somewhere the GM sees"
    )
    sight = Sight.player({mine})
    received = _played(rules, run, mode, lambda s: _everything_a_player_receives(rules, s, sight))
    assert not _holds_marker(received)


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_a_dice_only_roll_shows_its_dice_and_outcome(ruleset: str, scenario: str) -> None:
    """The same play (same seed) in public and "dice only": a player receives the same
    events, each with a sentence where the public one has one, and each payload is the
    public one with fields taken out, never changed or added (C-20)."""
    rules = load_ruleset(ruleset)
    sight = Sight.player({_marked_run(rules, ruleset, scenario)[1]})
    seen: dict[str, Any] = {}
    for mode in ("public", "dice_only"):
        run = _marked_run(rules, ruleset, scenario)[0]
        seen[mode] = _played(rules, run, mode, lambda _: None)[-1]
    viewer = Viewer(role="player", player="p1", characters=sight.controlled)

    def read(session: Session[Any]) -> list[tuple[str, Any, bool]]:
        names = {card.id: card.name for card in rules.cards(session.state, sight)}
        return [
            (
                event.kind,
                views.public_payload(event, viewer, rules),
                rules.words.event_sentence(event, names, views.sight_for([event], viewer))
                is not None,
            )
            for event in session.log.events
            if viewer.sees(event.visibility)
        ]

    public, dice_only = read(seen["public"]), read(seen["dice_only"])
    assert [kind for kind, _, _ in dice_only] == [kind for kind, _, _ in public]
    for (kind, hidden, said), (_, shown, told) in zip(dice_only, public, strict=True):
        assert said == told, f"{kind}: a sentence lost"
        assert _within(hidden, shown), f"{kind}: {hidden} is not part of {shown}"
        assert bool(hidden) == bool(shown), f"{kind}: the roll itself is gone"


def _played(
    rules: Ruleset, run: Any, mode: RollMode, look: Callable[[Session[Any]], Any]
) -> list[Any]:
    """Play ``run`` to its end (at most 60 steps), every command and answer rolled in
    ``mode``; what ``look`` saw before each step and at the end (the session, last)."""
    session = run.session
    policy = rules.policy()
    seen: list[Any] = []
    for _ in range(60):
        seen.append(look(session))
        if run.finished:
            break
        due = run.due()
        for command in due:
            session.submit(command, roll_mode=mode)
        if session.pending is not None:
            session.submit(policy.answer(session.state, session.pending), roll_mode=mode)
            continue
        if due:
            continue
        command = run.next_command(policy)
        if command is None:
            break
        session.submit(command, roll_mode=mode)
    seen.append(look(session))
    seen.append(session)
    return seen


def _within(part: Any, whole: Any) -> bool:
    """Whether ``part`` is ``whole`` with some object fields taken out, at any depth."""
    if isinstance(part, dict) and isinstance(whole, dict):
        return part.keys() <= whole.keys() and all(_within(v, whole[k]) for k, v in part.items())
    if isinstance(part, list) and isinstance(whole, list):
        return len(part) == len(whole) and all(map(_within, part, whole))
    return bool(part == whole)


def _marked_run(rules: Ruleset, ruleset: str, scenario: str) -> tuple[Any, str, set[str]]:
    """The scenario started with every NPC's hidden numbers set to the marker; the id of
    one party actor (the player's), and the NPCs' ids."""
    assert rules.scenarios is not None
    loaded = scenarios.load_scenario(scenario, ruleset=ruleset)
    party = rules.scenarios.party(loaded)
    identities = [rules.describe_actor(actor) for actor in loaded.actors()]
    mine = next(identity.id for identity in identities if identity.side == party)
    npcs = {identity.id for identity in identities if identity.side != party}
    marked = [
        rules.with_secret_numbers(actor, MARKER) if identity.id in npcs else actor
        for actor, identity in zip(loaded.actors(), identities, strict=True)
    ]
    return scenarios.start(loaded.with_actors(marked), seed=loaded.seed or 1), mine, npcs


def _holds_marker(data: Any) -> bool:
    """Whether the marker stands in ``data`` as a number of its own (an exact chance such
    as 9375/32768 is not it, nor a random hex id such as ``a9371f``)."""
    text = json.dumps(data, default=str)
    return re.search(rf"(?<![\w.]){MARKER}(?![\w.])", text) is not None


def _everything_a_player_receives(
    rules: Ruleset, session: Session[Any], sight: Sight
) -> dict[str, Any]:
    state = session.state
    cards: list[ActorCard] = list(rules.cards(state, sight))
    names = {card.id: card.name for card in cards}
    viewer = Viewer(role="player", player="p1", characters=sight.controlled)
    events = [event for event in session.log.events if viewer.sees(event.visibility)]
    mine = [command for actor in sight.controlled for command in session.legal_commands(actor)]
    odds = [rules.command_odds(state, command, sight) for command in mine]
    return {
        "state": rules.player_view(state, sight),
        "cards": [card.model_dump(mode="json") for card in cards],
        "payloads": [views.public_payload(event, viewer, rules) for event in events],
        "sentences": [
            rules.words.event_sentence(e, names, views.sight_for([e], viewer)) for e in events
        ],
        "summary": rules.words.command_summary(events, names, views.sight_for(events, viewer)),
        "odds": [None if item is None else [item.title, item.outcomes] for item in odds],
        "standing": {
            key: [v.title, v.outcomes] for key, v in rules.standing_odds(state, sight).items()
        },
    }


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS)
def test_the_gm_only_parts_of_a_card_reach_no_player(ruleset: str, scenario: str) -> None:
    """The sheet (``details``), a gauge's override path and step commands, and the
    conditions' durations (``held``) of an NPC whose hidden numbers are the marker: the
    GM's card has the sheet, a player's card of the NPC has none of them and no marker."""
    rules = load_ruleset(ruleset)
    run, mine, npcs = _marked_run(rules, ruleset, scenario)
    state = run.session.state
    gm = {card.id: card for card in rules.cards(state, GM_SIGHT) if card.id in npcs}
    assert any(card.details for card in gm.values()), "the GM sees an NPC's sheet"
    player = [card for card in rules.cards(state, Sight.player({mine})) if card.id in npcs]
    for card in player:
        assert card.details == (), f"{card.id}'s sheet reached a player"
        assert all(g.path is None and g.lower is None and g.raise_ is None for g in card.gauges)
        assert all(item.left is None and item.remove is None for item in card.held)
    assert not _holds_marker([card.model_dump(mode="json") for card in player])


def test_remove_actor_is_a_gm_command_or_says_it_is_not_supported(rules: Ruleset) -> None:
    """``remove_actor`` gives the GM's command, or refuses naming the field ``actor``."""
    state = rules.new_encounter(rules.Options())
    refused: RulesError | None = None
    try:
        command = rules.remove_actor(state, "nobody")
    except RulesError as error:
        refused = error
    if refused is None:
        assert command.actor == "gm"
        return
    assert refused.field == "actor"
    assert "remove" in refused.message or "no conflict" in refused.message
