"""The ``percentile.*`` resolvers (rule document 001), for a ruleset's ``register_resolvers``.

``tablekeeper resolve percentile.check --input '{"skill": 45}' --dice 7`` and the API's
``POST /api/resolve/percentile.check`` reach these through the registry.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.resolvers import Resolver, ResolverRegistry
from tablekeeper.rulesets.percentile.attack import attack
from tablekeeper.rulesets.percentile.checks import check
from tablekeeper.rulesets.percentile.fumbles import fumble
from tablekeeper.rulesets.percentile.opposed import opposed
from tablekeeper.rulesets.percentile.social import SOCIAL_RESOLVERS

PERCENTILE_RESOLVERS: tuple[Resolver[Any, Any], ...] = (
    check,
    opposed,
    attack,
    fumble,
    *SOCIAL_RESOLVERS,
)
"""Every check of document 001: the combat chapter's, then the social chapter's, each in
the order of use."""


def register_resolvers(registry: ResolverRegistry) -> None:
    """Register the ``percentile.*`` resolvers in ``registry``."""
    registry.register(*PERCENTILE_RESOLVERS)
