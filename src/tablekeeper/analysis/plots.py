"""Charts of sweeps and simulations, drawn with matplotlib (PNG or SVG by the file's name).

matplotlib because it is the standard of the scientific Python stack the lab already
stands on (NumPy), writes PNG and SVG without a browser or a server, and draws the two
charts a designer needs here (lines over one field, a heatmap over two) in a few lines;
the console draws its own charts in the page (SVG), so nothing here runs in a request.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tablekeeper.analysis.sweep import probability
from tablekeeper.errors import InvalidInputError

FORMATS = (".png", ".svg")
MAX_LINES = 8
"""The most outcome lines one chart draws (the most likely ones)."""


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


def plot_sweep(result: Mapping[str, Any], path: Path | str, *, outcome: str | None = None) -> Path:
    """A line per outcome over one varied field; a heatmap of one outcome over two."""
    target = _target(path)
    varied: Sequence[str] = result["varied"]
    points = result["points"]
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7, 4.5))
    if len(varied) == 1:
        xs = [point["values"][varied[0]] for point in points]
        labels = _likeliest(result, outcome)
        for label in labels:
            axes.plot(xs, [probability(p, label) for p in points], marker="o", label=label)
        axes.set_xlabel(varied[0])
        axes.set_ylabel("probability")
        axes.set_ylim(0, 1)
        axes.legend(title="outcome", fontsize="small")
    elif len(varied) == 2:
        label = outcome or _likeliest(result, None)[0]
        if label not in result["outcomes"]:
            raise InvalidInputError(
                f"no outcome {label!r}: {', '.join(result['outcomes'])}", field="outcome"
            )
        xs = sorted({p["values"][varied[0]] for p in points})
        ys = sorted({p["values"][varied[1]] for p in points})
        grid = [[0.0] * len(xs) for _ in ys]
        for p in points:
            grid[ys.index(p["values"][varied[1]])][xs.index(p["values"][varied[0]])] = probability(
                p, label
            )
        image = axes.imshow(
            grid,
            origin="lower",
            aspect="auto",
            vmin=0,
            vmax=1,
            cmap="viridis",
            extent=(min(xs), max(xs), min(ys), max(ys)) if len(xs) > 1 and len(ys) > 1 else None,
        )
        figure.colorbar(image, ax=axes, label=f"P({label})")
        axes.set_xlabel(varied[0])
        axes.set_ylabel(varied[1])
    else:
        plt.close(figure)
        raise InvalidInputError("a chart shows one or two varied fields", field="plot")
    axes.set_title(result["resolver"])
    figure.tight_layout()
    figure.savefig(target)
    plt.close(figure)
    return target


def _likeliest(result: Mapping[str, Any], outcome: str | None) -> list[str]:
    if outcome is not None:
        return [outcome]
    totals = {
        label: sum(probability(p, label) for p in result["points"]) for label in result["outcomes"]
    }
    return sorted(totals, key=lambda label: -totals[label])[:MAX_LINES]


def plot_simulation(result: Mapping[str, Any], path: Path | str) -> Path:
    """Win rate per side with its interval over the varied field (or per side, for none),
    and the length histogram of the first point."""
    target = _target(path)
    plt = _pyplot()
    figure, (rates, lengths) = plt.subplots(1, 2, figsize=(10, 4.2))
    points = result["points"]
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
        rates.set_xlabel(varied[0])
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
    rates.set_ylim(0, 1)
    rates.set_ylabel("win rate (95% interval)")
    histogram = points[0]["report"]["length"]["histogram"]
    lengths.bar([int(k) for k in histogram], list(histogram.values()), color="#55a868")
    lengths.set_xlabel(f"length ({result['length_unit']})")
    lengths.set_ylabel("trials")
    figure.suptitle(f"{result['scenario']}: {result['trials']} trials, seed {result['seed']}")
    figure.tight_layout()
    figure.savefig(target)
    plt.close(figure)
    return target
