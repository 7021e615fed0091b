"""Roles in an encounter: what a player may do, what only the GM may, and that a refused
request writes nothing.

The issue: "The GM may do everything; a player may ... submit commands only for their own
character, and answer only their own decisions. ... Tests prove each denial (403 with a
clear message)"; "Every bad request (... decision answered twice ...) gets a 4xx JSON
error naming the field and reason; nothing is written."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tablekeeper.engine.values import GM
from tablekeeper.errors import DecisionError, ForbiddenError, UnknownNameError
from tablekeeper.rulesets.realtime.encounter.commands import advance, move, start_action
from tablekeeper.services import campaigns, encounters, logs

from .tables import GM_SECRET, NewUow, Table, memory, seat, sqlite


def _versions(new_uow: NewUow) -> tuple[int, int]:
    view = encounters.load_encounter(new_uow(), "e1")
    return view.version, len(logs.encounter_log(new_uow(), "e1"))


def _reaction(seated: Table) -> str:
    """Play until the hero is offered a reaction: the orc leaves her reach at second 2."""
    encounters.start_encounter(
        seated.new_uow(), "k1", characters=["hero", "rogue", "orc"], encounter_id="e1"
    )
    encounters.submit_command(seated.new_uow(), "e1", move("orc", (3, 0), cost=2, actor=GM))
    encounters.submit_command(seated.new_uow(), "e1", advance(2))
    view = encounters.load_encounter(seated.new_uow(), "e1")
    assert view.pending is not None
    assert view.pending.chooser == "hero"
    return view.pending.id


@pytest.mark.parametrize("ruleset", ["realtime", "percentile"])
def test_an_encounter_starts_from_characters_in_the_order_given(ruleset: str) -> None:
    # "start an encounter from characters"
    seated = seat(memory(), ruleset)
    view = encounters.start_encounter(
        seated.new_uow(), "k1", characters=["orc", "hero"], encounter_id="e1"
    )
    roster = view.state.creatures if ruleset == "realtime" else view.state.combatants
    assert list(roster) == ["orc", "hero"]
    assert view.version == 2
    added = logs.encounter_log(seated.new_uow(), "e1")
    assert [record.command_id for record in added] == ["c1", "c2"]
    if ruleset == "realtime":
        assert view.state.creature("hero").name == "Hero"  # the sheet names none
    else:
        assert view.state.combatant("orc").name == "Orc"


def test_an_unknown_character_starts_no_encounter() -> None:
    seated = seat(memory())
    with pytest.raises(UnknownNameError) as raised:
        encounters.start_encounter(
            seated.new_uow(), "k1", characters=["hero", "x"], encounter_id="e1"
        )
    assert raised.value.field == "characters.1"
    assert campaigns.list_encounters(seated.new_uow(), "k1") == []


def test_a_player_commands_their_own_character_only(tmp_path: Path) -> None:
    # "submit commands only for their own character"
    seated = seat(sqlite(tmp_path))
    encounters.start_encounter(
        seated.new_uow(), "k1", characters=["hero", "orc"], encounter_id="e1"
    )
    ann = seated.viewer(seated.ann)
    before = _versions(seated.new_uow)
    for command in (start_action("orc", action="attack"), advance(1)):
        with pytest.raises(ForbiddenError, match="only for their own character"):
            encounters.submit_command(seated.new_uow(), "e1", command, viewer=ann)
    assert _versions(seated.new_uow) == before
    played = encounters.submit_command(
        seated.new_uow(), "e1", move("hero", (0, 1), cost=1), viewer=ann
    )
    assert played.version == before[0] + 1


def test_a_player_answers_only_their_own_decision_and_only_once() -> None:
    # "answer only their own decisions"; "decision answered twice"
    seated = seat(memory())
    decision = _reaction(seated)
    before = _versions(seated.new_uow)
    with pytest.raises(ForbiddenError, match="hero's to make") as raised:
        encounters.answer_decision(
            seated.new_uow(), "e1", decision, "decline", viewer=seated.viewer(seated.bo)
        )
    assert raised.value.field == "decision"
    assert _versions(seated.new_uow) == before
    answered = encounters.answer_decision(
        seated.new_uow(), "e1", decision, "decline", viewer=seated.viewer(seated.ann)
    )
    assert answered.pending is None
    assert answered.version > before[0]
    after = _versions(seated.new_uow)
    with pytest.raises(DecisionError, match="already answered"):
        encounters.answer_decision(
            seated.new_uow(), "e1", decision, "decline", viewer=seated.viewer(seated.ann)
        )
    assert _versions(seated.new_uow) == after


def test_the_gm_may_answer_any_decision_for_its_chooser() -> None:
    seated = seat(memory())
    decision = _reaction(seated)
    answered = encounters.answer_decision(
        seated.new_uow(), "e1", decision, "decline", viewer=seated.viewer(GM_SECRET)
    )
    (record,) = [r for r in answered.records if getattr(r, "kind", "") == "decision.answered"]
    assert record.payload == {"decision": decision, "option": "decline"}


def test_undo_and_redo_are_the_gms() -> None:
    # "The GM may do everything": undo and redo are the GM's (docs/rulings.md)
    seated = seat(memory())
    encounters.start_encounter(seated.new_uow(), "k1", characters=["hero"], encounter_id="e1")
    ann = seated.viewer(seated.ann)
    before = _versions(seated.new_uow)
    with pytest.raises(ForbiddenError, match="only the GM may undo"):
        encounters.undo(seated.new_uow(), "e1", viewer=ann)
    encounters.undo(seated.new_uow(), "e1", viewer=seated.viewer(GM_SECRET))
    with pytest.raises(ForbiddenError, match="only the GM may redo"):
        encounters.redo(seated.new_uow(), "e1", viewer=ann)
    assert _versions(seated.new_uow)[0] == before[0] + 1
