"""Every curl example in ``docs/api.md`` runs against a real server and answers as shown.

The document's ``sh`` blocks run in order, in one bash script (so a variable one block
sets, like ``$GM``, is there for the next), against ``tablekeeper``'s app served by
uvicorn on a free port over a fresh SQLite file; ``$TK`` is the server's address. A
``json`` block right after an ``sh`` block is what that block prints: every key it shows
must be in the answer with the value shown, except ``"..."``, which stands for any value.
A list ending in ``"..."`` may go on with more items.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from servers import served_in_thread

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```\n", re.MULTILINE | re.DOTALL)
MARK = "@@@ tablekeeper example"
ANY = "..."


@dataclass(frozen=True)
class Example:
    """One ``sh`` block, the line it starts on, and the answer it is shown with (if any)."""

    line: int
    script: str
    expected: Any | None


def examples(text: str) -> list[Example]:
    """The document's ``sh`` blocks, each with the ``json`` block that follows it."""
    found: list[Example] = []
    blocks = list(BLOCK.finditer(text))
    for index, block in enumerate(blocks):
        if block.group(1) != "sh":
            continue
        expected = None
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        between = text[block.end() : following.start()] if following else ""
        if following is not None and following.group(1) == "json" and not between.strip():
            expected = json.loads(following.group(2))
        found.append(Example(text.count("\n", 0, block.start()) + 1, block.group(2), expected))
    return found


def matches(expected: Any, actual: Any) -> bool:
    """Whether ``actual`` shows everything ``expected`` does (``"..."``: anything)."""
    if expected == ANY:
        return True
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            key in actual and matches(value, actual[key]) for key, value in expected.items()
        )
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return False
        if expected and expected[-1] == ANY:
            head = expected[:-1]
            return len(actual) >= len(head) and all(map(matches, head, actual))
        return len(actual) == len(expected) and all(map(matches, expected, actual))
    return bool(expected == actual)


def test_matches_wildcards_and_open_lists() -> None:
    assert matches({"a": ANY, "b": [1, ANY]}, {"a": 3, "b": [1, 2, 3], "c": 0})
    assert not matches({"a": 1}, {"a": 2})
    assert not matches([1, 2], [1, 2, 3])
    assert not matches({"a": 1}, {})


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The API served by uvicorn on a free port, over a fresh SQLite file."""
    from tablekeeper.api.app import create_app

    app = create_app(database_url=f"sqlite:///{tmp_path / 'api-doc.db'}")
    with served_in_thread(app, "the API server") as url:
        yield url


def test_every_curl_example_answers_as_documented(server: str, tmp_path: Path) -> None:
    if shutil.which("curl") is None:
        pytest.skip("curl is not installed")
    found = examples(DOC.read_text(encoding="utf-8"))
    assert len(found) >= 10, "docs/api.md shows its routes with curl examples"
    script = ["set -euo pipefail"]
    for example in found:
        script += [f"echo '{MARK}'", example.script.rstrip(), "echo"]
    result = subprocess.run(
        ["bash", "-c", "\n".join(script)],
        capture_output=True,
        text=True,
        env={**os.environ, "TK": server, "TMPDIR": str(tmp_path)},
        timeout=120,
        check=False,
    )
    outputs = result.stdout.split(MARK + "\n")[1:]
    assert result.returncode == 0, (
        f"example {len(outputs)} (line {found[len(outputs) - 1].line}) failed: {result.stderr}"
    )
    assert len(outputs) == len(found)
    for example, output in zip(found, outputs, strict=True):
        if example.expected is None:
            continue
        try:
            answer = json.loads(output)
        except json.JSONDecodeError:
            pytest.fail(f"docs/api.md line {example.line}: not JSON: {output!r}")
        assert matches(example.expected, answer), (
            f"docs/api.md line {example.line}: expected {example.expected}, got {answer}"
        )
