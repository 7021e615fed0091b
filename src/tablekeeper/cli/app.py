"""The ``tablekeeper`` command's Typer app: roll, odds, resolve, demo, play, scenarios,
sweep, simulate, serve, console, backup, restore (``cli/main.py`` is the script's entry).

Each command parses its options, calls one service function and renders the result
(STYLE.md, lesson 9). Every error a user can cause is one line on standard error and
exit status 2 (``cli/errors.py``).

Each command imports what it uses when it runs (the rules registry, the database, the
server), so ``tablekeeper odds`` starts with the dice alone.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from tablekeeper.cli import backup, render
from tablekeeper.cli.console import console
from tablekeeper.cli.dice_commands import odds_command, print_json, roll_command
from tablekeeper.cli.errors import user_errors
from tablekeeper.cli.inputs import parse_faces
from tablekeeper.cli.play_command import ScenarioHelp, play
from tablekeeper.cli.serve import serve
from tablekeeper.cli.simulate import simulate
from tablekeeper.cli.sweep import sweep
from tablekeeper.errors import InvalidInputError

app = typer.Typer(
    name="tablekeeper",
    help="A rules engine and game master's table: every roll explained, exact odds first.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
stdout = Console(highlight=False)

SeedOption = Annotated[
    int | None, typer.Option("--seed", help="Seed the random roller, for a repeatable roll.")
]
DiceOption = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help="Faces rolled at the table, in the order the roll asks for them: 3,5,6.",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


@app.command()
def roll(
    expression: Annotated[str, typer.Argument(help="Dice notation: 4d6kh3, 8d8>=4, 1d20+5.")],
    seed: SeedOption = None,
    dice: DiceOption = None,
    json_output: JsonOption = False,
) -> None:
    """Roll a dice expression and show every die (kept, dropped, exploded, counted)."""
    roll_command(expression, seed=seed, dice=dice, json_output=json_output)


@app.command()
def odds(
    expression: Annotated[str, typer.Argument(help="Dice notation: 4d6kh3, 8d8>=4, 1d20+5.")],
    json_output: JsonOption = False,
) -> None:
    """The exact distribution of a dice expression: P(=x), P(>=x), mean, sd."""
    odds_command(expression, json_output=json_output)


@app.command()
def resolve(
    name: Annotated[
        str | None, typer.Argument(help="The resolver, as ruleset.name: dice.pool.")
    ] = None,
    input_text: Annotated[
        str | None,
        typer.Option("--input", help="Input fields: JSON, @file.json or @file.yaml."),
    ] = None,
    dice: DiceOption = None,
    seed: SeedOption = None,
    show_odds: Annotated[
        bool, typer.Option("--odds", help="Print the exact distribution instead of rolling.")
    ] = False,
    list_all: Annotated[
        bool, typer.Option("--list", help="List every resolver and its input schema.")
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """Run any registered resolver, or list them all with --list."""
    from tablekeeper.cli.inputs import read_input
    from tablekeeper.services import resolvers as resolver_service

    with user_errors():
        if list_all:
            infos = resolver_service.list_resolvers()
            if json_output:
                print_json([info.to_dict() for info in infos])
            else:
                stdout.print(render.resolver_list(infos))
            return
        if name is None:
            raise InvalidInputError("name a resolver, or use --list", field="NAME")
        raw_input = read_input(input_text) if input_text is not None else {}
        if show_odds:
            outcome_odds = resolver_service.resolver_odds(name, raw_input)
            if json_output:
                print_json(outcome_odds.to_dict())
            else:
                stdout.print(render.labelled_odds_table(name, outcome_odds.outcomes))
            return
        resolution = resolver_service.resolve(name, raw_input, seed=seed, dice=parse_faces(dice))
    if json_output:
        print_json(resolution.to_dict())
    else:
        stdout.print(render.resolution_text(name, resolution))


@app.command()
def demo(
    scripted: Annotated[
        bool,
        typer.Option("--scripted", help="Run the tour without pausing for input."),
    ] = False,
) -> None:
    """A guided tour for a GM: rolling, exact odds, physical dice and a resolver."""
    from tablekeeper.cli.demo import run_tour

    with user_errors():
        run_tour(stdout, interactive=not scripted)


app.command(name="play", cls=ScenarioHelp)(play)


@app.command(name="scenarios")
def list_scenarios() -> None:
    """List the shipped scenarios of every installed ruleset (``tablekeeper play RULESET
    NAME`` plays one)."""
    from tablekeeper.services import scenarios

    out = Console(highlight=False)
    with user_errors():
        for name in scenarios.scenario_rulesets():
            out.print(f"[bold]{name}[/bold]: {', '.join(scenarios.packaged_scenarios(name))}")


app.command(name="sweep")(sweep)
app.command(name="simulate")(simulate)
app.command(name="serve")(serve)
app.command(name="console")(console)
app.command(name="backup")(backup.backup)
app.command(name="restore")(backup.restore)
