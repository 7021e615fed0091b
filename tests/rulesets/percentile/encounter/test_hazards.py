"""A Bash into a hazardous zone through the encounter (P-OPT-24, G-P-C13): the Attack
command's ``hazard``, the target's Athletics or Dodge from its stat block, the log."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.engine import Event, Session
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.errors import IllegalCommandError, InvalidInputError
from tablekeeper.rulesets.percentile.encounter import PercentileState, add_combatant, start
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.words import WORDS, table_names

from .helpers import Dice, act, add, contributions, of_kind, stats, table


def _bash_duel(**brenna: Any) -> tuple[Session[PercentileState], Dice]:
    """Aldric (first) against Brenna, whose stat block takes ``brenna``'s changes."""
    session, dice = table()
    add(session, "aldric", "party")
    session.submit(add_combatant(id="brenna", side="foes", stats=stats("Brenna", **brenna)))
    dice.feed(9, 2)
    session.submit(start())
    return session, dice


def _bash(session: Session[PercentileState], dice: Dice, *, at_edge: bool) -> None:
    dice.feed(30)  # Aldric's Sword 60%: a success
    act(
        session,
        cmd.ATTACK,
        "aldric",
        targets=["brenna"],
        intent="bash",
        hazard={"at_edge": at_edge},
    )


def _lines(session: Session[PercentileState], events: tuple[Event, ...]) -> list[str]:
    names = table_names(session.state)
    return [line for event in events if (line := WORDS.event_sentence(event, names, GM_SIGHT))]


def test_a_bashed_target_rolls_its_better_skill_and_stops_at_the_edge() -> None:
    # P-OPT-24: "they get an Athletics or Dodge roll (whichever is better) to stop at the
    # edge of the zone" -- Dodge 70 beats Athletics 40, read from Brenna's stat block.
    skills = {**stats("Brenna")["skills"], "Dodge": 70}
    session, dice = _bash_duel(skills=skills)
    _bash(session, dice, at_edge=False)
    dice.feed(8, 60)  # damage 1d8, then the d100 to stop at the edge: 60 against 70%
    events = session.answer("none")
    dice.done()
    (edge,) = of_kind(events, ev.CHECK_ROLLED)
    assert edge.payload["purpose"] == "bash_edge"
    assert edge.payload["combatant"] == "brenna"
    assert edge.payload["note"] == "stops at the edge"
    assert sum(contributions(edge).values()) == 70
    (pushed,) = of_kind(events, ev.PUSHED)
    assert (pushed.payload["meters"], pushed.payload["into_hazard"]) == (1, False)
    (resolved,) = of_kind(events, ev.ATTACK_RESOLVED)
    assert resolved.payload["outcome"]["hazard"]["into_hazard"] is False
    assert "Brenna stops at the edge (pushed 1 m by Aldric)" in _lines(session, events)


def test_a_failed_roll_puts_the_bashed_target_in_the_hazard() -> None:
    # P-OPT-24: a failed Athletics (40%, the better on a tie with Dodge 40%) roll.
    session, dice = _bash_duel()
    _bash(session, dice, at_edge=False)
    dice.feed(8, 75)
    events = session.answer("none")
    dice.done()
    (edge,) = of_kind(events, ev.CHECK_ROLLED)
    assert edge.payload["purpose"] == "bash_edge"
    assert edge.payload["note"] == "pushed into the hazard"
    assert sum(contributions(edge).values()) == 40
    assert of_kind(events, ev.PUSHED)[0].payload["into_hazard"] is True
    lines = _lines(session, events)
    assert "Brenna rolls to stop at the edge: 75 against 40%, failure" in lines
    assert "Brenna is pushed into the hazard (1 m by Aldric)" in lines


def test_a_target_already_at_the_edge_goes_in_without_a_roll() -> None:
    # P-OPT-24: "If they were already at the edge, they can't avoid it."
    session, dice = _bash_duel()
    _bash(session, dice, at_edge=True)
    dice.feed(8)  # the damage only: no d100 for the edge
    events = session.answer("none")
    dice.done()
    assert not of_kind(events, ev.CHECK_ROLLED)
    assert of_kind(events, ev.PUSHED)[0].payload["into_hazard"] is True
    assert "Brenna is pushed into the hazard (1 m by Aldric)" in _lines(session, events)


def test_a_bash_without_a_hazard_logs_a_plain_push() -> None:
    # P-OPT-23: no hazardous zone, no roll to stop at the edge.
    session, dice = _bash_duel()
    dice.feed(30)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"], intent="bash")
    dice.feed(8)
    events = session.answer("none")
    dice.done()
    assert not of_kind(events, ev.CHECK_ROLLED)
    assert of_kind(events, ev.PUSHED)[0].payload["into_hazard"] is None


@pytest.mark.parametrize("intent", ["damage", "disarm"])
def test_a_hazard_on_an_attack_that_is_not_a_bash_is_refused(intent: str) -> None:
    # P-OPT-24 (G-P-C13): the hazard is allowed only on a Bash.
    session, dice = _bash_duel()
    with pytest.raises((IllegalCommandError, InvalidInputError), match="hazard") as refused:
        act(session, cmd.ATTACK, "aldric", targets=["brenna"], intent=intent, hazard={})
    assert refused.value.field == "hazard"
    assert session.state.combatant("aldric").actions_left == 2
    dice.done()
