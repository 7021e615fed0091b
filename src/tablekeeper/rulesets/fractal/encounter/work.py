"""The ``fractal`` work pad: a :class:`~tablekeeper.engine.drafts.Draft` over the state,
with the catalogue the encounter plays by."""

from __future__ import annotations

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.drafts import Draft
from tablekeeper.rulesets.fractal.catalogue import Catalogue
from tablekeeper.rulesets.fractal.encounter.fold import fold
from tablekeeper.rulesets.fractal.encounter.state import FractalState


class Work(Draft[FractalState]):
    """The state as the drafted events leave it, the drafts, the roller."""

    def __init__(self, state: FractalState, roller: Roller) -> None:
        super().__init__(state, roller, fold)

    @property
    def catalogue(self) -> Catalogue:
        return self.state.catalogue
