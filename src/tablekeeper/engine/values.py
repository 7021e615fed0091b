"""The value conventions every engine type shares: frozen models, ids, validation errors.

Commands, events, decisions, steps, clocks and overrides are frozen Pydantic models
(:class:`Frozen`), not frozen dataclasses. They are what the event log stores, what the
API sends and what persistence writes, so they must serialize to JSON and validate on the
way back in (``model_dump(mode="json")`` / ``model_validate``) without hand-written code;
a frozen dataclass would need both written by hand for every type. The few values that
never leave the process whole (:class:`~tablekeeper.engine.resolvers.OutcomeOdds`,
:class:`~tablekeeper.engine.resolvers.Resolution`, rollers' faces) stay dataclasses.

A frozen model refuses attribute assignment; a payload is a plain ``dict`` inside it, which
nothing in the engine mutates (change is an event, never an edit).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NewType, Self, TypeAlias, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from tablekeeper.engine import fast_paths
from tablekeeper.errors import InvalidInputError, UnknownNameError

ActorId = NewType("ActorId", str)
"""Who acts or chooses: a character's id, or :data:`GM`."""

CommandId = NewType("CommandId", str)
"""The id the event log gives a command (``c1``, ``c2``, ...); also the id of the
decision that command raised."""

ScopeId = NewType("ScopeId", str)
"""An encounter (or other scope) inside a campaign log."""

GM = ActorId("gm")
"""The game master: sees every event, answers ``gm`` decisions, issues overrides."""

ACTOR_FORMAT = "actor-id"
"""The JSON-schema ``format`` of a payload field that names an actor: a form offers the
encounter's actors there (:func:`actor_field`)."""

SIDE_FORMAT = "side"
"""The JSON-schema ``format`` of a payload field that names a side: a form offers the
encounter's sides there (:func:`side_field`)."""

CONDITION_FORMAT = "condition"
"""What a card's "Add a condition" offers, when a ruleset's data defines its conditions:
the ruleset's ``form_pickers`` give them under this key, ``(value, label)`` each (the GM
may still name another: an override is the GM's ruling)."""

JsonObject: TypeAlias = dict[str, JsonValue]
"""A command's or event's payload: JSON data, parsed into a model by whoever reads it."""

M = TypeVar("M", bound=BaseModel)


def actor_field(**kwargs: Any) -> Any:
    """A payload field naming an actor (its JSON schema says ``format: actor-id``), so a
    generated form can offer the actors instead of a text box."""
    return Field(json_schema_extra={"format": ACTOR_FORMAT}, **kwargs)


def side_field(**kwargs: Any) -> Any:
    """A payload field naming a side (its JSON schema says ``format: side``), so a
    generated form can offer the encounter's sides instead of a text box."""
    return Field(json_schema_extra={"format": SIDE_FORMAT}, **kwargs)


def chosen_from(values: Iterable[str], **kwargs: Any) -> Any:
    """A payload field whose values the ruleset's data lists (hit locations, triggers): its
    JSON schema lists them as an ``enum``, so a generated form offers a picker instead of
    a text box; the model's own validation still decides what it takes."""
    return Field(json_schema_extra={"enum": list(values)}, **kwargs)


class Frozen(BaseModel):
    """Base of the engine's values: immutable, and unknown fields are an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def trusted(cls, **fields: Any) -> Self:
        """The value of ``fields`` exactly as given, every field given, none validated:
        the fast path's ``model_construct`` for values the engine built from valid
        models (``engine/fast_paths.py``), without its defaults machinery."""
        made = _new(cls)
        _set_dict(made, fields)
        _set_fields_set(made, set(fields))
        _set_extra(made, None)
        _set_private(made, None)
        return made

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` laid over the fields, not revalidated (as pydantic's own
        ``model_copy``), done directly on the fast path (``engine/fast_paths.py``): the
        fields and the update merged in one dict, and the private attributes copied only
        when the value has some."""
        if deep or not fast_paths.enabled():
            return super().model_copy(update=update, deep=deep)
        copied = _new(type(self))
        if update:
            _set_dict(copied, {**self.__dict__, **update})
            _set_fields_set(copied, self.__pydantic_fields_set__.union(update))
        else:
            _set_dict(copied, dict(self.__dict__))
            _set_fields_set(copied, set(self.__pydantic_fields_set__))
        _set_extra(copied, self.__pydantic_extra__)
        private = self.__pydantic_private__
        _set_private(copied, None if private is None else dict(private))
        return copied


_new = object.__new__
# pydantic's own slots and the instance dict, set through their descriptors (a third
# faster than ``object.__setattr__`` by name, which looks each one up first).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def invalid_input(
    error: ValidationError, *, prefix: str, model: type[BaseModel] | None = None
) -> InvalidInputError:
    """Turn a Pydantic error into one line naming each field path and its reason; with
    the ``model`` validated, a field it does not declare is refused with the fields it
    declares there (``input.attacker.skil: no such field; did you mean skill?; the fields
    here: skill, weapon``).

    >>> from pydantic import BaseModel
    >>> class Check(BaseModel):
    ...     characteristic: int
    >>> try:
    ...     Check.model_validate({"characteristic": [1]})
    ... except ValidationError as error:
    ...     print(invalid_input(error, prefix="input"))
    input.characteristic: Input should be a valid integer
    """
    problems: list[str] = []
    paths: list[str] = []
    for detail in error.errors(include_url=False):
        path = ".".join([prefix, *(str(part) for part in detail["loc"])])
        reason = str(detail["msg"]).removeprefix("Value error, ")
        if detail["type"] == "extra_forbidden":  # pydantic's "Extra inputs are not permitted"
            reason = "no such field"
            declared = _fields_at(model, detail["loc"][:-1]) if model is not None else []
            close = difflib.get_close_matches(str(detail["loc"][-1]), declared, n=1)
            if close:
                reason += f"; did you mean {close[0]}?"
            if declared:
                reason += f"; the fields here: {', '.join(declared)}"
        paths.append(path)
        problems.append(f"{path}: {reason}")
    return InvalidInputError("; ".join(problems), field=paths[0] if paths else prefix)


def _fields_at(model: type[BaseModel], loc: Sequence[int | str]) -> list[str]:
    """The fields ``model`` declares at ``loc`` (through nested models, an item of a
    list of them, an optional one); none where the path leaves the models."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue  # an item of a list or tuple: its model was found with the field
        fields = getattr(current, "model_fields", None)
        if fields is None or str(part) not in fields:
            return []
        current = _model_in(fields[str(part)].annotation)
        if current is None:
            return []
    fields = getattr(current, "model_fields", None)
    return list(fields) if fields is not None else []


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model an annotation holds: itself, or inside ``X | None``, ``tuple[X, ...]``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for inner in get_args(annotation):
        found = _model_in(inner)
        if found is not None:
            return found
    return None


def parse_payload(payload: Mapping[str, JsonValue], model: type[M]) -> M:
    """Validate a payload into ``model``; errors name ``payload.<field>``."""
    try:
        return model.model_validate(payload)
    except ValidationError as error:
        raise invalid_input(error, prefix="payload", model=model) from None


def unknown_name(what: str, name: str, known: Iterable[str]) -> UnknownNameError:
    """The error for a name nobody registered, naming the closest registered names."""
    names = sorted(known)
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.7)
    if close:
        hint = "did you mean " + " or ".join(close) + "?"
    elif names:
        hint = "known: " + ", ".join(names)
    else:
        hint = f"no {what} is registered"
    return UnknownNameError(f"no {what} named {name!r}; {hint}", field="name")
