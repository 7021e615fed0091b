"""Chances before committing: the exact odds of the outcomes of a command an interface offers.

A resolver's :class:`~tablekeeper.engine.resolvers.OutcomeOdds` is a distribution (its
outcomes sum to 1). What a console shows beside a button is looser: an attack lists its
roll's levels, then for each defense the target could choose the chance it hits, injures
or takes the target out. :class:`CommandOdds` is that list, each chance with its label;
every chance in it must still come from the rules code the engine rolls with (STYLE.md,
lesson 2). A ruleset computes it (``Ruleset.command_odds``) for a viewer's
:class:`~tablekeeper.engine.sight.Sight`, so odds never tell a player what is hidden
(docs/rulings.md, C-10).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class CommandOdds:
    """Exact chances for one command (or one actor's standing risk), each with its label.

    >>> odds = CommandOdds("Attack Wolf", (("hit", Fraction(3, 5)), ("miss", Fraction(2, 5))))
    >>> odds.line()
    'hit 60% · miss 40%'
    """

    title: str
    outcomes: tuple[tuple[str, Fraction], ...]

    def __post_init__(self) -> None:
        for label, chance in self.outcomes:
            if not isinstance(chance, Fraction) or not 0 <= chance <= 1:
                raise ValueError(f"the chance of {label!r} must be a Fraction in [0, 1]")

    def line(self, limit: int = 4) -> str:
        """The first ``limit`` outcomes on one line, as whole percentages."""
        return " · ".join(f"{label} {percent(chance)}" for label, chance in self.outcomes[:limit])


def percent(chance: Fraction) -> str:
    """A chance as a percentage, rounded to a whole one unless it is tiny but not zero.

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 1000)), percent(Fraction(0))
    ('33%', '0.1%', '0%')
    """
    value = chance * 100
    if 0 < value < 1:
        return f"{float(value):.1f}%"
    return f"{round(value)}%"
