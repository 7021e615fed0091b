"""The ``fractal`` encounter engine: one command table, four kinds of decision.

:class:`FractalEngine` is a :class:`~tablekeeper.engine.table_engine.TableEngine` over
:data:`COMMANDS`. A decision is about a defense (F-CORE-05), Sustain Spell at the refresh
(F-MAGIC-MICRO-08), a Noxious or Hazardous space at a turn's start (F-SCENE-10,
F-SCENE-15), or a boss's concession (F-GM-09); the state records it (``awaiting``) and
:data:`RESUMES` plays the answer on. ``proceed`` drives every open Micro conflict until
someone must choose or act.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.command_table import CommandSpec, CommandTable, ResumeSpec, ResumeTable
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.events import Event
from tablekeeper.engine.table_engine import TableEngine
from tablekeeper.engine.values import ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter import gm, legality
from tablekeeper.rulesets.fractal.encounter.acting import play_act
from tablekeeper.rulesets.fractal.encounter.candidates import in_order
from tablekeeper.rulesets.fractal.encounter.defending import answer_concession, answer_defense
from tablekeeper.rulesets.fractal.encounter.exchanges import drive, end_turn
from tablekeeper.rulesets.fractal.encounter.fold import fold
from tablekeeper.rulesets.fractal.encounter.hybrid import (
    HYBRID,
    HybridProject,
    check_hybrid,
    start_hybrid,
)
from tablekeeper.rulesets.fractal.encounter.macro import macro_check, reroll
from tablekeeper.rulesets.fractal.encounter.nano_declare import (
    DECLARE,
    RETURN_TO_DROP,
    Declare,
    ReturnToDrop,
    check_declare,
    check_return,
    play_declare,
    return_to_drop,
)
from tablekeeper.rulesets.fractal.encounter.nano_flow import drive_duel
from tablekeeper.rulesets.fractal.encounter.solo import finish, serve, work_on
from tablekeeper.rulesets.fractal.encounter.spells import sustain
from tablekeeper.rulesets.fractal.encounter.spending import commit
from tablekeeper.rulesets.fractal.encounter.state import (
    CharacterSpec,
    FractalState,
    PendingConcession,
    PendingDefense,
    PendingSustain,
    PendingTurnStart,
)
from tablekeeper.rulesets.fractal.encounter.transform import (
    TRANSFORM,
    Transform,
    check_transform,
    open_next,
    transform,
)
from tablekeeper.rulesets.fractal.encounter.turn_start import answer_turn_start
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.options import FractalOptions


def new_encounter(
    options: FractalOptions | None = None, *, house_rules: dict[str, Any] | None = None
) -> FractalState:
    """An empty encounter playing by ``options``, with a GM's ``house_rules`` (both travel
    in the state, so a replay plays by the same rules)."""
    state = FractalState(options=options or FractalOptions(), house_rules=house_rules or None)
    _ = state.catalogue  # the house rules must load
    return state


def _end_turn(work: Work, order: cmd.Who) -> None:
    end_turn(work, order.conflict, order.character)


def _assist(work: Work, order: cmd.Assist) -> None:
    commit(work, order.character, order.dice, "neutral", False, "an Assist")
    work.emit(
        ev.BONUS_DICE,
        ev.BonusDice(
            conflict=order.conflict,
            by=order.character,
            to=order.to,
            dice=order.dice,
            rule="F-GM-08",
        ),
    )


def _finish(work: Work, order: cmd.ConflictOnly) -> None:
    finish(work, order.conflict)


def _answer_defense(
    work: Work, about: PendingDefense, chooser: ActorId, option: str
) -> Decision | None:
    return answer_defense(work, about, chooser, option)


def _answer_sustain(work: Work, about: PendingSustain, chooser: ActorId, option: str) -> None:
    sustain(work, about, option)


COMMANDS: CommandTable[FractalState, Work] = CommandTable(
    "fractal",
    [
        CommandSpec(cmd.ADD_CHARACTER, CharacterSpec, gm.add_character, legality.add, gm_only=True),
        CommandSpec(cmd.ACT, cmd.Act, play_act, legality.act),
        CommandSpec(cmd.END_TURN, cmd.Who, _end_turn, legality.end_turn, free_action=True),
        CommandSpec(cmd.ASSIST, cmd.Assist, _assist, legality.assist),
        CommandSpec(cmd.SOLO_ROLL, cmd.WorkOnProject, work_on, legality.work_on),
        CommandSpec(
            cmd.FINISH_PROJECT, cmd.ConflictOnly, _finish, legality.finish_project, free_action=True
        ),
        CommandSpec(cmd.MACRO, cmd.MacroCheck, macro_check, legality.macro, title="Macro check"),
        CommandSpec(cmd.REROLL, cmd.CharacterOnly, reroll, legality.reroll),
        CommandSpec(DECLARE, Declare, play_declare, check_declare, title="Declare (Nano)"),
        CommandSpec(
            HYBRID,
            HybridProject,
            start_hybrid,
            check_hybrid,
            gm_only=True,
            title="A project during the duel",
        ),
        CommandSpec(
            TRANSFORM,
            Transform,
            transform,
            check_transform,
            gm_only=True,
            title="Transform the conflict",
        ),
        CommandSpec(
            RETURN_TO_DROP,
            ReturnToDrop,
            return_to_drop,
            check_return,
            gm_only=True,
            title="Return to The Drop",
        ),
        CommandSpec(cmd.DRESS, cmd.Dress, gm.dress, legality.has_condition, title="Dress a wound"),
        CommandSpec(
            cmd.OPEN_CONFLICT,
            cmd.OpenConflict,
            gm.open_conflict,
            legality.open_conflict,
            gm_only=True,
            title="Open a conflict",
        ),
        CommandSpec(
            cmd.CLOSE_CONFLICT,
            cmd.CloseConflict,
            gm.close_conflict,
            legality.close,
            gm_only=True,
            title="Close a conflict",
        ),
        CommandSpec(
            cmd.JOIN, cmd.Join, gm.join, legality.join, gm_only=True, title="Move into a conflict"
        ),
        CommandSpec(
            cmd.LEAVE,
            cmd.Who,
            gm.leave,
            legality.in_conflict,
            gm_only=True,
            title="Leave a conflict",
        ),
        CommandSpec(
            cmd.PLACE_ELEMENT,
            cmd.PlaceElement,
            gm.place,
            legality.element,
            gm_only=True,
            title="Place a scene element",
        ),
        CommandSpec(
            cmd.CLEAR_ELEMENT,
            cmd.ClearElement,
            gm.clear,
            legality.clear,
            gm_only=True,
            title="Clear a scene element",
        ),
        CommandSpec(
            cmd.INFLICT,
            cmd.Inflict,
            gm.rule_condition,
            legality.inflict,
            gm_only=True,
            title="Inflict a condition",
        ),
        CommandSpec(
            cmd.REMOVE,
            cmd.RemoveCondition,
            gm.remove_condition,
            legality.has_condition,
            gm_only=True,
            title="Rule a condition healed",
        ),
        CommandSpec(cmd.PASS_TIME, cmd.PassTime, gm.pass_minutes, gm_only=True, title="Pass time"),
        CommandSpec(
            cmd.REDEFINE,
            cmd.Redefine,
            gm.redefine,
            legality.in_conflict,
            gm_only=True,
            title="Redefine time and distance",
        ),
        CommandSpec(
            cmd.FLIP,
            cmd.Flip,
            gm.flip,
            legality.in_conflict,
            gm_only=True,
            title="Flip a character",
        ),
        CommandSpec(
            cmd.ARMOR,
            cmd.SetArmor,
            gm.set_armor,
            legality.in_conflict,
            gm_only=True,
            title="Set Routine Armor",
        ),
        CommandSpec(
            cmd.CONSUME,
            cmd.Who,
            gm.consume,
            legality.in_conflict,
            gm_only=True,
            title="Consume in a Tainted space",
        ),
        CommandSpec(
            cmd.SERVE,
            cmd.Serve,
            serve,
            legality.serve,
            gm_only=True,
            title="Serve the meal, show the work",
        ),
    ],
)
"""Every command kind, its payload model, its check and how it is played."""

RESUMES: ResumeTable[Work] = ResumeTable(
    [
        ResumeSpec(PendingDefense, _answer_defense),
        ResumeSpec(PendingSustain, _answer_sustain),
        ResumeSpec(PendingTurnStart, answer_turn_start),
        ResumeSpec(PendingConcession, answer_concession),
    ]
)
"""What a pending decision is about, and how its answer plays on."""


class FractalEngine(TableEngine[FractalState, Work]):
    """The encounter engine of the ``fractal`` ruleset."""

    commands = COMMANDS
    resumes = RESUMES

    def draft(self, state: FractalState, roller: Roller) -> Work:
        return Work(state, roller)

    def fold(self, state: FractalState, event: Event) -> FractalState:
        return fold(state, event.kind, ev.read_event(event))

    def awaiting(self, state: FractalState) -> Any:
        return state.awaiting.about

    def admit(
        self, state: FractalState, command: Command, spec: CommandSpec[Any, Any, Any], payload: Any
    ) -> None:
        if state.awaiting.about is not None:
            raise IllegalCommandError("a decision is pending: answer it first", field="kind")
        legality.authorize(state, command, payload)

    def proceed(self, work: Work, decision: Decision | None) -> Decision | None:
        if decision is not None:
            return decision
        found = self._drive(work)
        while found is None and open_next(work):  # Split the Scene (F-GM-10)
            found = self._drive(work)
        return found

    def _drive(self, work: Work) -> Decision | None:
        for conflict in list(work.state.open_conflicts()):
            if conflict.level == "nano":
                found = drive_duel(work, conflict.id)
                if found is not None:
                    return found
                continue
            found = drive(work, conflict.id)
            if found is not None:
                return found
        return None

    def candidates(self, state: FractalState, actor: ActorId) -> Iterable[Command]:
        """Best first, each built when it is asked for (``legal_lazily`` reads few)."""
        return in_order(state, actor)


ENGINE = FractalEngine()
