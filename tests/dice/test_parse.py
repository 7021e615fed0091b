"""Dice notation to syntax trees: every operator and spelling, labels, syntax errors
with their positions, and the checks :func:`validate` makes before a roll."""

from __future__ import annotations

import doctest
import importlib

import pytest

from tablekeeper.dice.limits import DEFAULT_LIMITS, RollLimits
from tablekeeper.dice.parse import MAX_DEPTH, parse
from tablekeeper.dice.roller import FATE, Die
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Compare,
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
from tablekeeper.dice.validate import validate
from tablekeeper.errors import DiceSyntaxError, InvalidInputError, RollLimitError, RulesError

D6, D8, D10, D20 = Die(6), Die(8), Die(10), Die(20)


def d(count: int, sides: int, *modifiers: Modifier) -> Dice:
    return Dice(count, Die(sides), modifiers)


def add(left: Expression, right: Expression) -> BinaryOperation:
    return BinaryOperation("+", left, right)


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("4d6", d(4, 6)),
        ("d20", d(1, 20)),
        ("d%", d(1, 100)),
        ("dF", Dice(1, FATE)),
        ("4dF", Dice(4, FATE)),
        ("0d6", d(0, 6)),
        ("7", Number(7)),
        ("-3", Number(-3)),
        ("-(3)", Negate(Number(3))),
        ("--3", Negate(Number(-3))),
        ("-1d6", Negate(d(1, 6))),
        ("1 + 2 * 3", add(Number(1), BinaryOperation("*", Number(2), Number(3)))),
        ("(1 + 2) * 3", BinaryOperation("*", add(Number(1), Number(2)), Number(3))),
        ("8 - 2 - 1", BinaryOperation("-", BinaryOperation("-", Number(8), Number(2)), Number(1))),
        ("7 / 2", BinaryOperation("/", Number(7), Number(2))),
        ("2 * -3", BinaryOperation("*", Number(2), Number(-3))),
        ("4d6kh3", d(4, 6, Keep("h", 3))),
        ("4d6k3", d(4, 6, Keep("h", 3))),
        ("2d20kl1", d(2, 20, Keep("l", 1))),
        ("4d6dh1", d(4, 6, Drop("h", 1))),
        ("4d6dl1", d(4, 6, Drop("l", 1))),
        ("4d6d1", d(4, 6, Drop("l", 1))),
        ("4d6kh3dl1", d(4, 6, Keep("h", 3), Drop("l", 1))),
        ("1d6!", d(1, 6, Explode())),
        ("1d10!>=9", d(1, 10, Explode(compare=Compare(">=", 9)))),
        ("1d6!=6", d(1, 6, Explode(compare=Compare("=", 6)))),
        ("1d6!6", d(1, 6, Explode(compare=Compare("=", 6)))),
        ("1d6!<2", d(1, 6, Explode(compare=Compare("<", 2)))),
        ("1d6!!", d(1, 6, Explode("compound"))),
        ("1d6!!>4", d(1, 6, Explode("compound", Compare(">", 4)))),
        ("1d6!p", d(1, 6, Explode("penetrate"))),
        ("1d6!p>=5", d(1, 6, Explode("penetrate", Compare(">=", 5)))),
        ("2d6r", d(2, 6, Reroll())),
        ("2d6r1", d(2, 6, Reroll(compare=Compare("=", 1)))),
        ("2d6r=1", d(2, 6, Reroll(compare=Compare("=", 1)))),
        ("2d6r<2", d(2, 6, Reroll(compare=Compare("<", 2)))),
        ("2d6r<=2", d(2, 6, Reroll(compare=Compare("<=", 2)))),
        ("2d6ro<2", d(2, 6, Reroll(once=True, compare=Compare("<", 2)))),
        ("2d6ro", d(2, 6, Reroll(once=True))),
        ("8d8>=4", d(8, 8, CountSuccesses(Compare(">=", 4)))),
        ("6d10>7", d(6, 10, CountSuccesses(Compare(">", 7)))),
        ("6d6=6", d(6, 6, CountSuccesses(Compare("=", 6)))),
        ("6d6<3", d(6, 6, CountSuccesses(Compare("<", 3)))),
        ("6d6<=3", d(6, 6, CountSuccesses(Compare("<=", 3)))),
        (
            "6d10>7f1",
            d(6, 10, CountSuccesses(Compare(">", 7)), CountFailures(Compare("=", 1))),
        ),
        (
            "6d10>7f<2",
            d(6, 10, CountSuccesses(Compare(">", 7)), CountFailures(Compare("<", 2))),
        ),
        (
            "6d10>7f<=2",
            d(6, 10, CountSuccesses(Compare(">", 7)), CountFailures(Compare("<=", 2))),
        ),
        ("4dF=-1", Dice(4, FATE, (CountSuccesses(Compare("=", -1)),))),
        ("4d6mi2", d(4, 6, Min(2))),
        ("4d6min2", d(4, 6, Min(2))),
        ("4d6ma5", d(4, 6, Max(5))),
        ("4d6max5", d(4, 6, Max(5))),
        ("{4d6+3d8}k4", Group((add(d(4, 6), d(3, 8)),), (Keep("h", 4),))),
        ("{2d8,1d6}>=5", Group((d(2, 8), d(1, 6)), (CountSuccesses(Compare(">=", 5)),))),
        (
            "{1d20+5, 1d20+3}kh1",
            Group((add(d(1, 20), Number(5)), add(d(1, 20), Number(3))), (Keep("h", 1),)),
        ),
        (
            "2d8>=5+1d6>=5",
            add(
                d(2, 8, CountSuccesses(Compare(">=", 5))), d(1, 6, CountSuccesses(Compare(">=", 5)))
            ),
        ),
        # A compare point right after ! or r belongs to it; later ones count successes.
        ("8d10!>=7", d(8, 10, Explode(compare=Compare(">=", 7)))),
        ("8d10>=7!", d(8, 10, Explode(), CountSuccesses(Compare(">=", 7)))),
        ("8d10! >=7", d(8, 10, Explode(), CountSuccesses(Compare(">=", 7)))),
    ],
)
def test_notation_parses_to_its_tree(text: str, tree: Expression) -> None:
    assert parse(text) == tree


@pytest.mark.parametrize(
    ("typed", "same_as"),
    [
        ("4D6KH3", "4d6kh3"),
        ("4df", "4dF"),
        ("1D6!P", "1d6!p"),
        ("2d6RO<2", "2d6ro<2"),
        ("4d6MIN2MAX5", "4d6mi2ma5"),
        ("6d10>7F1", "6d10>7f1"),
        (" 4d6  kh3 +\t2 ", "4d6kh3+2"),
        ("4d6 d 1", "4d6dl1"),
        # Modifiers in any order are stored in MODIFIER_ORDER.
        ("4d6kh3mi2!", "4d6mi2!kh3"),
        ("6d10f1>7", "6d10>7f1"),
        ("4d6dl1kh3", "4d6kh3dl1"),
        ("8d6>=5ro<2ma5", "8d6ma5ro<2>=5"),
    ],
)
def test_spellings_case_spaces_and_order_do_not_matter(typed: str, same_as: str) -> None:
    assert parse(typed) == parse(same_as)


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        # A label after a term labels that term...
        ("2d6[fire] + 1d8[cold]", add(Labeled(d(2, 6), "fire"), Labeled(d(1, 8), "cold"))),
        ("2d6 [fire] * 2", BinaryOperation("*", Labeled(d(2, 6), "fire"), Number(2))),
        ("2d6[a][b]", Labeled(Labeled(d(2, 6), "a"), "b")),
        # ...but a lone label ending an expression labels all of it.
        ("1d20+5 [to hit]", Labeled(add(d(1, 20), Number(5)), "to hit")),
        ("1d20 + (5 [bonus])", add(d(1, 20), Labeled(Number(5), "bonus"))),
        ("-3 [x]", Labeled(Number(-3), "x")),
        ("-(1d6 [x])", Negate(Labeled(d(1, 6), "x"))),
        ("(1d20 + 2 [a]) [b]", Labeled(Labeled(add(d(1, 20), Number(2)), "a"), "b")),
        (
            "{1d20+5 [str], 1d20+3 [dex]}kh1",
            Group(
                (
                    Labeled(add(d(1, 20), Number(5)), "str"),
                    Labeled(add(d(1, 20), Number(3)), "dex"),
                ),
                (Keep("h", 1),),
            ),
        ),
        ("1d6 [ spaced  out ]", Labeled(d(1, 6), "spaced  out")),
    ],
)
def test_labels_nest_as_documented(text: str, tree: Expression) -> None:
    assert parse(text) == tree


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("4d", 2, "expected a number of sides after 'd'"),
        ("4dx", 2, "expected a number of sides after 'd'"),
        ("", 0, "the expression is empty: expected a number, a die or '('"),
        ("1d6 + ", 5, "expected a number, a die or '(' after '+'"),
        ("2 * * 3", 4, "expected a number, a die or '(' after '*', not '*'"),
        ("4d6kh", 5, "expected how many dice to keep after 'kh'"),
        ("4d6dl", 5, "expected how many dice to drop after 'dl'"),
        ("4d6mi", 5, "expected a number after 'mi'"),
        ("8d8>=", 5, "expected a number after '>='"),
        ("8d8>=x", 5, "expected a number after '>=', not 'x'"),
        ("6d10>7f", 7, "expected a number or a compare point after 'f'"),
        ("4d6x", 3, "expected a modifier such as 'kh1' or '>=5', an operator (+ - * /) or the end"),
        ("2d6 3", 4, "not '3'"),
        ("(1d6", 4, "expected ')'"),
        ("1d6)", 3, "')' has no '(' to close"),
        ("{1d6", 4, "expected ',' or '}'"),
        ("1d6 [fire", 4, "'[' starts a label that has no ']' to end it"),
        ("1d6 []", 4, "expected a label between '[' and ']'"),
        ("d0", 1, "a die needs at least one side"),
        ("4d6f1", 3, "'f=1' counts failures, which needs a success target before it"),
        ("4d6kh3kl1", 6, "'kl1' is a second keep modifier on the same dice"),
        ("1d6!!!", 5, "'!' is a second explode modifier"),
        ("{1d6, 2d6}!", 10, "'!' cannot explode the totals of a group of several sub-rolls"),
        ("{1d6, 2d6}r", 10, "'r' cannot reroll the totals"),
        ("{4d6kh3 + 1d8}kh2", 14, "'kh2' on the group and 'kh3' on dice inside it"),
        ("{2d6! + 1d8}mi2", 12, "'mi2' on the group and '!' on dice inside it"),
        ("99999999999999999999d6", 0, "is too large"),
    ],
)
def test_syntax_errors_name_the_position_and_what_was_expected(
    text: str, position: int, message: str
) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    error = caught.value
    assert message in error.message
    assert (error.position, error.expression) == (position, text)
    assert str(error) == f"expression: {error.message} at position {position + 1}"


def test_nesting_too_deep_is_a_syntax_error() -> None:
    deep = "(" * (MAX_DEPTH + 5) + "1" + ")" * (MAX_DEPTH + 5)
    with pytest.raises(DiceSyntaxError, match="nests more than"):
        parse(deep)


def test_parse_is_cached() -> None:
    assert parse("4d6kh3 + 2") is parse("4d6kh3 + 2")


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("1001d6", RollLimitError, "1001d6 rolls more than the limit of 1000 dice"),
        ("600d6 + 600d6", RollLimitError, "rolls 1200 dice, more than the limit of 1000"),
        ("1d10001", RollLimitError, "more sides than the limit of 10000"),
        ("4d6kh0", RollLimitError, "'kh0' would keep no dice"),
        ("4d6dl0", RollLimitError, "'dl0' would drop no dice"),
        ("1d6!>=1", RollLimitError, "would explode forever"),
        ("1d1!", RollLimitError, "would explode forever"),
        ("{2d6 + 1d1}!", RollLimitError, "matches every face of a d1"),
        ("1d6r<=6", RollLimitError, "would reroll forever"),
        ("1dFr>-2", RollLimitError, "would reroll forever"),
        ("4d6mi5ma2", RollLimitError, "mi5 is above the maximum ma2"),
        ("{1d6, 1d8}mi5ma2", RollLimitError, "mi5 is above the maximum ma2"),
    ],
)
def test_validate_refuses_what_must_not_be_rolled(
    text: str, error: type[RulesError], message: str
) -> None:
    with pytest.raises(error, match=message):
        validate(parse(text), DEFAULT_LIMITS)


@pytest.mark.parametrize(
    "text",
    ["1000d6", "4d6kh9", "4d6dl9", "1d6ro<=6", "1d6!<=5", "4d6mi3ma3", "{1d6, 1d8}mi2ma5"],
)
def test_validate_allows_edge_cases_that_can_be_rolled(text: str) -> None:
    validate(parse(text), DEFAULT_LIMITS)


def test_validate_uses_the_limits_given() -> None:
    small = RollLimits(max_dice=10, max_sides=20)
    validate(parse("10d20"), small)
    with pytest.raises(RollLimitError):
        validate(parse("11d6"), small)
    with pytest.raises(RollLimitError):
        validate(parse("1d100"), small)


@pytest.mark.parametrize(
    ("tree", "message"),
    [
        (Dice(-1, D6), "cannot roll -1 dice"),
        (d(4, 6, Keep("h", 3), Keep("l", 1)), "second keep modifier"),
        (d(4, 6, Keep("h", 3), Min(2)), "must be stored in MODIFIER_ORDER"),
        (d(4, 6, CountFailures(Compare("=", 1))), "needs a success target"),
        (Group((d(1, 6), d(1, 8)), (Explode(),)), "cannot explode the totals"),
        (Group((d(4, 6, Keep("h", 3)),), (Drop("l", 1),)), "on the group and 'kh3' on dice"),
        (Group(()), "a group needs at least one expression"),
        (Labeled(d(1, 6), "a]b"), "cannot be written"),
        (Labeled(d(1, 6), " padded"), "cannot be written"),
        (Labeled(d(1, 6), ""), "cannot be written"),
    ],
)
def test_validate_refuses_trees_the_parser_never_builds(tree: Expression, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        validate(tree, DEFAULT_LIMITS)


@pytest.mark.parametrize(
    "module",
    ["parse", "render", "evaluate", "results", "validate", "batch", "terms"],
)
def test_docstring_examples(module: str) -> None:
    imported = importlib.import_module(f"tablekeeper.dice.{module}")
    assert doctest.testmod(imported).failed == 0
