"""``tablekeeper demo``: a guided tour of the table for a GM.

Interactive in a terminal (each step offers a default the GM may change); a scripted run
with the defaults when standard input is not a terminal, so the tour doubles as a smoke
test of the whole stack. Every step goes through the same services the other commands
use.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

from rich.console import Console
from rich.panel import Panel
from rich.prompt import Prompt
from rich.text import Text

from tablekeeper.cli import render
from tablekeeper.cli.inputs import parse_faces
from tablekeeper.errors import RulesError
from tablekeeper.services import dice as dice_service
from tablekeeper.services import resolvers as resolver_service

T = TypeVar("T")

TOUR_SEED = 2026


class Tour:
    """Asks the GM (or, scripted, takes the default) and shows each answer."""

    def __init__(self, console: Console, interactive: bool) -> None:
        self.console = console
        self.interactive = interactive

    def heading(self, number: int, title: str, body: str) -> None:
        """A step's title and what it shows."""
        self.console.print()
        self.console.print(Panel(body, title=f"{number}. {title}", title_align="left"))

    def ask(self, question: str, default: str, attempt: Callable[[str], T]) -> T:
        """Ask until ``attempt`` accepts the answer; scripted, use the default."""
        if not self.interactive:
            self.console.print(Text.assemble((question, "dim"), " ", default))
            return attempt(default)
        while True:
            answer = Prompt.ask(question, default=default, console=self.console)
            try:
                return attempt(answer)
            except RulesError as error:
                self.console.print(f"[red]error:[/red] {error}", markup=True)


def run_tour(console: Console, *, interactive: bool = True) -> None:
    """Walk through rolling, exact odds, physical dice and a resolver."""
    tour = Tour(console, interactive and sys.stdin.isatty())
    if not tour.interactive:
        console.print("[dim]Standard input is not a terminal: a scripted run of the tour.[/dim]")
    console.print("[bold]Tablekeeper[/bold]: every roll explained, exact odds first.")

    tour.heading(
        1,
        "Rolling",
        "Type dice as in Roll20, Foundry or Avrae. Every die is shown: "
        "dropped dice struck through, successes in green, explosions marked '!'.",
    )
    for default in ("4d6kh3", "8d8>=4", "3d6! + 2 [fire]"):
        result = tour.ask(
            "Roll",
            default,
            lambda text: dice_service.roll_expression(text, seed=TOUR_SEED),
        )
        console.print(render.roll_text(result))

    tour.heading(
        2,
        "Exact odds",
        "Before the dice fall: the whole distribution, exact, "
        "with the chance of reaching each value.",
    )
    canonical, distribution = tour.ask("Odds of", "8d8>=4", dice_service.odds_with_expression)
    console.print(render.distribution_table(canonical, distribution))
    console.print(render.summary_line(distribution))

    tour.heading(
        3,
        "Physical dice",
        "Rolled at the table? Type the faces; the same rules "
        "read them. 4d6kh3 keeps the three highest of the four faces you type.",
    )
    result = tour.ask(
        "Faces of 4d6, in order",
        "6,1,5,4",
        lambda text: dice_service.roll_expression("4d6kh3", dice=_faces(text)),
    )
    console.print(render.roll_text(result))

    tour.heading(
        4,
        "A resolver",
        "Checks are named resolvers with typed input and exact odds. "
        "dice.opposed_pool: an attacker's 8d6 against a defender's 5d6 at TN 4, "
        "behind 1 armor. The odds first, then the roll.",
    )
    check = {"attacker_dice": 8, "defender_dice": 5, "sides": 6, "tn": 4, "armor": 1}
    outcome_odds = resolver_service.resolver_odds("dice.opposed_pool", check)
    console.print(render.labelled_odds_table("margin of success", outcome_odds.outcomes))
    resolution = resolver_service.resolve("dice.opposed_pool", check, seed=TOUR_SEED)
    console.print(render.resolution_text("dice.opposed_pool", resolution))

    console.print()
    console.print(
        Panel(
            "tablekeeper roll '2d20kl1 + 5' --json\n"
            "tablekeeper odds '{4d6+3d8}k4'\n"
            "tablekeeper resolve --list\n"
            'tablekeeper resolve dice.pool --input \'{"dice": 5, "sides": 8, "tn": 4}\' --odds\n'
            "tablekeeper scenarios\n"
            "tablekeeper play RULESET SCENARIO",
            title="Next",
            title_align="left",
        )
    )


def _faces(text: str) -> list[int]:
    return parse_faces(text) or []
