"""One command table per ruleset: every command kind with its payload model, check and play.

A ruleset lists its commands once, as :class:`CommandSpec` values in a
:class:`CommandTable`: the kind (a named constant such as ``realtime.advance``), the
payload model, the legality check (one definition for ``submit`` and
``legal_commands``), how it is played on the work pad, whether only the GM gives it,
whether it spends no action, and, for a GM tool, the title of its form. The table
parses a command (an unknown kind is refused with the known ones), and the
:class:`~tablekeeper.engine.table_engine.TableEngine` plays it: nothing else keeps a
parallel list of kinds in sync.

Decisions resume the same way: a :class:`ResumeSpec` per kind of thing a decision can be
about (``what the state is awaiting``), with how the answer plays on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.values import ActorId
from tablekeeper.errors import IllegalCommandError

S = TypeVar("S")
W = TypeVar("W")
P = TypeVar("P", bound=BaseModel)
A = TypeVar("A", bound=BaseModel)

Play = Callable[[W, P], Decision | None]
"""Play a checked command on the work pad: draft its events, maybe raise a decision."""

Check = Callable[[S, Command, P], None]
"""Refuse a command the rules do not allow now (:class:`IllegalCommandError`)."""


def no_check(state: object, command: Command, payload: object) -> None:
    """The check of a command the rules always allow once its payload is valid."""


@dataclass(frozen=True)
class CommandSpec(Generic[S, W, P]):
    """One command kind: its payload model, legality check and play.

    ``gm_only``: only the GM gives it (adding an actor, dealing damage by ruling).
    ``free_action``: it spends no action of the actor's turn. ``title``: for a command
    the console offers the GM as a form of its tools (``Deal damage``), its title;
    empty for the others. ``withdraws``: a GM command the table may give while a
    decision is pending (taking out a combatant); its play leaves the decision asked (what
    the state awaits), or withdraws it (awaits nothing) or asks another.
    """

    kind: str
    payload: type[P]
    play: Callable[[W, P], Decision | None]
    check: Callable[[S, Command, P], None] = no_check
    gm_only: bool = False
    free_action: bool = False
    title: str = ""
    withdraws: bool = False

    @property
    def gm_form(self) -> bool:
        """Whether the console offers this command as a GM form."""
        return bool(self.title)


@dataclass(frozen=True)
class ResumeSpec(Generic[W, A]):
    """How play goes on once a decision about ``about`` is answered: ``resume(work, about,
    chooser, option)`` drafts what the choice causes and may raise the next decision."""

    about: type[A]
    resume: Callable[[W, A, ActorId, str], Decision | None]


class CommandTable(Generic[S, W]):
    """Every command kind of one ruleset, in the order they are listed.

    >>> from tablekeeper.engine.values import Frozen
    >>> class Nothing(Frozen):
    ...     pass
    >>> table = CommandTable("duel", [CommandSpec("duel.wait", Nothing, lambda work, p: None)])
    >>> table.kinds
    ('duel.wait',)
    """

    def __init__(self, ruleset: str, specs: Iterable[CommandSpec[S, W, Any]]) -> None:
        self.ruleset = ruleset
        self._specs: dict[str, CommandSpec[S, W, Any]] = {}
        for spec in specs:
            if spec.kind in self._specs:
                raise ValueError(f"command kind {spec.kind!r} is listed twice")
            if not spec.kind.startswith(f"{ruleset}."):
                raise ValueError(f"command kind {spec.kind!r} is not {ruleset}.<what>")
            self._specs[spec.kind] = spec

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every kind, in the order listed."""
        return tuple(self._specs)

    def __contains__(self, kind: object) -> bool:
        return kind in self._specs

    def __iter__(self) -> Iterator[CommandSpec[S, W, Any]]:
        return iter(self._specs.values())

    def __len__(self) -> int:
        return len(self._specs)

    def spec(self, kind: str) -> CommandSpec[S, W, Any]:
        """The spec of ``kind``; an unknown kind is refused, naming the known ones."""
        found = self._specs.get(kind)
        if found is None:
            raise IllegalCommandError(
                f"a {self.ruleset} encounter has no command {kind!r} "
                f"(known: {', '.join(sorted(self._specs))})",
                field="kind",
            )
        return found

    def parse(self, command: Command) -> BaseModel:
        """The command's payload as its model (errors name ``payload.<field>``)."""
        payload: BaseModel = command.payload_as(self.spec(command.kind).payload)
        return payload

    def gm_forms(self) -> tuple[CommandSpec[S, W, Any], ...]:
        """The GM commands offered as forms, in the order listed."""
        return tuple(spec for spec in self if spec.gm_form)

    def __repr__(self) -> str:
        return f"<CommandTable {self.ruleset}: {len(self)} kinds>"


class ResumeTable(Generic[W]):
    """How each kind of pending decision resumes, found by the type of what it is about."""

    def __init__(self, specs: Iterable[ResumeSpec[W, Any]]) -> None:
        self._specs: dict[type[BaseModel], ResumeSpec[W, Any]] = {}
        for spec in specs:
            if spec.about in self._specs:
                raise ValueError(f"{spec.about.__name__} resumes twice")
            self._specs[spec.about] = spec

    def spec(self, about: BaseModel) -> ResumeSpec[W, Any]:
        """The spec for a decision about ``about``."""
        found = self._specs.get(type(about))
        if found is None:
            raise IllegalCommandError(
                f"no decision about {type(about).__name__} can be answered", field="decision"
            )
        return found
