"""The ``tactical.*`` resolvers (rule document 004), for the ruleset's ``register_resolvers``.

``tablekeeper resolve tactical.attack --input '{...}' --odds`` and the API's
``POST /api/resolve/tactical.attack`` reach these through the registry.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.resolvers import Resolver, ResolverRegistry
from tablekeeper.rulesets.tactical.attack import attack
from tablekeeper.rulesets.tactical.targeting import targets
from tablekeeper.rulesets.tactical.threat import threat
from tablekeeper.rulesets.tactical.utility import utility

TACTICAL_RESOLVERS: tuple[Resolver[Any, Any], ...] = (threat, attack, utility, targets)
"""Every check of document 004."""


def register_resolvers(registry: ResolverRegistry) -> None:
    """Register the ``tactical.*`` resolvers in ``registry``."""
    registry.register(*TACTICAL_RESOLVERS)
