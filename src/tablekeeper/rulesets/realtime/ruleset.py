"""The ``realtime`` ruleset as a plugin: rule document 003, played second by second.

:data:`REALTIME` is what the ``tablekeeper.rulesets`` entry point names: its name, a
one-line summary, its ``Options`` model (``RealtimeOptions``), its encounter engine, and
the hook that registers the ``realtime.*`` resolvers. :func:`new_encounter` makes the
initial state of an encounter (options and catalogue travel in it, so a replay plays by
the same rules).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablekeeper.engine.resolvers import ResolverRegistry
from tablekeeper.rulesets.realtime.encounter.actions import load_catalogue
from tablekeeper.rulesets.realtime.encounter.engine import RealtimeEngine
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState
from tablekeeper.rulesets.realtime.options import RealtimeOptions


def new_encounter(
    options: RealtimeOptions | None = None, *, house_rules: Mapping[str, Any] | None = None
) -> RealtimeState:
    """An empty encounter at second 1: ``options`` (the rulings) and the catalogue of
    actions and reactions, with a GM's ``house_rules`` laid over it."""
    return RealtimeState(
        options=options or RealtimeOptions(), catalogue=load_catalogue(house_rules)
    )


class Realtime:
    """Rule document 003: second-by-second encounters, d20 checks, injuries, rests."""

    name = "realtime"
    summary = (
        "Second-by-second encounters: A.P. charging, reactions with cooldowns, "
        "d20 roll-under checks, critical injuries, rests."
    )
    Options = RealtimeOptions
    engine = RealtimeEngine()

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        """Register the ``realtime.*`` resolvers."""
        from tablekeeper.rulesets.realtime.resolvers import register_resolvers

        register_resolvers(registry)

    def __repr__(self) -> str:
        return "REALTIME"


REALTIME = Realtime()
"""The ``realtime`` ruleset."""
