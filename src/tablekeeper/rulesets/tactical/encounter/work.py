"""The ``tactical`` engine's work pad: a :class:`~tablekeeper.engine.drafts.Draft`."""

from __future__ import annotations

from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.drafts import Draft
from tablekeeper.rulesets.tactical.encounter.fold import fold
from tablekeeper.rulesets.tactical.encounter.state import TacticalState


def _fold(state: TacticalState, kind: str, payload: BaseModel) -> TacticalState:
    return fold(state, kind, payload)


class Work(Draft[TacticalState]):
    """Drafted events, already folded into :attr:`state`."""

    def __init__(self, state: TacticalState, roller: Roller) -> None:
        super().__init__(state, roller, _fold)
