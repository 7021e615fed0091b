"""The ``percentile`` encounter engine: rounds and turns of rule document 001.

:class:`PercentileEngine` is a :class:`~tablekeeper.engine.table_engine.TableEngine` over
one command table (:data:`~.table.COMMANDS`: each kind with its payload, its check and
its play on a :class:`~.draft.PercentileDraft` pad). What every command shares is :meth:`admit`
(``admit.py``); the legal commands are the ``candidates`` (``choices.py``) its checks
allow; after a command, and after an answer, :meth:`proceed` plays the queued tasks and
the clock (``flow.py``). A decision is about one of the :data:`~.pending.Awaiting`
models, which the state records (``awaiting``); its answer is recorded (:meth:`answered`)
and resumes as :data:`~.resumes.RESUMES` says.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.command_table import CommandSpec
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.events import Event
from tablekeeper.engine.table_engine import TableEngine
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter import admit, choices, flow, resumes
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.fold import fold
from tablekeeper.rulesets.percentile.encounter.pending import Awaiting
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.encounter.sure_refusals import surely_refused
from tablekeeper.rulesets.percentile.encounter.table import COMMANDS
from tablekeeper.rulesets.percentile.options import PercentileOptions


def new_encounter(options: PercentileOptions | None = None) -> PercentileState:
    """An empty combat encounter, not yet started, playing by ``options`` (they travel in
    the state, so a replay plays by the same rules)."""
    return PercentileState(options=options or PercentileOptions())


class PercentileEngine(TableEngine[PercentileState, PercentileDraft]):
    """The encounter engine of the ``percentile`` ruleset."""

    commands = COMMANDS
    resumes = resumes.RESUMES
    _allowed: tuple[PercentileState, Command, tuple[Any, BaseModel]] | None = None

    def draft(self, state: PercentileState, roller: Roller) -> PercentileDraft:
        return PercentileDraft(state, roller)

    def fold(self, state: PercentileState, event: Event) -> PercentileState:
        return fold(state, event.kind, event.payload)

    def candidates(self, state: PercentileState, actor: ActorId) -> list[Command]:
        """What ``actor`` may sensibly do now, best first: the GM starts the encounter; the
        combatant whose turn it is fights, moves, defends, or ends its turn."""
        return choices.candidates(state, actor)

    def check(
        self, state: PercentileState, command: Command
    ) -> tuple[CommandSpec[PercentileState, PercentileDraft, Any], BaseModel]:
        """The engine's check; on the fast paths (``engine/fast_paths.py``) the last
        command allowed is remembered with the state it was allowed in, so the
        candidate a policy chose is not checked a second time when it is submitted (a
        check is a function of the state and the command, both immutable values,
        matched by identity and held here so neither identity is reused)."""
        if not fast_paths.enabled():
            return super().check(state, command)
        last = self._allowed
        if last is not None and last[0] is state and last[1] is command:
            return last[2]
        # the engine's checks without its memory of the checks passed on a state: this
        # engine remembers the last command allowed, the only one checked again
        found = self.checked(state, command)
        self._allowed = (state, command, found)
        return found

    def first_legal(self, state: PercentileState, actor: ActorId) -> Command | None:
        """``legal_commands(state, actor)[0]`` (``None``: none is legal), checking the
        candidates in order only until one is allowed; on the engine's fast paths a
        candidate the checks surely refuse is passed over unchecked (``sure_refusals.py``)."""
        if not fast_paths.enabled():
            return next(
                (item for item in choices.in_order(state, actor) if self.allows(state, item)),
                None,
            )
        return next(
            (
                item
                for item in choices.in_order(state, actor)
                if not surely_refused(state, item) and self.allows(state, item)
            ),
            None,
        )

    def admit(
        self,
        state: PercentileState,
        command: Command,
        spec: CommandSpec[Any, Any, Any],
        payload: Any,
    ) -> None:
        """Nothing once the encounter is over or while a decision is pending; a
        combatant's command on its turn, by its player or the GM, with an action left."""
        admit.admit(state, command, spec, payload)

    def awaiting(self, state: PercentileState) -> Awaiting | None:
        """What the pending decision is about, as the state records it."""
        return state.awaiting

    def answered(self, draft: PercentileDraft, about: Any, chooser: ActorId, option: str) -> None:
        """The choice is recorded (``choice_made``) before play resumes."""
        resumes.answered(draft, about, chooser, option)

    def proceed(self, draft: PercentileDraft, decision: Decision | None) -> Decision | None:
        """The queued tasks, then the clock, until the next decision or open turn."""
        return flow.proceed(draft, decision)
