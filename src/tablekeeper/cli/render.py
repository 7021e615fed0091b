"""Rich renderings of dice results, distributions and resolver outcomes for the terminal.

Structured results come in, words and colour go out (STYLE.md, lesson 3): nothing here
computes a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text

from tablekeeper.dice.render import render_roll

if TYPE_CHECKING:  # names only: ``tablekeeper odds`` needs no engine, no registry
    from tablekeeper.dice.distribution import Distribution
    from tablekeeper.dice.results import Roll
    from tablekeeper.engine.resolvers import Resolution
    from tablekeeper.services.resolvers import ResolverInfo

BAR_WIDTH = 40


def percent(value: Fraction) -> str:
    """A probability as a percentage a GM reads at a glance (display only)."""
    share = float(value) * 100
    if 0 < share < 0.01:
        return "<0.01%"
    if 99.99 < share < 100:
        return ">99.99%"
    return f"{share:.2f}%"


def distribution_table(title: str, distribution: Distribution) -> Table:
    """A table of every outcome with its probability, a bar, and P(>= value)."""
    table = Table(title=Text(title), title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("value", justify="right", style="bold")
    table.add_column("P(=)", justify="right")
    table.add_column("", no_wrap=True)
    table.add_column("P(>=)", justify="right", style="cyan")
    rows = list(distribution)
    top = max(probability for _, probability in rows)
    for value, probability in rows:
        bar = "█" * round(BAR_WIDTH * probability / top) if top else ""
        table.add_row(
            str(value),
            percent(probability),
            Text(bar, style="green"),
            percent(distribution.at_least(value)),
        )
    return table


def summary_line(distribution: Distribution) -> Text:
    """Mean, standard deviation and the median in one line."""
    return Text.assemble(
        ("mean ", "dim"),
        f"{float(distribution.mean):.3f}",
        ("   sd ", "dim"),
        f"{distribution.sd:.3f}",
        ("   median ", "dim"),
        str(distribution.percentile(Fraction(1, 2))),
    )


def labelled_odds_table(title: str, outcomes: Iterable[tuple[str, Fraction]]) -> Table:
    """A resolver's exact odds: each named outcome with its probability and a bar."""
    table = Table(title=Text(title), title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("outcome", style="bold")
    table.add_column("P", justify="right")
    table.add_column("exact", justify="right", style="dim")
    table.add_column("", no_wrap=True)
    rows = list(outcomes)
    top = max((probability for _, probability in rows), default=Fraction(0))
    for label, probability in rows:
        bar = "█" * round(BAR_WIDTH * probability / top) if top else ""
        table.add_row(Text(label), percent(probability), str(probability), Text(bar, style="green"))
    return table


def roll_text(result: Roll) -> Text:
    """The one-line rendering of :func:`~tablekeeper.dice.render.render_roll`, coloured:
    its marks (``~~1~~`` dropped, ``6!`` exploded, ``5*`` success, ``1_`` failure, ``1r``
    rerolled) stay, so the line reads the same without colour."""
    text = Text(render_roll(result))
    text.highlight_regex(r"~~[^~]+~~", "strike dim")
    text.highlight_regex(r"\b\d+(\(\d[^)]*\))?!", "bold yellow")
    text.highlight_regex(r"-?\d+(\([^)]*\))?!?\*", "bold green")
    text.highlight_regex(r"-?\d+(\([^)]*\))?!?_", "bold red")
    text.highlight_regex(r"\d+r ", "dim")
    text.highlight_regex(r"= -?\d+$", "bold cyan")
    return text


def resolver_list(infos: Iterable[ResolverInfo]) -> Table:
    """Every resolver: its name, whether it has exact odds, its input fields, its summary."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("resolver", style="bold", no_wrap=True)
    table.add_column("odds", justify="center")
    table.add_column("input fields")
    table.add_column("what it does")
    for info in infos:
        properties = info.input_schema.get("properties", {})
        required = set(info.input_schema.get("required", []))
        fields = ", ".join(f"{name}{'' if name in required else '?'}" for name in properties)
        table.add_row(info.name, "yes" if info.has_odds else "", fields, Text(info.summary))
    return table


def resolution_text(name: str, resolution: Resolution[Any]) -> Table:
    """A resolved check: each outcome field, and the dice rolled in order."""
    table = Table(title=Text(name), title_justify="left", show_header=False, show_edge=False)
    table.add_column(style="dim")
    table.add_column()
    for field, value in resolution.outcome.model_dump(mode="json").items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = f"{len(value)} dice"
        table.add_row(field, Text(str(value), style="bold"))
    faces = " ".join(f"{rolled.face}({rolled.die})" for rolled in resolution.dice)
    table.add_row("dice", faces or "none")
    return table
