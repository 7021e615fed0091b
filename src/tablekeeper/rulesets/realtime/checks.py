"""Test resolution: the d20 roll-under check of rule document 003 ("Test Resolution").

A rules "Test" is a *check* in code. Roll 1d20; the check succeeds when the die is at most
the modified characteristic, the *threshold* (R-TEST-01, R-TEST-03). The difference
``threshold - die`` is the quality of the result: zero or more is that many Success Points
(S.P.), below zero its magnitude in Failure Points (F.P.) (R-TEST-02). A threshold above
20 succeeds automatically, and the die still sets the S.P. (R-TEST-05). There are no
natural results: a threshold of 0 or less always fails (ruling G-R-11).

:func:`resolve_test` is the one definition of that rule: the roll (:func:`roll_check`)
and the exact odds (:func:`check_odds`, :func:`success_chance`) both go through it, the
odds by enumerating the 20 faces (STYLE.md, lesson 2). Negotiation and treatment are
checks too and use the same functions.

Hidden modifiers (R-TEST-04): the GM's :class:`CheckOutcome` holds the real result and the
*apparent* one, computed without the hidden contributions of the threshold; a player is
shown :meth:`CheckOutcome.player_view`, which never contains the hidden value.
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import Field

from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.memo import built
from tablekeeper.engine.readings import Category, Number, Reading
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen

D20 = Die(20)
"""The die of every check."""

AUTOMATIC_ABOVE = 20
"""A threshold above the d20's highest face succeeds automatically (R-TEST-05)."""


class CheckResult(Frozen):
    """A check's result for one threshold and one die (R-TEST-01, R-TEST-02, R-TEST-05)."""

    die: int
    threshold: int
    success: bool
    success_points: int | None = Field(description="S.P. (0 or more) on a success, else null.")
    failure_points: int | None = Field(description="F.P. (1 or more) on a failure, else null.")
    automatic: bool = Field(description="The threshold is above 20: success whatever the die.")

    @property
    def difference(self) -> int:
        """``threshold - die``, as the document writes S.P. / F.P. (F.P. 6 is -6)."""
        return self.threshold - self.die

    @property
    def label(self) -> str:
        """``'5 S.P.'`` or ``'6 F.P.'``: the outcome label of the exact odds."""
        if self.success_points is not None:
            return f"{self.success_points} S.P."
        return f"{self.failure_points} F.P."


def resolve_test(threshold: int, die: int) -> CheckResult:
    """The rule itself: the result of a check with ``die`` against ``threshold``.

    >>> resolve_test(14, 9).label, resolve_test(11, 17).label, resolve_test(23, 12).automatic
    ('5 S.P.', '6 F.P.', True)
    """
    if die not in D20:
        raise ValueError(f"a d20 cannot show {die}")
    difference = threshold - die
    success = difference >= 0
    return CheckResult(
        die=die,
        threshold=threshold,
        success=success,
        success_points=difference if success else None,
        failure_points=None if success else -difference,
        automatic=threshold > AUTOMATIC_ABOVE,
    )


def results(threshold: int) -> tuple[CheckResult, ...]:
    """The result of each of the 20 equally likely faces, face 1 first."""
    return tuple(resolve_test(threshold, face) for face in D20.faces)


FACE_CHANCE = Fraction(1, D20.sides)
"""The chance of each face of the d20."""


def success_chance(threshold: int) -> Fraction:
    """The exact chance that a check against ``threshold`` succeeds."""
    return sum((FACE_CHANCE for result in results(threshold) if result.success), Fraction(0))


def threshold_odds(threshold: int) -> OutcomeOdds:
    """The exact chance of each S.P. / F.P. label, best first."""
    return OutcomeOdds(tuple((result.label, FACE_CHANCE) for result in results(threshold)))


class PlayerCheckView(Frozen):
    """What a player sees of a check: the result against the modifiers they know of."""

    die: int
    threshold: int
    success: bool
    success_points: int | None
    failure_points: int | None
    automatic: bool
    breakdown: Breakdown


class CheckOutcome(Frozen):
    """A rolled check as the GM sees it: the real result, and the result as it appears to
    the player (computed without the hidden modifiers, R-TEST-04)."""

    die: int
    threshold: int
    success: bool
    success_points: int | None
    failure_points: int | None
    automatic: bool
    apparent_threshold: int = Field(description="The threshold without hidden modifiers.")
    apparent_success: bool
    apparent_success_points: int | None
    apparent_failure_points: int | None
    breakdown: Breakdown = Field(description="The threshold's contributions; hidden ones marked.")

    @property
    def result(self) -> CheckResult:
        """The real result."""
        return resolve_test(self.threshold, self.die)

    @property
    def apparent_result(self) -> CheckResult:
        """The result as it appears to the player."""
        return resolve_test(self.apparent_threshold, self.die)

    @property
    def misleading(self) -> bool:
        """Whether the player sees a success where there is a failure, or the reverse."""
        return self.success != self.apparent_success

    def player_view(self) -> PlayerCheckView:
        """The check as the player sees it: no hidden contribution, no real result."""
        apparent = self.apparent_result
        return PlayerCheckView(**apparent.model_dump(), breakdown=self.breakdown.visible())


def check_outcome(breakdown: Breakdown, die: int) -> CheckOutcome:
    """The outcome of a check whose threshold is ``breakdown``'s total, given the die."""
    real = resolve_test(breakdown.total, die)
    apparent = resolve_test(breakdown.visible().total, die)
    return CheckOutcome(
        **real.model_dump(),
        apparent_threshold=apparent.threshold,
        apparent_success=apparent.success,
        apparent_success_points=apparent.success_points,
        apparent_failure_points=apparent.failure_points,
        breakdown=breakdown,
    )


def roll_check(breakdown: Breakdown, roller: Roller) -> CheckOutcome:
    """Roll one d20 against the threshold ``breakdown`` adds up to."""
    return check_outcome(breakdown, roller.roll(D20))


class CheckInput(Frozen):
    """A check: a characteristic, the modifiers the player knows of, and hidden ones."""

    characteristic: int = Field(description="The characteristic tested (R-TEST-01).")
    modifier: int = Field(default=0, description="Bonuses and penalties the player knows of.")
    hidden_modifier: int = Field(
        default=0, description="Bonuses and penalties known to the GM only (R-TEST-04)."
    )
    characteristic_name: str | None = Field(
        default=None,
        max_length=60,
        description="The characteristic's name, for the explanation: 'Acrobatics' (G-R-16).",
    )

    def threshold_breakdown(self) -> Breakdown:
        """Characteristic plus modifiers (R-TEST-03); zero modifiers are left out."""
        terms = [
            Contribution(
                amount=self.characteristic,
                label=self.characteristic_name or "characteristic",
                source="R-TEST-01",
            )
        ]
        if self.modifier:
            terms.append(Contribution(amount=self.modifier, label="modifier", source="R-TEST-03"))
        if self.hidden_modifier:
            terms.append(
                Contribution(
                    amount=self.hidden_modifier,
                    label="hidden modifier",
                    source="R-TEST-04",
                    hidden=True,
                )
            )
        return Breakdown.of(*terms)

    @property
    def threshold(self) -> int:
        """``characteristic + modifier + hidden_modifier``."""
        return self.characteristic + self.modifier + self.hidden_modifier

    def apparent(self) -> CheckInput:
        """The check as the player knows it: the same without the hidden modifier."""
        return self.model_copy(update={"hidden_modifier": 0})


def check_odds(request: CheckInput) -> OutcomeOdds:
    """The exact chance of each S.P. / F.P. label (the GM's, hidden modifier included;
    a player's are ``check_odds(request.apparent())``)."""
    return threshold_odds(request.threshold)


@resolver(
    "realtime.check",
    summary="A d20 roll-under check (Test): S.P. or F.P. against a modified characteristic.",
    odds=check_odds,
    example={"characteristic": 12},
    reading=Reading(
        (
            Category("result", (("success", r"S\.P\.$"), ("failure", r"F\.P\.$"))),
            Number("S.P.", r"^(\d+) S\.P\.$", field="success_points"),
            Number("F.P.", r"^(\d+) F\.P\.$", field="failure_points"),
        ),
        headline="P(success)",
    ),
)
def check(request: CheckInput, roller: Roller) -> CheckOutcome:
    """Roll 1d20 against the characteristic and its modifiers (document 003, Test Resolution)."""
    return roll_check(request.threshold_breakdown(), roller)


def check_rolled(request: CheckInput, roller: Roller) -> CheckOutcome:
    """:func:`check`: one d20 rolled against the request's threshold. The outcome is a
    frozen value, a pure function of the request and the face, so on the fast paths it
    is built once for an equal request and face (``engine/memo.built``): a simulation's
    reactions roll the same few checks trial after trial. ``tests/rulesets/realtime/
    test_fast_paths.py`` holds it to :func:`check` for every face of varied requests."""
    die = roller.roll(D20)
    return built(
        ("realtime.check", request, die),
        lambda: check_outcome(request.threshold_breakdown(), die),
    )
