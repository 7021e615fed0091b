"""The ``percentile`` ruleset as a plugin: rule document 001, combat in rounds and turns.

:data:`PERCENTILE` is what the ``tablekeeper.rulesets`` entry point names: its name, a
one-line summary, its ``Options`` model (:class:`PercentileOptions`), its encounter engine,
and the hook that registers the ``percentile.*`` resolvers. :func:`new_encounter` makes
the initial state of an encounter (options and the engine's settings travel in it, so a
replay plays by the same rules).
"""

from __future__ import annotations

from tablekeeper.engine.resolvers import ResolverRegistry
from tablekeeper.rulesets.percentile.encounter.engine import PercentileEngine, new_encounter
from tablekeeper.rulesets.percentile.options import PercentileOptions

__all__ = ["PERCENTILE", "Percentile", "new_encounter"]


class Percentile:
    """Rule document 001: d100 roll-under combat encounters in rounds and turns."""

    name = "percentile"
    summary = (
        "d100 roll-under combat in rounds and turns: turn order, two actions a turn, "
        "attack and defense, spirit combat, grapples, weapon reach."
    )
    Options = PercentileOptions
    engine = PercentileEngine()

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        """Register the ``percentile.*`` resolvers."""
        from tablekeeper.rulesets.percentile.resolvers import register_resolvers

        register_resolvers(registry)

    def __repr__(self) -> str:
        return "PERCENTILE"


PERCENTILE = Percentile()
"""The ``percentile`` ruleset."""
