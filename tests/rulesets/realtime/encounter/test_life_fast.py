"""A creature's quick questions of its life (dying, unconscious, able to act) answer as
its ``life`` does, for every HP and either way dead (they skip building the enum)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.rulesets.realtime.encounter.state import Creature, LifeState


@given(hp=st.integers(min_value=-30, max_value=30), dead=st.booleans())
def test_the_quick_questions_answer_as_life(hp: int, dead: bool) -> None:
    creature = Creature(id="a", name="A", side="x", hp=hp, max_hp=30, reach=1, dead=dead)
    life = creature.life
    assert creature.is_dying == (life is LifeState.DYING)
    assert creature.is_unconscious == (life in (LifeState.UNCONSCIOUS, LifeState.DYING))
    assert creature.can_act == (life is LifeState.CONSCIOUS)
