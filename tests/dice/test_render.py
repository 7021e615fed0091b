"""Canonical notation (and its round trip through the parser), the one-line text of a
roll, and a roll as JSON."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

from tablekeeper.dice.documents import roll_document
from tablekeeper.dice.evaluate import roll
from tablekeeper.dice.parse import parse
from tablekeeper.dice.render import render, render_roll
from tablekeeper.dice.roller import Die, FixedRoller
from tablekeeper.dice.syntax import (
    BinaryOperation,
    Compare,
    CountSuccesses,
    Dice,
    Explode,
    Expression,
    Labeled,
    Negate,
    Number,
    Reroll,
)

from .strategies import expressions


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("4d6k3", "4d6kh3"),
        ("4d6d1", "4d6dl1"),
        ("d20", "1d20"),
        ("d%", "1d100"),
        ("3df", "3dF"),
        ("2d6r1", "2d6r=1"),
        ("2d6R", "2d6r"),
        ("6d10>7f1", "6d10>7f=1"),
        ("4d6min2max5", "4d6mi2ma5"),
        ("1d6!6", "1d6!=6"),
        ("4d6kh3mi2!", "4d6mi2!kh3"),
        ("8d10>=7!", "8d10>=7!"),
        ("8d10>=7r", "8d10>=7r"),
        ("8d10!kh3>=7", "8d10!kh3>=7"),
        ("1d20+5[to hit]", "1d20 + 5 [to hit]"),
        ("2d6[fire]+1d8[cold]", "2d6 [fire] + 1d8 [cold]"),
        ("1d20+(5[bonus])", "1d20 + (5 [bonus])"),
        ("{4d6+3d8}k4", "{4d6 + 3d8}kh4"),
        ("{2d8,1d6}>=5", "{2d8, 1d6}>=5"),
        ("((1+2))*(3)", "(1 + 2) * 3"),
        ("1-(2-3)", "1 - (2 - 3)"),
        ("1+(2+3)", "1 + (2 + 3)"),
        ("(1-2)-3", "1 - 2 - 3"),
        ("-(1d6+2)", "-(1d6 + 2)"),
        ("- 3", "-3"),
        ("-(3)", "-(3)"),
    ],
)
def test_render_writes_canonical_notation(typed: str, canonical: str) -> None:
    assert render(parse(typed)) == canonical
    assert render(parse(canonical)) == canonical


@pytest.mark.parametrize(
    "tree",
    [
        Number(-3),
        Negate(Number(3)),
        Negate(Number(-3)),
        Labeled(Number(-3), "x"),
        Labeled(Negate(Number(3)), "x"),
        BinaryOperation("+", Dice(1, Die(8)), Labeled(Dice(2, Die(6)), "fire")),
        BinaryOperation("-", Number(1), BinaryOperation("+", Number(2), Labeled(Number(3), "x"))),
        Labeled(Labeled(BinaryOperation("+", Number(1), Number(2)), "a"), "b"),
        Dice(8, Die(10), (Explode(), CountSuccesses(Compare(">=", 7)))),
        Dice(8, Die(10), (Reroll(once=True), CountSuccesses(Compare("<", 3)))),
    ],
)
def test_render_round_trips_awkward_trees(tree: Expression) -> None:
    assert parse(render(tree)) == tree


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(expressions())
def test_parse_of_render_gives_the_tree_back(tree: Expression) -> None:
    text = render(tree)
    assert parse(text) == tree
    assert render(parse(text)) == text


def roll_fixed(expression: str, faces: list[int]) -> str:
    roller = FixedRoller(faces, strict=True)
    text = render_roll(roll(expression, roller))
    roller.finish()
    return text


@pytest.mark.parametrize(
    ("expression", "faces", "text"),
    [
        ("4d6kh3", [6, 1, 5, 4], "4d6kh3: [6, ~~1~~, 5, 4] = 15"),
        ("1d6!", [6, 6, 2], "1d6!: [6!, 6!, 2] = 14"),
        ("1d6!!", [6, 6, 2], "1d6!!: [14(6+6+2)!] = 14"),
        ("1d6!p", [6, 6, 2], "1d6!p: [6!, 5(6)!, 1(2)] = 12"),
        ("2d6r<3", [1, 2, 5, 4], "2d6r<3: [1r 2r 5, 4] = 9"),
        ("6d10>7f1", [8, 1, 10, 7, 1, 3], "6d10>7f=1: [8*, 1_, 10*, 7, 1_, 3] = 0"),
        ("4d6mi2ma5", [1, 6, 3, 4], "4d6mi2ma5: [2(1), 5(6), 3, 4] = 14"),
        ("1d20+5 [to hit]", [17], "1d20 + 5 [to hit]: [17] + 5 = 22"),
        ("{1d20+5, 1d20+3}kh1", [10, 15], "{1d20 + 5, 1d20 + 3}kh1: {~~[10] + 5~~, [15] + 3} = 18"),
        ("{2d8,1d6}>=5", [2, 2, 6], "{2d8, 1d6}>=5: {[2, 2], [6]*} = 1"),
        ("-(1d4+1)*2", [3], "-(1d4 + 1) * 2: -([3] + 1) * 2 = -8"),
        ("{2d6, 1d4}mi5>=6", [1, 2, 4], "{2d6, 1d4}mi5>=6: {[1, 2] as 5, [4] as 5} = 0"),
        ("{2d6, 1d4}ma5", [6, 2, 4], "{2d6, 1d4}ma5: {[6, 2] as 5, [4]} = 9"),
    ],
)
def test_render_roll_marks_what_happened_to_each_die(
    expression: str, faces: list[int], text: str
) -> None:
    assert roll_fixed(expression, faces) == text


def test_a_roll_document_is_json_ready_and_lists_every_die() -> None:
    result = roll("2d6[fire] + {1d8!}kh1", FixedRoller([6, 2, 8, 3]))
    data = json.loads(json.dumps(roll_document(result)))
    assert data["expression"] == "2d6 [fire] + {1d8!}kh1"
    assert data["total"] == 16
    assert data["label"] is None
    assert [die["face"] for die in data["dice"]] == [6, 2, 8, 3]
    assert data["dice"][2] == {
        "die": "d8",
        "face": 8,
        "value": 8,
        "kept": True,
        "exploded": True,
        "from_explosion": False,
        "rerolled": [],
        "clamped": False,
        "success": False,
        "failure": False,
        "compounded": [],
        "penetrated": False,
    }
    assert data["dice"][3]["kept"] is False
    assert data["dice"][3]["from_explosion"] is True
    tree = data["tree"]
    assert tree["type"] == "binary"
    assert tree["left"] == {
        "type": "labeled",
        "notation": "2d6 [fire]",
        "value": 8,
        "label": "fire",
        "result": {"type": "dice", "notation": "2d6", "value": 8, "dice": [0, 1]},
    }
    group = tree["right"]
    assert group["type"] == "group"
    assert group["items"][0]["result"]["dice"] == [2, 3]
    assert group["items"][0]["kept"] is True
    assert group["items"][0]["value"] == 8
