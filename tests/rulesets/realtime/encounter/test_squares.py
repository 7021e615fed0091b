"""G-R-E4: a square holds one creature; a move may not end where another stands, dead or
alive, unless the table's ``shared_squares`` option lets creatures share squares."""

from __future__ import annotations

import pytest

from tablekeeper.engine import GM, GM_SIGHT, set_value
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.encounter import advance, move
from tablekeeper.rulesets.realtime.words import WORDS

from .helpers import cast, of_kind, table


def test_a_move_onto_a_living_creatures_square_is_refused_naming_both() -> None:
    # G-R-E4
    session = table()
    cast(session, aliena=(0, 1), demilio=(0, 0))
    with pytest.raises(IllegalCommandError) as refused:
        session.submit(move("demilio", (0, 1)))
    assert refused.value.field == "to"
    assert "Demilio cannot move to (0, 1): Aliena stands there" in str(refused.value)


def test_a_forced_move_onto_a_dead_creatures_square_is_refused() -> None:
    # G-R-E4: dead or alive, voluntary or not
    session = table()
    cast(session, aliena=(0, 1), demilio=(0, 0))
    session.submit(set_value("creatures.aliena.dead", True, reason="slain"))
    assert session.state.creature("aliena").dead
    with pytest.raises(IllegalCommandError, match="Aliena stands there"):
        session.submit(move("demilio", (0, 1), voluntary=False))


def test_a_move_onto_an_empty_square_is_allowed() -> None:
    # G-R-E4
    session = table()
    cast(session, aliena=(0, 1), demilio=(0, 0))
    session.submit(move("demilio", (1, 1), voluntary=False))
    assert session.state.creature("demilio").position == (1, 1)


def test_the_shared_squares_option_lets_creatures_share_a_square() -> None:
    # G-R-E4, option shared_squares
    session = table(shared_squares=True)
    cast(session, aliena=(0, 1), demilio=(0, 0))
    session.submit(move("demilio", (0, 1), voluntary=False))
    assert session.state.creature("demilio").position == (0, 1)
    steps = [c for c in session.legal_commands("aliena") if c.kind == "realtime.move"]
    assert len(steps) == 4


def test_the_candidates_never_offer_an_occupied_square() -> None:
    # G-R-E4: the moves offered to a creature, and so to unattended play, are all legal
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0), calliope=(0, 1), demilio=(-1, 0))
    session.submit(set_value("creatures.demilio.dead", True, reason="slain"))  # taken too
    offered = [c for c in session.legal_commands("aliena") if c.kind == "realtime.move"]
    assert [tuple(c.payload["to"]) for c in offered] == [(0, -1)]
    for command in offered:
        assert session.engine.allows(session.state, command)
    candidates = session.engine.candidates(session.state, "aliena")
    occupied = {creature.position for creature in session.state.creatures.values()}
    assert not [
        c for c in candidates if c.kind == "realtime.move" and tuple(c.payload["to"]) in occupied
    ]
    assert session.legal_commands(GM)


def test_a_move_completing_onto_a_square_taken_meanwhile_stays_put() -> None:
    # G-R-E4: the square is free when Aliena starts moving; Demilio is pushed onto it
    # before she arrives, and she stays where she stands, her action spent.
    session = table()
    cast(session, aliena=(0, 0), demilio=(3, 1))
    session.submit(move("aliena", (0, 1), cost=1))
    session.submit(move("demilio", (0, 1), voluntary=False))
    events = session.submit(advance(1))
    assert session.state.creature("aliena").position == (0, 0)
    assert session.state.creature("aliena").charge is None
    assert not [e for e in of_kind(events, "moved") if e.payload["creature"] == "aliena"]
    # the log says why she did not move, naming who stands there
    (blocked,) = of_kind(events, "move_blocked")
    assert blocked.payload == {"creature": "aliena", "destination": [0, 1], "by": "demilio"}
    names = {"aliena": "Aliena", "demilio": "Demilio"}
    sentence = WORDS.event_sentence(blocked, names, GM_SIGHT)
    assert sentence == "Aliena cannot reach (0, 1): Demilio stands there"
    assert WORDS.command_summary(events, names, GM_SIGHT) is not None
    assert sentence in (WORDS.command_summary(events, names, GM_SIGHT) or "")
