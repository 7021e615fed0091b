"""The game master at the terminal: typed answers, a script of lines, or the defaults.

Shared by every ruleset's terminal runner (``cli/play_*.py``): when standard input is not
a terminal, or once a ``--script`` of GM lines runs out, each question takes its default,
so a scenario plays to its end unattended.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt
from rich.text import Text

from tablekeeper.errors import InvalidInputError


class GameMaster:
    """Where the GM's answers come from: the script's lines, the terminal, or defaults."""

    def __init__(self, console: Console, *, interactive: bool, script: list[str]) -> None:
        self.console = console
        self.interactive = interactive
        self.script = script

    @property
    def attended(self) -> bool:
        """Whether someone (or a script) is answering."""
        return self.interactive or bool(self.script)

    def ask(self, question: str, default: str, choices: Sequence[str] | None = None) -> str:
        """The next answer: a script line, a typed answer, or the default."""
        if self.script:
            answer = self.script.pop(0)
            self.console.print(Text.assemble((question, "dim"), " ", answer))
            return answer
        if self.interactive:
            return Prompt.ask(
                escape(question),
                default=default,
                choices=list(choices) if choices else None,
                console=self.console,
            )
        self.console.print(Text.assemble((question, "dim"), " ", default))
        return default


def script_lines(path: Path) -> list[str]:
    """The GM lines of a ``--script`` file: blank lines and ``#`` comments left out."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidInputError(
            f"cannot read {path}: {error.strerror or error}", field="--script"
        ) from None
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]
