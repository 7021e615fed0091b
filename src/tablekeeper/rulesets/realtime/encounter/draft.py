"""The realtime engine's scratch pad while it answers one command (:class:`Draft`).

Its later events depend on its earlier ones: a move completes, then a trigger opens for
whoever's reach it left.
"""

from __future__ import annotations

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.drafts import Draft
from tablekeeper.rulesets.realtime.encounter.fold import fold_model
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState


class RealtimeDraft(Draft[RealtimeState]):
    """The encounter as the drafted events leave it, the drafts, and the roller."""

    def __init__(self, state: RealtimeState, roller: Roller) -> None:
        super().__init__(state, roller, fold_model)
