"""The ``percentile`` encounter engine: rounds and turns of rule document 001.

:class:`PercentileEngine` meets the :class:`~tablekeeper.engine.encounters.EncounterEngine`
contract: ``legal_commands`` (``choices.py``), ``submit`` (which rolls only through the
roller and never changes the state it is given) and ``apply`` (a pure fold; GM overrides
through :func:`~tablekeeper.engine.overrides.apply_override`). Each command is checked
first (``legality.py``: :class:`~tablekeeper.errors.IllegalCommandError` naming the
field and the reason), then played on a :class:`~.work.Work` pad (``flow.py``); a
decision's answer resumes where the command stopped.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import ANSWER, Answer
from tablekeeper.engine.events import Event
from tablekeeper.engine.overrides import apply_override, is_override
from tablekeeper.engine.steps import Step
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter import flow
from tablekeeper.rulesets.percentile.encounter.choices import legal
from tablekeeper.rulesets.percentile.encounter.fold import fold
from tablekeeper.rulesets.percentile.encounter.legality import check_command, parse
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.encounter.work import Work


class PercentileEngine:
    """The encounter engine of the ``percentile`` ruleset."""

    def legal_commands(self, state: PercentileState, actor: ActorId) -> Sequence[Command]:
        """What ``actor`` may sensibly do now, best first: the GM starts the encounter; the
        combatant whose turn it is fights, moves, defends, or ends its turn."""
        return legal(state, actor)

    def submit(self, state: PercentileState, command: Command, roller: Roller) -> Step:
        """Check ``command``, then play it: the events it causes, and the next decision."""
        work = Work(state, roller)
        if command.kind == ANSWER:
            decision = flow.answer(work, command.actor, Answer.of(command).option)
            return work.step(decision)
        payload = parse(command)
        check_command(state, command, payload)
        return work.step(flow.play(work, command.kind, payload))

    def apply(self, state: PercentileState, event: Event) -> PercentileState:
        """The state after ``event``."""
        if is_override(event):
            return apply_override(state, event)
        return fold(state, event.kind, event.payload)

    def __repr__(self) -> str:
        return "PercentileEngine()"
