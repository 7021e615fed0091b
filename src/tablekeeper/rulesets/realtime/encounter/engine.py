"""The ``realtime`` encounter engine: second-by-second play of rule document 003.

:class:`RealtimeEngine` is a :class:`~tablekeeper.engine.table_engine.TableEngine` over
one command table (:data:`COMMANDS`: each kind, its payload, its check in
``legality.py`` and how it is played on a
:class:`~tablekeeper.rulesets.realtime.encounter.draft.RealtimeDraft` pad). ``advance`` plays the
clock (``seconds.py``) and stops at each reaction decision; the state records the
reaction offered (``offer``), and the answer resumes the second where it stopped
(:data:`RESUMES`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths, step_memory
from tablekeeper.engine.command_table import CommandSpec, CommandTable, ResumeSpec, ResumeTable
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.events import Event
from tablekeeper.engine.memo import built
from tablekeeper.engine.steps import Step
from tablekeeper.engine.table_engine import TableEngine
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.encounter import commands as cmd
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter import legality, payloads, played_before, reactions
from tablekeeper.rulesets.realtime.encounter.actions import load_catalogue
from tablekeeper.rulesets.realtime.encounter.charging import cancel, start
from tablekeeper.rulesets.realtime.encounter.draft import RealtimeDraft
from tablekeeper.rulesets.realtime.encounter.fold import fold
from tablekeeper.rulesets.realtime.encounter.legality import creature_from_spec, find_injury
from tablekeeper.rulesets.realtime.encounter.life import damage, heal
from tablekeeper.rulesets.realtime.encounter.resting import begin_rest, end_rest
from tablekeeper.rulesets.realtime.encounter.seconds import passed_quietly, run
from tablekeeper.rulesets.realtime.encounter.state import (
    Charge,
    Creature,
    Offer,
    Position,
    RealtimeState,
    TreatEffect,
    distance,
)
from tablekeeper.rulesets.realtime.once import for_the_very
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.treatment import DURATION_SECONDS


def new_encounter(
    options: RealtimeOptions | None = None, *, house_rules: Mapping[str, Any] | None = None
) -> RealtimeState:
    """An empty encounter at second 1: ``options`` (the rulings) and the catalogue of
    actions and reactions, with a GM's ``house_rules`` laid over it. Both travel in the
    state, so a replay plays by the same rules."""
    return RealtimeState(
        options=options or RealtimeOptions(), catalogue=load_catalogue(house_rules)
    )


def _add(draft: RealtimeDraft, spec: cmd.CreatureSpec) -> None:
    """The creature the spec describes joins, with the options' defaults (built once for
    the very spec and the options it reads, on the fast paths: ``once.py``; every trial
    of a scenario adds the same creatures)."""
    options = draft.state.options
    reads = (options.default_reach, options.treatment_window, options.rest_window)

    def make() -> ev.CreatureAdded:
        return ev.CreatureAdded(creature=creature_from_spec(draft.state, spec))

    draft.emit(ev.CREATURE_ADDED, for_the_very(spec, ("realtime.creature_added", reads), make))


def _remove(draft: RealtimeDraft, order: cmd.CreatureOnly) -> None:
    """The creature leaves the encounter; a charge aimed at it is given up (its target is
    gone)."""
    for other in draft.state.creatures.values():
        if other.id != order.creature and other.charge and other.charge.target == order.creature:
            cancel(draft, other.id, "withdrawn")
    name = draft.state.creature(order.creature).name
    draft.emit(ev.CREATURE_REMOVED, ev.CreatureRemoved(creature=order.creature, name=name))


def _start_action(draft: RealtimeDraft, order: cmd.StartAction) -> None:
    catalogue = draft.state.catalogue
    entry = catalogue.actions[order.action] if order.action is not None else None
    name = order.name or (entry.name if entry else "action")
    charge = payloads.action_charge(
        order.action or "custom",
        name,
        order.cost or (entry.cost if entry else 1),
        bool(order.complex or (entry and entry.complex) or name.endswith("*")),
        order.physical if order.physical is not None else (entry.physical if entry else True),
        draft.state.second,
        order.target,
        order.reach,
    )
    start(draft, order.creature, charge, voluntary_movement=False)


def _cancel_action(draft: RealtimeDraft, order: cmd.CreatureOnly) -> None:
    cancel(draft, order.creature, "withdrawn")


def _move(draft: RealtimeDraft, order: cmd.Move) -> None:
    state = draft.state
    creature = state.creature(order.creature)
    if not order.voluntary:
        draft.emit(ev.MOVED, payloads.moved(order.creature, creature.position, order.to, False))
        return
    movement = state.catalogue.movement
    squares = distance(creature.position, order.to, state.options.distance)
    charge = payloads.move_charge(
        movement.name,
        order.cost or movement.cost(squares),
        movement.physical,
        state.second,
        creature.position,
        order.to,
    )
    start(draft, order.creature, charge, voluntary_movement=True)


def _support(draft: RealtimeDraft, order: cmd.Support) -> None:
    entry = draft.state.catalogue.support
    charge = payloads.support_charge(
        entry.name, entry.cost, entry.physical, draft.state.second, order.target
    )
    start(draft, order.creature, charge, voluntary_movement=False)


def _treat(draft: RealtimeDraft, order: cmd.Treat) -> None:
    state = draft.state
    injury = find_injury(state.creature(order.target), order.injury)
    entry = state.catalogue.treatments[order.level]
    charge = Charge(
        action=f"{order.level}_treatment",
        name=entry.name,
        cost=DURATION_SECONDS[order.level],
        physical=entry.physical,
        timed=True,
        started_at=state.second,
        target=order.target,
        effect=TreatEffect(target=order.target, injury=injury.number, level=order.level),
    )
    start(draft, order.creature, charge, voluntary_movement=False)


def _after_reaction(draft: RealtimeDraft) -> Decision | None:
    if draft.state.ending_second:
        return run(draft)
    return reactions.offer_next(draft)


def _react(draft: RealtimeDraft, order: cmd.React) -> Decision | None:
    reactions.react(draft, order.creature, order.trigger, order.reaction)
    return _after_reaction(draft)


def _trigger(draft: RealtimeDraft, order: cmd.DeclareTrigger) -> Decision | None:
    state = draft.state
    source = state.creature(order.source)
    candidates = order.candidates
    if candidates is None:
        candidates = tuple(
            other.id
            for other in state.creatures.values()
            if not other.dead and other.is_hostile_to(source)
        )
    if not candidates:
        raise IllegalCommandError(f"no creature is hostile to {order.source}", field="candidates")
    reactions.open_trigger(draft, order.kind, order.source, candidates, order.description)
    return reactions.offer_next(draft)


def _damage(draft: RealtimeDraft, order: cmd.Damage) -> None:
    damage(draft, order.creature, order.amount, order.source)


def _heal(draft: RealtimeDraft, order: cmd.Heal) -> None:
    heal(draft, order.creature, order.amount, order.source)


def _rest(draft: RealtimeDraft, order: cmd.Rest) -> None:
    charge = draft.state.creature(order.creature).charge
    if charge is not None and charge.physical:
        cancel(draft, order.creature, "began_resting")
    begin_rest(draft, order.creature, order.conditions)


def _end_rest(draft: RealtimeDraft, order: cmd.EndRest) -> None:
    end_rest(draft, order.creature, "interrupted", hours_slept=order.hours_slept)


def _advance(draft: RealtimeDraft, order: cmd.Advance) -> Decision | None:
    draft.emit(ev.ADVANCE_STARTED, payloads.advance_started(order.seconds))
    return run(draft)


def _resume_offer(
    draft: RealtimeDraft, offer: Offer, chooser: ActorId, option: str
) -> Decision | None:
    reactions.answer(draft, option)
    return _after_reaction(draft)


COMMANDS: CommandTable[RealtimeState, RealtimeDraft] = CommandTable(
    "realtime",
    [
        CommandSpec(cmd.ADD_CREATURE, cmd.CreatureSpec, _add, legality.add, gm_only=True),
        CommandSpec(cmd.REMOVE_CREATURE, cmd.CreatureOnly, _remove, legality.remove, gm_only=True),
        CommandSpec(cmd.START_ACTION, cmd.StartAction, _start_action, legality.start_action),
        CommandSpec(cmd.CANCEL_ACTION, cmd.CreatureOnly, _cancel_action, legality.cancel),
        CommandSpec(cmd.MOVE, cmd.Move, _move, legality.move),
        CommandSpec(cmd.SUPPORT, cmd.Support, _support, legality.support),
        CommandSpec(cmd.TREAT, cmd.Treat, _treat, legality.treat),
        CommandSpec(cmd.REACT, cmd.React, _react, legality.react),
        CommandSpec(
            cmd.TRIGGER,
            cmd.DeclareTrigger,
            _trigger,
            legality.trigger,
            gm_only=True,
            title="Declare a triggering event",
        ),
        CommandSpec(
            cmd.DAMAGE, cmd.Damage, _damage, legality.alive, gm_only=True, title="Deal damage"
        ),
        CommandSpec(cmd.HEAL, cmd.Heal, _heal, legality.alive, title="Heal"),
        CommandSpec(cmd.REST, cmd.Rest, _rest, legality.rest),
        CommandSpec(cmd.END_REST, cmd.EndRest, _end_rest, legality.end_rest),
        CommandSpec(cmd.ADVANCE, cmd.Advance, _advance, gm_only=True, title="Play several seconds"),
    ],
)
"""Every command kind, its payload model, its check and how it is played."""

RESUMES: ResumeTable[RealtimeDraft] = ResumeTable([ResumeSpec(Offer, _resume_offer)])
"""What a pending decision is about (a reaction offered) and how its answer plays on."""


LEGAL_AS_BUILT = frozenset({cmd.START_ACTION, cmd.MOVE, cmd.CANCEL_ACTION})
"""The kinds of candidate a creature's checks always allow, as :meth:`RealtimeEngine.
candidates` builds them (``legality.start_action``, ``move``, ``cancel``, ``authorize``):
a move only to a square beside the creature that no other creature stands on (G-R-E4)."""


class RealtimeEngine(TableEngine[RealtimeState, RealtimeDraft]):
    """The encounter engine of the ``realtime`` ruleset."""

    commands = COMMANDS
    resumes = RESUMES

    def draft(self, state: RealtimeState, roller: Roller) -> RealtimeDraft:
        return RealtimeDraft(state, roller)

    def submit(self, state: RealtimeState, command: Command, roller: Roller) -> Step:
        """Check ``command``, then play it (:meth:`play`). On the engine's fast paths, for
        a session that keeps no log, a command played before from the very same state is
        not played again (``played_before.py``: a step that drew no die handed out again;
        one that drew dice played, then handed out as the very values an equal play left
        before, so that equal states are the same objects from trial to trial)."""
        # (a subclass may play otherwise: only this engine's steps are remembered)
        if type(self) is RealtimeEngine and step_memory.remembering():
            return played_before.played(
                state, command, roller, lambda rolling: self.play(state, command, rolling)
            )
        return self.play(state, command, roller)

    def play(self, state: RealtimeState, command: Command, roller: Roller) -> Step:
        """Check ``command``, then play it. On the fast paths, for a session that keeps no
        log (``engine/fast_paths.py``: no event is drafted, the step carries the state), an
        advance whose seconds all pass quietly (``seconds.quiet_seconds``: nothing but
        charging and the dying count) is the state :func:`~.seconds.passed_quietly` gives,
        in one copy, instead of a work pad folding its two events (the check, that of an
        advance: :func:`_advance_allowed`); any other command, and an advance that is not
        quiet or not allowed, is played in full."""
        if command.kind == cmd.ADVANCE and fast_paths.enabled() and not fast_paths.drafting():
            seconds = command.payload_as(cmd.Advance).seconds
            if _advance_allowed(state, command):
                after = passed_quietly(state, seconds)
                if after is not None:
                    return Step.trusted(events=(), decision=None, state=after)
        return super().submit(state, command, roller)

    def fold(self, state: RealtimeState, event: Event) -> RealtimeState:
        return fold(state, event.kind, event.payload)

    def awaiting(self, state: RealtimeState) -> Offer | None:
        """The reaction offered, when its creature must decide."""
        return state.offer

    def admit(
        self, state: RealtimeState, command: Command, spec: CommandSpec[Any, Any, Any], payload: Any
    ) -> None:
        """Nothing while the end of a second is being resolved; then who may give it."""
        if state.ending_second or state.offer is not None:
            raise IllegalCommandError(
                f"the end of second {state.second} is being resolved: answer the reaction "
                "decision first",
                field="kind",
            )
        legality.authorize(state, command, payload)

    def legal_commands(self, state: RealtimeState, actor: ActorId) -> tuple[Command, ...]:
        """The candidates every check allows. On the fast paths (``engine/fast_paths.py``)
        a creature's candidates of the kinds :data:`LEGAL_AS_BUILT` are not checked:
        :meth:`candidates` offers them only to a creature that can act, outside the end
        of a second, as its own orders, and builds them as the checks require (a
        catalogue action, a step to another square no other creature stands on, the
        charge it holds given up).
        ``tests/analysis/test_fast_paths.py`` compares both paths on every state of the
        shipped scenarios and on varied ones."""
        if not fast_paths.enabled() or actor == GM:
            return super().legal_commands(state, actor)
        return tuple(
            command
            for command in self.candidates(state, actor)
            if command.kind in LEGAL_AS_BUILT or self.allows(state, command)
        )

    def candidates(self, state: RealtimeState, actor: ActorId) -> Sequence[Command]:
        """What ``actor`` may sensibly do now. The GM: advance one second. A conscious
        creature: react to an open trigger, support an unconscious creature in reach,
        then, unless it is charging (starting another action would lose the charge),
        start a catalogue action or move one square to a square no other creature stands
        on (G-R-E4, unless ``shared_squares``); while charging, give it up."""
        if state.ending_second or state.offer is not None:
            return ()
        if actor == GM:
            return (cmd.advance(1),) if state.creatures else ()
        creature = state.creatures.get(actor)
        if creature is None or not creature.can_act:
            return ()
        candidates: list[Command] = list(reactions_offered(state, creature))
        candidates += [cmd.support(actor, other.id) for other in supportable(state, creature)]
        if creature.charge is None:
            steps = _free_steps(state, creature)
            candidates += _own_orders(actor, steps, tuple(state.catalogue.actions))
        else:
            candidates.append(cmd.cancel_action(actor))
        return candidates


def _advance_allowed(state: RealtimeState, command: Command) -> bool:
    """Whether the full check (``TableEngine.check``) allows an ``advance`` whose payload
    parsed: the GM's alone (``gm_only``), and :meth:`RealtimeEngine.admit` refuses it
    while the end of a second is being resolved (then ``authorize`` lets the GM give
    anything; an advance has no check of its own). ``False``: the full check decides,
    and raises."""
    return command.actor == GM and not state.ending_second and state.offer is None


def reactions_offered(state: RealtimeState, creature: Creature) -> Iterator[Command]:
    """The candidate reactions of ``creature``: each reaction it may use against each of
    this second's triggers, trigger by trigger."""
    for trigger in state.triggers:
        for reaction in reactions.usable(state, trigger, creature):
            yield cmd.react(creature.id, trigger.id, reaction)


def supportable(state: RealtimeState, creature: Creature) -> Iterator[Creature]:
    """Whom ``creature`` is offered to Support: every other dying creature, in order."""
    for other in state.creatures.values():
        if other.is_dying and other.id != creature.id:
            yield other


def _free_steps(state: RealtimeState, creature: Creature) -> tuple[Position, ...]:
    """The four squares beside ``creature`` it may step to: those no other creature, dead
    or alive, stands on (G-R-E4), or all four when the table shares squares."""
    x, y = creature.position
    steps = tuple((x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    if state.options.shared_squares:
        return steps
    taken = {other.position for other in state.creatures.values() if other.id != creature.id}
    return tuple(square for square in steps if square not in taken)


def _own_orders(
    actor: ActorId, steps: tuple[Position, ...], actions: tuple[str, ...]
) -> tuple[Command, ...]:
    """Start a catalogue action, or move one square to one of ``steps`` (built once for
    equal arguments on the fast paths: ``engine/memo.py``)."""

    def make() -> tuple[Command, ...]:
        return (
            *(cmd.start_action(actor, action=key) for key in actions),
            *(cmd.move(actor, square) for square in steps),
        )

    return built(("realtime.own_orders", actor, steps, actions), make)
