"""A simulation's report in words, once for the terminal (``cli/simulate.py``) and the
console's lab page (``web/lab.py``): a mean with its spread, the resources an actor
spent, and how the trials ended when that says more than the "no one" row.

It reads the report's JSON data alone (``analysis/report.py``), so the terminal may
import it without the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

NO_ONE = "no one"
"""The row of trials that no side won."""


def with_spread(mean: float, sd: float | None) -> str:
    """A mean with its standard deviation over the trials (none in an older result).

    >>> with_spread(1.5, 0.5), with_spread(2.0, None)
    ('1.50 ± 0.50', '2.00')
    """
    return f"{mean:.2f}" if sd is None else f"{mean:.2f} ± {sd:.2f}"


def spent_words(resources: Mapping[str, float], spread: Mapping[str, float] | None = None) -> str:
    """The resources an actor spent, a mean per encounter, those it never spent left out.

    >>> spent_words({"ammo": 1.5, "fate": 0.0}, {"ammo": 0.5})
    'ammo 1.50 ± 0.50'
    """
    return ", ".join(
        f"{name} {with_spread(value, (spread or {}).get(name))}"
        for name, value in resources.items()
        if value
    )


def told_endings(
    report: Mapping[str, Any],
) -> tuple[str, tuple[tuple[str, Mapping[str, Any]], ...]]:
    """How the trials ended, where that says what the "no one" row does not (a social
    encounter's results, why a combat stopped): the words every ending starts with
    (``the social encounter ended``, or ``""``) and each ending's row, the text without
    those words; nothing when every trial had a winner (or an older result has no
    endings).

    >>> report = {"sides": {NO_ONE: {"wins": 2}}, "endings": {
    ...     "it ended: a wins": {"count": 1}, "it ended: b wins": {"count": 1}}}
    >>> told_endings(report)
    ('it ended', (('a wins', {'count': 1}), ('b wins', {'count': 1})))
    """
    endings: Mapping[str, Mapping[str, Any]] = report.get("endings", {})
    no_one = report["sides"].get(NO_ONE, {}).get("wins", 0)
    if not no_one or all(text == NO_ONE for text in endings):
        return "", ()
    first = next(iter(endings))
    shared = first[: first.find(": ") + 2] if ": " in first else ""
    shared = shared if all(text.startswith(shared) for text in endings) else ""
    return shared[:-2], tuple((text[len(shared) :], row) for text, row in endings.items())
