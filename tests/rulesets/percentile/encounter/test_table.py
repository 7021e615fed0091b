"""One command table, one continuation: every kind once, with its flags, and every
decision's resume.

The table replaced five string-keyed tables (models, checks, handlers, the GM's commands,
the free actions); these tests pin what those said, so the port changed no behaviour.
"""

from __future__ import annotations

import typing

import pytest

from tablekeeper.engine.table_engine import TableEngine
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import COMMANDS, PercentileEngine, order
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter.pending import Awaiting
from tablekeeper.rulesets.percentile.encounter.resumes import RESUMES
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE

from .helpers import act, duel


def _kinds(module: object) -> set[str]:
    return {
        value
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and value.startswith("percentile.")
    }


KINDS = _kinds(cmd)
"""Every kind constant of ``commands.py`` (``GM``, imported there, is not one)."""

SOCIAL_KINDS = _kinds(scmd)
"""Every kind constant of a social encounter's ``social/commands.py``."""


def test_every_kind_constant_is_in_the_table_once() -> None:
    assert set(COMMANDS.kinds) == KINDS | SOCIAL_KINDS
    assert not KINDS & SOCIAL_KINDS
    assert len(COMMANDS) == 35 + 16  # the combat kinds with the removal (C-21)
    assert all(kind.startswith("percentile.") for kind in COMMANDS.kinds)
    assert isinstance(PERCENTILE.engine, TableEngine)
    assert isinstance(PERCENTILE.engine, PercentileEngine)
    assert PERCENTILE.engine.commands is COMMANDS


def test_the_gm_commands_and_the_free_actions_are_those_of_before() -> None:
    combat = [spec for spec in COMMANDS if spec.kind not in SOCIAL_KINDS]
    gm = {spec.kind for spec in combat if spec.gm_only}
    assert gm == {
        cmd.ADD_COMBATANT,
        cmd.REMOVE_COMBATANT,
        cmd.START,
        cmd.END,
        cmd.DAMAGE,
        cmd.ENGAGE,
    }
    free = {spec.kind for spec in combat if spec.free_action}
    assert free == {  # P-REA-02 .. P-REA-04, releases, Wait (P-ACT-24), ending the turn
        cmd.DROP,
        cmd.SPEAK,
        cmd.STEP,
        cmd.USE_PASSION,
        cmd.RELEASE,
        cmd.LET_GO,
        cmd.WAIT,
        cmd.END_TURN,
    }
    forms = [(item.kind, item.title) for item in PERCENTILE.gm_commands()]
    assert forms[:3] == [
        (cmd.DAMAGE, "Deal damage by ruling"),
        (cmd.ENGAGE, "Rule two combatants engaged"),
        (cmd.END, "End the encounter"),
    ]


def test_a_social_encounters_gm_commands_and_free_actions() -> None:
    social = [spec for spec in COMMANDS if spec.kind in SOCIAL_KINDS]
    gm = {spec.kind for spec in social if spec.gm_only}
    assert gm == {scmd.START_SOCIAL, scmd.RULE_TARGET, scmd.GM_GRUDGE, scmd.TO_COMBAT}
    free = {spec.kind for spec in social if spec.free_action}
    # P-SOC-23, P-SOC-24: Cast Magic and Use Passion are the social encounter's free actions
    assert free == {scmd.SOCIAL_CAST, scmd.SOCIAL_PASSION, scmd.SOCIAL_END_TURN}
    forms = [(item.kind, item.title) for item in PERCENTILE.gm_commands()][3:]
    assert forms == [
        (scmd.START_SOCIAL, "Start a social encounter"),
        (scmd.RULE_TARGET, "Rule a party's target DP (the GM's final say)"),
        (scmd.GM_GRUDGE, "Use a grudge: -20% to a character's next roll"),
        (scmd.TO_COMBAT, "Turn the social encounter into combat"),
    ]


def test_every_kind_of_decision_resumes() -> None:
    (union, _) = typing.get_args(Awaiting)
    for model in typing.get_args(union):
        about = model.model_construct()
        assert RESUMES.spec(about).about is model


def test_a_player_cannot_give_the_gms_commands() -> None:
    session, _ = duel(9, 2)
    for kind, fields in ((cmd.END, {}), (cmd.ENGAGE, {"pair": ["aldric", "brenna"]})):
        with pytest.raises(IllegalCommandError, match=f"only the GM may {kind}") as caught:
            session.submit(order(kind, None, actor="aldric", **fields))
        assert caught.value.field == "actor"


def test_a_free_action_needs_no_action_left() -> None:
    # P-REA-02: Speak is free; a Move is not, once the actions are spent
    session, dice = duel(9, 2)
    dice.feed(95, 95)
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    act(session, cmd.ATTACK, "aldric", targets=["brenna"])
    assert session.state.combatant("aldric").actions_left == 0
    act(session, cmd.SPEAK, "aldric", text="Yield!")
    with pytest.raises(IllegalCommandError, match="no action left"):
        act(session, cmd.MOVE, "aldric", meters=2)


def test_an_unknown_kind_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(IllegalCommandError, match=r"known: percentile\.ability, ") as caught:
        order("percentile.somersault", "aldric")
    assert caught.value.field == "kind"
    with pytest.raises(IllegalCommandError, match="no command 'attack'"):
        order("attack", "aldric", targets=["brenna"])  # a kind is the full constant
