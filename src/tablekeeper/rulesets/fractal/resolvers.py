"""The ``fractal.*`` resolvers (rule document 000), for the ruleset's ``register_resolvers``.

``tablekeeper resolve fractal.check --input '{"die": 8, "dice": 5}'`` and the API's
``POST /api/resolve/fractal.check`` reach these through the registry.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.resolvers import Resolver, ResolverRegistry
from tablekeeper.rulesets.fractal.checks import check
from tablekeeper.rulesets.fractal.conditions import condition
from tablekeeper.rulesets.fractal.derived import derived
from tablekeeper.rulesets.fractal.downtime import downtime

FRACTAL_RESOLVERS: tuple[Resolver[Any, Any], ...] = (check, condition, derived, downtime)
"""Every resolver of document 000."""


def register_resolvers(registry: ResolverRegistry) -> None:
    """Register the ``fractal.*`` resolvers in ``registry``."""
    registry.register(*FRACTAL_RESOLVERS)
