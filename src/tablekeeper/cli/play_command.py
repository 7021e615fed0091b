"""``tablekeeper play RULESET SCENARIO``: the command's options; the runner (the rules,
the scenarios, the cards) is imported when it runs, from ``cli/play.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand


class ScenarioHelp(TyperCommand):
    """``play --help``, ending with every installed ruleset's shipped scenarios (read when
    the help is asked for, so a newly installed ruleset's are there too)."""

    def format_help(self, ctx: Any, formatter: Any) -> None:  # typer's own click types
        from tablekeeper.services import scenarios

        shipped = "; ".join(
            f"{name}: {', '.join(scenarios.packaged_scenarios(name))}"
            for name in scenarios.scenario_rulesets()
        )
        self.epilog = f"Shipped scenarios: {shipped}."
        super().format_help(ctx, formatter)


def play(
    ruleset: Annotated[str, typer.Argument(help="The ruleset to play (an installed one).")],
    scenario: Annotated[
        Path,
        typer.Argument(
            help="A scenario YAML file, or a shipped one's name (`tablekeeper scenarios` "
            "lists them)."
        ),
    ],
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed the dice (default: the scenario's).")
    ] = None,
    script: Annotated[
        Path | None,
        typer.Option("--script", help="A file of GM lines, answered in order, then defaults."),
    ] = None,
    length: Annotated[
        int | None,
        typer.Option("--length", min=1, help="Play this long (in the scenario's own unit)."),
    ] = None,
    seconds: Annotated[
        int | None,
        typer.Option("--seconds", min=1, help="Play this many seconds (a scenario in seconds)."),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option("--rounds", min=1, help="Play at most this many rounds (one in rounds)."),
    ] = None,
) -> None:
    """Play a scenario in the terminal, asking the GM every decision."""
    from tablekeeper.cli.play import run_play

    run_play(
        ruleset,
        scenario,
        seed=seed,
        script=script,
        length=length,
        seconds=seconds,
        rounds=rounds,
    )
