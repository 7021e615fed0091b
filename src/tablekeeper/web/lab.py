"""The console's balance lab: pick a shipped scenario or a resolver, vary a field, run,
watch the progress, read the charts, download the data.

The page (``lab.html``) holds two forms; a run starts in the background
(:mod:`tablekeeper.services.lab_jobs`) and its part of the page (``_lab_run.html``)
polls itself with htmx until the run ends, then shows the charts: each side's win rate
with its Wilson interval and the length histogram of a simulation; a sweep's chart (the
terminal's ``--plot``, as inline SVG) and its summary table. Without JavaScript a run's
own page reloads itself. The charts are drawn here from the result document alone (its
sides, lengths, outcomes and summary), never from a ruleset's own data: every ruleset
with scenarios or resolvers joins the lab through the contract.
"""

from __future__ import annotations

import csv
import html
import io
import json
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from tablekeeper.analysis.glance import alike, alike_text, at_a_glance, sides_of
from tablekeeper.analysis.plots import sweep_svg
from tablekeeper.analysis.simulation import point_rows
from tablekeeper.analysis.sweep import columns_of, is_chance, summary_value, to_csv
from tablekeeper.analysis.telling import (
    DEATH_UNRULED,
    named_values,
    spent_words,
    told_endings,
    told_sides,
    with_spread,
)
from tablekeeper.analysis.variations import is_square, suggested
from tablekeeper.errors import ConflictError, ForbiddenError, InvalidInputError, RulesError
from tablekeeper.services import lab, lab_jobs
from tablekeeper.web import access
from tablekeeper.web.form_fields import FieldGroup, FormField, FormItem
from tablekeeper.web.forms import (
    errors_by_field,
    field_names,
    form_values,
    posted_names,
    read_form,
    sheet_fields,
)
from tablekeeper.web.pages import Form, PageRoute, see_other
from tablekeeper.web.templating import is_htmx, render

SIMULATION_FIELDS = frozenset({"scenario", "trials", "seed", "vary"})
SWEEP_FIELDS = frozenset({"resolver", "vary"})
INPUT = "input"
"""The prefix of every input of a resolver's form: ``input.attacker.skill``."""
DEFAULT_TRIALS = 200
MAX_HISTOGRAM_BARS = 40
"""The most bars the length histogram draws (longer encounters share a bar)."""
ROUND_STEPS = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)
"""The count axis's tops, in tenths of a power of ten: 1, 1.2, 1.5 ... 8 times 10^k."""


@dataclass(frozen=True)
class WinRate:
    """One side's share of the wins, its 95 % interval, as percentages of the chart."""

    side: str
    wins: int
    rate: float
    low: float
    high: float
    label: str = ""
    """What the win table calls the side (``no one: the 30 seconds ran out``), where it
    says more than the side's name."""

    @property
    def named(self) -> str:
        """The side as the win table shows it."""
        return self.label or self.side

    @property
    def text(self) -> str:
        return f"{self.rate:.1f} % ({self.low:.1f}-{self.high:.1f} %)"


@dataclass(frozen=True)
class LengthBar:
    """Encounters of lengths ``start``..``stop`` (one bar) and how many there were."""

    start: int
    stop: int
    count: int
    height: float
    """Percent of the chart's height (its top is :func:`count_top` of the tallest bar)."""

    @property
    def label(self) -> str:
        return str(self.start) if self.start == self.stop else f"{self.start}-{self.stop}"


@dataclass(frozen=True)
class ActorRow:
    """One actor's mean per encounter, as the terminal's per-actor table has it: how
    often it was defeated and died (percent), its injuries and the resources it spent
    (each with its standard deviation over the trials, ``1.00 ± 0.50``)."""

    name: str
    side: str
    defeated: float
    dead: float | None
    """``None``: its ruleset leaves death to the GM (the table says so)."""
    injuries: str
    spent: str

    @property
    def dead_text(self) -> str:
        """``12.5 %``, or :data:`~tablekeeper.analysis.telling.DEATH_UNRULED`."""
        return DEATH_UNRULED if self.dead is None else f"{self.dead:.1f} %"


@dataclass(frozen=True)
class Ending:
    """How some trials ended (a social encounter's result, why a combat stopped), as
    the terminal's "how it ended" table: the count and its rate with the interval."""

    text: str
    count: int
    rate: WinRate


@dataclass(frozen=True)
class PointCharts:
    """What one grid point of a simulation shows: its heading (the values varied, by
    the names the scenario's numbers list shows), the win rates, the lengths and the
    actors."""

    heading: str
    values: Mapping[str, Any]
    rates: tuple[WinRate, ...]
    lengths: tuple[LengthBar, ...]
    mean: float
    unit: str
    median: int = 0
    shortest: int = 0
    longest: int = 0
    actors: tuple[ActorRow, ...] = ()
    sd: float = 0.0
    """The lengths' standard deviation over the trials."""
    endings: tuple[Ending, ...] = ()
    trials: int = 0
    """How many trials it played: fewer than asked in a stopped run, none at a point
    the run did not reach."""

    @property
    def length_ticks(self) -> tuple[tuple[float, str], ...]:
        """Where the length axis is labelled when its bars are too many to label each:
        five bars spread over it, the first and the last among them, each as (its
        centre in percent of the axis, its label)."""
        count = len(self.lengths)
        if not count:
            return ()
        picked = dict.fromkeys(round(part * (count - 1) / 4) for part in range(5))
        return tuple((100 * (index + 0.5) / count, self.lengths[index].label) for index in picked)

    @property
    def count_top(self) -> int:
        """The top of the histogram's count axis: a round count at least the tallest bar's."""
        return count_top(max((bar.count for bar in self.lengths), default=0))


@dataclass(frozen=True)
class TrendPoint:
    """One side's win rate at one value of the varied field, placed on the chart
    (x and y in percent of its width and height; the interval's ends as y too)."""

    value: Any
    rate: WinRate
    x: float
    y: float
    low: float
    high: float


@dataclass(frozen=True)
class Trend:
    """A side's win rate over the values of the one varied field."""

    side: str
    points: tuple[TrendPoint, ...]

    @property
    def line(self) -> str:
        """The SVG polyline through its points."""
        return " ".join(f"{point.x:.2f},{point.y:.2f}" for point in self.points)


def win_rates(report: Mapping[str, Any]) -> tuple[WinRate, ...]:
    """Each side's win rate and interval, in percent, the "no one" row saying why no
    side won where the endings know it (:func:`~tablekeeper.analysis.telling.told_sides`)."""
    return tuple(
        WinRate(side, row["wins"], 100 * row["rate"], 100 * row["low"], 100 * row["high"], label)
        for side, label, row in told_sides(report)
    )


def count_top(tallest: int) -> int:
    """The top of a count axis: the least round count at least ``tallest`` whose half is
    a whole count too (the axis reads top, half, 0), so "1500 / 750 / 0", not "1487 / 743".

    >>> [count_top(n) for n in (0, 1, 7, 11, 13, 1000, 1487, 1501)]
    [0, 2, 8, 12, 20, 1000, 1500, 2000]
    """
    if tallest <= 0:
        return 0
    scale = 1
    while True:
        for step in ROUND_STEPS:
            top, rest = divmod(step * scale, 10)
            if not rest and top >= tallest and top % 2 == 0:
                return top
        scale *= 10


def length_bars(histogram: Mapping[str, int]) -> tuple[LengthBar, ...]:
    """The histogram as bars from the shortest length to the longest (none left out),
    neighbouring lengths sharing a bar when there are many."""
    lengths = sorted((int(length), count) for length, count in histogram.items())
    if not lengths:
        return ()
    low, high = lengths[0][0], lengths[-1][0]
    width = max(1, -(-(high - low + 1) // MAX_HISTOGRAM_BARS))
    counts = dict.fromkeys(range(low, high + 1, width), 0)  # an empty bar where none lasted
    for length, count in lengths:
        start = low + (length - low) // width * width
        counts[start] = counts.get(start, 0) + count
    top = count_top(max(counts.values())) or 1
    return tuple(
        LengthBar(start, min(high, start + width - 1), count, 100 * count / top)
        for start, count in sorted(counts.items())
    )


def actor_rows(report: Mapping[str, Any]) -> tuple[ActorRow, ...]:
    """The report's actors, as the terminal's table (``cli/simulate.py``) shows them."""
    return tuple(
        ActorRow(
            row["name"],
            row["side"],
            100 * row["defeated"],
            None if row["dead"] is None else 100 * row["dead"],
            with_spread(row["injuries"], row.get("spread", {}).get("injuries")),
            spent_words(row["resources"], row.get("spread", {})),
        )
        for row in report.get("actors", {}).values()
    )


def endings_of(report: Mapping[str, Any]) -> tuple[Ending, ...]:
    """How the trials ended, as the terminal tells it
    (:func:`~tablekeeper.analysis.telling.told_endings`: the words every ending starts
    with left out)."""
    return tuple(
        Ending(
            text,
            row["count"],
            WinRate(text, row["count"], 100 * row["rate"], 100 * row["low"], 100 * row["high"]),
        )
        for text, row in told_endings(report, sides_told=True)[1]
    )


def point_heading(values: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """A grid point's values by the names of the numbers (``Brenna › brawn = 2``), a
    field without one by its path; a point that varies nothing: "As written"."""
    return named_values(values, names) or "As written"


def simulation_charts(
    result: Mapping[str, Any], names: Mapping[str, str] | None = None
) -> tuple[PointCharts, ...]:
    """The charts of every grid point of a simulation result (``names``: the varied
    fields' names in words, by path)."""
    charts = []
    for point in result["points"]:
        length = point["report"]["length"]
        charts.append(
            PointCharts(
                point_heading(point["values"], names or {}),
                point["values"],
                win_rates(point["report"]),
                length_bars(length["histogram"]),
                length["mean"],
                result.get("length_unit") or "commands",
                length.get("median", 0),
                length.get("min", 0),
                length.get("max", 0),
                actor_rows(point["report"]),
                length.get("sd", 0.0),
                endings_of(point["report"]),
                point["report"]["trials"],
            )
        )
    return tuple(charts)


def win_rate_trends(result: Mapping[str, Any]) -> tuple[Trend, ...]:
    """Each side's win rate (and interval) over the values of the varied field, when
    one field varies over numbers at two points or more; else none. The x axis spans the
    values (their order as varied), the y axis 0 to 100 %. A side that won no trial at any
    point has no line, as it has no column at a glance (its 0 % line lay under another's)."""
    varied = result.get("varied") or []
    points = result["points"]
    if len(varied) != 1 or len(points) < 2:
        return ()
    field = varied[0]
    values = [point["values"].get(field) for point in points]
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return ()
    low, high = min(values), max(values)
    span = (high - low) or 1
    trends = []
    for side in sides_of(result):  # as the glance table: not a side that never won
        placed = []
        for value, point in zip(values, points, strict=True):
            row = point["report"]["sides"].get(side)
            if row is None or not point["report"]["trials"]:  # not reached: stopped
                continue
            (rate,) = win_rates({"sides": {side: row}})
            placed.append(
                TrendPoint(
                    value,
                    rate,
                    100 * (value - low) / span,
                    100 - rate.rate,
                    100 - rate.low,
                    100 - rate.high,
                )
            )
        trends.append(Trend(side, tuple(placed)))
    return tuple(trends)


def sweep_rows(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A sweep as rows: the values varied, then its summary's columns (``analysis/
    sweep.py``): a chance in percent with its bar, a mean to two places."""
    rows = []
    for point in result["points"]:
        cells = []
        for key in columns_of(result):
            value = summary_value(point, key)
            if is_chance(result, key):
                cells.append({"text": f"{100 * value:.1f} %", "bar": 100 * value})
            else:
                cells.append({"text": f"{value:.2f}", "bar": None})
        rows.append({"values": point["values"], "cells": cells})
    return rows


def chart_title(result: Mapping[str, Any]) -> str:
    """What a sweep's chart shows: its summary over one field, its main column over two."""
    over = " and ".join(result["varied"])
    return (
        f"the summary over {over}"
        if len(result["varied"]) == 1
        else f"{result['main']} over {over}"
    )


HELD_SHOWN = 40
"""The most held input values a sweep's page lists (the downloads hold them all)."""


def held_text(result: Mapping[str, Any]) -> str:
    """The input a sweep held at every point, each leaf by its path (``defender_dice = 5,
    attacker.weapon.damage = 1d8``): what its numbers were worked out with, beside the
    varied fields.

    >>> held_text({"input": {"dice": 8, "foe": {"tn": 4, "x": None}}, "varied": ["dice"]})
    'foe.tn = 4, foe.x = none'
    >>> held_text({"input": {"at": [3, 4], "open": True, "tags": []}, "varied": []})
    'at = [3, 4], open = yes, tags = none'
    """
    varied = set(result.get("varied") or ())
    leaves: list[str] = []

    def walk(value: Any, path: str) -> None:
        if path in varied:
            return
        if isinstance(value, Mapping):
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else str(key))
        elif isinstance(value, list) and value and not is_square(value):
            for index, item in enumerate(value):
                walk(item, f"{path}.{index}")
        else:
            leaves.append(f"{path} = {_held_value(value)}")

    walk(result.get("input") or {}, "")
    more = len(leaves) - HELD_SHOWN
    return ", ".join(leaves[:HELD_SHOWN]) + (f" and {more} more" if more > 0 else "")


def _held_value(value: Any) -> str:
    """A held value in words: ``none`` for nothing (an empty list too), ``yes``/``no``."""
    if value is None or value == []:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


CHARTS_KEPT = 20
"""How many finished sweeps' charts are kept drawn (as many as the runs kept)."""
_charts: dict[str, str | None] = {}
_charts_lock = threading.Lock()


def sweep_chart(run_id: str, result: Mapping[str, Any]) -> str | None:
    """The sweep's chart of its main column as inline SVG (``analysis/plots.py``, the
    terminal's ``--plot``), drawn once per run; none over three varied fields or more."""
    with _charts_lock:
        if run_id in _charts:
            return _charts[run_id]
    if len(result["varied"]) not in (1, 2):
        return None
    svg = sweep_svg(result)
    label = f"Chart of {result['resolver']}: {chart_title(result)}"
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(label)}" ', 1)
    svg = svg.replace("*{stroke-linejoin", ".lab-sweep-chart *{stroke-linejoin", 1)  # its own
    with _charts_lock:
        while len(_charts) >= CHARTS_KEPT:
            del _charts[next(iter(_charts))]
        _charts[run_id] = svg
    return svg


@dataclass(frozen=True)
class VaryChoice:
    """A number the designer may vary: its path, in words, its value as written (a
    scenario's; a resolver's stands in its input above), and the line a click puts in the
    vary box (``attacker.skill=30:70:10``: five values around it)."""

    path: str
    label: str
    value: str
    line: str


def resolver_items(name: str) -> tuple[FormItem, ...]:
    """The inputs of the resolver ``name``'s form, from its input model's schema."""
    schema = lab.resolver_named(name).input_model.model_json_schema()
    return sheet_fields(schema, prefix=INPUT)


def resolver_example(name: str) -> dict[str, str]:
    """The resolver's form filled with its example input (its defaults where it has none)."""
    example = lab.resolver_named(name).example or {}
    return form_values(resolver_items(name), example)


def resolver_choices(
    items: tuple[FormItem, ...], values: Mapping[str, str], within: str = ""
) -> list[VaryChoice]:
    """The number inputs of a resolver's form, as what a sweep may vary: those with a
    value to vary around (typed, else the model's default or least), and not inside a
    part of the input left out that the model leaves out too (a defender's hazard) or
    that cannot stand on its defaults (a defender's weapon: varying its HP alone would be
    refused); a part filled with its defaults (the table's options) is offered."""
    choices: list[VaryChoice] = []
    for item in items:
        if isinstance(item, FieldGroup):
            if _absent(item, values) and (item.nullable or _needs_more(item)):
                continue
            choices += resolver_choices(item.children, values, f"{within}{item.label} › ")
        elif isinstance(item, FormField) and item.widget == "number" and not item.decimal:
            path = item.name.removeprefix(f"{INPUT}.")
            text = values.get(item.name, "")
            value = int(text) if text.lstrip("-").isdigit() else item.default
            line = suggested(path, value, minimum=item.minimum, maximum=item.maximum)
            if not line.endswith("="):
                choices.append(VaryChoice(path, f"{within}{item.label}", "", line))
    return choices


def _absent(group: FieldGroup, values: Mapping[str, str]) -> bool:
    prefix = f"{group.name}."
    return not any(name.startswith(prefix) and text for name, text in values.items())


def _needs_more(group: FieldGroup) -> bool:
    """Whether a part of the input needs a field of its own to be given (it has no
    defaults to stand on)."""
    return any(
        _needs_more(child) if isinstance(child, FieldGroup) else child.required
        for child in group.children
    )


def scenario_choices(choice: str) -> list[VaryChoice]:
    """The numbers of the scenario ``ruleset/name`` as written, as what a simulation may
    vary (``services.lab.scenario_numbers``)."""
    ruleset, name = _scenario_choice(choice)
    return [
        VaryChoice(found.path, found.label, str(found.value), found.suggested)
        for found in lab.scenario_numbers(name, ruleset=ruleset)
    ]


def vary_lines(text: str) -> list[str]:
    """The ``FIELD=START:STOP[:STEP]`` lines of the vary box, blank lines left out."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def _number(form: Mapping[str, str], name: str, default: int) -> int:
    text = form.get(name, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise InvalidInputError(f"{text!r} is not a whole number", field=name) from None


def _scenario_choice(text: str) -> tuple[str | None, str]:
    """``ruleset/name`` from the select as the ruleset and the scenario name."""
    ruleset, _, name = text.partition("/")
    return (ruleset, name) if name else (None, ruleset)


def _page(
    request: Request,
    *,
    values: Mapping[str, str] | None = None,
    inputs: Mapping[str, str] | None = None,
    errors: Mapping[str, str] | None = None,
    general: Sequence[str] = (),
    form: str = "",
    run: lab_jobs.LabRun | None = None,
    status: int = 200,
) -> Response:
    """The lab: both forms (``values``: what they hold; ``inputs``: the resolver form's
    inputs by name, else its example), the errors by input, and the run if any: the one
    asked for, else the one playing now (a reload, or a refusal beside it, keeps it in
    sight with its progress and its Stop)."""
    run = run if run is not None else lab_jobs.running()
    shipped = lab.shipped_scenarios()
    scenarios = [f"{ruleset}/{name}" for ruleset, name in shipped]
    resolvers = lab.sweepable_resolvers()
    titles = {
        f"{ruleset}/{name}": f"{lab.scenario_title(ruleset, name)} ({ruleset}/{name})"
        for ruleset, name in shipped
    }
    summaries = {name: f"{name}: {lab.resolver_named(name).summary}" for name in resolvers}
    shown = {"trials": str(DEFAULT_TRIALS), "seed": "0"} | dict(values or {})
    shown["scenario"] = _offered(shown.get("scenario", ""), scenarios)
    shown["resolver"] = _offered(shown.get("resolver", ""), resolvers)
    context = {
        "scenarios": scenarios,
        "scenario_titles": titles,
        "resolvers": resolvers,
        "resolver_summaries": summaries,
        "values": shown,
        "errors": dict(errors or {}),
        "general": list(general),
        "form": form,
        "run": run,
        "blocking": lab_jobs.running() if (errors or {}).get("run") else None,
        # swapped in by htmx (a refusal): the run's <noscript> refresh would come alive
        "fragment": is_htmx(request),
        **_scenario_context(shown["scenario"]),
        **_resolver_context(shown["resolver"], inputs),
        **_run_context(run),
    }
    return render(request, "lab.html", context, status_code=status)


def _offered(chosen: str, offered: Sequence[str]) -> str:
    """The choice a select shows: the one asked for when offered, else the first."""
    return chosen if chosen in offered else (offered[0] if offered else "")


def _scenario_context(choice: str) -> dict[str, Any]:
    return {"scenario_choices": scenario_choices(choice) if choice else []}


def _resolver_context(name: str, inputs: Mapping[str, str] | None) -> dict[str, Any]:
    if not name:
        return {"resolver_items": (), "inputs": {}, "resolver_choices": []}
    items = resolver_items(name)
    shown = dict(inputs) if inputs is not None else resolver_example(name)
    return {
        "resolver_items": items,
        "inputs": shown,
        "resolver_choices": resolver_choices(items, shown),
    }


def _run_context(run: lab_jobs.LabRun | None) -> dict[str, Any]:
    """What ``_lab_run.html`` shows of ``run``, decided by one reading of whether it has
    finished (``finished``, which the template reads, not the run's own flag): the run's
    thread may finish it while the page is made, and a page that read it twice drew its
    report without the values the report needs. A run sets its result (or error) before
    it says it has finished."""
    if run is None:
        return {}
    if not run.finished:
        return {"finished": False, "progress": progress_text(run)}
    if run.result is None:  # its error is shown
        return {"finished": True}
    if run.kind == "simulation":
        names = varied_names(run)
        field = (run.result.get("varied") or [""])[0]
        return {
            "finished": True,
            "stopped_text": stopped_text(run.result) if run.result.get("stopped") else "",
            "glance": glance_of(run.result, names),
            "charts": simulation_charts(run.result, names),
            "trends": win_rate_trends(run.result),
            "trend_field": names.get(field, field),
        }
    return {
        "finished": True,
        "sweep_rows": sweep_rows(run.result),
        "sweep_chart": sweep_chart(run.id, run.result),
        "sweep_chart_title": chart_title(run.result),
        "sweep_held": held_text(run.result),
    }


@dataclass(frozen=True)
class GlanceTable:
    """A varied simulation's points side by side (:mod:`~tablekeeper.analysis.glance`):
    the varied numbers' names, the sides, and a row a point (its values, each side's win
    rate with its interval, its mean length; ``None`` rates at a point not reached)."""

    fields: tuple[str, ...]
    sides: tuple[str, ...]
    rows: tuple[tuple[tuple[str, ...], tuple[WinRate, ...] | None, str], ...]
    alike: str = ""
    """Said when every point came to the same results (``glance.alike``), else empty."""


def glance_of(result: Mapping[str, Any], names: Mapping[str, str]) -> GlanceTable | None:
    """The points at a glance, for a run of more than one point (one has its own report
    only)."""
    if len(result["points"]) < 2:
        return None
    varied = result.get("varied") or []
    sides = sides_of(result)
    rows = []
    for row in at_a_glance(result):
        values = tuple(str(row.values.get(field, "")) for field in varied)
        rates = None
        if row.trials:
            shares = {side: row.sides.get(side, (0.0, 0.0, 0.0)) for side in sides}
            rates = tuple(
                WinRate(side, 0, 100 * rate, 100 * low, 100 * high)
                for side, (rate, low, high) in shares.items()
            )
        rows.append((values, rates, row.length))
    return GlanceTable(
        tuple(names.get(field, field) for field in varied),
        tuple(sides),
        tuple(rows),
        alike_text(result, names) if alike(result) else "",
    )


def varied_names(run: lab_jobs.LabRun) -> dict[str, str]:
    """A simulation's numbers in words by path (``characters.0.brawn`` -> ``Brenna ›
    brawn``): the names the "Numbers in this scenario" list shows."""
    try:
        ruleset, name = _scenario_choice(run.asked["scenario"])
        return lab.number_names(name, ruleset=ruleset)
    except (KeyError, RulesError):
        return {}


def progress_text(run: lab_jobs.LabRun) -> str:
    """How far a run is, in the words of its title: "Played 37 of 750 trials (5 points ×
    150)" (a simulation's total is every point's trials), "Swept 2 of 5 points"."""
    if run.kind == "sweep":
        return f"Swept {run.done} of {run.total} points"
    text = f"Played {run.done} of {run.total} trials"
    if run.points > 1:
        text += f" ({run.points} points × {run.total // run.points})"
    return text


def stopped_text(result: Mapping[str, Any]) -> str:
    """What a stopped simulation's result is of: "Stopped after 350 of 1,000 trials: the
    results below are of the 350 played"."""
    played, planned = result["played"], result["planned"]
    return (
        f"Stopped after {played:,} of {planned:,} trials: "
        f"the results below are of the {played:,} played"
    )


def download_name(run: lab_jobs.LabRun, suffix: str) -> str:
    """A download's file name after what was run, its ruleset first (``tactical/duel``
    and the ``duel`` ruleset's scenarios apart): ``tactical-skirmish-simulation.csv``,
    ``percentile.attack-sweep.json``, ``tactical-skirmish-simulation-actors.csv``."""
    asked = run.asked.get("scenario") or run.asked.get("resolver") or "lab"
    stem = str(asked).replace("/", "-")
    safe = "".join(c if c.isalnum() or c in "._-" else "-" for c in stem) or "lab"
    return f"{safe}-{run.kind}{suffix}"


def asked_values(run: lab_jobs.LabRun) -> dict[str, str]:
    """What the run's form held, to show it again beside the run."""
    asked = run.asked
    values = {"vary": "\n".join(asked.get("vary", ()))}
    if run.kind == "simulation":
        values |= {key: str(asked[key]) for key in ("scenario", "trials", "seed")}
    else:
        values["resolver"] = asked["resolver"]
    return values


def asked_inputs(run: lab_jobs.LabRun) -> dict[str, str] | None:
    """A sweep's input as its form's inputs, to show it again beside the run."""
    if run.kind != "sweep":
        return None
    return form_values(resolver_items(run.asked["resolver"]), run.asked["input"])


def _run_part(request: Request, run: lab_jobs.LabRun, *, started: bool = False) -> Response:
    """The run's part of the page for htmx (a run just started: with its address, for the
    browser's history), else the whole page with the run's form filled in as it was."""
    if not is_htmx(request):
        if started:
            return see_other(request, f"/lab/runs/{run.id}")
        return _page(
            request, values=asked_values(run), inputs=asked_inputs(run), form=run.kind, run=run
        )
    # An htmx swap carries no <noscript> refresh: htmx parses a fragment with scripting
    # off, so the refresh would become a live <meta> and reload the page a second later.
    context = {"run": run, "fragment": True, **_run_context(run)}
    response = render(request, "_lab_run.html", context)
    if started:
        response.headers["HX-Push-Url"] = f"/lab/runs/{run.id}"
    return response


def not_a_player(request: Request) -> None:
    """Refuse the lab to a browser that joined its campaigns as a player only: the lab
    plays the shipped scenarios, whose numbers (a demo campaign's foes among them) are the
    GM's to know. (A browser that holds no credential is let in: a designer at the console
    who joined no campaign; the nav shows the lab to none but the GM's pages and those.)"""
    if access.joined_as_player_only(request):
        raise ForbiddenError(
            "the balance lab is the GM's: this browser joined its campaigns as a player"
        )


def build_router() -> APIRouter:
    """The balance lab's routes under ``/lab``: the GM's and the designer's, not a
    player's (:func:`not_a_player`)."""
    router = APIRouter(
        route_class=PageRoute, include_in_schema=False, dependencies=[Depends(not_a_player)]
    )

    @router.get("/lab")
    def lab_page(request: Request, scenario: str = "", resolver: str = "") -> Response:
        """The lab (``?scenario=``, ``?resolver=``: that one chosen, its numbers and
        inputs shown: the "Show" buttons without JavaScript)."""
        return _page(request, values={"scenario": scenario, "resolver": resolver})

    @router.get("/lab/scenario-numbers")
    def scenario_numbers(request: Request, scenario: str = "") -> Response:
        """The numbers of a scenario a simulation may vary, which htmx swaps in when the
        scenario select changes."""
        context = {"scenario_choices": scenario_choices(scenario), "values": {}}
        return render(request, "_lab_scenario_numbers.html", context)

    @router.get("/lab/resolver-input")
    def resolver_input(request: Request, resolver: str = "") -> Response:
        """A resolver's form, filled with its example, which htmx swaps in when the
        resolver select changes."""
        if resolver not in lab.sweepable_resolvers():
            raise InvalidInputError(f"no resolver {resolver!r} with exact odds", field="resolver")
        context = {"errors": {}, "values": {}, "form": "", **_resolver_context(resolver, None)}
        return render(request, "_lab_resolver_input.html", context)

    @router.post("/lab/simulations")
    def simulate(request: Request, form: Form) -> Response:
        values = {name: form.text(name) for name in SIMULATION_FIELDS}
        try:
            ruleset, scenario = _scenario_choice(values["scenario"])
            if not scenario:
                raise InvalidInputError("choose a scenario", field="scenario")
            run = lab_jobs.start_simulation(
                scenario,
                ruleset=ruleset,
                trials=_number(values, "trials", DEFAULT_TRIALS),
                seed=_number(values, "seed", 0),
                vary=vary_lines(form.get("vary", "")),
            )
        except RulesError as error:
            return _refused(request, error, values, SIMULATION_FIELDS, "simulation")
        return _run_part(request, run, started=True)

    @router.post("/lab/sweeps")
    def sweep(request: Request, form: Form) -> Response:
        values = {name: form.text(name) for name in SWEEP_FIELDS}
        items: tuple[FormItem, ...] = ()
        try:
            if values["resolver"] not in lab.sweepable_resolvers():
                raise InvalidInputError("choose a resolver with exact odds", field="resolver")
            items = resolver_items(values["resolver"])
            read = read_form(items, form)
            if read.problems:  # with the model's own problems of the rest: all at once
                model = lab.resolver_named(values["resolver"]).input_model
                raise read.refusal(model, INPUT)
            run = lab_jobs.start_sweep(
                values["resolver"], read.values, vary_lines(form.get("vary", ""))
            )
        except RulesError as error:
            names = posted_names(items, form)
            inputs = {name: text for name, text in form.items() if name in names}
            fields = SWEEP_FIELDS | field_names(items)
            return _refused(request, error, values, fields, "sweep", inputs=inputs)
        return _run_part(request, run, started=True)

    @router.get("/lab/runs/{run_id}")
    def run_part(request: Request, run_id: str) -> Response:
        return _run_part(request, lab_jobs.run_of(run_id))

    _run_routes(router)
    return router


def _run_routes(router: APIRouter) -> None:
    """A run's Stop and its downloads."""

    @router.post("/lab/runs/{run_id}/stop")
    def stop_run(request: Request, run_id: str, form: Form) -> Response:
        """Stop a simulation after the batch of trials it plays (the Stop button)."""
        run = lab_jobs.stop(run_id)
        if not is_htmx(request):
            return see_other(request, f"/lab/runs/{run.id}")
        response = _run_part(request, run)
        response.headers["HX-Push-Url"] = f"/lab/runs/{run.id}"
        return response

    @router.get("/lab/runs/{run_id}/result.json")
    def result_json(run_id: str) -> Response:
        result = _finished(run_id)
        return _download(json.dumps(result, indent=2) + "\n", "application/json", run_id, ".json")

    @router.get("/lab/runs/{run_id}/result.csv")
    def result_csv(run_id: str) -> Response:
        run = lab_jobs.run_of(run_id)
        result = _finished(run_id)
        text = _simulation_csv(result) if run.kind == "simulation" else to_csv(result)
        return _download(text, "text/csv", run_id, ".csv")

    @router.get("/lab/runs/{run_id}/actors.csv")
    def actors_csv(run_id: str) -> Response:
        """A simulation's per-actor numbers of every point, one row an actor."""
        run = lab_jobs.run_of(run_id)
        result = _finished(run_id)
        if run.kind != "simulation":
            raise InvalidInputError("a sweep has no actors", field="run")
        return _download(_csv_text(actor_csv_rows(result)), "text/csv", run_id, "-actors.csv")


def _refused(
    request: Request,
    error: RulesError,
    values: Mapping[str, str],
    fields: frozenset[str] | set[str],
    form: str,
    *,
    inputs: Mapping[str, str] | None = None,
) -> Response:
    # "run": the busy refusal, shown beside the button pressed (with the run's Stop)
    found, general = errors_by_field(error, {*fields, "run"}, aliases={"RESOLVER": "resolver"})
    status = 503 if isinstance(error, ConflictError) else 422  # htmx swaps both
    response = _page(
        request,
        values=values,
        inputs=inputs,
        errors=found,
        general=general,
        form=form,
        status=status,
    )
    if is_htmx(request):  # the refused form again, with its errors; the other form and
        # the run below stay as they are (what was chosen in them is not reset)
        own = FORM_IDS[form]
        response.headers.update({"HX-Retarget": own, "HX-Reswap": "outerHTML", "HX-Reselect": own})
    return response


FORM_IDS = {"simulation": "#lab-simulate", "sweep": "#lab-sweep"}
"""The element of each form on the lab page (a refusal swaps its own form alone)."""


def _finished(run_id: str) -> dict[str, Any]:
    run = lab_jobs.run_of(run_id)
    if not run.finished or run.result is None:
        raise InvalidInputError("the run has no result yet", field="run")
    return run.result


def _download(text: str, media_type: str, run_id: str, suffix: str) -> Response:
    name = download_name(lab_jobs.run_of(run_id), suffix)
    return Response(
        text,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def simulation_csv_rows(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row a point and side: the values varied, the side, its wins, rate and interval,
    the trials the point played and the run's seed (what plays the same again), then the
    point's lengths (mean, median, min, max); a stopped run's leaves out the points it did
    not reach."""
    rows = []
    for point in result["points"]:
        played = point["report"]["trials"]
        if result.get("stopped") and not played:
            continue
        length = point["report"]["length"]
        summary = {f"length_{key}": length.get(key) for key in ("mean", "median", "min", "max")}
        for row in point_rows({"points": [point]}):
            rows.append({**row, "trials": played, "seed": result.get("seed"), **summary})
    return rows


def actor_csv_rows(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row a point and actor: the values varied, the actor, its side, how often it
    was defeated and died, its injuries and each resource spent (means per encounter); a
    stopped run's leaves out the points it did not reach."""
    resources = list(
        dict.fromkeys(
            name
            for point in result["points"]
            for actor in point["report"].get("actors", {}).values()
            for name in actor["resources"]
        )
    )
    rows = []
    for point in result["points"]:
        if result.get("stopped") and not point["report"]["trials"]:
            continue  # not reached
        for actor, row in point["report"].get("actors", {}).items():
            rows.append(
                {
                    **point["values"],
                    "actor": actor,
                    "name": row["name"],
                    "side": row["side"],
                    "defeated": row["defeated"],
                    "dead": row["dead"],
                    "injuries": row["injuries"],
                    **{name: row["resources"].get(name, 0) for name in resources},
                }
            )
    return rows


def _simulation_csv(result: Mapping[str, Any]) -> str:
    return _csv_text(simulation_csv_rows(result))


def _csv_text(rows: Sequence[Mapping[str, Any]]) -> str:
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return out.getvalue()
