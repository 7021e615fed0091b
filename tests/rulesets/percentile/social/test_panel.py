"""The console's panel for a social encounter (``console/social.html``, included by
``console/panel.html``), rendered by the console's own template environment.

The issue: "each party's target DP as a bar with its breakdown, rounds left, the turn
speaker, the turn order, the actions as buttons with exact odds, the block-or-deal
decision for the winner".
"""

from __future__ import annotations

import json
from typing import Any

from tablekeeper.engine.cards import distinct_names, names_of
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE
from tablekeeper.web.templating import environment, ruleset_template

from .helpers import end_turn, say, talk


def render(session: Any, sight: Sight) -> str:
    state = session.state
    names = distinct_names(names_of(PERCENTILE.cards(state, GM_SIGHT)))
    actor = state.social.active if state.social is not None else None
    commands = []
    for command in session.legal_commands(actor) if actor and sight.sees(actor) else ():
        odds = PERCENTILE.command_odds(state, command, sight)
        commands.append(
            {
                "label": PERCENTILE.words.command_label(command, state, names),
                "json": json.dumps(command.model_dump(mode="json")),
                "actor": command.actor,
                "kind": command.kind,
                "odds": odds,
                "payload": command.payload,
            }
        )
    pending = session.pending
    return (
        environment()
        .get_template(ruleset_template("percentile", PERCENTILE.console_panel or ""))
        .render(
            state=PERCENTILE.player_view(state, sight),
            cards=PERCENTILE.cards(state, sight),
            clock_words=PERCENTILE.words.clock(state),
            viewer={"is_gm": sight.gm},
            encounter={"id": "e1", "version": 5},
            base="/encounters/e1",
            pending=None if pending is None else pending.model_dump(mode="json"),
            players={"brenna": "Ann"},
            commands=commands,
            standing_odds={},
        )
    )


def _party(html: str, side: str) -> str:
    return html.split(f'id="party-{side}"')[1].split('<div class="party"')[0]


def test_the_gm_sees_each_partys_bar_breakdown_and_the_round() -> None:
    session, dice = talk(10, 1, 5, 2, parties=[{"side": "bandits", "goal": "the cargo",
                                               "goal_kind": "difficult"}])  # fmt: skip
    say(session, scmd.ARGUE, "brenna")
    for who in ("brenna", "garth", "wren"):
        end_turn(session, who)
    dice.feed(30)
    end_turn(session, "oswin")
    html = render(session, GM_SIGHT)
    assert "Social round 2 of 3: Brenna's turn" in html
    assert "<strong>2 rounds left</strong>" in html
    travellers = _party(html, "travellers")
    assert "Target DP: <strong>18</strong> of 20 left" in travellers
    assert (
        '<meter id="target-dp-travellers" class="target-dp" min="0" max="20" value="18"'
        in travellers
    )
    assert "20: base: debatable goals" in travellers
    assert "-2 argued so far" in travellers
    bandits = _party(html, "bandits")
    assert "Goal: the cargo" in bandits
    assert "25: base: difficult goals" in bandits
    assert 'aria-label="Social turn order"' in html
    assert html.index("Brenna</span>") < html.index("Garth</span>") < html.index("Oswin</span>")


def test_the_turn_speaker_and_the_actions_with_their_odds() -> None:
    session, _ = talk(10, 1, 5, 2)
    say(session, scmd.ARGUE, "brenna")
    html = render(session, GM_SIGHT)
    assert "Turn speaker: <strong>Brenna</strong>, argues (Negotiation)" in html
    assert '<span class="tag">turn speaker</span>' in html
    actions = html.split('id="social-actions"')[1]
    assert "Brenna's actions" in actions
    assert ">Brenna: identify Garth&#39;s motivations</button>" in actions
    assert '<details class="odds">' in actions  # the exact odds beside the button (one line)
    assert "1 action left" in html


def test_a_player_sees_their_partys_breakdown_and_their_actions_only() -> None:
    session, _ = talk(10, 1, 5, 2)
    html = render(session, Sight.player({"brenna"}))
    assert "How travellers&#39; target DP is made" in _party(html, "travellers")
    assert "How bandits" not in html
    assert "personal DP" not in html  # each member's DP is its card's (issue 13)
    cards = {card.id: card for card in PERCENTILE.cards(session.state, Sight.player({"brenna"}))}
    assert {f.label: f.value for f in cards["brenna"].facts}["Determination"] == "10"
    assert "Determination" not in {f.label for f in cards["garth"].facts}  # not hers to see
    assert 'id="member-garth">Garth</li>' in html.replace("\n", "")
    assert ">Brenna: argue (Negotiation)</button>" in html
    other = render(session, Sight.player({"oswin"}))
    assert 'id="social-actions"' not in other  # not Oswin's turn


def test_the_winners_choice_is_in_the_panel() -> None:
    session, dice = talk(10, 1, 5, 2)
    say(session, scmd.ARGUE, "brenna")
    end_turn(session, "brenna")
    say(session, scmd.ARGUE, "garth")
    for who in ("garth", "wren"):
        end_turn(session, who)
    dice.feed(40, 20)
    end_turn(session, "oswin")
    html = render(session, GM_SIGHT)
    choice = html.split('id="argument-choice"')[1].split("</div>\n  </div>")[0]
    assert "Brenna wins the argument: deal or block?" in choice
    assert "Brenna rolled 40 (success), 2 social damage; Garth rolled 20 (success)" in choice
    assert 'name="option" value="block"' in choice
    assert 'name="option" value="deal"' in choice
    assert f"/decisions/{session.pending.id}" in choice  # type: ignore[union-attr]


def test_once_over_the_panel_says_how_it_ended() -> None:
    session, _ = talk(10, 1, 5, 2, length="one_chance")
    for who in ("brenna", "garth", "wren", "oswin"):
        end_turn(session, who)
    html = render(session, GM_SIGHT)
    assert "Social encounter over" in html
    assert "travellers: Defeat; bandits: Defeat" in html
    assert "rounds left" not in html
