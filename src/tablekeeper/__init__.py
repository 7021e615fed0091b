"""Tablekeeper: a rules engine and game master's table for tabletop RPGs.

The curated public API; everything else is reachable through its subpackage.

>>> import tablekeeper as tk
>>> tk.roll("4d6kh3", tk.FixedRoller([6, 1, 5, 4])).total
15
>>> tk.odds("2d6").probability(7)
Fraction(1, 6)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablekeeper.dice.distribution import Distribution
    from tablekeeper.dice.evaluate import roll
    from tablekeeper.dice.limits import RollLimits
    from tablekeeper.dice.parse import parse
    from tablekeeper.dice.render import render, render_roll
    from tablekeeper.dice.results import DieResult, Roll
    from tablekeeper.dice.roller import Die, FixedRoller, RandomRoller, Roller
    from tablekeeper.dice.syntax import Expression
    from tablekeeper.engine import (
        Command,
        Decision,
        Event,
        EventLog,
        OutcomeOdds,
        Policy,
        Resolution,
        Step,
        available_rulesets,
        load_ruleset,
    )
    from tablekeeper.errors import (
        DiceSupplyError,
        DiceSyntaxError,
        IllegalCommandError,
        InvalidInputError,
        RollLimitError,
        RulesError,
    )

_WHERE = {
    "Distribution": "tablekeeper.dice.distribution",
    "roll": "tablekeeper.dice.evaluate",
    "RollLimits": "tablekeeper.dice.limits",
    "parse": "tablekeeper.dice.parse",
    "render": "tablekeeper.dice.render",
    "render_roll": "tablekeeper.dice.render",
    "DieResult": "tablekeeper.dice.results",
    "Roll": "tablekeeper.dice.results",
    "Die": "tablekeeper.dice.roller",
    "FixedRoller": "tablekeeper.dice.roller",
    "RandomRoller": "tablekeeper.dice.roller",
    "Roller": "tablekeeper.dice.roller",
    "Expression": "tablekeeper.dice.syntax",
    **dict.fromkeys(
        (
            "Command",
            "Decision",
            "Event",
            "EventLog",
            "OutcomeOdds",
            "Policy",
            "Resolution",
            "Step",
            "available_rulesets",
            "load_ruleset",
        ),
        "tablekeeper.engine",
    ),
    **dict.fromkeys(
        (
            "DiceSupplyError",
            "DiceSyntaxError",
            "IllegalCommandError",
            "InvalidInputError",
            "RollLimitError",
            "RulesError",
        ),
        "tablekeeper.errors",
    ),
}
"""Where each name of the public API lives: imported on first use (PEP 562), so that
``import tablekeeper.cli`` or ``tablekeeper.dice`` costs only what it uses."""


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'tablekeeper' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name]), name)
    globals()[name] = value
    return value


__version__ = "0.1.0"


def odds(expression: str | Expression, limits: RollLimits | None = None) -> Distribution:
    """The exact distribution of a dice expression (notation or a parsed tree)."""
    from tablekeeper.dice.limits import DEFAULT_LIMITS
    from tablekeeper.dice.odds import odds as exact_odds
    from tablekeeper.dice.parse import parse

    tree = parse(expression) if isinstance(expression, str) else expression
    return exact_odds(tree, DEFAULT_LIMITS if limits is None else limits)


def resolve(
    name: str, input: Mapping[str, object], roller: Roller | None = None
) -> Resolution[Any]:
    """Run the resolver ``name`` (``dice.pool``, ``realtime.check``...) on raw input."""
    from tablekeeper.dice.roller import RandomRoller
    from tablekeeper.services.resolvers import rulesets

    check = rulesets().resolver(name)
    return check.resolve(input, RandomRoller() if roller is None else roller)


def resolver_odds(name: str, input: Mapping[str, object]) -> OutcomeOdds:
    """The exact odds of each outcome of the resolver ``name``, without rolling."""
    from tablekeeper.services.resolvers import rulesets

    return rulesets().resolver(name).exact_odds(input)


__all__ = [
    "Command",
    "Decision",
    "DiceSupplyError",
    "DiceSyntaxError",
    "Die",
    "DieResult",
    "Distribution",
    "Event",
    "EventLog",
    "Expression",
    "FixedRoller",
    "IllegalCommandError",
    "InvalidInputError",
    "OutcomeOdds",
    "Policy",
    "RandomRoller",
    "Resolution",
    "Roll",
    "RollLimitError",
    "RollLimits",
    "Roller",
    "RulesError",
    "Step",
    "available_rulesets",
    "load_ruleset",
    "odds",
    "parse",
    "render",
    "render_roll",
    "resolve",
    "resolver_odds",
    "roll",
]
