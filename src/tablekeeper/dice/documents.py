"""A roll as a JSON document: what the CLI's ``--json`` and the API answer.

The result tree (``results.py``) is rendered here, beside the notation writer
(``render.py``), so that neither of those two imports the other's module at run time:
results know nothing of text, and text is made from results.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tablekeeper.dice.render import render
from tablekeeper.dice.results import (
    BinaryResult,
    DiceResult,
    GroupResult,
    NegateResult,
    NumberResult,
    Result,
    Roll,
)


def roll_document(roll: Roll) -> dict[str, Any]:
    """JSON-ready: expression, total, label, every die, and the tree with each node's
    value (a dice term lists its dice as indexes into ``dice``)."""
    dice = roll.dice
    return {
        "expression": roll.expression,
        "total": roll.total,
        "label": roll.label,
        "dice": [die.to_dict() for die in dice],
        "tree": _node_dict(roll.result, iter(range(len(dice)))),
    }


def _node_dict(result: Result, counter: Iterator[int]) -> dict[str, Any]:
    data: dict[str, Any] = {"notation": render(result.node), "value": result.value}
    if isinstance(result, NumberResult):
        data["type"] = "number"
    elif isinstance(result, DiceResult):
        data["type"] = "dice"
        data["dice"] = [next(counter) for _ in result.dice]
    elif isinstance(result, GroupResult):
        data["type"] = "group"
        data["items"] = [
            {
                "value": item.value,
                "kept": item.kept,
                "clamped": item.clamped,
                "success": item.success,
                "failure": item.failure,
                "result": _node_dict(item.result, counter),
            }
            for item in result.items
        ]
    elif isinstance(result, NegateResult):
        data["type"] = "negate"
        data["operand"] = _node_dict(result.operand, counter)
    elif isinstance(result, BinaryResult):
        data["type"] = "binary"
        data["op"] = result.node.op
        data["left"] = _node_dict(result.left, counter)
        data["right"] = _node_dict(result.right, counter)
    else:
        data["type"] = "labeled"
        data["label"] = result.node.label
        data["result"] = _node_dict(result.result, counter)
    return data
