"""Exact outcomes of a small encounter: every sequence of dice, played out, weighed.

Where a whole encounter comes down to a few dice (a single exchange, one attack
sequence, a dying creature's one critical injury roll), its outcome has an exact answer,
and the lab computes it for any ruleset through the contract alone: it plays the
scenario with a roller that hands out a fixed prefix of faces and, when the rules ask for
one die more, stops; the prefix is then extended by every face that die can show, each
weighing ``1/sides``, and played on. Each sequence that reaches the end adds its weight
to its outcome: the winner (or "no one"), and each actor's chance of being out of the
fight or dead. The answer is a ``Fraction``; it is exact for the policy, which must
choose the same way given the same dice (the rulesets' policies do).

A branch is not played again from the scenario's start: between the commands of a play,
once the roller has handed out every face it was given, the run is copied (a *branch
point*: its session as ``Session.restarted`` copies it, its own fields copied deep, as
``engine.scenarios.restarted`` copies a started run), and each face of the next die
plays on from that copy, the command that asked for the die played again. A run that
cannot be copied so (one that is not a dataclass of ``scenario``, ``session`` and
``seed``, or whose session keeps a log: the reference path) is played from its start
for every branch, as before; both give the same answer to the fraction
(``tests/analysis/test_exact_vs_monte_carlo.py``).

The branches are played breadth first, so the count of sequences still to weigh grows
fast: every branch waiting will end in one sequence at least, so once the sequences
weighed and those waiting are more than :data:`MAX_PLAYS` the answer is certainly out of
reach, and it is refused then, after a few plays, not after thousands. :data:`MAX_STEPS`
bounds the commands given in all (every command played again counted): an encounter of
long plays between its dice is refused after that much work, never after a wall-clock
time, so the same scenario always gets the same answer or the same refusal. A scripted
command the rules refuse in some branch (a project served that failed in that branch)
means the script cannot be played in every branch: there is no exact answer, and the
refusal says which command.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tablekeeper.analysis.telling import NO_ONE
from tablekeeper.analysis.trials import MAX_STEPS as MAX_COMMANDS_PER_PLAY
from tablekeeper.analysis.trials import TrialPlan, resolve_policy
from tablekeeper.dice.roller import Die, History
from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.rulesets import Ruleset, load_ruleset
from tablekeeper.engine.scenarios import Scenario, ScenarioRun, copied, copyable
from tablekeeper.engine.tallies import DEAD, DEFEATED
from tablekeeper.errors import OddsUnavailableError, RulesError

MAX_PLAYS = 2_000
"""The most sequences of dice (each played to the encounter's end) one exact answer may
weigh."""

MAX_STEPS = 100_000
"""The most commands one exact answer may give in all, every command played again from a
branch point counted (the work an answer takes, counted, not timed)."""

TOO_MANY_DICE = "too_many_dice"
TOO_MUCH_PLAY = "too_much_play"
SCRIPT_REFUSED = "script_refused"
PLAY_REFUSED = "play_refused"
ENDLESS = "endless"


class ExactRefusedError(OddsUnavailableError):
    """No exact answer: ``reason`` says why (:data:`TOO_MANY_DICE`,
    :data:`TOO_MUCH_PLAY`, :data:`SCRIPT_REFUSED`, :data:`PLAY_REFUSED`,
    :data:`ENDLESS`), ``plays`` and
    ``steps`` how much was played before it was known."""

    def __init__(self, message: str, *, reason: str, plays: int, steps: int) -> None:
        super().__init__(message, field="exact")
        self.reason = reason
        self.plays = plays
        self.steps = steps

    def details(self) -> dict[str, Any]:
        """What a result document keeps of it beside the message."""
        return {"reason": self.reason, "plays": self.plays, "steps": self.steps}


class _DieWantedError(Exception):
    """The rules asked for a die past the prefix (never a ``RulesError``: nothing in the
    rules may take it for a refusal)."""

    def __init__(self, die: Die) -> None:
        super().__init__(die)
        self.die = die


class PrefixRoller:
    """Hands out ``faces`` in order, then raises :class:`_DieWantedError` for the next die."""

    def __init__(self, faces: Sequence[int]) -> None:
        self._faces = faces
        self._history = History()

    @property
    def history(self) -> History:
        return self._history

    @property
    def given(self) -> int:
        """How many of its faces it has handed out."""
        return len(self._history)

    def roll(self, die: Die) -> int:
        position = len(self._history)
        if position >= len(self._faces):
            raise _DieWantedError(die)
        face = self._faces[position]
        self._history.add(die, face)
        return face

    def roll_many(self, die: Die, count: int) -> list[int]:
        return [self.roll(die) for _ in range(count)]


@dataclass(frozen=True)
class _Point:
    """A branch point: a run copied between two rounds of play (never played itself),
    the rounds played before it (``analysis.trials.play`` stops a play after
    ``MAX_STEPS`` of them), and the state the encounter started from."""

    run: ScenarioRun[Any]
    rounds: int
    start: Any


@dataclass(frozen=True)
class _Branch:
    """Where a sequence of dice is to be played on from: ``at`` (``None``: the scenario's
    start) with ``faces``, the dice rolled since, weighing ``weight``."""

    at: _Point | None
    faces: tuple[int, ...]
    weight: Fraction


@dataclass
class _Ended:
    """A sequence played to the end: the states it started and ended at."""

    start: Any
    end: Any


class _RefusedError(Exception):
    """A command of the play the rules refused (scripted or not), with the error."""

    def __init__(self, command: Command, scripted: bool, error: RulesError) -> None:
        super().__init__(command)
        self.command = command
        self.scripted = scripted
        self.error = error


class _EndlessError(Exception):
    """A play still going after ``analysis.trials.MAX_STEPS`` rounds."""


class _Explorer:
    """Plays every branch of one plan, counting the commands it gives."""

    def __init__(self, rules: Ruleset, scenario: Scenario, policy: Policy[Any]) -> None:
        self.rules = rules
        self.scenario = scenario
        self.policy = policy
        self.steps = 0

    def play(self, branch: _Branch) -> _Ended | tuple[Die, tuple[int, ...], _Point | None]:
        """Play ``branch`` until the encounter ends, or until a die past its faces is
        wanted: then the die, the faces since the last branch point and that point. Plays
        as ``analysis.trials.play`` does: the script's commands when due, a pending
        decision answered by the policy, else ``next_command``."""
        roller = PrefixRoller(branch.faces)
        at = branch.at
        since = 0  # the roller's faces handed out when ``at`` was copied
        command: Command | None = None
        scripted = False
        try:
            if at is None:
                with fast_paths.trial():  # a run that keeps no log can be copied
                    run = self.scenario_format.start(self.scenario, roller, seed=None)
                start = run.session.state
                rounds = 0
            else:
                run = _forked(at.run, roller)
                start = at.start
                rounds = at.rounds
            fresh = at is not None  # just copied from ``at``: no need to copy it again
            forks = _can_fork(run)
            while rounds < MAX_COMMANDS_PER_PLAY:
                if not fresh and forks and roller.given == len(branch.faces):
                    at = _Point(_forked(run, PrefixRoller(())), rounds, start)
                    since = roller.given
                fresh = False
                rounds += 1
                if run.finished:
                    return _Ended(start, run.session.state)
                session = run.session
                command = None
                due = run.due()
                scripted = True
                for command in due:
                    self._submit(run, command)
                scripted = False
                command = None
                if session.pending is not None:
                    command = self.policy.answer(session.state, session.pending)
                    self._submit(run, command)
                    continue
                if due:
                    continue
                command = run.next_command(self.policy)
                if command is None:
                    return _Ended(start, run.session.state)
                self._submit(run, command)
            raise _EndlessError
        except _DieWantedError as wanted:
            return wanted.die, tuple(branch.faces[since:]), at
        except RulesError as error:
            if command is None:
                raise
            raise _RefusedError(command, scripted, error) from None

    @property
    def scenario_format(self) -> Any:
        assert self.rules.scenarios is not None
        return self.rules.scenarios

    def _submit(self, run: ScenarioRun[Any], command: Command) -> None:
        self.steps += 1
        run.session.submit(command)


def exact_outcomes(
    plan: TrialPlan, *, max_plays: int | None = None, max_steps: int | None = None
) -> dict[str, Any]:
    """The exact chance of each winner, and of each actor ending defeated and dead (its
    death ``None`` where its ruleset leaves death to the GM).

    Raises :class:`ExactRefusedError` (an
    :class:`~tablekeeper.errors.OddsUnavailableError`) when the answer would weigh more
    than ``max_plays`` sequences of dice (:data:`MAX_PLAYS` unless given), would give
    more than ``max_steps`` commands (:data:`MAX_STEPS`), or when a command of the play
    is refused in some branch (the scenario's script cannot be played in every one).
    """
    plays_limit = MAX_PLAYS if max_plays is None else max_plays
    steps_limit = MAX_STEPS if max_steps is None else max_steps
    rules = load_ruleset(plan.ruleset)
    scenario = plan.scenario()
    policy = resolve_policy(plan.policy, rules)
    assert rules.scenarios is not None
    explorer = _Explorer(rules, scenario, policy)
    winners: defaultdict[str, Fraction] = defaultdict(Fraction)
    defeated: defaultdict[str, Fraction] = defaultdict(Fraction)
    dead: defaultdict[str, Fraction] = defaultdict(Fraction)
    deaths_ruled: set[str] = set()  # actors some tally counts deaths of (engine/tallies.py)
    pending: deque[_Branch] = deque([_Branch(None, (), Fraction(1))])
    plays = 0

    def refused(message: str, reason: str) -> ExactRefusedError:
        return ExactRefusedError(
            f"{scenario.name}: {message}", reason=reason, plays=plays, steps=explorer.steps
        )

    while pending:
        if plays + len(pending) > plays_limit:  # each branch waiting ends in one sequence or more
            raise refused(
                f"too many dice for an exact answer: more than {plays_limit} sequences of "
                "dice decide it (the Monte Carlo answers it)",
                TOO_MANY_DICE,
            )
        if explorer.steps > steps_limit:
            raise refused(
                "too many dice for an exact answer: playing out its sequences of dice takes "
                f"more than {steps_limit} commands (the Monte Carlo answers it)",
                TOO_MUCH_PLAY,
            )
        branch = pending.popleft()
        try:
            found = explorer.play(branch)
        except _RefusedError as refusal:
            raise refused(_refusal_words(refusal), _refusal_reason(refusal)) from None
        except _EndlessError:
            raise refused(
                "no exact answer: in some branch of the dice the encounter is still going "
                f"after {MAX_COMMANDS_PER_PLAY} rounds of play",
                ENDLESS,
            ) from None
        if isinstance(found, _Ended):
            plays += 1
            weight = branch.weight
            winners[rules.winner(found.end) or NO_ONE] += weight
            for actor, counts in rules.tally(found.start, found.end).items():
                defeated[actor] += weight * counts.get(DEFEATED, 0)
                dead[actor] += weight * counts.get(DEAD, 0)
                if DEAD in counts:
                    deaths_ruled.add(actor)
            continue
        die, faces, at = found
        sides = die.high - die.low + 1
        pending.extend(
            _Branch(at, (*faces, face), branch.weight / sides)
            for face in range(die.high, die.low - 1, -1)
        )
    shown = sorted(winners, key=lambda side: (side == NO_ONE, side))
    return {
        "plays": plays,
        "steps": explorer.steps,
        "sides": {side: str(winners[side]) for side in shown},
        "actors": {
            actor: {
                "defeated": str(defeated[actor]),
                "dead": str(dead[actor]) if actor in deaths_ruled else None,
            }
            for actor in defeated
        },
    }


def _refusal_reason(refusal: _RefusedError) -> str:
    return SCRIPT_REFUSED if refusal.scripted else PLAY_REFUSED


def _refusal_words(refusal: _RefusedError) -> str:
    command = refusal.command
    if refusal.scripted:
        return (
            "no exact answer: the scenario's script cannot be played in every branch of the "
            f"dice: its command {command.kind} (by {command.actor}) is refused in some "
            f"({refusal.error})"
        )
    return (
        "no exact answer: the play cannot go on in every branch of the dice: the command "
        f"{command.kind} (by {command.actor}) is refused in some ({refusal.error})"
    )


def _can_fork(run: Any) -> bool:
    """Whether ``run`` can be copied between commands (:func:`_forked`): a dataclass
    taking its scenario, session and seed (``engine.scenarios.copyable``), whose session
    keeps no log."""
    return not run.session.keeps_log and copyable(run)


def _forked(run: Any, roller: PrefixRoller) -> Any:
    """``run`` as it is now, rolling with ``roller``: its session copied
    (``Session.restarted``: state, pending decision and numbering, no log) and the run
    over it (``engine.scenarios.copied``, its seed kept). Unlike a run's own
    ``restarted`` (which takes it back to its start), the copy is where the run is."""
    return copied(run, run.session.restarted(roller), seed=run.seed)
