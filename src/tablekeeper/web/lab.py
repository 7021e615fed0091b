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

from fastapi import APIRouter, Request
from starlette.responses import Response

from tablekeeper.analysis.plots import sweep_svg
from tablekeeper.analysis.simulation import point_rows
from tablekeeper.analysis.sweep import columns_of, is_chance, summary_value, to_csv
from tablekeeper.analysis.variations import suggested
from tablekeeper.errors import ConflictError, InvalidInputError, RulesError
from tablekeeper.services import lab, lab_jobs
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


@dataclass(frozen=True)
class WinRate:
    """One side's share of the wins, its 95 % interval, as percentages of the chart."""

    side: str
    wins: int
    rate: float
    low: float
    high: float

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
    """Percent of the chart's height (the tallest bar fills it)."""

    @property
    def label(self) -> str:
        return str(self.start) if self.start == self.stop else f"{self.start}-{self.stop}"


@dataclass(frozen=True)
class PointCharts:
    """What one grid point of a simulation shows."""

    values: Mapping[str, Any]
    rates: tuple[WinRate, ...]
    lengths: tuple[LengthBar, ...]
    mean: float
    unit: str


def win_rates(report: Mapping[str, Any]) -> tuple[WinRate, ...]:
    """Each side's win rate and interval, in percent."""
    return tuple(
        WinRate(side, row["wins"], 100 * row["rate"], 100 * row["low"], 100 * row["high"])
        for side, row in report["sides"].items()
    )


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
    tallest = max(counts.values())
    return tuple(
        LengthBar(start, min(high, start + width - 1), count, 100 * count / tallest)
        for start, count in sorted(counts.items())
    )


def simulation_charts(result: Mapping[str, Any]) -> tuple[PointCharts, ...]:
    """The charts of every grid point of a simulation result."""
    return tuple(
        PointCharts(
            point["values"],
            win_rates(point["report"]),
            length_bars(point["report"]["length"]["histogram"]),
            point["report"]["length"]["mean"],
            result.get("length_unit") or "commands",
        )
        for point in result["points"]
    )


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
    inputs by name, else its example), the errors by input, and the run if any."""
    scenarios = [f"{ruleset}/{name}" for ruleset, name in lab.shipped_scenarios()]
    resolvers = lab.sweepable_resolvers()
    shown = {"trials": str(DEFAULT_TRIALS), "seed": "0"} | dict(values or {})
    shown["scenario"] = _offered(shown.get("scenario", ""), scenarios)
    shown["resolver"] = _offered(shown.get("resolver", ""), resolvers)
    context = {
        "scenarios": scenarios,
        "resolvers": resolvers,
        "values": shown,
        "errors": dict(errors or {}),
        "general": list(general),
        "form": form,
        "run": run,
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
    if run is None or run.result is None:
        return {}
    if run.kind == "simulation":
        return {"charts": simulation_charts(run.result)}
    return {
        "sweep_rows": sweep_rows(run.result),
        "sweep_chart": sweep_chart(run.id, run.result),
        "sweep_chart_title": chart_title(run.result),
    }


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
    response = render(request, "_lab_run.html", {"run": run, "fragment": True, **_run_context(run)})
    if started:
        response.headers["HX-Push-Url"] = f"/lab/runs/{run.id}"
    return response


def build_router() -> APIRouter:
    """The balance lab's routes under ``/lab``."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)

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

    @router.get("/lab/runs/{run_id}/result.json")
    def result_json(run_id: str) -> Response:
        result = _finished(run_id)
        return Response(
            json.dumps(result, indent=2) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="lab-{run_id}.json"'},
        )

    @router.get("/lab/runs/{run_id}/result.csv")
    def result_csv(run_id: str) -> Response:
        run = lab_jobs.run_of(run_id)
        result = _finished(run_id)
        text = _simulation_csv(result) if run.kind == "simulation" else to_csv(result)
        return Response(
            text,
            media_type="text/csv",
            headers={"Content-Disposition": f'attachment; filename="lab-{run_id}.csv"'},
        )

    return router


def _refused(
    request: Request,
    error: RulesError,
    values: Mapping[str, str],
    fields: frozenset[str] | set[str],
    form: str,
    *,
    inputs: Mapping[str, str] | None = None,
) -> Response:
    found, general = errors_by_field(error, set(fields), aliases={"RESOLVER": "resolver"})
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
    if is_htmx(request):  # the forms again, with the errors: the page's main part
        response.headers.update(
            {"HX-Retarget": "#main", "HX-Reswap": "outerHTML", "HX-Reselect": "#main"}
        )
    return response


def _finished(run_id: str) -> dict[str, Any]:
    run = lab_jobs.run_of(run_id)
    if not run.finished or run.result is None:
        raise InvalidInputError("the run has no result yet", field="run")
    return run.result


def _simulation_csv(result: Mapping[str, Any]) -> str:
    rows = point_rows(result)
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return out.getvalue()
