"""The memory a ruleset's engine keeps of its steps (``engine/step_memory.py``): one
notion of "the same value" (:func:`same` and :func:`printed` agree), and a bounded memory
that lets the least recently met go first."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from pydantic import BaseModel

from tablekeeper.engine import fast_paths
from tablekeeper.engine.step_memory import Memory, UnprintableError, printed, remembering, same


class Pace(BaseModel):
    """A model with a default, so that its fields set tells two equal values apart."""

    skill: str
    paces: int
    careful: bool = True


SAME = [
    (1, 1),
    ("a", "a"),
    (None, None),
    (Fraction(1, 2), Fraction(1, 2)),
    ((1, (2, "x")), (1, (2, "x"))),
    ({"a": 1, "b": 2}, {"a": 1, "b": 2}),
    (frozenset({(1, 2)}), frozenset({(1, 2)})),
    (Pace(skill="dash", paces=2), Pace(skill="dash", paces=2)),
    (1.5, 1.5),
]
"""Pairs of one value: equal, of the same types, items in the same order."""

NOT_SAME = [
    (1, True),
    (1, 1.0),
    (Fraction(1), 1),
    ((1, 2), [1, 2]),
    ((1, 2), (1, 2, 3)),
    ([1, True], [1, 1]),
    ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
    ({"a": 1}, {"a": True}),
    ({1: "a"}, {True: "a"}),
    (frozenset({1}), frozenset({True})),
    (frozenset({1.0}), frozenset({1.0})),  # elements not plain: only the very set
    (Pace(skill="dash", paces=2), Pace(skill="dash", paces=3)),
    (Pace(skill="dash", paces=2), Pace(skill="dash", paces=2, careful=True)),
    (Pace(skill="dash", paces=2), Pace.model_construct(skill="dash", paces=True)),
    (object(), object()),  # a type it does not know: only the very object
    (0.0, -0.0),
]
"""Pairs ``==`` may take for one value and a dump would tell apart (or that differ)."""


@pytest.mark.parametrize(("a", "b"), SAME)
def test_the_same_value_is_the_same_and_printed_alike(a: object, b: object) -> None:
    assert same(a, b)
    assert same(b, a)
    assert printed(a) == printed(b)
    assert hash(printed(a)) == hash(printed(b))


@pytest.mark.parametrize(("a", "b"), NOT_SAME)
def test_values_a_dump_tells_apart_are_neither_the_same_nor_printed_alike(
    a: object, b: object
) -> None:
    """What ``==`` would take for one value (``1``, ``1.0``, ``True``, ``Fraction(1)``;
    a model's fields set; a mapping's order) is told apart, or not printed at all (then
    never taken for another: only the very object is the same)."""
    assert not same(a, b)
    assert not same(b, a)
    assert same(a, a)
    try:
        told = printed(a), printed(b)
    except UnprintableError:
        return
    assert told[0] != told[1]


def test_a_mapping_with_keys_not_plain_is_not_printed() -> None:
    one, other = float("1"), float("1")  # two objects: a constant would be one
    with pytest.raises(UnprintableError):
        printed({one: "a"})
    assert not same({one: "a"}, {other: "a"})


def test_a_full_memory_lets_the_least_recently_met_go() -> None:
    memory: Memory[str, int] = Memory(2)
    memory.keep("a", 1)
    memory.keep("b", 2)
    assert memory.recall("a") == 1  # now the most recently met
    memory.keep("c", 3)
    assert memory.recall("b") is None
    assert (memory.recall("a"), memory.recall("c"), len(memory)) == (1, 3, 2)


def test_steps_are_remembered_only_on_the_fast_paths_for_a_session_keeping_no_log() -> None:
    assert not remembering()  # a session drafts its events unless told it keeps no log
    with fast_paths.unlogged():
        assert remembering()
        with fast_paths.reference():
            assert not remembering()


def test_a_value_built_for_each_of_the_very_sources_is_built_once_for_them() -> None:
    """``memo.built_for_each``: once for the very sources and an equal key; another object
    equal to a source, another key, a refusal (nothing kept) or the reference path builds."""
    from tablekeeper.engine.memo import built_for_each

    memory: Memory[Any, Any] = Memory(8)
    made: list[int] = []

    def make() -> list[int]:
        made.append(1)
        return [len(made)]

    sheet, other = [1, 2], [1, 2]  # equal, not the same object
    first = built_for_each((sheet,), ("max ap", 3), make, memory)
    assert built_for_each((sheet,), ("max ap", 3), make, memory) is first
    assert built_for_each((other,), ("max ap", 3), make, memory) is not first
    assert built_for_each((sheet,), ("max ap", 4), make, memory) is not first
    assert len(made) == 3

    def refuse() -> list[int]:
        raise ValueError("refused")

    with pytest.raises(ValueError, match="refused"):
        built_for_each((sheet,), "refusal", refuse, memory)
    assert len(memory) == 3
    with fast_paths.reference():
        assert built_for_each((sheet,), ("max ap", 3), make, memory) is not first
