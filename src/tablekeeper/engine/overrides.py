"""GM overrides: the GM's word, logged as ordinary events, with a reason each time.

The GM may set any value of the state, add a condition, or remove one. Each is a
command from :data:`~tablekeeper.engine.values.GM` (build it with :func:`set_value`,
:func:`add_condition` or :func:`remove_condition`), logged as an event of the same kind,
undone and replayed like any other. A reason is mandatory: the log says *why* the
numbers changed (ARCHITECTURE.md, idea 8). ``secret=True`` hides the event from players.

Every ruleset gets overrides by calling :func:`apply_override` from its ``apply``::

    def apply(self, state, event):
        if is_override(event):
            return apply_override(state, event)
        ...

Paths are dotted: ``fighters.bob.hp``; a list is indexed by number (``order.0``). A
condition is added to (or removed from) the ``conditions`` list of the object at the
target path: ``add_condition("fighters.bob", "prone", reason=...)``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ClassVar, TypeVar

from pydantic import BaseModel, Field, JsonValue, ValidationError, field_validator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import GM_ONLY, PUBLIC, Event, EventDraft
from tablekeeper.engine.values import GM, Frozen, invalid_input, parse_payload
from tablekeeper.errors import IllegalCommandError, InvalidInputError

M = TypeVar("M", bound=BaseModel)

SET_VALUE = "override.set_value"
ADD_CONDITION = "override.add_condition"
REMOVE_CONDITION = "override.remove_condition"


class _Override(Frozen):
    KIND: ClassVar[str]

    reason: str
    secret: bool = False

    @field_validator("reason")
    @classmethod
    def _reason_given(cls, reason: str) -> str:
        if not reason.strip():
            raise ValueError("a GM override needs a reason")
        return reason

    def command(self) -> Command:
        """The GM's command that makes this override."""
        return Command.of(GM, self.KIND, self)


class SetValue(_Override):
    """Set the value at ``path`` (``fighters.bob.hp``) to ``value``."""

    KIND: ClassVar[str] = SET_VALUE

    path: str = Field(pattern=r"^[^.]+(\.[^.]+)*$")
    value: JsonValue


class _ConditionOverride(_Override):
    target: str = Field(pattern=r"^[^.]+(\.[^.]+)*$")
    condition: JsonValue

    @field_validator("condition")
    @classmethod
    def _condition_named(cls, condition: JsonValue) -> JsonValue:
        """Not nothing, nor a blank name (a blank one added to a state broke every later
        view of the encounter: a card's condition has a name)."""
        if condition is None or (isinstance(condition, str) and not condition.strip()):
            raise ValueError("a condition needs a name")
        return condition


class AddCondition(_ConditionOverride):
    """Add ``condition`` to the conditions of the object at ``target``."""

    KIND: ClassVar[str] = ADD_CONDITION


class RemoveCondition(_ConditionOverride):
    """Remove ``condition`` from the conditions of the object at ``target``."""

    KIND: ClassVar[str] = REMOVE_CONDITION


Override = SetValue | AddCondition | RemoveCondition
"""Any of the three overrides."""

_MODELS: dict[str, type[SetValue] | type[AddCondition] | type[RemoveCondition]] = {
    model.KIND: model for model in (SetValue, AddCondition, RemoveCondition)
}

OVERRIDE_KINDS = frozenset(_MODELS)
"""The command and event kinds of GM overrides."""


def set_value(path: str, value: JsonValue, *, reason: str, secret: bool = False) -> Command:
    """The GM's command to set the value at ``path``."""
    return _build(SetValue, path=path, value=value, reason=reason, secret=secret)


def add_condition(
    target: str, condition: JsonValue, *, reason: str, secret: bool = False
) -> Command:
    """The GM's command to add ``condition`` to the object at ``target``."""
    return _build(AddCondition, target=target, condition=condition, reason=reason, secret=secret)


def remove_condition(
    target: str, condition: JsonValue, *, reason: str, secret: bool = False
) -> Command:
    """The GM's command to remove ``condition`` from the object at ``target``."""
    return _build(RemoveCondition, target=target, condition=condition, reason=reason, secret=secret)


def _build(model: type[_Override], **fields: object) -> Command:
    try:
        return model.model_validate(fields).command()
    except ValidationError as error:
        raise invalid_input(error, prefix="override") from None


def is_override(event: Event) -> bool:
    """Whether ``event`` is a GM override."""
    return event.kind in OVERRIDE_KINDS


def read_override(message: Event | Command) -> Override:
    """The override an override event (or command) carries; errors name ``payload.<field>``."""
    model = _MODELS.get(message.kind)
    if model is None:
        raise InvalidInputError(f"{message.kind!r} is not a GM override", field="kind")
    return parse_payload(message.payload, model)


def override_event(command: Command) -> EventDraft:
    """The event a GM override command records; only the GM may override."""
    if command.actor != GM:
        raise IllegalCommandError(
            f"only the GM may override the rules; {command.actor} asked for {command.kind}",
            field="actor",
        )
    override = read_override(command)
    visibility = GM_ONLY if override.secret else PUBLIC
    return EventDraft.of(command.kind, override, visibility)


def apply_override(state: M, event: Event, *, conditions_field: str = "conditions") -> M:
    """``state`` after the override ``event``: the shared ``apply`` of every ruleset.

    The result is validated as a new ``state``, so an override cannot put a value of
    the wrong type into the state (the error names the path).
    """
    override = read_override(event)
    change: Callable[[JsonValue], JsonValue]
    if isinstance(override, SetValue):
        parts, field = override.path.split("."), "path"
        change = functools.partial(_replace, override.value)
    else:
        parts, field = [*override.target.split("."), conditions_field], "target"
        change = functools.partial(_change_conditions, override)
    data = _update(state.model_dump(mode="json"), parts, change, field)
    try:
        return type(state).model_validate(data)
    except ValidationError as error:
        raise invalid_input(error, prefix="state") from None


def _replace(value: JsonValue, _: JsonValue) -> JsonValue:
    return value


def _change_conditions(override: AddCondition | RemoveCondition, held: JsonValue) -> JsonValue:
    if not isinstance(held, list):
        raise InvalidInputError(f"{override.target} holds no list of conditions", field="target")
    if isinstance(override, AddCondition):
        return [*held, override.condition]
    if override.condition not in held:
        names = ", ".join(repr(condition) for condition in held) or "none"
        raise InvalidInputError(
            f"{override.target} has no condition {override.condition!r} (it has {names})",
            field="condition",
        )
    position = held.index(override.condition)
    return [*held[:position], *held[position + 1 :]]


def _update(
    node: JsonValue,
    parts: list[str],
    change: Callable[[JsonValue], JsonValue],
    field: str,
    walked: tuple[str, ...] = (),
) -> JsonValue:
    """A copy of ``node`` with ``change`` applied to the value at ``parts``."""
    if not parts:
        return change(node)
    part, rest, where = parts[0], parts[1:], ".".join(walked) or "the state"
    if isinstance(node, dict):
        if part not in node:
            names = ", ".join(node) or "nothing"
            raise InvalidInputError(f"{where} has no {part!r} (it has {names})", field=field)
        return {**node, part: _update(node[part], rest, change, field, (*walked, part))}
    if isinstance(node, list):
        if not part.isdigit() or int(part) >= len(node):
            raise InvalidInputError(
                f"{where} is a list of {len(node)}; {part!r} is not an index in it", field=field
            )
        index = int(part)
        changed = _update(node[index], rest, change, field, (*walked, part))
        return [*node[:index], changed, *node[index + 1 :]]
    raise InvalidInputError(f"{where} is a value, not something with {part!r}", field=field)
