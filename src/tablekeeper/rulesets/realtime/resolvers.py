"""The ``realtime.*`` resolvers (rule document 003), for a ruleset's ``register_resolvers``.

``tablekeeper resolve realtime.check --input '{"characteristic": 14}' --dice 9`` and the
API's ``POST /api/resolve/realtime.check`` reach these through the registry.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.resolvers import Resolver, ResolverRegistry
from tablekeeper.rulesets.realtime.checks import check
from tablekeeper.rulesets.realtime.injuries import critical_injury
from tablekeeper.rulesets.realtime.negotiation import negotiate
from tablekeeper.rulesets.realtime.rest import rest, rest_simple
from tablekeeper.rulesets.realtime.treatment import treatment

REALTIME_RESOLVERS: tuple[Resolver[Any, Any], ...] = (
    check,
    critical_injury,
    negotiate,
    rest,
    rest_simple,
    treatment,
)
"""Every check of document 003, in the document's order of use."""


def register_resolvers(registry: ResolverRegistry) -> None:
    """Register the ``realtime.*`` resolvers in ``registry``."""
    registry.register(*REALTIME_RESOLVERS)
