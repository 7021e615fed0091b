"""``tablekeeper simulate``: a scenario played to its end N times, reported.

Rich progress while the trials run; then, per variation point, the win rate of each side
with its Wilson interval, the encounter's length, and each actor's defeats, deaths,
injuries and resources spent. ``--json`` prints the result document (the same seed
prints the same JSON, ``timing`` aside), ``--save`` writes it and ``--load`` shows a
saved one again; ``--plot`` draws win rates and the length histogram.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console, Group
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from tablekeeper.analysis.glance import alike, alike_text, at_a_glance, sides_of
from tablekeeper.analysis.telling import (
    DEATH_UNRULED,
    named_values,
    spent_words,
    told_endings,
    told_sides,
    with_spread,
)
from tablekeeper.analysis.variations import Variable
from tablekeeper.cli.errors import user_errors
from tablekeeper.errors import InvalidInputError, RulesError

if TYPE_CHECKING:
    from tablekeeper.analysis.backends import BackendName


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def scenario_title(result: dict[str, Any]) -> str:
    """The scenario's title and what names it: ``The mage and the knight (tactical/duel)``,
    or its file's path."""
    source = str(result["source"])
    shipped = "/" not in source and not source.endswith((".yaml", ".yml"))
    return f"{result['scenario']} ({result['ruleset'] + '/' + source if shipped else source})"


def field_names(result: dict[str, Any]) -> dict[str, str]:
    """The varied numbers in words by path (``combatants.4.stats.skills.Bite`` ->
    ``wolf › stats › skills › Bite``), as ``--numbers`` lists them; a result whose
    scenario cannot be read any more keeps its paths."""
    if not result.get("varied"):
        return {}
    from tablekeeper.services import lab  # the rules, only for a varied result

    try:
        return lab.number_names(str(result["source"]), ruleset=result["ruleset"])
    except RulesError:
        return {}


def glance_table(result: dict[str, Any], names: dict[str, str]) -> Table:
    """Every grid point in a row (:mod:`~tablekeeper.analysis.glance`): its values, each
    side's win rate and 95% interval, its mean length; printed above the points' reports."""
    glances = at_a_glance(result)
    sides = sides_of(result)
    rows = []
    for row in glances:
        cells = [str(row.values.get(field, "")) for field in result["varied"]]
        if not row.trials:
            cells += ["not played", *[""] * len(sides)]
        else:
            for side in sides:
                rate, low, high = row.sides.get(side, (0.0, 0.0, 0.0))
                # the interval to a tenth, as the console and each point's report give it
                cells.append(f"{_percent(rate)} ({100 * low:.1f}-{100 * high:.1f})")
            cells.append(row.length)
        rows.append(cells)
    headers = [
        *(names.get(field, field) for field in result["varied"]),
        *sides,
        f"length ({result['length_unit']})",
    ]
    table = Table(
        title=Text(f"{scenario_title(result)}: each point's wins (95% interval) and length"),
        title_justify="left",
    )
    for index, header in enumerate(headers):
        widest = max((len(cells[index]) for cells in rows), default=0)
        # the values whole; a long name folds over lines (a point's own heading has it all)
        table.add_column(Text(header), justify="right", min_width=widest, max_width=max(widest, 12))
    for cells in rows:
        table.add_row(*map(Text, cells))
    return table


def point_tables(
    result: dict[str, Any], point: dict[str, Any], names: dict[str, str] | None = None
) -> Group:
    """The tables of one variation point: sides, length, actors."""
    report = point["report"]
    shown = named_values(point["values"], names or {})
    title = f"{scenario_title(result)}: {report['trials']} trials" + (
        f" ({shown})" if shown else ""
    )
    sides = Table(title=Text(title), title_justify="left")
    sides.add_column("side", style="bold")
    sides.add_column("wins", justify="right")
    sides.add_column("win rate", justify="right")
    sides.add_column(f"{round(100 * report['confidence'])}% interval", justify="right")
    exact = point.get("exact", {}).get("sides")
    if exact is not None:
        sides.add_column("exact", justify="right")
    for side, label, row in told_sides(report):
        cells = [
            label,
            str(row["wins"]),
            _percent(row["rate"]),
            f"{_percent(row['low'])} - {_percent(row['high'])}",
        ]
        if exact is not None:
            chance = Fraction(exact.get(side, "0"))
            cells.append(f"{_percent(float(chance))} ({chance})")
        sides.add_row(*cells)
    endings = _endings_table(report)
    length = report["length"]
    lengths = Table(title=f"length ({result['length_unit']})", title_justify="left")
    for column in ("mean", "sd", "median", "min", "max"):
        lengths.add_column(column, justify="right")
    lengths.add_row(
        f"{length['mean']:.2f}",
        f"{length.get('sd', 0.0):.2f}",  # a result saved before the spread has none
        str(length["median"]),
        str(length["min"]),
        str(length["max"]),
    )
    actors = Table(title="per actor (mean per encounter, ± its sd)", title_justify="left")
    for column in ("actor", "side", "defeated", "dead", "injuries", "resources spent"):
        actors.add_column(column, justify="left" if column in ("actor", "side") else "right")
    for row in report["actors"].values():
        spread = row.get("spread", {})
        actors.add_row(
            row["name"],
            row["side"],
            _percent(row["defeated"]),
            DEATH_UNRULED if row["dead"] is None else _percent(row["dead"]),
            with_spread(row["injuries"], spread.get("injuries")),
            spent_words(row["resources"], spread),
        )
    shape = _histogram(length["histogram"], result["length_unit"])
    parts: list[Any] = [sides, *([endings] if endings else []), lengths, shape, actors]
    unavailable = point.get("exact", {}).get("unavailable")
    if unavailable:
        parts.append(f"[dim]exact: {unavailable}[/dim]")
    return Group(*parts)


def _endings_table(report: dict[str, Any]) -> Table | None:
    """How the trials ended (:func:`~tablekeeper.analysis.telling.told_endings`), or
    ``None`` where that says nothing more than the sides."""
    shared, endings = told_endings(report, sides_told=True)
    if not endings:
        return None
    title = f"how it ended ({shared})" if shared else "how it ended"
    table = Table(title=title, title_justify="left")
    table.add_column("ending", style="bold")
    table.add_column("trials", justify="right")
    table.add_column("rate", justify="right")
    table.add_column(f"{round(100 * report['confidence'])}% interval", justify="right")
    for text, row in endings:
        table.add_row(
            text,
            str(row["count"]),
            _percent(row["rate"]),
            f"{_percent(row['low'])} - {_percent(row['high'])}",
        )
    return table


HISTOGRAM_ROWS = 12
"""The most rows the terminal's length histogram takes: more lengths share a row."""

HISTOGRAM_WIDTH = 40
"""The longest bar, in characters."""


def _histogram(counts: dict[str, int], unit: str) -> Table:
    """The lengths' histogram as bars, one row per length or, where there are more than
    :data:`HISTOGRAM_ROWS`, per equal range of lengths (``15-18``), each with its count."""
    values = {int(length): times for length, times in counts.items()}
    table = Table(title=f"how long ({unit})", title_justify="left", show_header=False)
    table.add_column("length", justify="right")
    table.add_column("trials", justify="left")
    table.add_column("count", justify="right")
    if not values:
        return table
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // HISTOGRAM_ROWS))  # lengths a row, rounded up
    rows: list[tuple[str, int]] = []
    for start in range(low, high + 1, width):
        end = min(high, start + width - 1)
        label = str(start) if end == start else f"{start}-{end}"
        rows.append((label, sum(values.get(n, 0) for n in range(start, end + 1))))
    most = max(count for _, count in rows)
    for label, count in rows:
        bar = "█" * round(HISTOGRAM_WIDTH * count / most) if count else ""
        table.add_row(label, bar, str(count))
    return table


def numbers_table(found: Sequence[Variable]) -> Table:
    """A scenario's numbers: whose, the value as written, and a ``--vary`` line to start
    from (its path, five values around the value)."""
    table = Table(title="Numbers a --vary may change", title_justify="left")
    table.add_column("number", overflow="fold")
    table.add_column("as written", justify="right")
    lines = [vary_line(variable.suggested) for variable in found]
    # A line to copy is never wrapped: the table grows past the terminal before it breaks.
    table.add_column("for example", no_wrap=True, min_width=max(map(len, lines), default=0))
    for variable, line in zip(found, lines, strict=True):
        # Text, not markup: ``[...]`` and ``:100:`` (an emoji code to Rich) are shown as written
        table.add_row(Text(variable.label), Text(str(variable.value)), Text(line))
    return table


def vary_line(suggested: str) -> str:
    """A ``--vary`` option to paste into a shell as shown: quoted where the path has a
    space or a bracket (``--vary 'combatants.0.stats.skills.Fast Talk=40:80:10'``)."""
    return f"--vary {shlex.quote(suggested)}"


def simulate(
    scenario: Annotated[
        str | None, typer.Argument(help="A shipped scenario's name or a scenario file.")
    ] = None,
    trials: Annotated[int, typer.Option("--trials", help="Encounters to play per point.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="The seed every trial's dice come from.")] = 0,
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", help="The ruleset of a file that names none.")
    ] = None,
    policy: Annotated[
        str,
        typer.Option("--policy", help="ruleset (its own), first-legal, or package.module:NAME."),
    ] = "ruleset",
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary",
            help="FIELD=START:STOP[:STEP] (numbers) or FIELD=A,B,C (numbers, words, dice): "
            "a value's path in the YAML (--numbers lists the numbers).",
        ),
    ] = None,
    backend: Annotated[str, typer.Option("--backend", help="local or dask.")] = "local",
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="A Dask scheduler: tcp://host:8786.")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            help="Processes (local) or Dask workers: 1 or more; one per core if left out.",
        ),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    save: Annotated[Path | None, typer.Option("--save", help="Write the result (JSON).")] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Show a saved result.")] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw win rates and lengths: FILE.png or .svg.")
    ] = None,
    exact: Annotated[
        bool,
        typer.Option("--exact", help="Also the exact outcome, where few enough dice decide it."),
    ] = False,
    numbers: Annotated[
        bool,
        typer.Option("--numbers", help="List the scenario's numbers a --vary may change; stop."),
    ] = False,
) -> None:
    """Monte Carlo of a whole encounter: win rates, lengths, deaths, resources."""
    # The lab (the rules, numpy, the plots) is imported when the command runs, so that
    # every other command starts without it (tests/cli/test_startup.py).
    from tablekeeper.analysis import simulation
    from tablekeeper.analysis.backends import BACKENDS
    from tablekeeper.analysis.plots import plot_simulation
    from tablekeeper.services import lab

    out = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    with user_errors():
        if numbers:
            if scenario is None:
                raise InvalidInputError("name a scenario to list its numbers", field="SCENARIO")
            table = numbers_table(lab.scenario_numbers(scenario, ruleset=ruleset))
            needs = Measurement.get(out, out.options.update(width=10_000), table)
            wide = max(out.width, min(needs.maximum, needs.minimum + 30))
            Console(highlight=False, width=wide).print(table)  # each line whole, past the edge
            return
        if load is not None:
            if scenario is not None or vary:
                raise InvalidInputError(
                    "--load shows a saved result as it was played: leave out the scenario "
                    "and --vary (the result names its own)",
                    field="load",
                )
            result = simulation.load(load)
        else:
            if scenario is None:
                raise InvalidInputError("name a scenario (or --load a result)", field="SCENARIO")
            if backend not in BACKENDS:
                raise InvalidInputError(
                    f"no backend {backend!r}: choose {', '.join(BACKENDS)}", field="backend"
                )
            chosen: BackendName = "dask" if backend == "dask" else "local"
            _check_outputs(save, plot)  # before the run, not after it
            result = _run(
                err,
                scenario,
                trials * len(lab.grid_points(vary or [])),
                quiet=json_output,
                trials=trials,
                seed=seed,
                ruleset=ruleset,
                policy=policy,
                vary=vary or [],
                backend=chosen,
                scheduler=scheduler,
                workers=workers,
                exact=exact,
            )
        if save is not None:
            simulation.save(result, save)
        if plot is not None:
            plot_simulation(result, plot, field_names(result))
    if json_output:
        print(json.dumps(result, indent=2))
        return
    names = field_names(result)
    if len(result["points"]) > 1:
        out.print(glance_table(result, names))
        if alike(result):
            out.print(Text(alike_text(result, names), style="bold"))
    for point in result["points"]:
        out.print(point_tables(result, point, names))
    timing = result["timing"]
    out.print(
        f"[dim]{timing['backend']} backend, {timing['workers']} workers, "
        f"{timing['seconds']} s ({timing['trials_per_second']} trials/s)"
        + (f", exact {timing['exact_seconds']} s" if "exact_seconds" in timing else "")
        + "[/dim]"
    )


def _check_outputs(save: Path | None, plot: Path | None) -> None:
    """Refuse, before any trial is played, a ``--save`` or ``--plot`` file that could not
    be written (the run's results would be lost after it)."""
    from tablekeeper.analysis.plots import FORMATS
    from tablekeeper.analysis.simulation import check_writable

    if save is not None:
        check_writable(save, field="save")
    if plot is not None:
        if plot.suffix.lower() not in FORMATS:
            raise InvalidInputError(f"{plot.name}: a chart is a .png or .svg file", field="plot")
        check_writable(plot, field="plot")


def _run(err: Console, scenario: str, total: int, *, quiet: bool, **options: Any) -> dict[str, Any]:
    """``lab.simulate`` with a Rich progress bar on standard error (none for ``--json``)."""
    from tablekeeper.services import lab

    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err, transient=True, disable=quiet) as bar:
        task = bar.add_task(f"simulating {scenario}", total=total)

        def advance(done: int) -> None:
            bar.advance(task, done)

        return lab.simulate(scenario, progress=advance, **options)
