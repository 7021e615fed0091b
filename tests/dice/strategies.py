"""Hypothesis strategies for dice syntax trees, mirroring the grammar (``grammar.lark``).

Every tree drawn is one the parser can build from some text, so ``parse(render(tree))``
must give it back; not every tree is rollable (``kh0``, an explode point that matches
every face), which is what the "rolls or raises a RulesError" properties want. Group
rules follow :mod:`tablekeeper.dice.validate`: a group of several sub-rolls takes no
``!`` or ``r``, and a group of one expression shares no modifier family with the dice
terms in it.
"""

from __future__ import annotations

from hypothesis import strategies as st

from tablekeeper.dice.roller import FATE, Die
from tablekeeper.dice.syntax import (
    MODIFIER_ORDER,
    BinaryOperation,
    Compare,
    CompareOp,
    CountFailures,
    CountSuccesses,
    Dice,
    Drop,
    Explode,
    Expression,
    Group,
    Keep,
    Labeled,
    Max,
    Min,
    Modifier,
    Negate,
    Number,
    Reroll,
)
from tablekeeper.dice.validate import PER_DIE, SELECTING

__all__ = ["dice_terms", "dies", "expressions", "labels", "modifiers", "plain_expressions"]

COMPARE_OPS: tuple[CompareOp, ...] = ("=", "<", ">", "<=", ">=")

dies = st.sampled_from([Die(sides) for sides in (1, 2, 3, 4, 6, 8, 10, 12, 20, 100)] + [FATE])

labels = (
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 '+-()!", min_size=1, max_size=12)
    .map(str.strip)
    .filter(bool)
)


def compares(low: int, high: int) -> st.SearchStrategy[Compare]:
    """Compare points around the faces ``low..high``."""
    return st.builds(Compare, st.sampled_from(COMPARE_OPS), st.integers(low - 1, high + 1))


@st.composite
def modifiers(
    draw: st.DrawFn,
    die: Die | None,
    *,
    kinds: tuple[type, ...] = MODIFIER_ORDER,
) -> tuple[Modifier, ...]:
    """Modifiers of ``kinds`` in ``MODIFIER_ORDER``, each kind at most once, a failure
    target only after a success target; compare values near ``die``'s faces."""
    if not kinds:
        return ()
    low, high = (die.low, die.high) if die is not None else (-2, 12)
    chosen = draw(st.sets(st.sampled_from(kinds), max_size=4))
    if CountFailures in chosen and CountSuccesses not in chosen:
        chosen.discard(CountFailures)
    values = st.integers(low - 1, high + 1)
    counts = st.integers(0, 5)
    ends = st.sampled_from(("h", "l"))
    points = st.none() | compares(low, high)
    strategies: dict[type, st.SearchStrategy[Modifier]] = {
        Min: st.builds(Min, values),
        Max: st.builds(Max, values),
        Explode: st.builds(Explode, st.sampled_from(("explode", "compound", "penetrate")), points),
        Reroll: st.builds(Reroll, st.booleans(), points),
        Keep: st.builds(Keep, ends, counts),
        Drop: st.builds(Drop, ends, counts),
        CountSuccesses: st.builds(CountSuccesses, compares(low, high)),
        CountFailures: st.builds(CountFailures, compares(low, high)),
    }
    return tuple(draw(strategies[kind]) for kind in MODIFIER_ORDER if kind in chosen)


@st.composite
def dice_terms(
    draw: st.DrawFn, kinds: tuple[type, ...] = MODIFIER_ORDER, max_count: int = 6
) -> Dice:
    """``NdS`` with modifiers of ``kinds``."""
    die = draw(dies)
    return Dice(draw(st.integers(0, max_count)), die, draw(modifiers(die, kinds=kinds)))


@st.composite
def expressions(
    draw: st.DrawFn, depth: int = 3, kinds: tuple[type, ...] = MODIFIER_ORDER
) -> Expression:
    """Any tree the grammar can produce; dice terms outside groups take ``kinds``."""
    shapes = ["number", "dice", "dice"]
    if depth > 0:
        shapes += ["negate", "binary", "binary", "labeled", "group"]
    shape = draw(st.sampled_from(shapes))
    if shape == "number":
        return Number(draw(st.integers(-20, 20)))
    if shape == "dice":
        return draw(dice_terms(kinds))
    if shape == "negate":
        return Negate(draw(expressions(depth - 1, kinds)))
    if shape == "binary":
        op = draw(st.sampled_from(("+", "-", "*", "/")))
        left = draw(expressions(depth - 1, kinds))
        return BinaryOperation(op, left, draw(expressions(depth - 1, kinds)))
    if shape == "labeled":
        return Labeled(draw(expressions(depth - 1, kinds)), draw(labels))
    return draw(groups(depth - 1))


@st.composite
def groups(draw: st.DrawFn, depth: int) -> Group:
    """``{a}`` or ``{a, b, ...}`` with the modifiers such a group may take."""
    size = draw(st.integers(1, 3))
    if size > 1:
        several = tuple(k for k in MODIFIER_ORDER if k not in (Explode, Reroll))
        items = tuple(draw(expressions(depth)) for _ in range(size))
        return Group(items, draw(modifiers(None, kinds=several)))
    outer = draw(modifiers(None))
    taken = {family for family in (PER_DIE, SELECTING) if any(isinstance(m, family) for m in outer)}
    inner = tuple(k for k in MODIFIER_ORDER if not any(k in family for family in taken))
    return Group((draw(expressions(depth, inner)),), outer)


@st.composite
def plain_expressions(draw: st.DrawFn, depth: int = 2) -> Expression:
    """Trees that :func:`~tablekeeper.dice.evaluate.roll_many` vectorises: numbers and
    dice terms without explosions or rerolls under ``+ - * /``, negation and labels."""
    plain = tuple(k for k in MODIFIER_ORDER if k not in (Explode, Reroll))
    shapes = ["number", "dice", "dice"] + (["negate", "binary", "labeled"] if depth else [])
    shape = draw(st.sampled_from(shapes))
    if shape == "number":
        return Number(draw(st.integers(-20, 20)))
    if shape == "dice":
        return draw(dice_terms(plain))
    if shape == "negate":
        return Negate(draw(plain_expressions(depth - 1)))
    if shape == "labeled":
        return Labeled(draw(plain_expressions(depth - 1)), draw(labels))
    op = draw(st.sampled_from(("+", "-", "*", "/")))
    left = draw(plain_expressions(depth - 1))
    return BinaryOperation(op, left, draw(plain_expressions(depth - 1)))
