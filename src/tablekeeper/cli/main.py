"""The entry of the ``tablekeeper`` script: the Typer app (``cli/app.py``), except for the
dice questions a script asks most, which skip it.

``tablekeeper odds EXPR --json`` and ``tablekeeper roll EXPR --json``, spelled exactly so
(the two words in either order, nothing else), call the very functions the Typer commands
call (``cli/dice_commands.py``) without importing Typer, Click, Pydantic or Rich: a whole
``odds`` process then costs the interpreter, the parser and the odds (issue 12). Any
other spelling (an option more, ``--help``, an expression starting with ``-``) goes to
Typer, which parses it, answers ``--help`` and reports a usage error as before.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

FAST_COMMANDS = ("odds", "roll")
JSON_FLAG = "--json"


def fast_expression(arguments: Sequence[str]) -> tuple[str, str] | None:
    """``(command, expression)`` when ``arguments`` (the words after ``tablekeeper``) are a
    dice command with one expression and ``--json`` alone, else ``None`` (Typer parses)."""
    if len(arguments) != 3 or arguments[0] not in FAST_COMMANDS:
        return None
    rest = [word for word in arguments[1:] if word != JSON_FLAG]
    if len(rest) != 1 or rest[0].startswith("-"):
        return None
    return arguments[0], rest[0]


def answer_fast(command: str, expression: str) -> None:
    """A fast-path question, ended as Click ends a command: a closed pipe (``| head``) is
    status 1 and an interrupt ``Aborted!`` and status 1, neither a traceback."""
    from tablekeeper.cli.dice_commands import odds_command, roll_command

    try:
        if command == "odds":
            odds_command(expression, json_output=True)
        else:
            roll_command(expression, json_output=True)
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes standard output again at exit: point it where no one is reading.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        print("\nAborted!", file=sys.stderr)
        raise SystemExit(1) from None


def main() -> None:
    """Entry point of the ``tablekeeper`` script."""
    fast = fast_expression(sys.argv[1:])
    if fast is not None:
        answer_fast(*fast)
        return
    from tablekeeper.cli.app import app

    app()
