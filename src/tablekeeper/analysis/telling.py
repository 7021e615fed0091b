"""A simulation's report in words, once for the terminal (``cli/simulate.py``) and the
console's lab page (``web/lab.py``): a mean with its spread, the resources an actor
spent, the win table's "no one" row with why no side won where that is known
(:func:`told_sides`), and how the trials ended where that says more than the win table
(:func:`told_endings`).

It reads the report's JSON data alone (``analysis/report.py``), so the terminal may
import it without the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

NO_ONE = "no one"
"""The row of trials that no side won."""

DEATH_UNRULED = "GM's call"
"""An actor's deaths where its ruleset tallies none (the report's ``dead`` is ``None``):
the rules leave death to the GM, so no count of them is known, and 0 % would say none
died."""


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
    report: Mapping[str, Any], *, sides_told: bool = False
) -> tuple[str, tuple[tuple[str, Mapping[str, Any]], ...]]:
    """How the trials ended, where that says more than the win table (a social
    encounter's results, the ways a side won, why no side did): the words every ending
    shown starts with (``the social encounter ended``, or ``""``) and each one's row, the
    text without those words. Where every ending only names a row of the win table again
    (all of one side's trials and only those: the skirmish's "goblins left standing")
    the table would repeat it: then only the cause of the "no one" row is told (``the 8
    rounds ran out``), and not that either where ``sides_told`` (the caller's win table
    labels its rows with :func:`told_sides`, which says it on that row). Nothing when no
    ending is left, nor for an older result without endings where every trial had a
    winner or every ending names a row of the win table.

    >>> report = {"sides": {NO_ONE: {"wins": 2}}, "endings": {
    ...     "it ended: a wins": {"count": 1, "sides": {NO_ONE: 1}},
    ...     "it ended: b wins": {"count": 1, "sides": {NO_ONE: 1}}}}
    >>> shared, rows = told_endings(report)
    >>> shared, [text for text, _ in rows]
    ('it ended', ['a wins', 'b wins'])
    >>> report = {"sides": {"a": {"wins": 9}, NO_ONE: {"wins": 1}}, "endings": {
    ...     "a left standing": {"count": 9, "sides": {"a": 9}},
    ...     "the 9 rounds ran out": {"count": 1, "sides": {NO_ONE: 1}}}}
    >>> [text for text, _ in told_endings(report)[1]], told_endings(report, sides_told=True)
    (['the 9 rounds ran out'], ('', ()))
    """
    endings: Mapping[str, Mapping[str, Any]] = report.get("endings", {})
    if all("sides" in row for row in endings.values()):
        shown = dict(endings)
        if all(_repeats_a_side(text, row, endings) for text, row in endings.items()):
            shown = {  # only the "no one" row's causes, where its label does not say them
                text: row
                for text, row in endings.items()
                if NO_ONE in row["sides"] and text != NO_ONE and not sides_told
            }
    else:  # an older result: its endings do not say who won them
        no_one = report["sides"].get(NO_ONE, {}).get("wins", 0)
        repeated = not no_one or all(text in report["sides"] for text in endings)
        shown = {} if repeated else dict(endings)
    if not shown:
        return "", ()
    first = next(iter(shown))
    shared = first[: first.find(": ") + 2] if ": " in first else ""
    shared = shared if all(text.startswith(shared) for text in shown) else ""
    return shared[:-2], tuple((text[len(shared) :], row) for text, row in shown.items())


def _repeats_a_side(
    text: str, row: Mapping[str, Any], endings: Mapping[str, Mapping[str, Any]]
) -> bool:
    """Whether an ending is one row of the win table again: its trials are all one
    side's (or no one's), and all that side's trials end so."""
    if len(row["sides"]) != 1:
        return False
    side = next(iter(row["sides"]))
    return all(side not in other["sides"] for key, other in endings.items() if key != text)


def told_sides(report: Mapping[str, Any]) -> tuple[tuple[str, str, Mapping[str, Any]], ...]:
    """The win table's rows, each as its side (the report's key), its label and its
    row: the label is the side, but the "no one" row of trials that no side won says why
    where the endings know it: its one ending (``no one: the 30 seconds ran out``), or
    the words its several share, told below (``no one: the social encounter ended (how
    it ended, below)``).

    >>> report = {"sides": {"a": {"wins": 1}, NO_ONE: {"wins": 1}}, "endings": {
    ...     "a left standing": {"count": 1, "sides": {"a": 1}},
    ...     "the 9 rounds ran out": {"count": 1, "sides": {NO_ONE: 1}}}}
    >>> [label for _, label, _ in told_sides(report)]
    ['a', 'no one: the 9 rounds ran out']
    """
    return tuple(
        (side, _why_no_one(report) if side == NO_ONE else side, row)
        for side, row in report["sides"].items()
    )


def _why_no_one(report: Mapping[str, Any]) -> str:
    """The "no one" row's label: why no side won, where the endings say."""
    if not report["sides"].get(NO_ONE, {}).get("wins", 0):
        return NO_ONE
    endings: Mapping[str, Mapping[str, Any]] = report.get("endings", {})
    causes = [text for text, row in endings.items() if row.get("sides", {}).get(NO_ONE)]
    if len(causes) == 1:
        return NO_ONE if causes[0] == NO_ONE else f"{NO_ONE}: {causes[0]}"
    first = causes[0] if causes else ""
    shared = first[: first.find(": ")] if ": " in first else ""
    if shared and all(text.startswith(f"{shared}: ") for text in causes):
        return f"{NO_ONE}: {shared} (how it ended, below)"
    return f"{NO_ONE} (how it ended, below)" if causes else NO_ONE


def named_values(values: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """A grid point's values by the names of the numbers (``--numbers``' and the lab
    page's), a field without one by its path; ``""`` for a point that varies nothing.

    >>> named_values({"fighters.1.hp": 8, "rounds": 20}, {"fighters.1.hp": "Bob › hp"})
    'Bob › hp = 8, rounds = 20'
    """
    return ", ".join(f"{names.get(field, field)} = {value}" for field, value in values.items())
