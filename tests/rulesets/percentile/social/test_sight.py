"""What a player receives of a social encounter (C-03, C-10; ruling G-P-S5).

The shipped social scenarios are played as a social encounter with every NPC's secret
numbers (personal DP, HP, Magic Points, the scores of its passions and traits) set to a
marker, and everything a player controlling one of the party receives after each command
is searched for it: the state as they see it, the cards, each event's payload and
sentence, each command's summary and label, the odds of their commands. The GM does see
it. Then the social state's own hidden parts, one by one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablekeeper.engine import Session
from tablekeeper.engine.cards import distinct_names, names_of
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE

from ..encounter.helpers import of_kind
from ..test_scenario import begin, shipped
from .helpers import say, talk

MARKER = 937


def _received(run: Any, sight: Sight, events: tuple[Any, ...]) -> str:
    state = run.state
    cards = PERCENTILE.cards(state, sight)
    names = distinct_names(names_of(cards))
    told = [
        json.dumps(PERCENTILE.player_view(state, sight)),
        json.dumps([card.model_dump(mode="json") for card in cards]),
        PERCENTILE.words.command_summary(events, names, sight) or "",
        PERCENTILE.words.clock(state),
    ]
    for event in events:
        if (
            event.visibility.audience == "player"
            and event.visibility.player not in sight.controlled
        ):
            continue  # the services never send it (C-03)
        told.append(json.dumps(PERCENTILE.public_payload(event.kind, event.payload, sight)))
        told.append(PERCENTILE.words.event_sentence(event, names, sight) or "")
    for actor in sight.controlled:
        for command in run.session.legal_commands(actor):
            told.append(repr(PERCENTILE.command_odds(state, command, sight)))
            told.append(PERCENTILE.words.command_label(command, state, names))
    return "\n".join(told)


@pytest.mark.parametrize(
    ("name", "player"), [("bandit_toll", "ysolde"), ("brack_surrender", "merrow")]
)
def test_a_player_never_receives_a_foes_hidden_numbers(name: str, player: str) -> None:
    scenario = shipped(name)
    assert scenario.social is not None
    party = scenario.combatants[0].side
    hidden = tuple(
        spec if spec.side == party else PERCENTILE.with_secret_numbers(spec, MARKER)
        for spec in scenario.combatants
    )
    run = begin(scenario.model_copy(update={"combatants": hidden}))
    sight = Sight.player({player})
    policy = PERCENTILE.policy()
    seen_by_gm = False
    while (command := run.next_command(policy)) is not None:
        events = run.session.submit(command)
        assert str(MARKER) not in _received(run, sight, events), f"after {command.kind}"
        seen_by_gm = seen_by_gm or str(MARKER) in _received(run, GM_SIGHT, events)
    assert run.state.social is not None
    assert run.state.social.over
    assert seen_by_gm


def _started() -> Session[Any]:
    session, dice = talk(10, 1, 5, 2, parties=[{"side": "bandits", "recent_events": 7}])
    dice.feed(30)
    say(session, scmd.IDENTIFY, "brenna", interlocutor="garth")
    say(session, scmd.ARGUE, "brenna")
    return session


def test_a_player_sees_their_own_partys_target_dp_breakdown_only() -> None:
    session = _started()
    view = PERCENTILE.player_view(session.state, Sight.player({"brenna"}))["social"]
    parties = {party["side"]: party for party in view["parties"]}  # type: ignore[index,union-attr]
    assert parties["travellers"]["target"]["breakdown"]  # type: ignore[index]
    assert parties["bandits"]["target"] == {"target_dp": 27}  # type: ignore[index]
    assert "argue_modifiers" not in parties["bandits"]
    gm = PERCENTILE.player_view(session.state, GM_SIGHT)["social"]
    assert gm["parties"][1]["target"]["breakdown"]  # type: ignore[index]


def test_a_player_sees_another_characters_seat_in_part() -> None:
    session = _started()
    view = PERCENTILE.player_view(session.state, Sight.player({"oswin"}))["social"]
    brenna = view["seats"]["brenna"]  # type: ignore[index]
    assert set(brenna) == {"combatant", "party", "turn_taken", "passion_used"}  # type: ignore[arg-type]
    mine = view["seats"]["oswin"]  # type: ignore[index]
    assert "turn_order" in mine
    assert "actions_left" in mine
    parties = {party["side"]: party for party in view["parties"]}  # type: ignore[index,union-attr]
    argument = parties["travellers"]["argument"]
    assert argument == {"speaker": "brenna", "specialization": "negotiation"}


def test_the_motivations_an_identifier_learned_are_theirs() -> None:
    session = _started()
    event = next(e for e in session.log.events if e.kind == sev.MOTIVATIONS_REVEALED)
    assert event.visibility.player == "brenna"
    other = Sight.player({"oswin"})
    assert "traits" not in PERCENTILE.public_payload(event.kind, event.payload, other)
    names = {"brenna": "Brenna", "garth": "Garth"}
    assert PERCENTILE.words.event_sentence(event, names, other) == "Brenna learns what drives Garth"
    assert PERCENTILE.words.event_sentence(event, names, Sight.player({"brenna"})) == (
        "Brenna learns what drives Garth: Greed, Pride"
    )


def test_a_provoked_trait_score_and_an_investigations_opposition_are_the_gms() -> None:
    session, dice = talk(10, 1, 5, 2, time_scale="hourly")
    dice.feed(95, 3)  # a fool of themselves: +1D6
    events = say(session, scmd.PROVOKE, "brenna", interlocutor="garth", trait="Greed")
    provoked = of_kind(events, sev.PROVOKED)[0]
    player = Sight.player({"brenna"})
    assert "trait_score" not in PERCENTILE.public_payload(provoked.kind, provoked.payload, player)
    assert PERCENTILE.public_payload(provoked.kind, provoked.payload, GM_SIGHT)["trait_score"] == 70
    dice.feed(1, 20)
    events = say(session, scmd.INVESTIGATE, "brenna", opposition=73)
    done = of_kind(events, sev.INVESTIGATED)[0]
    shown = json.dumps(PERCENTILE.public_payload(done.kind, done.payload, player))
    assert "73" not in shown
    assert "73" in json.dumps(done.payload)


def test_a_player_sees_no_odds_of_another_characters_argument() -> None:
    session, _ = talk(10, 1, 5, 2)
    argue = next(c for c in session.legal_commands("brenna") if c.kind == scmd.ARGUE)
    assert PERCENTILE.command_odds(session.state, argue, Sight.player({"oswin"})) is None
    assert PERCENTILE.command_odds(session.state, argue, Sight.player({"brenna"})) is not None
