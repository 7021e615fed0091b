"""Small dice trees for checking exact odds: hand-picked cases with the explode depth to
check them at, and a Hypothesis strategy of small trees the roller accepts (as
:mod:`tablekeeper.dice.validate` has it), with a bound on how many paths brute force
would walk."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from tablekeeper.dice.roller import FATE, Die
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Compare,
    CountFailures,
    CountSuccesses,
    Dice,
    Drop,
    Explode,
    ExplodeMode,
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

# -- building trees by hand -----------------------------------------------------------


def d(count: int, sides: int, *modifiers: Modifier) -> Dice:
    return Dice(count, Die(sides), modifiers)


def df(count: int, *modifiers: Modifier) -> Dice:
    return Dice(count, FATE, modifiers)


def at_least(value: int) -> CountSuccesses:
    return CountSuccesses(Compare(">=", value))


def sub(left: Expression, right: Expression) -> Expression:
    return BinaryOperation("-", left, right)


def add(*terms: Expression) -> Expression:
    result = terms[0]
    for term in terms[1:]:
        result = BinaryOperation("+", result, term)
    return result


# -- hand-picked cases: (name, tree, explode depth) ------------------------------------

BRUTE_FORCE_CASES: list[tuple[str, Expression, int]] = [
    ("3d4", d(3, 4), 10),
    ("3d4>=3", d(3, 4, at_least(3)), 10),
    ("4d3>=3f1", d(4, 3, at_least(3), CountFailures(Compare("=", 1))), 10),
    ("3d4>=2f<3 (a die can be both)", d(3, 4, at_least(2), CountFailures(Compare("<", 3))), 10),
    ("4d4kh2", d(4, 4, Keep("h", 2)), 10),
    ("4d4kl3", d(4, 4, Keep("l", 3)), 10),
    ("4d4dh1", d(4, 4, Drop("h", 1)), 10),
    ("4d4dl2", d(4, 4, Drop("l", 2)), 10),
    ("5d3kh4dl1", d(5, 3, Keep("h", 4), Drop("l", 1)), 10),
    ("4d4kh3>=3", d(4, 4, Keep("h", 3), at_least(3)), 10),
    ("3d4mi2ma3", d(3, 4, Min(2), Max(3)), 10),
    ("3d4mi3!", d(3, 4, Min(3), Explode()), 2),
    ("3d4!", d(3, 4, Explode()), 2),
    ("2d4!>=3", d(2, 4, Explode(compare=Compare(">=", 3))), 2),
    ("3d3!kh2", d(3, 3, Explode(), Keep("h", 2)), 2),
    ("3d3!kl1", d(3, 3, Explode(), Keep("l", 1)), 2),
    ("3d3!dl1", d(3, 3, Explode(), Drop("l", 1)), 2),
    ("3d3!dh1", d(3, 3, Explode(), Drop("h", 1)), 2),
    ("2d3!kh2dl1", d(2, 3, Explode(), Keep("h", 2), Drop("l", 1)), 2),
    ("3d3!>=3", d(3, 3, Explode(), at_least(3)), 2),
    ("2d4!>=3kh2", d(2, 4, Explode(compare=Compare(">=", 3)), Keep("h", 2), at_least(3)), 2),
    ("3d3!!", d(3, 3, Explode("compound")), 2),
    ("2d3!!kh1", d(2, 3, Explode("compound"), Keep("h", 1)), 3),
    ("3d3!p", d(3, 3, Explode("penetrate")), 2),
    ("2d3!pkl1", d(2, 3, Explode("penetrate"), Keep("l", 1)), 3),
    ("3d4r1", d(3, 4, Reroll()), 10),
    ("3d4r<3", d(3, 4, Reroll(compare=Compare("<", 3))), 10),
    ("3d4ro", d(3, 4, Reroll(once=True)), 10),
    ("3d4ro>=3kh1", d(3, 4, Reroll(once=True, compare=Compare(">=", 3)), Keep("h", 1)), 10),
    ("2d3!r1", d(2, 3, Explode(), Reroll()), 2),
    ("2d3!pr=2", d(2, 3, Explode("penetrate"), Reroll(compare=Compare("=", 2))), 2),
    ("2d3!!ro<5", d(2, 3, Explode("compound"), Reroll(once=True, compare=Compare("<", 5))), 2),
    ("4dF", df(4), 10),
    ("3dF!", df(3, Explode()), 2),
    ("3dF>=1f-1", df(3, at_least(1), CountFailures(Compare("=", -1))), 10),
    ("{2d4+1d6}k2", Group((add(d(2, 4), d(1, 6)),), (Keep("h", 2),)), 10),
    ("{2d4-1d3}kh2", Group((BinaryOperation("-", d(2, 4), d(1, 3)),), (Keep("h", 2),)), 10),
    ("{2d4-1d4}kl1 (ties)", Group((BinaryOperation("-", d(2, 4), d(1, 4)),), (Keep("l", 1),)), 10),
    ("{2d4-1d4}dh1", Group((BinaryOperation("-", d(2, 4), d(1, 4)),), (Drop("h", 1),)), 10),
    ("{2d4-2d4}kh3dl1 (ties)", Group((sub(d(2, 4), d(2, 4)),), (Keep("h", 3), Drop("l", 1))), 10),
    ("{2d3-1d3}kl2dh1 (ties)", Group((sub(d(2, 3), d(1, 3)),), (Keep("l", 2), Drop("h", 1))), 10),
    (
        "{1d3!-1d3}kh2dl1",
        Group((sub(d(1, 3), d(1, 3)),), (Explode(), Keep("h", 2), Drop("l", 1))),
        2,
    ),
    ("{1d3!-1d3}dl1", Group((sub(d(1, 3), d(1, 3)),), (Explode(), Drop("l", 1))), 2),
    ("{1d3!-1d3}kl1", Group((sub(d(1, 3), d(1, 3)),), (Explode(), Keep("l", 1))), 2),
    ("{2d3+1d4+3}>=3", Group((add(d(2, 3), d(1, 4), Number(3)),), (at_least(3),)), 10),
    (
        "{2d3*2+1d4}kh1",
        Group((add(BinaryOperation("*", d(2, 3), Number(2)), d(1, 4)),), (Keep("h", 1),)),
        10,
    ),
    ("{1d4*1d3}>=2", Group((BinaryOperation("*", d(1, 4), d(1, 3)),), (at_least(2),)), 10),
    ("{2d3!+1d2}kh2", Group((add(d(2, 3), d(1, 2)),), (Explode(), Keep("h", 2))), 2),
    ("{1d3!+1d4}k1", Group((add(d(1, 3, Explode()), d(1, 4)),), (Keep("h", 1),)), 2),
    ("{2d4,1d6}>=4", Group((d(2, 4), d(1, 6)), (at_least(4),)), 10),
    ("{2d4,1d6,1d8}kh2", Group((d(2, 4), d(1, 6), d(1, 8)), (Keep("h", 2),)), 10),
    ("{2d4,1d6}dl1", Group((d(2, 4), d(1, 6)), (Drop("l", 1),)), 10),
    ("{1d6,1d6}mi3ma5kl1", Group((d(1, 6), d(1, 6)), (Min(3), Max(5), Keep("l", 1))), 10),
    ("{1d4,2,1d4}kh2dl1", Group((d(1, 4), Number(2), d(1, 4)), (Keep("h", 2), Drop("l", 1))), 10),
    ("{1d4,1d4}", Group((d(1, 4), d(1, 4))), 10),
    ("-(2d4)*1d3", BinaryOperation("*", Negate(d(2, 4)), d(1, 3)), 10),
    ("(2d6+3)/2", BinaryOperation("/", add(d(2, 6), Number(3)), Number(2)), 10),
    ("2d6/1d3", BinaryOperation("/", d(2, 6), d(1, 3)), 10),
    ("1d20+5 [to hit]", Labeled(add(d(1, 20), Number(5)), "to hit"), 10),
    ("0d6", d(0, 6), 10),
]


# -- generated trees ----------------------------------------------------------------

compares = st.builds(Compare, st.sampled_from(["=", "<", ">", "<=", ">="]), st.integers(0, 4))
small_dice = st.sampled_from([Die(2), Die(3), Die(4), FATE])


@st.composite
def dice_terms(draw: st.DrawFn, *, pooled: bool = False) -> Dice:
    die = draw(small_dice)
    count = draw(st.sampled_from([1, 1, 2, 2, 3] if pooled else [0, 1, 1, 2, 2, 3]))
    modifiers: list[Modifier] = []
    if draw(st.booleans()):
        modifiers.append(Min(draw(st.integers(-1, 3))))
    if draw(st.booleans()):
        least = max([1] + [m.value for m in modifiers if isinstance(m, Min)])
        modifiers.append(Max(draw(st.integers(least, 4))))
    if draw(st.booleans()):
        point = draw(st.none() | compares)
        assume(point is None or not all(point.matches(f) for f in die.faces))
        mode: ExplodeMode = draw(st.sampled_from(["explode", "compound", "penetrate"]))
        modifiers.append(Explode(mode, point))
    if draw(st.booleans()):
        point = draw(st.none() | compares)
        once = draw(st.booleans())
        if not once:
            assume(point is None or not all(point.matches(f) for f in die.faces))
        modifiers.append(Reroll(once, point))
    if not pooled:
        modifiers.extend(draw(selections()))
    return Dice(count, die, tuple(modifiers))


@st.composite
def selections(draw: st.DrawFn) -> list[Modifier]:
    modifiers: list[Modifier] = []
    if draw(st.booleans()):
        modifiers.append(Keep(draw(st.sampled_from(["h", "l"])), draw(st.integers(1, 3))))
    if draw(st.booleans()):
        modifiers.append(Drop(draw(st.sampled_from(["h", "l"])), draw(st.integers(1, 2))))
    if draw(st.booleans()):
        modifiers.append(CountSuccesses(draw(compares)))
        if draw(st.booleans()):
            modifiers.append(CountFailures(draw(compares)))
    return modifiers


numbers = st.integers(-3, 3).map(Number)


def expressions() -> st.SearchStrategy[Expression]:
    leaves = st.one_of(dice_terms(), dice_terms(), dice_terms(), numbers)
    return st.recursive(
        leaves,
        lambda children: st.one_of(
            st.builds(BinaryOperation, st.sampled_from(["+", "-", "*"]), children, children),
            st.builds(Negate, children),
            st.builds(Labeled, children, st.just("label")),
            st.builds(
                Group,
                st.lists(children, min_size=2, max_size=3).map(tuple),
                selections().map(tuple),
            ),
            pooled_groups(),
        ),
        max_leaves=3,
    )


@st.composite
def pooled_groups(draw: st.DrawFn) -> Group:
    """``{...}`` of one expression: signed dice terms and a number, keep/drop/count on
    top, and per-die modifiers on the group or on the terms (not both)."""
    terms: list[Dice] = draw(st.lists(dice_terms(pooled=True), min_size=1, max_size=2))
    group_per_die = draw(st.booleans())
    if group_per_die:
        terms = [Dice(t.count, t.die) for t in terms]
    expression: Expression = terms[0]
    for term in terms[1:]:
        expression = BinaryOperation(draw(st.sampled_from(["+", "-"])), expression, term)
    if draw(st.booleans()):
        expression = BinaryOperation("+", expression, draw(numbers))
    modifiers = list(draw(dice_terms(pooled=True)).modifiers) if group_per_die else []
    for modifier in modifiers:  # the roller refuses a point that every face matches
        if isinstance(modifier, Explode) or (isinstance(modifier, Reroll) and not modifier.once):
            for term in terms:
                default = die_default(modifier, term.die)
                point = modifier.compare or default
                assume(not all(point.matches(face) for face in term.die.faces))
    modifiers.extend(draw(selections()))
    return Group((expression,), tuple(modifiers))


def die_default(modifier: Explode | Reroll, die: Die) -> Compare:
    return Compare("=", die.high if isinstance(modifier, Explode) else die.low)


def paths_bound(
    node: Expression, depth: int, inherited: tuple[Modifier, ...] = (), *, rerolls: int = 2
) -> int:
    """An upper bound on the brute-force paths, to keep generated cases quick."""
    if isinstance(node, Dice):
        modifiers = node.modifiers + inherited
        chain = depth + 1 if any(isinstance(m, Explode) for m in modifiers) else 1
        rolls = rerolls if any(isinstance(m, Reroll) for m in modifiers) else 1
        return int(node.die.sides ** (chain * rolls * node.count))
    if isinstance(node, Group):
        passed = inherited
        if len(node.items) == 1:
            passed += tuple(m for m in node.modifiers if isinstance(m, Explode | Reroll))
        bound = 1
        for item in node.items:
            bound *= paths_bound(item, depth, passed, rerolls=rerolls)
        return bound
    if isinstance(node, BinaryOperation):
        left = paths_bound(node.left, depth, inherited, rerolls=rerolls)
        return left * paths_bound(node.right, depth, inherited, rerolls=rerolls)
    if isinstance(node, Negate):
        return paths_bound(node.operand, depth, inherited, rerolls=rerolls)
    if isinstance(node, Labeled):
        return paths_bound(node.expression, depth, inherited, rerolls=rerolls)
    return 1
