"""The ``tactical`` encounter engine: turn-based play of rule document 004 on a grid.

:class:`TacticalEngine` is a :class:`~tablekeeper.engine.table_engine.TableEngine` over
one command table (:data:`COMMANDS`). A skill in use is recorded in the state
(``state.use``) and played on by ``flow.advance`` until a person must choose; what the
pending decision is about is ``state.awaiting``, and :data:`RESUMES` says how each kind
of answer plays on.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import step_memory
from tablekeeper.engine.command_table import CommandSpec, CommandTable, ResumeSpec, ResumeTable
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.events import Event
from tablekeeper.engine.steps import Step
from tablekeeper.engine.table_engine import TableEngine
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.tactical.catalogue import load_catalogue
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter import holding, moving, reacting, transitions, using
from tablekeeper.rulesets.tactical.encounter.candidates import iter_candidates
from tablekeeper.rulesets.tactical.encounter.effects import damage, defeat, interrupt
from tablekeeper.rulesets.tactical.encounter.flow import advance, choose_cunning
from tablekeeper.rulesets.tactical.encounter.fold import fold, read
from tablekeeper.rulesets.tactical.encounter.joining import check_add, play_add
from tablekeeper.rulesets.tactical.encounter.leaving import check_remove, play_remove
from tablekeeper.rulesets.tactical.encounter.state import (
    CriticalNote,
    CunningChoice,
    DefenseChoice,
    HinderRuling,
    ReactionOffer,
    TacticalState,
    Trigger,
)
from tablekeeper.rulesets.tactical.encounter.triggers import reaction_target
from tablekeeper.rulesets.tactical.encounter.turns import berserk_skills, draw_berserk, end_turn
from tablekeeper.rulesets.tactical.encounter.work import Work
from tablekeeper.rulesets.tactical.grid import GridMap
from tablekeeper.rulesets.tactical.options import TacticalOptions


def new_encounter(
    options: TacticalOptions | None = None,
    *,
    map: GridMap | None = None,
    house_rules: Mapping[str, Any] | None = None,
) -> TacticalState:
    """An empty encounter on ``map`` playing by ``options`` and the catalogue with a GM's
    ``house_rules`` laid over it; both travel in the state."""
    return TacticalState(
        options=options or TacticalOptions(),
        catalogue=load_catalogue(house_rules),
        map=map or (options or TacticalOptions()).battlefield,
    )


def _clear(work: Work) -> None:
    work.emit(ev.AWAITING, ev.AwaitingSet(awaiting=None))


def _resume_reaction(work: Work, about: ReactionOffer, chooser: ActorId, option: str) -> None:
    _clear(work)
    if option == "none":
        return
    use = work.state.use
    assert use is not None
    target = reaction_target(work.state, about.character, option, use) or about.character
    work.emit(
        ev.REACTED, ev.Reacted(character=about.character, skill=option, trigger=about.trigger)
    )
    reacting.quick_reaction(work, about.character, option, target)


def _resume_defense(work: Work, about: DefenseChoice, chooser: ActorId, option: str) -> None:
    _clear(work)
    work.emit(
        ev.DEFENSE_CHOSEN,
        ev.DefenseChosen.model_validate({"target": about.target, "defense": option}),
    )


def _resume_cunning(work: Work, about: CunningChoice, chooser: ActorId, option: str) -> None:
    _clear(work)
    choose_cunning(work, about, option)


def _resume_critical(work: Work, about: CriticalNote, chooser: ActorId, option: str) -> None:
    _clear(work)
    work.emit(
        ev.CRITICAL_NOTED, ev.CriticalNoted(user=about.user, target=about.target, count=about.count)
    )


RESUMES: ResumeTable[Work] = ResumeTable(
    [
        ResumeSpec(ReactionOffer, _resume_reaction),
        ResumeSpec(DefenseChoice, _resume_defense),
        ResumeSpec(CunningChoice, _resume_cunning),
        ResumeSpec(CriticalNote, _resume_critical),
        ResumeSpec(HinderRuling, using.resume_hinder),
    ]
)
"""What each pending decision is about, and how its answer plays on."""


def _end_turn(work: Work, order: cmd.CharacterOnly) -> Decision | None:
    return end_turn(work, order.character)


def _check_berserk(state: TacticalState, command: Command, order: cmd.CharacterOnly) -> None:
    character = using.acting(state, command, order.character)
    using.own_turn(state, order.character)
    if character.berserking:
        raise IllegalCommandError(f"{character.name} is already berserking", field="character")
    if not berserk_skills(state, order.character):
        raise IllegalCommandError(
            f"{character.name} readies no berserk skill (S-TAG-19)", field="character"
        )


def _berserk(work: Work, order: cmd.CharacterOnly) -> None:
    draw_berserk(work, order.character, begins=True)


def _declare(work: Work, order: cmd.DeclareTrigger) -> None:
    number = work.state.triggers_made
    trigger = Trigger(
        id=f"t{number}", kind="declared", source=order.source, description=order.description
    )
    work.emit(ev.TRIGGER_OPENED, ev.TriggerOpened(trigger=trigger))


def _check_character(state: TacticalState, command: Command, order: Any) -> None:
    if ActorId(order.character) not in state.characters:
        raise IllegalCommandError(f"there is no character {order.character!r}", field="character")


def _check_concentrating(state: TacticalState, command: Command, order: cmd.CharacterOnly) -> None:
    _check_character(state, command, order)
    if ActorId(order.character) not in state.concentrations:
        raise IllegalCommandError(
            f"{state.character(order.character).name} concentrates on nothing", field="character"
        )


def _check_standing(state: TacticalState, command: Command, order: Any) -> None:
    _check_character(state, command, order)
    if state.character(order.character).defeated:
        raise IllegalCommandError(
            f"{state.character(order.character).name} is already defeated", field="character"
        )


def _deal(work: Work, order: cmd.DealDamage) -> None:
    damage(work, order.character, order.track, order.amount)


def _check_doom(state: TacticalState, command: Command, order: cmd.SpendDoom) -> None:
    if order.amount > state.doom:
        raise IllegalCommandError(
            f"the GM has {state.doom} doom, not {order.amount}", field="amount"
        )


def _spend(work: Work, order: cmd.SpendDoom) -> None:
    doom = work.state.doom
    work.emit(
        ev.DOOM_CHANGED,
        ev.DoomChanged(before=doom, after=doom - order.amount, reason=order.reason or "spent"),
    )


def _interrupt(work: Work, order: cmd.CharacterOnly) -> None:
    interrupt(work, order.character, "interrupted")


def _defeat(work: Work, order: cmd.CharacterOnly) -> None:
    defeat(work, order.character, "gm")


COMMANDS: CommandTable[TacticalState, Work] = CommandTable(
    "tactical",
    [
        CommandSpec(cmd.ADD_CHARACTER, cmd.CharacterSpec, play_add, check_add, gm_only=True),
        CommandSpec(cmd.USE_SKILL, cmd.UseSkill, using.play_use, using.check_use),
        CommandSpec(cmd.MOVE, cmd.Move, moving.play_move, moving.check_move),
        CommandSpec(
            cmd.END_MANEUVER,
            cmd.CharacterOnly,
            moving.play_end_maneuver,
            moving.check_end_maneuver,
            free_action=True,
        ),
        CommandSpec(
            cmd.END_TURN, cmd.CharacterOnly, _end_turn, using.check_end_turn, free_action=True
        ),
        CommandSpec(
            cmd.REACT, cmd.React, reacting.play_react, reacting.check_react, free_action=True
        ),
        CommandSpec(
            cmd.RELEASE,
            cmd.CharacterOnly,
            holding.play_release,
            holding.check_release,
            free_action=True,
        ),
        CommandSpec(
            cmd.DROP_WEAPON,
            cmd.WeaponOrder,
            holding.play_drop,
            holding.check_weapon,
            free_action=True,
        ),
        CommandSpec(cmd.PICK_UP, cmd.WeaponOrder, holding.play_pick_up, holding.check_pick_up),
        CommandSpec(
            cmd.BEGIN_BERSERKING, cmd.CharacterOnly, _berserk, _check_berserk, free_action=True
        ),
        CommandSpec(
            cmd.DECLARE_TRIGGER,
            cmd.DeclareTrigger,
            _declare,
            gm_only=True,
            title="Declare a triggering event",
        ),
        CommandSpec(
            cmd.DEAL_DAMAGE,
            cmd.DealDamage,
            _deal,
            _check_standing,
            gm_only=True,
            title="Deal damage",
        ),
        CommandSpec(
            cmd.SPEND_DOOM, cmd.SpendDoom, _spend, _check_doom, gm_only=True, title="Spend doom"
        ),
        CommandSpec(
            cmd.INTERRUPT,
            cmd.CharacterOnly,
            _interrupt,
            _check_concentrating,
            gm_only=True,
            title="Interrupt concentration",
        ),
        CommandSpec(
            "tactical.defeat",
            cmd.CharacterOnly,
            _defeat,
            _check_standing,
            gm_only=True,
            title="Defeat a character",
        ),
        CommandSpec(
            cmd.REMOVE_CHARACTER,
            cmd.CharacterOnly,
            play_remove,
            check_remove,
            gm_only=True,
            withdraws=True,
        ),
    ],
)
"""Every command kind, its payload model, its check and how it is played."""


class TacticalEngine(TableEngine[TacticalState, Work]):
    """The encounter engine of the ``tactical`` ruleset."""

    commands = COMMANDS
    resumes = RESUMES

    def draft(self, state: TacticalState, roller: Roller) -> Work:
        return Work(state, roller)

    def submit(self, state: TacticalState, command: Command, roller: Roller) -> Step:
        """The command checked and played (``TableEngine.submit``); for a session that
        keeps no log, on the fast paths, a command that rolled no die is played once for
        the very state, and a step its dice gave before is handed out again
        (``transitions.py``)."""
        if type(self) is not TacticalEngine or not step_memory.remembering():
            return super().submit(state, command, roller)
        return transitions.step_once(
            state, command, roller, lambda: TableEngine.submit(self, state, command, roller)
        )

    def fold(self, state: TacticalState, event: Event) -> TacticalState:
        return fold(state, event.kind, read(event.kind, event.payload))

    def awaiting(self, state: TacticalState) -> Any:
        return state.awaiting

    def admit(
        self, state: TacticalState, command: Command, spec: CommandSpec[Any, Any, Any], payload: Any
    ) -> None:
        """Nothing once the encounter is over (but the GM's tools), nothing while a skill
        is being resolved (reactions to a declared event aside)."""
        if spec.gm_only and command.actor == GM and command.kind != cmd.ADD_CHARACTER:
            return
        if state.ended is not None and command.kind != cmd.ADD_CHARACTER:
            raise IllegalCommandError(f"the encounter is over: {state.ended}", field="kind")
        if state.use is not None or state.awaiting is not None:
            raise IllegalCommandError(
                "a skill is being resolved: answer its decision first", field="kind"
            )

    def proceed(self, work: Work, decision: Decision | None) -> Decision | None:
        if decision is not None:
            return decision
        return advance(work)

    def candidates(self, state: TacticalState, actor: ActorId) -> Iterator[Command]:
        """Best first, each built when it is asked for (``legal_lazily`` reads few)."""
        return iter_candidates(state, actor)
