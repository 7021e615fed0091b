"""Nothing a player may not see reaches them, whatever the ruleset sends (C-03, C-10).

The shipped scenarios are played unattended with the foes' HP, Magic Points and
Determination Points set to sentinel numbers no public field holds; after every command,
everything a player controlling one of the party receives is searched for them (and for
what they become once dealt damage or spent): the state as they see it, each event's
payload, each sentence, each command's summary, the cards, the odds of their commands.
"""

from __future__ import annotations

import json
import re

import pytest

from tablekeeper.engine.cards import distinct_names, names_of
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE

from .test_scenario import begin, shipped

SENTINELS = re.compile(r"\b(43\d\d|86\d\d|75\d\d)\b")
"""4321 HP, 8642 Magic Points, 7531 Determination Points, and what they become."""


def _told(run: object, sight: Sight, events: tuple[object, ...]) -> str:
    state = run.state  # type: ignore[attr-defined]
    cards = PERCENTILE.cards(state, sight)
    names = distinct_names(names_of(cards))
    told = [
        json.dumps(PERCENTILE.player_view(state, sight)),
        json.dumps([card.model_dump(mode="json") for card in cards]),
        PERCENTILE.words.command_summary(events, names, sight) or "",  # type: ignore[arg-type]
        PERCENTILE.words.clock(state),
    ]
    for event in events:
        told.append(json.dumps(PERCENTILE.public_payload(event.kind, event.payload, sight)))  # type: ignore[attr-defined]
        told.append(PERCENTILE.words.event_sentence(event, names, sight) or "")  # type: ignore[arg-type]
    for actor in sight.controlled:
        for command in run.session.legal_commands(actor):  # type: ignore[attr-defined]
            odds = PERCENTILE.command_odds(state, command, sight)
            told.append(repr(odds))
            told.append(PERCENTILE.words.command_label(command, state, names))
    return "\n".join(told)


@pytest.mark.parametrize(
    ("name", "player"), [("river_ambush", "brenna"), ("spirit_skirmish", "kell")]
)
def test_a_player_never_receives_a_foes_hidden_numbers(name: str, player: str) -> None:
    scenario = shipped(name)
    party = scenario.combatants[0].side
    hidden = tuple(
        spec
        if spec.side == party
        else spec.model_copy(
            update={"hp": 4321, "magic_points": 8642, "determination_points": 7531}
        )
        for spec in scenario.combatants
    )
    run = begin(scenario.model_copy(update={"combatants": hidden}).with_length(3))
    sight, gm = Sight.player({player}), Sight(gm=True)
    policy = PERCENTILE.policy()
    seen_by_gm = False
    while (command := run.next_command(policy)) is not None:
        events = run.session.submit(command)
        found = SENTINELS.findall(_told(run, sight, events))
        assert not found, f"{found} told to {player} after {command.kind}"
        seen_by_gm = seen_by_gm or bool(SENTINELS.search(_told(run, gm, events)))
    assert seen_by_gm  # the GM does see them: the search would find them
