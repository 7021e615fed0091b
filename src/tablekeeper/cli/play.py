"""``tablekeeper play RULESET SCENARIO``: a scenario played in the terminal, GM at the keys.

This command only picks the runner of the ruleset the GM names (``play_realtime.py``:
second by second; ``play_percentile.py``: rounds and turns), loads the scenario through
``services/scenarios.py`` and hands it the GM (``gm.py``). When standard input is not a
terminal, or once a ``--script`` of GM lines runs out, every question takes its default,
so a scenario plays to its end unattended.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from tablekeeper.cli import play_percentile, play_realtime
from tablekeeper.cli.errors import user_errors
from tablekeeper.cli.gm import GameMaster, script_lines
from tablekeeper.errors import InvalidInputError
from tablekeeper.services import scenarios

UNATTENDED = {
    "realtime": "decisions take their defaults and time advances by itself.",
    "percentile": "decisions take their defaults and each combatant takes its first legal action.",
}


def _limited(
    loaded: scenarios.AnyScenario, seconds: int | None, rounds: int | None
) -> scenarios.AnyScenario:
    """The scenario with the runner's ``--seconds`` or ``--rounds`` instead of its own."""
    if isinstance(loaded, scenarios.Scenario):
        if rounds is not None:
            raise InvalidInputError("--rounds is for percentile scenarios", field="--rounds")
        return loaded if seconds is None else loaded.model_copy(update={"seconds": seconds})
    if seconds is not None:
        raise InvalidInputError("--seconds is for realtime scenarios", field="--seconds")
    return loaded if rounds is None else loaded.model_copy(update={"rounds": rounds})


def play(
    ruleset: Annotated[str, typer.Argument(help="The ruleset to play: percentile or realtime.")],
    scenario: Annotated[
        Path,
        typer.Argument(
            help="A scenario YAML file, or a shipped one's name: leaving_reach, spirit_skirmish."
        ),
    ],
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed the dice (default: the scenario's).")
    ] = None,
    script: Annotated[
        Path | None,
        typer.Option("--script", help="A file of GM lines, answered in order, then defaults."),
    ] = None,
    seconds: Annotated[
        int | None,
        typer.Option("--seconds", min=1, help="realtime: play this many seconds instead."),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option("--rounds", min=1, help="percentile: play at most this many rounds."),
    ] = None,
) -> None:
    """Play a scenario in the terminal, asking the GM every decision."""
    interactive = script is None and sys.stdin.isatty()
    console = Console(highlight=False, width=None if interactive else 160)
    with user_errors():
        if ruleset not in scenarios.RULESETS:
            raise InvalidInputError(
                "the terminal runner plays "
                + " or ".join(repr(name) for name in sorted(scenarios.RULESETS))
                + f" scenarios, not {ruleset!r}",
                field="RULESET",
            )
        loaded = _limited(scenarios.load_scenario(scenario, ruleset=ruleset), seconds, rounds)
        lines = script_lines(script) if script is not None else []
        if not interactive and script is None:
            console.print(f"[dim]Standard input is not a terminal: {UNATTENDED[ruleset]}[/dim]")
        gm = GameMaster(console, interactive=interactive, script=lines)
        if isinstance(loaded, scenarios.Scenario):
            play_realtime.Runner(console, scenarios.start(loaded, seed=seed), gm).play()
        else:
            play_percentile.Runner(console, scenarios.start(loaded, seed=seed), gm).play()
