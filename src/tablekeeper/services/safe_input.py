"""One validation for whatever enters from outside: ids, text, JSON and YAML documents.

Everything a client sends, created or imported, passes here before it is stored, so
that what is stored can be used everywhere later, on SQLite as on PostgreSQL:

- an **id** (campaign, encounter, player, character) matches :data:`ID_PATTERN`: it
  travels in URLs, cookie names and command actors (``../../etc/passwd``,
  ``a\\r\\nSet-Cookie: x=1`` and ``a/b`` are refused);
- **text** holds no NUL character and no lone surrogate (PostgreSQL stores neither, and
  a campaign written on SQLite must move to PostgreSQL);
- a **number** is finite (no NaN or Infinity: JSON has none, PostgreSQL's JSONB refuses
  them);
- a **document** (a request body, an import) is at most :attr:`Limits.bytes` long,
  nests at most :attr:`Limits.depth` deep, and holds at most :attr:`Limits.nodes`
  values, YAML aliases expanded (a 610-byte YAML "billion laughs" expands to 9**8
  values: refused at once, unbuilt).

Each refusal is an :class:`~tablekeeper.errors.InvalidInputError` naming the field (a
dotted path into the document) and the reason: 422 on every interface.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from tablekeeper.errors import InvalidInputError
from tablekeeper.persistence import storable

ID_PATTERN = r"^[A-Za-z0-9_-]+$"
"""What an id may contain (as :data:`tablekeeper.engine.campaigns.ID_PATTERN`)."""

ID_MAX_LENGTH = 64
"""The longest campaign or encounter id (players and characters: 40)."""

_ID = re.compile(ID_PATTERN)


@dataclass(frozen=True, slots=True)
class Limits:
    """How large a document may be: its text in bytes, its nesting, its values."""

    bytes: int
    depth: int = 64
    nodes: int = 1_000_000


CHARACTERS = Limits(bytes=1_000_000, depth=64, nodes=200_000)
"""A character import (JSON or YAML text): a few hundred characters fit."""

CAMPAIGN = Limits(bytes=20_000_000, depth=64, nodes=5_000_000)
"""A whole campaign's export: a long campaign's log fits."""

BODY = Limits(bytes=21 << 20, depth=64, nodes=5_000_000)
"""A request body (the API's JSON): a campaign import, with room to spare."""


def check_id(value: str, field: str, max_length: int = ID_MAX_LENGTH) -> str:
    """``value`` when it is an id (:data:`ID_PATTERN`, at most ``max_length``)."""
    if not value or len(value) > max_length or not _ID.match(value):
        shown = value if len(value) <= 80 else value[:77] + "..."
        raise InvalidInputError(
            f"an id is 1 to {max_length} letters, digits, '-' or '_'; not {shown!r}",
            field=field,
        )
    return value


def check_entry(
    identifier: str | None, values: Mapping[str, Any], *, field: str = "campaign_id"
) -> None:
    """What a use case is about to store: its id (when one is given, :func:`check_id`
    naming ``field``) and each of ``values`` (:func:`check_document` naming its key)."""
    if identifier is not None:
        check_id(identifier, field)
    for name, value in values.items():
        check_document(value, name)


def check_text(value: str, field: str) -> str:
    """``value`` when it holds no NUL character and no lone surrogate."""
    found = storable.text_problem(value)
    if found is not None:
        raise InvalidInputError(found, field=field)
    return value


def check_number(value: float, field: str) -> float:
    """``value`` when it is finite."""
    found = storable.number_problem(value)
    if found is not None:
        raise InvalidInputError(found, field=field)
    return value


def check_document(value: Any, field: str, limits: Limits = BODY) -> Any:
    """``value`` (parsed JSON or YAML: dicts, lists, strings, numbers, booleans, None)
    when every key and string passes :func:`check_text`, every number
    :func:`check_number`, and it nests and counts within ``limits``. Walked without
    recursion, and once per value (an aliased value counts every time it appears).
    Errors name the dotted path from ``field`` (from the top when ``field`` is empty)."""
    for nodes, (path, depth, item) in enumerate(storable.walk(value, field), start=1):
        if nodes > limits.nodes:
            raise InvalidInputError(
                f"the document holds more than {limits.nodes:,} values", field=field
            )
        if depth > limits.depth:
            raise InvalidInputError(
                f"the document nests more than {limits.depth} levels deep", field=path
            )
        found = storable.problem(item)
        if found is not None:
            raise InvalidInputError(found, field=path or field)
    return value


def load_json(text: str | bytes, field: str, limits: Limits) -> Any:
    """``text`` parsed as JSON within ``limits`` and through :func:`check_document`;
    NaN, Infinity and numbers too large for a float are refused, as JSON does."""
    _check_size(text, field, limits)
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:
        raise InvalidInputError(
            f"the document nests more than {limits.depth} levels deep", field=field
        ) from None
    except json.JSONDecodeError as error:
        raise InvalidInputError(
            f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})",
            field=field,
        ) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise InvalidInputError(f"not valid JSON: {error}", field=field) from None
    return check_document(value, field, limits)


def load_yaml(text: str, field: str, limits: Limits) -> Any:
    """``text`` parsed as YAML (the safe subset) within ``limits`` and through
    :func:`check_document`: nesting is bounded while it is read, and aliases are
    counted as the values they stand for before anything is built."""
    _check_size(text, field, limits)
    try:  # the reader refuses some characters as it is made (a control character)
        loader = _BoundedLoader(text, limits, field)
    except yaml.YAMLError as error:
        raise InvalidInputError(f"not valid YAML: {error}", field=field) from None
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_expansion(node, limits, field)
        value = loader.construct_document(node)
    except yaml.YAMLError as error:
        raise InvalidInputError(f"not valid YAML: {error}", field=field) from None
    except (ValueError, TypeError, OverflowError) as error:
        raise InvalidInputError(f"not valid YAML: {error}", field=field) from None
    finally:
        loader.dispose()
    return check_document(value, field, limits)


def _check_size(text: str | bytes, field: str, limits: Limits) -> None:
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > limits.bytes:
        raise InvalidInputError(
            f"the document is {size:,} bytes, more than the {limits.bytes:,} allowed",
            field=field,
        )


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large for a number")
    return value


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing to compose a node nested deeper than the limit
    (its composer recurses once per level)."""

    def __init__(self, text: str, limits: Limits, field: str) -> None:
        super().__init__(text)
        self.limits = limits
        self.field = field
        self.depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        self.depth += 1
        try:
            if self.depth > self.limits.depth:
                raise InvalidInputError(
                    f"the document nests more than {self.limits.depth} levels deep",
                    field=self.field,
                )
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _check_expansion(root: yaml.Node, limits: Limits, field: str) -> None:
    """Refuse a composed document whose values, every alias expanded, pass the limits
    (or that refers to itself): each node's expanded size computed once."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if children_done:
            open_nodes.discard(key)
            size = 1 + sum(sizes[id(child)] for child in _children(node))
            if size > limits.nodes:
                raise InvalidInputError(
                    f"the document holds more than {limits.nodes:,} values, its aliases expanded",
                    field=field,
                )
            sizes[key] = size
            continue
        if key in sizes:
            continue
        if key in open_nodes:
            raise InvalidInputError("the document refers to itself (an alias)", field=field)
        open_nodes.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in sizes)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


IDEMPOTENCY_KEY_FIELD = "Idempotency-Key"
"""The field (the API's header) an idempotency key is refused under."""


def idempotency_key(value: str | None) -> str | None:
    """An idempotency key as an id is (letters, digits, ``_`` and ``-``, at most 64), or
    none given."""
    return None if value is None else check_id(value, IDEMPOTENCY_KEY_FIELD)
