"""The engine's contract: the order of events within one second, legal commands, refusals,
GM overrides, and the clock (G-R-01)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tablekeeper.rulesets.realtime.encounter as encounter_package
from tablekeeper.engine import GM, Command, add_condition, set_value
from tablekeeper.errors import IllegalCommandError, InvalidInputError
from tablekeeper.rulesets.realtime.encounter import (
    add_creature,
    advance,
    damage,
    heal,
    move,
    rest,
    start_action,
    support,
)

from .helpers import cast, kinds, of_kind, table


def test_one_second_resolves_in_the_ruled_order() -> None:
    # docs/rulings.md, "Order of events within one second".
    session = table([])
    session.submit(add_creature(id="eve", side="party", hp=5, max_hp=50, position=(20, 20)))
    session.submit(rest("eve", quality="poor", hours=1))  # ends with second 3600
    session.submit(advance(3599))
    cast(session, aliena=(0, 0), balthazar=(1, 0), calliope=(0, 1))
    session.submit(add_creature(id="demilio", side="foes", hp=-1, position=(9, 9)))
    session.submit(set_value("creatures.demilio.seconds_negative", 174, reason="long fall"))
    session.submit(damage("calliope", 25))  # -5 HP, dying
    session.submit(start_action("aliena", name="Complex Spell*", cost=1))
    session.submit(move("balthazar", (3, 0), cost=1))
    events = session.submit(advance(1))
    assert kinds(events) == [
        "advance_started",
        "second_ending",  # 2. charges gained
        "action_completed",  # 3. Aliena's Complex Spell* (order of addition)
        "trigger_opened",  #    ... its trigger (Balthazar within her reach)
        "action_completed",  #    Balthazar's move
        "moved",
        "trigger_opened",  #    ... he left Aliena's and Calliope's reach
        "reaction_offered",  # 4. reactions: trigger by trigger
        "decision.requested",
    ]
    assert session.pending is not None
    assert session.pending.chooser == "balthazar"
    events = session.answer("decline")
    assert kinds(events)[1:] == [
        "reaction_declined",
        "reaction_offered",  # Aliena, about his leaving (Calliope is unconscious)
        "decision.requested",
    ]
    events = session.answer("decline")
    assert kinds(events)[1:] == [
        "reaction_declined",
        "died",  # 5. Demilio: 175 s at negative HP
        "rest_ended",  # 6. Eve's planned hour is complete
        "second_ended",  # 7. the dying count a second more; the clock moves on
    ]
    assert session.state.second == 3601
    assert session.state.creature("calliope").seconds_negative == 1


def test_a_rest_completing_ends_before_the_second_does() -> None:
    session = table([])
    session.submit(add_creature(id="aliena", side="party", hp=5, max_hp=50))
    session.submit(rest("aliena", quality="poor", hours=1))
    events = session.submit(advance(3600))
    assert kinds(events)[-3:] == ["second_ending", "rest_ended", "second_ended"]


def test_quiet_seconds_are_logged_together() -> None:
    # G-R-01: the clock runs in whole seconds; nothing happening is one event.
    session = table()
    cast(session, aliena=(0, 0))
    session.submit(start_action("aliena", name="Ritual", cost=100))
    events = session.submit(advance(120))
    assert kinds(events) == [
        "advance_started",
        "seconds_elapsed",
        "second_ending",
        "action_completed",
        "second_ended",
        "seconds_elapsed",
    ]
    assert session.state.second == 121


@pytest.mark.parametrize("rate", [2, 3])
def test_a_creature_charges_its_own_rate_never_past_the_cost(rate: int) -> None:
    # G-R-01, option ap_per_second (per creature).
    session = table()
    session.submit(add_creature(id="aliena", side="party", hp=10, ap_per_second=rate))
    session.submit(start_action("aliena", name="Volley", cost=5))
    session.submit(advance(1))
    charge = session.state.creature("aliena").charge
    assert charge is not None
    assert charge.charged == rate
    (completed,) = of_kind(session.submit(advance(5)), "action_completed")
    assert completed.payload["second"] == -(-5 // rate)


def test_the_table_wide_rate_is_an_option() -> None:
    session = table(ap_per_second=5)
    cast(session, aliena=(0, 0))
    session.submit(start_action("aliena", name="Volley", cost=5))
    (completed,) = of_kind(session.submit(advance(1)), "action_completed")
    assert completed.payload["second"] == 1


def test_legal_commands() -> None:
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0), calliope=(0, 1))
    assert session.legal_commands(GM) == (advance(1),)
    kinds_of = [command.kind for command in session.legal_commands("aliena")]
    assert kinds_of.count("realtime.start_action") == 2  # the catalogue's actions
    # G-R-E4: not onto Balthazar's (1, 0) nor Calliope's (0, 1)
    assert kinds_of.count("realtime.move") == 2
    session.submit(damage("calliope", 22))
    assert session.legal_commands("calliope") == ()
    assert session.legal_commands("aliena")[0] == support("aliena", "calliope")
    session.submit(start_action("aliena", name="Aim", cost=3))
    assert [c.kind for c in session.legal_commands("aliena")] == [
        "realtime.support",
        "realtime.cancel_action",
    ]
    session.submit(move("balthazar", (3, 0), cost=1))
    session.submit(advance(1))
    assert session.pending is not None
    assert session.legal_commands("balthazar") == ()


@pytest.mark.parametrize(
    ("command", "field", "message"),
    [
        (Command(actor=GM, kind="realtime.fly"), "kind", "no command 'realtime.fly'"),
        (start_action("bob", name="x", cost=1), "creature", "no creature 'bob'"),
        (start_action("aliena", action="fireball"), "action", "no action 'fireball'"),
        (start_action("aliena", name="x", cost=1, actor="balthazar"), "actor", "orders to"),
        (move("aliena", (5, 5), voluntary=False, actor="aliena"), "actor", "only the GM"),
        (move("aliena", (0, 0)), "to", "already stands on"),
        (damage("aliena", 1).model_copy(update={"actor": "aliena"}), "actor", "only the GM"),
        (add_creature(id="aliena", side="x", hp=1), "id", "already here"),
    ],
)
def test_refusals_name_the_field(command: Command, field: str, message: str) -> None:
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    with pytest.raises(IllegalCommandError, match=message) as caught:
        session.submit(command)
    assert caught.value.field == field


def test_bad_payloads_name_the_field() -> None:
    with pytest.raises(InvalidInputError, match=r"payload\.cost") as caught:
        start_action("aliena", name="x", cost=0)
    assert caught.value.field == "payload.cost"
    with pytest.raises(InvalidInputError, match="name a catalogue action"):
        start_action("aliena", name="x")
    with pytest.raises(InvalidInputError, match="'gm' is the GM's id"):
        add_creature(id="gm", side="x", hp=1)


def test_a_creature_heals_another() -> None:
    session = table()
    cast(session, aliena=(0, 0), calliope=(0, 1))
    session.submit(damage("calliope", 5))
    session.submit(heal("calliope", 3, actor="aliena"))
    assert session.state.creature("calliope").hp == 18


def test_gm_overrides_are_events_undone_like_any_command() -> None:
    session = table()
    cast(session, aliena=(0, 0), balthazar=(1, 0))
    session.submit(set_value("catalogue.reactions.opportunity_attack.cooldown", 3, reason="talent"))
    session.submit(add_condition("creatures.aliena", "prone", reason="tripped"))
    session.submit(move("balthazar", (2, 0), cost=1))
    session.submit(advance(1))
    (used,) = of_kind(session.answer("react:opportunity_attack"), "reaction_used")
    assert used.payload["ready_at"] == 4
    assert session.state.creature("aliena").conditions == ("prone",)
    for _ in range(5):
        session.undo()
    assert session.state.catalogue.reactions["opportunity_attack"].cooldown == 8
    session.submit(start_action("aliena", name="Aim", cost=2))
    with pytest.raises(InvalidInputError, match="more than its cost"):
        session.submit(set_value("creatures.aliena.charge.charged", 5, reason="cheat"))


MODULES = sorted(
    info.name
    for info in pkgutil.iter_modules(
        encounter_package.__path__, "tablekeeper.rulesets.realtime.encounter."
    )
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
