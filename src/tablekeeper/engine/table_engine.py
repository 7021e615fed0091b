"""The encounter engine every ruleset builds on: one command table, one continuation.

:class:`TableEngine` meets the :class:`~tablekeeper.engine.encounters.EncounterEngine`
contract once for every ruleset:

- ``submit``: an answer resumes the pending decision (below); any other command is
  parsed by the ruleset's :class:`~tablekeeper.engine.command_table.CommandTable`,
  refused if only the GM may give it, checked (the ruleset's ``admit`` for what every
  command shares, then the spec's own check), and played on a fresh work pad (a
  :class:`~tablekeeper.engine.drafts.Draft`), then ``proceed`` plays whatever it set
  going; the state handed in is never changed;
- ``legal_commands``: the ruleset's ``candidates`` that pass the very same checks;
- ``apply``: GM overrides by :func:`~tablekeeper.engine.overrides.apply_override`,
  everything else by the ruleset's ``fold``.

**Resuming after a decision.** A ruleset that raises a :class:`~tablekeeper.engine.
decisions.Decision` records in its state what the decision is about (a frozen model:
the reaction offered, the attack waiting for a defense), through an event, so it
survives undo, replay and a server restart. ``awaiting(state)`` returns that record;
when the answer arrives, the engine calls ``answered`` (a hook, e.g. to log the choice)
and then the :class:`~tablekeeper.engine.command_table.ResumeSpec` registered for the
record's type, and ``proceed`` again. One mechanism, every ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.command_table import CommandSpec, CommandTable, ResumeTable
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import ANSWER, Answer, Decision
from tablekeeper.engine.drafts import Draft
from tablekeeper.engine.events import Event
from tablekeeper.engine.legal import LegalCommands
from tablekeeper.engine.overrides import apply_override, is_override
from tablekeeper.engine.steps import Step
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import IllegalCommandError, RulesError

S = TypeVar("S", bound=BaseModel)
W = TypeVar("W", bound=Draft[Any])


class TableEngine(Generic[S, W]):
    """A ruleset's encounter engine: its command table, resumes, work pad and fold.

    A ruleset subclasses it and sets :attr:`commands` (and :attr:`resumes` if it raises
    decisions), and implements :meth:`draft`, :meth:`fold` and :meth:`candidates`; the
    other hooks have defaults.
    """

    commands: CommandTable[S, W]
    resumes: ResumeTable[W] = ResumeTable(())

    # --- what a ruleset provides --------------------------------------------------------

    def draft(self, state: S, roller: Roller) -> W:
        """A fresh work pad over ``state``, rolling with ``roller``."""
        raise NotImplementedError

    def fold(self, state: S, event: Event) -> S:
        """The state after one of the ruleset's own events (overrides never reach it)."""
        raise NotImplementedError

    def candidates(self, state: S, actor: ActorId) -> Iterable[Command]:
        """The commands worth offering ``actor`` now, best first; the engine keeps those
        its checks allow."""
        raise NotImplementedError

    def admit(self, state: S, command: Command, spec: CommandSpec[S, W, Any], payload: Any) -> None:
        """Refuse what every command of the ruleset shares (the encounter is over, it is
        not this actor's turn, a decision is pending...); the spec's check follows."""

    def awaiting(self, state: S) -> BaseModel | None:
        """What the pending decision is about, as the state records it (``None``: none)."""
        return None

    def answered(self, work: W, about: BaseModel, chooser: ActorId, option: str) -> None:
        """Draft what an answer records before play resumes (nothing by default)."""

    def proceed(self, work: W, decision: Decision | None) -> Decision | None:
        """Play on after a command or an answer: queued work, the clock. The default stops."""
        return decision

    # --- the contract -------------------------------------------------------------------

    def check(self, state: S, command: Command) -> tuple[CommandSpec[S, W, Any], BaseModel]:
        """The command's spec and payload, once every check allows it now.

        Raises :class:`~tablekeeper.errors.IllegalCommandError` (or another
        :class:`~tablekeeper.errors.RulesError`) naming the field and the reason.

        On the fast path (``engine/fast_paths.py``) the checks a command passed on a
        state are remembered for that state (the very objects): a legal candidate the
        policy chose is not checked again when it is submitted. The checks are pure
        functions of the state and the command, so the answer cannot differ.
        """
        fast = fast_paths.enabled()
        if fast:
            memo = self.__dict__.get("_passed")
            if memo is not None and memo[0] is state:
                known = memo[1].get(id(command))
                if known is not None and known[0] is command:
                    return known[1], known[2]
        spec, payload = self.checked(state, command)
        if fast:
            memo = self.__dict__.get("_passed")
            if memo is None or memo[0] is not state:
                passed: dict[int, tuple[Command, CommandSpec[S, W, Any], BaseModel]] = {}
                memo = (state, passed)
                self.__dict__["_passed"] = memo
            memo[1][id(command)] = (command, spec, payload)
        return spec, payload

    def checked(self, state: S, command: Command) -> tuple[CommandSpec[S, W, Any], BaseModel]:
        """:meth:`check` itself, remembering nothing: the spec, the payload parsed, the
        GM-only refusal, :meth:`admit`, then the spec's check (an engine that keeps its
        own memory of the checks passed calls this)."""
        spec = self.commands.spec(command.kind)
        payload = command.payload_as(spec.payload)
        if spec.gm_only and command.actor != GM:
            raise IllegalCommandError(f"only the GM may {command.kind}", field="actor")
        self.admit(state, command, spec, payload)
        spec.check(state, command, payload)
        return spec, payload

    def allows(self, state: S, command: Command) -> bool:
        """Whether ``command`` would be accepted now."""
        try:
            self.check(state, command)
        except RulesError:
            return False
        return True

    def legal_commands(self, state: S, actor: ActorId) -> tuple[Command, ...]:
        """What ``actor`` may sensibly do now: the candidates every check allows."""
        return tuple(
            command for command in self.candidates(state, actor) if self.allows(state, command)
        )

    def legal_lazily(self, state: S, actor: ActorId) -> Sequence[Command]:
        """:meth:`legal_commands`, but on the fast path each candidate is built and
        checked only when the reader comes to it (:class:`~tablekeeper.engine.legal.
        LegalCommands`: a policy taking the first legal command checks up to it)."""
        if not fast_paths.enabled():
            return self.legal_commands(state, actor)
        return LegalCommands(self.candidates(state, actor), lambda c: self.allows(state, c))

    def submit(self, state: S, command: Command, roller: Roller) -> Step:
        """Check ``command``, then play it: the events it causes, and the next decision."""
        work = self.draft(state, roller)
        if command.kind == ANSWER:
            decision = self.resume(work, command)
        else:
            spec, payload = self.check(state, command)
            decision = spec.play(work, payload)
        return work.step(self.proceed(work, decision))

    def withdraws(self, command: Command) -> bool:
        """Whether ``command`` may be given while a decision is pending (its spec's
        ``withdraws``, the GM's alone)."""
        return (
            command.actor == GM
            and command.kind in self.commands
            and self.commands.spec(command.kind).withdraws
        )

    def resume(self, work: W, command: Command) -> Decision | None:
        """Play an answer: what the state awaits, resumed with the chosen option."""
        about = self.awaiting(work.state)
        if about is None:
            raise IllegalCommandError("no decision is pending in this encounter", field="kind")
        option = Answer.of(command).option
        self.answered(work, about, command.actor, option)
        return self.resumes.spec(about).resume(work, about, command.actor, option)

    def apply(self, state: S, event: Event) -> S:
        """The state after ``event``."""
        if is_override(event):
            return apply_override(state, event)
        return self.fold(state, event)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
