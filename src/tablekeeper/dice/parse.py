"""Dice notation to :mod:`~tablekeeper.dice.syntax` trees, and the checks before a roll.

:func:`parse` reads what GMs type in Roll20, Foundry and Avrae (``grammar.lark`` is the
grammar); where Roll20 is vague it follows ``@dice-roller/rpg-dice-roller``:

- ``NdS``, ``dS`` (one die), ``d%`` (``d100``), ``dF``/``NdF`` (Fate), integers,
  ``+ - * /`` with the usual precedence, unary minus, parentheses; ``/`` floors.
- Modifiers after dice, in any order, each kind at most once, stored in
  ``MODIFIER_ORDER``: ``kh3``/``k3``, ``kl1``, ``dh1``, ``dl1``/``d1`` (``4d6d1`` drops the
  lowest die), ``!`` ``!!`` ``!p`` with an optional compare point (``!>=9``, ``!=6``,
  ``!6``), ``r``/``r1``/``r=1``/``r<2`` and ``ro``, ``mi2``/``min2``, ``ma5``/``max5``,
  a success target (``>=4``, ``>7``, ``=6``, ``<3``, ``<=3``) and, after it, a failure
  target (``f1`` is ``f=1``, ``f<2``). A compare point right after ``!``, ``r``, ``ro``
  or ``f`` belongs to it: ``1d6!>=5`` explodes on 5 or 6 and counts no successes.
- ``>`` means strictly greater, as in rpg-dice-roller. Roll20 reads ``>`` as "at
  least"; we do not: write ``>=`` for that.
- Groups ``{...}`` take keep, drop, success and failure targets; a group of one
  expression also takes ``mi``/``ma``/``!``/``r``, which then act on each of its dice.
- Labels: ``[text]`` after a term labels that term (``2d6[fire] + 1d8[cold]``). A label
  that ends an expression (the whole one, a group's item or a parenthesised part) with
  no other label anywhere in it labels that whole expression: ``1d20+5 [to hit]`` is
  ``Labeled(1d20 + 5, "to hit")``. To label only the last term of such an expression,
  parenthesise it: ``1d20 + (5 [bonus])``.
- A minus sign written right before an integer is part of it: ``-3`` is ``Number(-3)``;
  before anything else (``-(3)``, ``-1d6``) it is :class:`~tablekeeper.dice.syntax.Negate`.

A syntax error is a :class:`~tablekeeper.errors.DiceSyntaxError` with the 0-based index
of the offending character and what was expected, in a GM's words.

:func:`validate` refuses what must not be rolled (or given odds) under a
:class:`~tablekeeper.dice.limits.RollLimits`; :mod:`.evaluate` and :mod:`.odds` both call
it.
"""

from __future__ import annotations

import functools

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from tablekeeper.dice.parser_tables import load_parser
from tablekeeper.dice.roller import FATE, Die
from tablekeeper.dice.syntax import (
    MODIFIER_ORDER,
    BinaryOp,
    BinaryOperation,
    Compare,
    CompareOp,
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
from tablekeeper.dice.validate import group_problem, modifier_problem
from tablekeeper.errors import DiceSyntaxError, RollLimitError

__all__ = ["MAX_DEPTH", "MAX_LENGTH", "parse"]

MAX_DEPTH = 200
"""How deeply operations and parentheses may nest in one expression."""

MAX_LENGTH = 1000
"""The longest expression parsed, in characters: a table's longest (a dozen labelled
terms) is a tenth of it, and refusing a longer one costs nothing (200 KB of parentheses
took 33 s to refuse before)."""

_Node = Tree[Token] | Token

_BINARY_OPS: dict[str, BinaryOp] = {"+": "+", "-": "-", "*": "*", "/": "/"}
_COMPARE_OPS: dict[str, CompareOp] = {"": "=", "=": "=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}


@functools.cache
def _parser() -> Lark:
    return load_parser()  # once per process, from the shipped tables (parser_tables.py)


@functools.lru_cache(maxsize=4096)
def parse(text: str) -> Expression:
    """The tree of a dice expression; raises DiceSyntaxError with the position at fault.

    >>> parse("4d6k3")
    Dice(count=4, die=Die(sides=6, fate=False), modifiers=(Keep(end='h', count=3),))
    """
    if len(text) > MAX_LENGTH:
        raise RollLimitError(
            f"an expression is at most {MAX_LENGTH:,} characters long, not {len(text):,}",
            field="expression",
        )
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        raise _explain(text, error) from None
    return _Builder(text).context(tree.children[0], 0)


class _Builder:
    """Turns Lark's parse tree into syntax nodes, checking what the grammar cannot."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.origins: dict[int, _Node] = {}  # id of a modifier -> where it was typed

    def fail(self, message: str, at: _Node) -> DiceSyntaxError:
        return DiceSyntaxError(message, expression=self.text, position=_start(at))

    def context(self, tree: _Node, depth: int) -> Expression:
        """One expression context: the whole expression, a group item, a parenthesis."""
        if isinstance(tree, Tree) and sum(1 for _ in tree.find_data("labeled")) == 1:
            tree = _lift_trailing_label(tree)
        return self.convert(tree, depth)

    def convert(self, tree: _Node, depth: int) -> Expression:
        assert isinstance(tree, Tree)
        if depth > MAX_DEPTH:
            raise self.fail(f"the expression nests more than {MAX_DEPTH} levels deep", tree)
        kind, children = tree.data, tree.children
        if kind == "number":
            return Number(self.integer(children[0]))
        if kind == "neg":
            operand = children[1]
            if isinstance(operand, Tree) and operand.data == "number":
                return Number(-self.integer(operand.children[0]))
            return Negate(self.convert(operand, depth + 1))
        if kind == "binary":
            op = _BINARY_OPS[_token(children[1]).value]
            left = self.convert(children[0], depth + 1)
            return BinaryOperation(op, left, self.convert(children[2], depth + 1))
        if kind == "labeled":
            label = _token(children[1])
            text = label.value[1:-1].strip()
            if not text:
                raise self.fail("expected a label between '[' and ']'", label)
            return Labeled(self.convert(children[0], depth + 1), text)
        if kind == "paren":
            return self.context(children[1], depth + 1)
        if kind == "dice":
            return self.dice(children)
        return self.group(children, depth)

    def integer(self, node: _Node) -> int:
        digits = _token(node)
        if len(digits.value) > 18:
            raise self.fail(f"the number {digits.value[:12]}... is too large", digits)
        return int(digits.value)

    def dice(self, children: list[_Node]) -> Dice:
        count = 1
        if isinstance(children[0], Token) and children[0].type == "INT":
            count = self.integer(children[0])
            children = children[1:]
        sides = _token(_tree(children[1]).children[0])
        if sides.type == "F":
            die = FATE
        elif sides.type == "PERCENT":
            die = Die(100)
        else:
            number = self.integer(sides)
            if number < 1:
                raise self.fail("a die needs at least one side", sides)
            die = Die(number)
        return Dice(count, die, self.modifiers(children[2:]))

    def group(self, children: list[_Node], depth: int) -> Group:
        close = next(i for i, c in enumerate(children) if _is(c, "RBRACE"))
        items = tuple(self.context(c, depth + 1) for c in children[1:close:2])
        group = Group(items, self.modifiers(children[close + 1 :]))
        problem = group_problem(group)
        if problem is not None:
            raise self.fail(problem[1], self.origins[id(problem[0])])
        return group

    def modifiers(self, trees: list[_Node]) -> tuple[Modifier, ...]:
        """The modifiers as typed (checked), stored in ``MODIFIER_ORDER``."""
        typed = tuple(self.modifier(_tree(tree)) for tree in trees)
        self.origins.update((id(m), tree) for m, tree in zip(typed, trees, strict=True))
        problem = modifier_problem(typed)
        if problem is not None:
            raise self.fail(problem[1], self.origins[id(problem[0])])
        return tuple(sorted(typed, key=lambda m: MODIFIER_ORDER.index(type(m))))

    def modifier(self, tree: Tree[Token]) -> Modifier:
        head = _token(tree.children[0])
        kind, word = head.type, head.value.lower()
        argument = tree.children[1] if len(tree.children) > 1 else None
        if kind in ("KEEP", "DROP"):
            count = self.integer(_present(argument))
            if kind == "KEEP":
                return Keep("l" if word.endswith("l") else "h", count)
            return Drop("h" if word.endswith("h") else "l", count)
        if kind in ("MIN", "MAX"):
            value = self.value(_present(argument))
            return Min(value) if kind == "MIN" else Max(value)
        compare = None
        if argument is not None:
            compare = Compare(_COMPARE_OPS[word.lstrip("!prof")], self.value(argument))
        if kind in ("EXPLODE", "EXPLODE_AT"):
            mode: ExplodeMode = "explode"
            if word.startswith("!!"):
                mode = "compound"
            elif word.startswith("!p"):
                mode = "penetrate"
            return Explode(mode, compare)
        if kind in ("REROLL", "REROLL_AT"):
            return Reroll(once=word.startswith("ro"), compare=compare)
        assert compare is not None
        return CountSuccesses(compare) if kind == "COMPARE" else CountFailures(compare)

    def value(self, node: _Node) -> int:
        """A signed number: a ``value`` tree, or a bare INT (``r1``, ``f1``, ``!6``)."""
        if isinstance(node, Token):
            return self.integer(node)
        number = self.integer(node.children[-1])
        return -number if len(node.children) == 2 else number


def _lift_trailing_label(tree: Tree[Token]) -> Tree[Token]:
    """``1d20 + 5 [to hit]`` labels the whole expression: move a label that ends the
    context (the context's only label) from its term to the whole."""
    parent: Tree[Token] | None = None
    node: _Node = tree
    while isinstance(node, Tree) and node.data in ("binary", "neg"):
        parent, node = node, node.children[-1]
    if parent is None or not isinstance(node, Tree) or node.data != "labeled":
        return tree
    inner, label = node.children
    parent.children[-1] = inner
    return Tree("labeled", [tree, label])


def _token(node: _Node) -> Token:
    assert isinstance(node, Token)
    return node


def _tree(node: _Node) -> Tree[Token]:
    assert isinstance(node, Tree)
    return node


def _present(node: _Node | None) -> _Node:
    assert node is not None
    return node


def _is(node: _Node, kind: str) -> bool:
    return isinstance(node, Token) and node.type == kind


def _start(node: _Node) -> int:
    """The position of the first character of a token or tree."""
    while isinstance(node, Tree):
        node = node.children[0]
    return node.start_pos or 0


_NEEDS_NUMBER = {
    "DIE": "a number of sides after '{}' (or '%' or 'F')",
    "KEEP": "how many dice to keep after '{}'",
    "DROP": "how many dice to drop after '{}'",
    "MIN": "a number after '{}'",
    "MAX": "a number after '{}'",
    "COMPARE": "a number after '{}'",
    "EXPLODE_AT": "a number after '{}'",
    "REROLL_AT": "a number after '{}'",
    "FAIL_AT": "a number after '{}'",
    "F": "a number or a compare point after '{}', as in 'f1' or 'f<2'",
    "MINUS": "a number after '{}'",
}
_MODIFIERS = {"KEEP", "DROP", "MIN", "MAX", "EXPLODE", "EXPLODE_AT", "REROLL", "COMPARE"}
_OPERATORS = {"PLUS", "MINUS", "STAR", "SLASH"}


def _explain(text: str, error: UnexpectedInput) -> DiceSyntaxError:
    """A Lark error in a GM's words: what was expected where."""
    end = len(text.rstrip())
    if isinstance(error, UnexpectedToken):
        expected = set(error.expected)
        at_end = error.token.type == "$END"
        position = end if at_end else error.token.start_pos or 0
        found = "" if at_end else str(error.token.value)
    elif isinstance(error, UnexpectedCharacters):
        expected = set(error.allowed or ())
        position, at_end = error.pos_in_stream or 0, False
        found = text[position]
    else:  # pragma: no cover - LALR raises only the two above
        return DiceSyntaxError("the expression does not parse", expression=text, position=0)
    previous = _previous_token(error)
    closer = _innermost_open(text[:position])
    message = f"expected {_expected_words(expected, previous, closer)}"
    if found in (")", "}") and {"RPAR", "RBRACE"}.isdisjoint(expected):
        message = f"'{found}' has no '{'(' if found == ')' else '{'}' to close"
    elif found == "[":
        message = "'[' starts a label that has no ']' to end it"
    elif not text.strip():
        message = "the expression is empty: " + message
    elif not at_end:
        message += f", not '{found}'"
    return DiceSyntaxError(message, expression=text, position=position)


def _innermost_open(text: str) -> str | None:
    """The innermost '(' or '{' still open at the end of ``text`` (labels skipped)."""
    opened: list[str] = []
    in_label = False
    for char in text:
        if in_label:
            in_label = char != "]"
        elif char == "[":
            in_label = True
        elif char in "({":
            opened.append(char)
        elif char in ")}" and opened:
            opened.pop()
    return opened[-1] if opened else None


def _previous_token(error: UnexpectedInput) -> Token | None:
    stack = getattr(getattr(error, "state", None), "value_stack", None)
    if stack and isinstance(stack[-1], Token):
        return stack[-1]
    history = getattr(error, "token_history", None)
    return history[-1] if history else None


def _expected_words(expected: set[str], previous: Token | None, opened: str | None) -> str:
    if "DIE" in expected and "LPAR" in expected:
        after = f" after '{previous.value}'" if previous is not None else ""
        return f"a number, a die or '('{after}"
    if expected <= {"INT", "MINUS", "PERCENT", "F"} and previous is not None:
        template = _NEEDS_NUMBER.get(previous.type)
        if template is not None:
            return template.format(previous.value)
    parts = []
    if "DIE" in expected:
        parts.append("'d'")
    if expected & _MODIFIERS:
        parts.append("a modifier such as 'kh1' or '>=5'")
    if expected & _OPERATORS:
        parts.append("an operator (+ - * /)")
    if opened == "(" and "RPAR" in expected:
        parts.append("')'")
    elif opened == "{" and "RBRACE" in expected:
        parts += ["','", "'}'"]
    elif opened is None and ("$END" in expected or expected & _OPERATORS):
        parts.append("the end of the expression")
    if not parts:
        return "a number"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]
