"""``tablekeeper sweep``: a resolver's exact odds over a grid of inputs.

A Rich table in the terminal: the sweep's summary (each category's chance, each number's
mean and chance of at least 1: ``analysis/sweep.py``), or with ``--full`` every outcome's
chance; or CSV, JSON (exact fractions) or Parquet, which carry both; ``--plot`` draws
lines over one varied field or a heatmap over two (``analysis/plots.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from tablekeeper.cli.errors import user_errors
from tablekeeper.errors import InvalidInputError

FORMATS = ("table", "csv", "json", "parquet")


CELL = len("100.0%")
"""The widest chance a cell shows."""


def summary_table(result: dict[str, object]) -> Table:
    """One row per grid point: the varied values, then the summary's columns (chances as
    percentages, means to two places)."""
    from tablekeeper.analysis import sweep as sweeps

    varied = [str(field) for field in result["varied"]]  # type: ignore[attr-defined]
    columns = sweeps.columns_of(result)
    table = Table(title=f"{result['resolver']}: exact odds", title_justify="left")
    # Headers wrap between words (``mean`` over ``damage``) and fold a long path; a cell,
    # one number, never breaks.
    for field in varied:
        table.add_column(field, style="bold", justify="right", overflow="fold")
    for key in columns:
        table.add_column(key, justify="right", overflow="fold")
    for point in result["points"]:  # type: ignore[attr-defined]
        cells = [str(point["values"][field]) for field in varied]
        for key in columns:
            value = sweeps.summary_value(point, key)
            chance = sweeps.is_chance(result, key)
            cells.append(f"{100 * value:.1f}%" if chance else f"{value:.2f}")
        table.add_row(*cells)
    table.caption = "every outcome's chance: --full"
    table.caption_justify = "left"
    return table


def sweep_tables(result: dict[str, object], width: int) -> list[Table]:
    """One row per grid point: the varied values, then each outcome's chance; the
    outcomes split over as many tables as a terminal ``width`` characters wide needs (the
    varied values repeated in each), so none is squeezed to an ellipsis."""
    from tablekeeper.analysis import sweep as sweeps

    varied = [str(field) for field in result["varied"]]  # type: ignore[attr-defined]
    outcomes = [str(label) for label in result["outcomes"]]  # type: ignore[attr-defined]
    points = list(result["points"])  # type: ignore[call-overload]
    used = sum(
        max(len(field), *(len(str(p["values"][field])) for p in points)) + 3 for field in varied
    )
    parts: list[list[str]] = [[]]
    room = width - used - 1
    for label in outcomes:
        needed = max(len(label), CELL) + 3
        if parts[-1] and room < needed:
            parts.append([])
            room = width - used - 1
        parts[-1].append(label)
        room -= needed
    tables = []
    for number, part in enumerate(parts, start=1):
        title = f"{result['resolver']}: exact odds"
        if len(parts) > 1:
            title += f" ({number} of {len(parts)}: {part[0]} to {part[-1]})"
        table = Table(title=title, title_justify="left")
        for field in varied:
            table.add_column(field, style="bold", justify="right", no_wrap=True)
        for label in part:
            table.add_column(label, justify="right", no_wrap=True)
        for point in points:
            cells = [str(point["values"][field]) for field in varied]
            cells += [f"{100 * sweeps.probability(point, label):.1f}%" for label in part]
            table.add_row(*cells)
        tables.append(table)
    return tables


def sweep(
    resolver: Annotated[str, typer.Argument(help="The resolver, as ruleset.name.")],
    input_text: Annotated[
        str | None,
        typer.Option(
            "--input",
            help="The base input: JSON, @file.json or @file.yaml (default: the resolver's "
            "example, which 'resolve --list --json' shows).",
        ),
    ] = None,
    vary: Annotated[
        list[str] | None,
        typer.Option("--vary", help="FIELD=START:STOP[:STEP] (inclusive) or FIELD=A,B,C."),
    ] = None,
    output_format: Annotated[
        str,
        typer.Option(
            "--format", help="table (the summary), csv, json or parquet (summary and all)."
        ),
    ] = "table",
    output: Annotated[
        Path | None, typer.Option("--output", help="Write to this file (parquet needs one).")
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw a chart: FILE.png or FILE.svg.")
    ] = None,
    outcome: Annotated[
        str | None,
        typer.Option(
            "--outcome",
            help="The summary's column a chart shows, as 'P(hit)', 'hit', 'mean damage' "
            "or 'damage' (default: the resolver's headline, else the chance that varies most).",
        ),
    ] = None,
    full: Annotated[
        bool, typer.Option("--full", help="The table shows every outcome's chance.")
    ] = False,
) -> None:
    """The exact odds of any resolver over a grid of inputs (no dice rolled)."""
    # Imported when the command runs, so that every other command starts without them.
    from tablekeeper.analysis import sweep as sweeps
    from tablekeeper.analysis.plots import plot_sweep, sweep_column
    from tablekeeper.cli.inputs import read_input
    from tablekeeper.services import lab

    out = Console(highlight=False)
    with user_errors():
        if output_format not in FORMATS:
            raise InvalidInputError(
                f"no format {output_format!r}: {', '.join(FORMATS)}", field="format"
            )
        base = None if input_text is None else read_input(input_text)
        result = lab.sweep(resolver, base, vary or [])
        if plot is not None:
            plot_sweep(result, plot, outcome=outcome)
        elif outcome is not None:
            sweep_column(result, outcome)  # a misspelled name is refused even without a chart
        if output_format == "parquet":
            if output is None:
                raise InvalidInputError("parquet is written to a file: --output", field="output")
            sweeps.to_parquet(sweeps.rows(result), output)
        elif output_format == "table" and not full:
            out.print(summary_table(result))
        elif output_format == "table":
            for table in sweep_tables(result, out.width):
                out.print(table)
        else:
            text = sweeps.to_csv(result) if output_format == "csv" else json.dumps(result, indent=2)
            if output is None:
                print(text.rstrip("\n"))
            else:
                output.write_text(text.rstrip("\n") + "\n", encoding="utf-8")
