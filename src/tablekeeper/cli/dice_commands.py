"""What ``tablekeeper roll`` and ``tablekeeper odds`` do, once their arguments are parsed.

One definition each, called by the Typer commands (``cli/app.py``) and by the entry's
fast path (``cli/main.py``) alike. Nothing here imports Typer, and Rich only to draw a
table: the ``--json`` answers are plain JSON on standard output.
"""

from __future__ import annotations

import json


def print_json(document: object) -> None:
    """JSON on standard output, exactly as the API answers it."""
    print(json.dumps(document, indent=2, ensure_ascii=False))


def roll_command(
    expression: str,
    *,
    seed: int | None = None,
    dice: str | None = None,
    json_output: bool = False,
) -> None:
    """Roll a dice expression and show every die (kept, dropped, exploded, counted);
    ``dice`` is the faces rolled at the table, as typed: ``"3,5,6"``."""
    from tablekeeper.cli.errors import user_errors
    from tablekeeper.cli.inputs import parse_faces
    from tablekeeper.services import dice as dice_service

    with user_errors():
        result = dice_service.roll_expression(expression, seed=seed, dice=parse_faces(dice))
    if json_output:
        print_json(dice_service.roll_document(result))
        return
    from rich.console import Console

    from tablekeeper.cli import render

    Console(highlight=False).print(render.roll_text(result))


def odds_command(expression: str, *, json_output: bool = False) -> None:
    """The exact distribution of a dice expression: P(=x), P(>=x), mean, sd."""
    from tablekeeper.cli.errors import user_errors
    from tablekeeper.services import dice as dice_service

    with user_errors():
        canonical, distribution = dice_service.odds_with_expression(expression)
    if json_output:
        print_json(dice_service.odds_document(canonical, distribution))
        return
    from rich.console import Console

    from tablekeeper.cli import render

    out = Console(highlight=False)
    out.print(render.distribution_table(canonical, distribution))
    out.print(render.summary_line(distribution))
