"""The jobs an odds worker runs (``services/odds_worker.py``): module-level functions of
picklable arguments, imported once by the workers' fork server.

Each is what the service would do in its own process: exact odds of a dice tree, a
resolver's odds, or a Monte Carlo estimate of a tree's total.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.evaluate import roll_many
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.odds import compute
from tablekeeper.dice.parse import parse
from tablekeeper.dice.render import render
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.dice.syntax import Expression
from tablekeeper.engine.resolvers import OutcomeOdds
from tablekeeper.services import resolvers
from tablekeeper.services.dice import odds_document


def exact_odds(tree: Expression, limits: RollLimits) -> Distribution:
    """The exact distribution of ``tree`` under ``limits``."""
    return compute(tree, limits)


def odds_json(tree: Expression, limits: RollLimits) -> bytes:
    """The ``GET /api/odds`` document of ``tree``, as JSON bytes: writing out every exact
    probability costs as much as the odds themselves, so the worker does it too."""
    document = odds_document(render(tree), compute(tree, limits))
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def resolver_odds(name: str, raw_input: dict[str, Any]) -> OutcomeOdds:
    """The exact odds of resolver ``name``'s outcomes for ``raw_input``."""
    return resolvers.resolver_odds(name, raw_input)


def parse_tree(expression: str) -> Expression:
    """The tree of ``expression`` (for a worker's first job)."""
    return parse(expression)


def simulated_totals(tree: Expression, times: int, seed: int | None) -> list[int]:
    """The totals of ``times`` rolls of ``tree`` at random (``seed``: repeatable)."""
    batch = roll_many(tree, times, RandomRoller(seed))
    return [int(total) for total in np.asarray(batch.totals).tolist()]
