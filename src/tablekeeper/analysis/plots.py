"""Charts of sweeps and simulations, drawn with matplotlib (PNG or SVG by the file's name).

matplotlib because it is the standard of the scientific Python stack the lab already
stands on (NumPy), writes PNG and SVG without a browser or a server, and draws the two
charts a designer needs here (lines over one field, a heatmap over two) in a few lines;
the console shows a finished sweep's chart as the SVG drawn here (:func:`sweep_svg`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tablekeeper.analysis.sweep import columns_of, is_chance, summary_value
from tablekeeper.analysis.telling import named_values
from tablekeeper.errors import InvalidInputError

FORMATS = (".png", ".svg")
MAX_LINES = 8
"""The most lines one chart draws (the main column, then those that vary most; the chart
names those left out)."""


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _target(path: Path | str) -> Path:
    target = Path(path)
    if target.suffix.lower() not in FORMATS:
        raise InvalidInputError(f"{target.name}: a chart is a .png or .svg file", field="plot")
    return target


def sweep_column(result: Mapping[str, Any], outcome: str | None) -> str:
    """The summary's column ``outcome`` names: its key (``P(hit)``, ``mean damage``), a
    category (``hit``) or a number (``damage``); the sweep's main column for ``None``. An
    unknown name is refused, listing the columns there are."""
    columns = columns_of(result)
    if outcome is None:
        return str(result["main"])
    for key in (outcome, f"P({outcome})", f"mean {outcome}"):
        if key in columns:
            return key
    raise InvalidInputError(f"no outcome {outcome!r}: {', '.join(columns)}", field="outcome")


def _series(result: Mapping[str, Any], outcome: str | None) -> tuple[list[str], list[str]]:
    """The columns a line chart draws (the main or asked one first, then by how much they
    vary, at most :data:`MAX_LINES`) and those it leaves out."""
    first = sweep_column(result, outcome)
    if outcome is not None:
        return [first], []
    points = result["points"]

    def spread(key: str) -> float:
        found = [summary_value(p, key) for p in points]
        return max(found) - min(found)

    others = sorted((k for k in columns_of(result) if k != first), key=spread, reverse=True)
    ranked = [first, *others]
    kept = set(ranked[:MAX_LINES])
    return [k for k in columns_of(result) if k in kept], ranked[MAX_LINES:]


def sweep_figure(result: Mapping[str, Any], *, outcome: str | None = None) -> Any:
    """The chart of a sweep's summary, as a matplotlib figure: over one varied field a
    line per column (chances on the left axis, means on the right, dashed), any left out
    named under it; over two a heatmap of one column (``outcome``, default the main),
    one cell per computed pair, ticked at the values computed."""
    varied: Sequence[str] = result["varied"]
    points = result["points"]
    if len(varied) not in (1, 2):
        raise InvalidInputError("a chart shows one or two varied fields", field="plot")
    column = sweep_column(result, outcome)
    from matplotlib.figure import Figure

    # A Figure of its own, not pyplot's: the console draws in its request threads, and
    # pyplot's figures are one global registry.
    figure = Figure(figsize=(7, 4.5))
    axes = figure.subplots()
    if len(varied) == 1:
        xs = [point["values"][varied[0]] for point in points]
        drawn, left_out = _series(result, outcome)
        means = [key for key in drawn if not is_chance(result, key)]
        chances = [key for key in drawn if is_chance(result, key)]
        lines = []
        for key in chances:
            ys = [summary_value(p, key) for p in points]
            lines += axes.plot(xs, ys, marker="o", label=key)
        axes.set_ylim(0, 1.05)
        axes.set_ylabel("probability" if chances else "")
        if chances:
            axes.yaxis.set_major_formatter(_percent())
        if means:
            other = axes.twinx() if chances else axes
            highest = 0.0
            for index, key in enumerate(means, start=len(chances)):
                ys = [summary_value(p, key) for p in points]
                highest = max(highest, *ys)
                color = f"C{index % 10}"
                lines += other.plot(xs, ys, marker="s", linestyle="--", color=color, label=key)
            other.set_ylabel("mean")
            # the means' top below the chances' 100 %: a mean never sits on a certainty
            other.set_ylim(0, 1.25 * highest or 1.0)
        axes.set_xlabel(varied[0])
        if len(xs) <= 12 and _numeric(xs):
            axes.set_xticks(xs)
        # the legend under the chart, never over a line at 0 % or 100 %
        axes.legend(
            handles=lines,
            fontsize="small",
            loc="upper center",
            bbox_to_anchor=(0.5, -0.16),
            ncol=min(3, len(lines)),
            frameon=False,
        )
        if left_out:
            figure.text(0.01, 0.01, f"not drawn: {', '.join(left_out)}", fontsize="small")
    else:
        xs = _distinct([p["values"][varied[0]] for p in points])
        ys = _distinct([p["values"][varied[1]] for p in points])
        grid = [[float("nan")] * len(xs) for _ in ys]
        for p in points:
            row, col = ys.index(p["values"][varied[1]]), xs.index(p["values"][varied[0]])
            grid[row][col] = summary_value(p, column)
        chance = is_chance(result, column)
        top = 1.0 if chance else max((v for row in grid for v in row if v == v), default=1.0)
        image = axes.imshow(
            grid, origin="lower", aspect="auto", vmin=0, vmax=top or 1.0, cmap="viridis"
        )
        axes.set_xticks(range(len(xs)), [str(x) for x in xs])
        axes.set_yticks(range(len(ys)), [str(y) for y in ys])
        figure.colorbar(image, ax=axes, label=column)
        axes.set_xlabel(varied[0])
        axes.set_ylabel(varied[1])
    axes.set_title(f"{result['resolver']}: {column}" if len(varied) == 2 else result["resolver"])
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    return figure


def _distinct(values: Sequence[Any]) -> list[Any]:
    found = list(dict.fromkeys(values))
    return sorted(found) if _numeric(found) else found


def _numeric(values: Sequence[Any]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def plot_sweep(result: Mapping[str, Any], path: Path | str, *, outcome: str | None = None) -> Path:
    """:func:`sweep_figure` written to ``path`` (PNG or SVG by its name)."""
    target = _target(path)
    sweep_figure(result, outcome=outcome).savefig(target)
    return target


def sweep_svg(result: Mapping[str, Any], *, outcome: str | None = None) -> str:
    """:func:`sweep_figure` as an SVG document's text (the console shows it inline)."""
    out = io.StringIO()
    sweep_figure(result, outcome=outcome).savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg") :]


def plot_simulation(
    result: Mapping[str, Any], path: Path | str, names: Mapping[str, str] | None = None
) -> Path:
    """Win rate per side with its interval over the varied field (or per side, for none),
    and under it the length histogram of every point (small multiples on one length
    axis), each titled with its point; the varied numbers named by ``names`` (``wolf ›
    stats › skills › Bite``) where given, else by their paths."""
    names = names or {}
    target = _target(path)
    plt = _pyplot()
    points = result["points"]
    columns = min(len(points), HISTOGRAMS_PER_ROW)
    rows = math.ceil(len(points) / columns)
    figure = plt.figure(figsize=(max(10, 3 * columns), 4.2 + 2.4 * rows))
    layout = figure.add_gridspec(1 + rows, columns, height_ratios=[2.2, *[1.4] * rows])
    rates = figure.add_subplot(layout[0, :])
    sides = list(points[0]["report"]["sides"])
    varied = result["varied"]
    if len(varied) == 1 and len(points) > 1:
        xs = [p["values"][varied[0]] for p in points]
        for side in sides:
            row = [p["report"]["sides"][side] for p in points]
            rates.errorbar(
                xs,
                [r["rate"] for r in row],
                yerr=[[r["rate"] - r["low"] for r in row], [r["high"] - r["rate"] for r in row]],
                marker="o",
                capsize=3,
                label=side,
            )
        rates.set_xlabel(names.get(varied[0], varied[0]))
        rates.legend(title="side", fontsize="small")
    else:
        row = [points[0]["report"]["sides"][side] for side in sides]
        rates.bar(
            sides,
            [r["rate"] for r in row],
            yerr=[[r["rate"] - r["low"] for r in row], [r["high"] - r["rate"] for r in row]],
            capsize=4,
            color="#4c72b0",
        )
        if len(points) > 1:
            rates.set_title(f"at {_point_title(points[0], names)}", fontsize="small")
    rates.set_ylim(0, 1)
    rates.yaxis.set_major_formatter(_percent())
    rates.set_ylabel("win rate (95% interval)")
    first = None  # the histograms share one length axis, to compare at a glance
    for index, point in enumerate(points):
        place = layout[1 + index // columns, index % columns]
        lengths = figure.add_subplot(place, sharex=first)
        first = first or lengths
        histogram = point["report"]["length"]["histogram"]
        lengths.bar([int(k) for k in histogram], list(histogram.values()), color="#55a868")
        lengths.set_title(_point_title(point, names), fontsize="small")
        lengths.set_xlabel(f"length ({result['length_unit']})", fontsize="small")
        lengths.set_ylabel("trials", fontsize="small")
    figure.suptitle(f"{result['scenario']}: {result['trials']} trials, seed {result['seed']}")
    figure.tight_layout()
    figure.savefig(target)
    plt.close(figure)
    return target


HISTOGRAMS_PER_ROW = 4
"""How many points' length histograms one row of a simulation's chart holds."""


def _point_title(point: Mapping[str, Any], names: Mapping[str, str]) -> str:
    return named_values(point.get("values") or {}, names) or "as written"


def _percent() -> Any:
    """A probability axis's ticks as percentages (``50%``), as the terminal and the
    console write them."""
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0)
