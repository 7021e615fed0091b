"""The ``tactical`` engine's work pad: a :class:`~tablekeeper.engine.drafts.Draft`."""

from __future__ import annotations

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.drafts import Draft
from tablekeeper.rulesets.tactical.encounter.fold import fold
from tablekeeper.rulesets.tactical.encounter.state import TacticalState


class Work(Draft[TacticalState]):
    """Drafted events, already folded into :attr:`state`."""

    def __init__(self, state: TacticalState, roller: Roller) -> None:
        super().__init__(state, roller, fold)  # the fold itself: no call between
