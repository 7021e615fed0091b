"""Exact outcomes of a small encounter: every sequence of dice, played out, weighed.

Where a whole encounter comes down to a few dice (a single exchange, one attack
sequence, a dying creature's one critical injury roll), its outcome has an exact answer,
and the lab computes it for any ruleset through the contract alone: it plays the
scenario with a roller that hands out a fixed prefix of faces and, when the rules ask for
one die more, stops; the prefix is then extended by every face that die can show, each
weighing ``1/sides``, and played again. Each sequence that reaches the end adds its
weight to its outcome: the winner (or "no one"), and each actor's chance of being out of
the fight or dead. The answer is a ``Fraction``; it is exact for the policy, which must
choose the same way given the same dice (the rulesets' policies do).

Every play starts again from the scenario's start, so the cost is about the number of
sequences times one short play: :data:`MAX_PLAYS` keeps a question that is not small
from running for long (an encounter of rounds of d100s is for the Monte Carlo).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tablekeeper.analysis.telling import NO_ONE
from tablekeeper.analysis.trials import TrialPlan, play, resolve_policy
from tablekeeper.dice.roller import Die, History
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.tallies import DEAD, DEFEATED
from tablekeeper.errors import OddsUnavailableError

MAX_PLAYS = 2_000
"""The most plays one exact answer may take."""


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

    def roll(self, die: Die) -> int:
        position = len(self._history)
        if position >= len(self._faces):
            raise _DieWantedError(die)
        face = self._faces[position]
        self._history.add(die, face)
        return face

    def roll_many(self, die: Die, count: int) -> list[int]:
        return [self.roll(die) for _ in range(count)]


def exact_outcomes(plan: TrialPlan, *, max_plays: int | None = None) -> dict[str, Any]:
    """The exact chance of each winner, and of each actor ending defeated and dead.

    Raises :class:`~tablekeeper.errors.OddsUnavailableError` when the answer would take
    more than ``max_plays`` plays (:data:`MAX_PLAYS` unless given).
    """
    limit = MAX_PLAYS if max_plays is None else max_plays
    rules = load_ruleset(plan.ruleset)
    scenario = plan.scenario()
    policy = resolve_policy(plan.policy, rules)
    assert rules.scenarios is not None
    winners: defaultdict[str, Fraction] = defaultdict(Fraction)
    defeated: defaultdict[str, Fraction] = defaultdict(Fraction)
    dead: defaultdict[str, Fraction] = defaultdict(Fraction)
    pending: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    plays = 0
    while pending:
        faces, weight = pending.pop()
        plays += 1
        if plays > limit:
            raise OddsUnavailableError(
                f"{scenario.name} takes more than {limit} plays to answer exactly: "
                "too many dice for an exact answer (the Monte Carlo answers it)",
                field="exact",
            )
        try:
            run = rules.scenarios.start(scenario, PrefixRoller(faces), seed=None)
            start = run.session.state
            play(run, policy)
        except _DieWantedError as wanted:
            sides = wanted.die.high - wanted.die.low + 1
            pending.extend(
                ((*faces, face), weight / sides)
                for face in range(wanted.die.high, wanted.die.low - 1, -1)
            )
            continue
        end = run.session.state
        winners[rules.winner(end) or NO_ONE] += weight
        for actor, counts in rules.tally(start, end).items():
            defeated[actor] += weight * counts.get(DEFEATED, 0)
            dead[actor] += weight * counts.get(DEAD, 0)
    return {
        "plays": plays,
        "sides": {side: str(chance) for side, chance in winners.items()},
        "actors": {
            actor: {"defeated": str(defeated[actor]), "dead": str(dead[actor])}
            for actor in defeated
        },
    }
