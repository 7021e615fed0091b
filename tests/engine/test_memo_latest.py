"""The state memo's shortcut for the state last asked about, and the default winner and
tally reading one state's GM cards once (fast paths, ``engine/memo.py``)."""

from __future__ import annotations

from typing import Any

from tablekeeper.engine import fast_paths, memo
from tablekeeper.engine.cards import ActorCard
from tablekeeper.engine.rulesets import RulesetBase
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import Frozen


class _State(Frozen):
    n: int


def test_questions_alternating_between_states_keep_each_states_answers() -> None:
    first, second = _State(n=1), _State(n=1)
    asked: list[str] = []

    def compute(name: str) -> str:
        asked.append(name)
        return name

    for _ in range(3):
        assert memo.remembered(first, "q", lambda: compute("first")) == "first"
        assert memo.remembered(second, "q", lambda: compute("second")) == "second"
    assert asked == ["first", "second"]
    for n in range(memo.STATES_REMEMBERED + 2):  # the first goes out of the memory...
        memo.remembered(_State(n=n), "q", lambda: None)
    assert memo.remembered(first, "q", lambda: compute("again")) == "again"  # ...so asked again


class _Cards(RulesetBase):
    def __init__(self) -> None:
        self.built = 0

    def cards(self, state: Any, sight: Sight) -> tuple[ActorCard, ...]:
        self.built += 1
        return ()


def test_the_default_winner_and_tally_build_a_states_gm_cards_once() -> None:
    rules, start, end = _Cards(), _State(n=0), _State(n=1)
    assert rules.winner(end) is None
    assert rules.tally(start, end) == {}
    assert rules.built == 2  # the end's cards once, the start's once
    with fast_paths.reference():
        rules.winner(end)
    assert rules.built == 3
