"""The GM takes a character off the battlefield mid-encounter (``encounter/leaving.py``,
C-18, C-21): the turn order, the acting character, the skill in use and its decisions,
concentration, the end of the fight; undone and replayed like any command."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.session import Session
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.state import Concentration, Link, TacticalState
from tablekeeper.rulesets.tactical.ruleset import TACTICAL

from .table import do, foe, hero, kinds, table, use

SWORD: dict[str, Any] = {"style": ["slash"], "wielding": [{"name": "sword"}]}


def remove(session: Session[TacticalState], key: str) -> tuple[Event, ...]:
    return session.submit(TACTICAL.remove_actor(session.state, key))


def test_a_character_leaves_a_fresh_encounter_and_the_turn_order() -> None:
    s = table(hero(), foe("a"), foe("b", position=[8, 5]))
    events = remove(s, "a")
    assert kinds(events) == [ev.LEFT]
    assert "a" not in s.state.characters
    assert s.state.clock is not None
    assert s.state.clock.order == ("hero", "b")
    assert s.state.turn is not None
    assert s.state.turn.actor == "hero"
    assert s.state.ended is None


def test_mid_round_the_turn_stays_with_whoever_has_it() -> None:
    s = table(hero(), foe("a"), foe("b", position=[8, 5]))
    do(s, cmd.END_TURN, "hero")
    do(s, cmd.END_TURN, "a")
    assert s.state.turn is not None
    assert s.state.turn.actor == "b"
    remove(s, "hero")  # before b in the order: b keeps its turn
    assert s.state.clock is not None
    assert (s.state.clock.order, s.state.clock.turn, s.state.clock.round) == (("a", "b"), 1, 1)
    assert s.state.turn is not None
    assert s.state.turn.actor == "b"


def test_the_acting_character_leaves_and_the_next_standing_one_begins() -> None:
    s = table(hero(), hero("ally", position=[1, 2]), foe("a"), foe("b", position=[8, 5]))
    do(s, cmd.END_TURN, "hero")
    s.submit(Command.of(GM, "tactical.defeat", cmd.CharacterOnly(character=ActorId("a"))))
    remove(s, "ally")  # a is defeated: b's turn
    assert s.state.turn is not None
    assert s.state.turn.actor == "b"
    assert s.state.clock is not None
    assert s.state.clock.round == 1
    do(s, cmd.END_TURN, "b")
    assert s.state.turn is not None
    assert s.state.turn.actor == "hero"
    assert s.state.clock.round == 2


def test_the_last_in_the_order_leaves_on_its_turn_and_a_new_round_begins() -> None:
    s = table(hero(), foe("a"), foe("b", position=[8, 5]))
    do(s, cmd.END_TURN, "hero")
    do(s, cmd.END_TURN, "a")
    remove(s, "b")
    assert s.state.clock is not None
    assert (s.state.clock.round, s.state.turn and s.state.turn.actor) == (2, "hero")


def test_a_target_whose_defense_is_pending_leaves_and_the_skill_is_over() -> None:
    s = table(hero(position=[2, 2], **SWORD), foe("a", position=[3, 2]), foe("b", position=[7, 4]))
    use(s, "hero", "slash", target="a")
    s.answer("none")  # b, a's ally, may Shout Out first
    assert s.pending is not None
    assert s.pending.chooser == "a"
    events = remove(s, "a")
    assert s.pending is None
    assert s.state.use is None
    assert s.state.awaiting is None
    assert ev.YIELD_ROLLED not in kinds(events)
    assert s.state.turn is not None
    assert s.state.turn.action_used


def test_a_reaction_offered_because_of_a_target_who_leaves_is_withdrawn() -> None:
    s = table(hero(position=[2, 2], **SWORD), foe("a", position=[3, 2]), foe("b", position=[7, 4]))
    use(s, "hero", "slash", target="a")
    assert s.pending is not None
    assert s.pending.chooser == "b"
    remove(s, "a")
    assert s.pending is None
    assert s.state.use is None
    assert s.state.awaiting is None


def test_of_two_targets_the_one_left_is_still_asked_and_resolved() -> None:
    s = table(
        hero(style=["fire_burst"], position=[1, 2], focus=6),
        foe("a", position=[5, 2]),
        foe("b", position=[5, 3]),
    )
    use(s, "hero", "fire_burst", point=[5, 2])
    assert s.pending is not None
    assert s.pending.chooser == "a"
    remove(s, "a")
    assert s.pending is not None
    assert s.pending.chooser == "b"
    s.answer("dodge")
    assert s.state.use is None
    assert s.state.character("b").poise < 5


def test_the_attacker_leaves_while_its_target_chooses() -> None:
    s = table(hero(position=[2, 2], **SWORD), foe("a", position=[3, 2]), hero("ally"))
    use(s, "hero", "slash", target="a")
    remove(s, "hero")
    assert s.pending is None
    assert s.state.use is None
    assert s.state.turn is not None
    assert s.state.turn.actor == "a"


def test_removing_the_last_of_a_side_ends_the_fight() -> None:
    s = table(hero(), foe("a"))
    events = remove(s, "a")
    assert kinds(events) == [ev.LEFT, ev.ENDED]
    assert s.state.ended == "heroes left standing"


def test_its_concentration_ends_and_takes_what_it_kept_on_others() -> None:
    """S-CONC-05: a condition kept by concentration ends with it; one kept on the leaver
    by another goes with the leaver (the other's link is dropped)."""
    s = table(hero(position=[2, 2], conditions=["hindered"]), foe("a", conditions=["guarded"]))
    held = {
        ActorId("a"): Concentration(
            skill="slash", links=(Link(character="hero", condition="hindered"),)
        ),
        ActorId("hero"): Concentration(
            skill="slash", links=(Link(character="a", condition="guarded"),)
        ),
    }
    session = Session(
        s.engine, s.state.model_copy(update={"concentrations": held}), roller=s.roller
    )
    events = session.submit(TACTICAL.remove_actor(session.state, "a"))
    assert [e.payload["reason"] for e in events if e.kind == ev.CONCENTRATION_ENDED] == ["removed"]
    assert session.state.character("hero").conditions == ()
    assert session.state.concentrations[ActorId("hero")].links == ()


def test_an_unknown_character_is_refused_naming_it() -> None:
    s = table(hero(), foe())
    with pytest.raises(IllegalCommandError) as refused:
        remove(s, "ghost")
    assert refused.value.field == "character"


def test_undo_puts_it_back_and_replay_gives_the_same_state() -> None:
    s = table(hero(position=[2, 2], **SWORD), foe("a", position=[3, 2]), foe("b"))
    use(s, "hero", "slash", target="a")
    before = s.state
    remove(s, "a")
    assert s.replay() == s.state
    s.undo()
    assert s.state == before
    assert s.pending is not None
    assert s.pending.chooser == "b"
    s.redo()
    assert "a" not in s.state.characters
    assert s.replay() == s.state


def test_the_log_says_who_left() -> None:
    s = table(hero(), foe("a"), foe("b", position=[8, 5]))
    (event,) = remove(s, "a")
    assert TACTICAL.words.event_sentence(event, {"a": "Goblin"}, GM_SIGHT) == (
        "Goblin leaves the battlefield"
    )


def test_a_session_that_keeps_no_log_withdraws_the_decision_too() -> None:
    """The unlogged fast path (``Session.keep_no_log``) reaches the logged path's state."""
    logged = table(hero(position=[2, 2], **SWORD), foe("a", position=[3, 2]), foe("b"))
    unlogged = table(hero(position=[2, 2], **SWORD), foe("a", position=[3, 2]), foe("b"))
    unlogged.keep_no_log()
    for s in (logged, unlogged):
        use(s, "hero", "slash", target="a")
        s.submit(TACTICAL.remove_actor(s.state, "b"))  # Shout Out's offer goes with b
    assert unlogged.state == logged.state
    assert (unlogged.pending is None) == (logged.pending is None)
    if logged.pending is not None and unlogged.pending is not None:
        assert unlogged.pending.chooser == logged.pending.chooser
