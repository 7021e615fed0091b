"""Resolvers: the rules' checks as pure functions, registered by name (ARCHITECTURE.md, idea 2).

A resolver is ``(Input, Roller) -> Outcome``, both Pydantic models, registered as
``ruleset.name`` (``realtime.critical_injury``) with a one-line summary and, where the
check has an exact distribution, ``odds(Input) -> OutcomeOdds``. The CLI, the API and the
web console all go through :meth:`ResolverRegistry.resolve`: raw input validated into the
input model (errors name the field path), the check rolled, and every face it rolled
recorded in the :class:`Resolution`.

The :func:`resolver` decorator builds a :class:`Resolver` value and registers nothing:
a ruleset hands its resolvers to a registry in its ``register_resolvers`` hook, which
the ruleset registry calls when the ruleset is loaded (into :data:`RESOLVERS`, the
default registry) and a test can call on a fresh ``ResolverRegistry()``. Importing a
ruleset therefore changes no global, and one registry never sees a resolver twice.
"""

from __future__ import annotations

import inspect
import re
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from tablekeeper.dice.roller import FixedRoller, RolledFace, Roller
from tablekeeper.engine.readings import Reading
from tablekeeper.engine.values import invalid_input, unknown_name
from tablekeeper.errors import OddsUnavailableError, RulesError

InputT = TypeVar("InputT", bound=BaseModel)
OutcomeT = TypeVar("OutcomeT", bound=BaseModel)

RESOLVER_NAME = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")
"""``ruleset.name``: lower case, digits and underscores, one dot."""


@dataclass(frozen=True, slots=True)
class OutcomeOdds:
    """Exact odds: each outcome label with its probability, in order; they sum to 1.

    >>> odds = OutcomeOdds.of({"hit": Fraction(11, 20), "miss": Fraction(9, 20)})
    >>> odds["hit"], odds.to_dict()
    (Fraction(11, 20), {'hit': '11/20', 'miss': '9/20'})
    """

    outcomes: tuple[tuple[str, Fraction], ...]

    def __post_init__(self) -> None:
        labels = [label for label, _ in self.outcomes]
        if not labels:
            raise ValueError("odds need at least one outcome")
        if len(set(labels)) != len(labels):
            raise ValueError(f"outcome labels repeat: {', '.join(labels)}")
        for label, chance in self.outcomes:
            if not isinstance(chance, Fraction) or not 0 <= chance <= 1:
                raise ValueError(
                    f"the chance of {label!r} must be a Fraction in [0, 1], not {chance!r}"
                )
        total = sum((chance for _, chance in self.outcomes), Fraction(0))
        if total != 1:
            raise ValueError(f"the chances of {', '.join(labels)} sum to {total}, not 1")

    @classmethod
    def of(cls, chances: Mapping[str, Fraction | int]) -> OutcomeOdds:
        """Odds from an ordered mapping of label to chance."""
        return cls(tuple((label, Fraction(chance)) for label, chance in chances.items()))

    @property
    def labels(self) -> tuple[str, ...]:
        """The outcome labels, in order."""
        return tuple(label for label, _ in self.outcomes)

    def __getitem__(self, label: str) -> Fraction:
        for known, chance in self.outcomes:
            if known == label:
                return chance
        raise KeyError(f"no outcome {label!r}; the outcomes are {', '.join(self.labels)}")

    def as_dict(self) -> dict[str, Fraction]:
        """Label to chance, in order."""
        return dict(self.outcomes)

    def to_dict(self) -> dict[str, str]:
        """Label to chance written as a fraction (``"11/20"``), for JSON."""
        return {label: str(chance) for label, chance in self.outcomes}


@dataclass(frozen=True, slots=True)
class Resolution(Generic[OutcomeT]):
    """A resolved check: its input, its outcome, and every face rolled, in order."""

    name: str
    input: BaseModel
    outcome: OutcomeT
    dice: tuple[RolledFace, ...]

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces rolled, in order: fed to a ``FixedRoller``, they replay the check."""
        return tuple(rolled.face for rolled in self.dice)

    def to_dict(self) -> dict[str, Any]:
        """The outcome as JSON data, plus ``dice``: the faces rolled, in order."""
        return self.outcome.model_dump(mode="json") | {"dice": list(self.faces)}


@dataclass(frozen=True, slots=True)
class Resolver(Generic[InputT, OutcomeT]):
    """One check: ``function(input, roller) -> outcome``, its name, summary and odds, and
    an ``example`` input: a typical check in the rules' terms, valid as it stands, which
    the balance lab's sweep starts from and the console's lab form is filled with; and
    the ``reading`` of its odds labels (:mod:`.readings`): which fields of its outcome
    they tell, categories or numbers, that a sweep's summary shows."""

    name: str
    summary: str
    input_model: type[InputT]
    outcome_model: type[OutcomeT]
    function: Callable[[InputT, Roller], OutcomeT]
    odds: Callable[[InputT], OutcomeOdds] | None = None
    example: Mapping[str, Any] | None = None
    reading: Reading | None = None

    def __post_init__(self) -> None:
        if self.reading is not None:
            self.reading.check(self.outcome_model, self.name)
        if not RESOLVER_NAME.match(self.name):
            raise ValueError(
                f"resolver name {self.name!r} is not 'ruleset.name' "
                "(lower case letters, digits and underscores, one dot)"
            )
        if not self.summary.strip() or "\n" in self.summary:
            raise ValueError(f"resolver {self.name} needs a one-line summary")

    def __call__(self, check: InputT, roller: Roller) -> OutcomeT:
        return self.function(check, roller)

    def parse(self, raw_input: Mapping[str, object]) -> InputT:
        """Validate raw input; errors name ``input.<field path>`` and the reason."""
        try:
            return self.input_model.model_validate(raw_input)
        except ValidationError as error:
            raise invalid_input(error, prefix="input", model=self.input_model) from None

    def resolve(self, raw_input: Mapping[str, object], roller: Roller) -> Resolution[OutcomeT]:
        """Validate, roll, and record the dice; a ``FixedRoller`` must then be finished."""
        check = self.parse(raw_input)
        start = len(roller.history)
        outcome = self.function(check, roller)
        if not isinstance(outcome, self.outcome_model):
            raise TypeError(f"{self.name} returned {type(outcome).__name__}, not its outcome")
        if isinstance(roller, FixedRoller):
            roller.finish()
        return Resolution(self.name, check, outcome, tuple(roller.history[start:]))

    def exact_odds(self, raw_input: Mapping[str, object]) -> OutcomeOdds:
        """The exact odds of each outcome, without rolling."""
        if self.odds is None:
            raise OddsUnavailableError(f"{self.name} has no exact odds", field="name")
        return self.odds(self.parse(raw_input))


def resolver(
    name: str,
    *,
    summary: str,
    odds: Callable[[Any], OutcomeOdds] | None = None,
    example: Mapping[str, Any] | None = None,
    reading: Reading | None = None,
) -> Callable[[Callable[[InputT, Roller], OutcomeT]], Resolver[InputT, OutcomeT]]:
    """Make a function a :class:`Resolver`, reading its input and outcome models from its hints
    (``example``: a typical input, JSON data the input model takes as it stands;
    ``reading``: which fields of the outcome its odds labels tell, :mod:`.readings`).

    The decorated name is the resolver (still callable as the function was); it is
    registered by the ruleset's ``register_resolvers`` hook, not here.
    """

    def make(function: Callable[[InputT, Roller], OutcomeT]) -> Resolver[InputT, OutcomeT]:
        hints = typing.get_type_hints(function)
        first = next(iter(inspect.signature(function).parameters), None)
        models = (hints.get(first) if first else None, hints.get("return"))
        for role, model in zip(("input", "outcome"), models, strict=True):
            if not (isinstance(model, type) and issubclass(model, BaseModel)):
                raise TypeError(
                    f"resolver {name}: the {role} must be a Pydantic model, not {model!r}"
                )
        input_model = typing.cast("type[InputT]", models[0])
        outcome_model = typing.cast("type[OutcomeT]", models[1])
        return Resolver(name, summary, input_model, outcome_model, function, odds, example, reading)

    return make


class ResolverRegistry:
    """Resolvers by name; ``ResolverRegistry()`` is a fresh, empty one (for tests)."""

    def __init__(self, resolvers: Iterable[Resolver[Any, Any]] = ()) -> None:
        self._resolvers: dict[str, Resolver[Any, Any]] = {}
        self.register(*resolvers)

    def register(self, *resolvers: Resolver[Any, Any]) -> None:
        """Add ``resolvers``; a name registered twice is a ``RulesError``."""
        for item in resolvers:
            if item.name in self._resolvers:
                raise RulesError(
                    f"a resolver named {item.name} is already registered", field="name"
                )
            self._resolvers[item.name] = item

    def get(self, name: str) -> Resolver[Any, Any]:
        """The resolver named ``name``; an unknown name's error lists close matches."""
        try:
            return self._resolvers[name]
        except KeyError:
            raise unknown_name("resolver", name, self._resolvers) from None

    def names(self) -> tuple[str, ...]:
        """Every registered name, sorted."""
        return tuple(sorted(self._resolvers))

    def resolve(
        self, name: str, raw_input: Mapping[str, object], roller: Roller
    ) -> Resolution[Any]:
        """Validate ``raw_input``, resolve the check named ``name``, record its dice."""
        return self.get(name).resolve(raw_input, roller)

    def odds(self, name: str, raw_input: Mapping[str, object]) -> OutcomeOdds:
        """The exact odds of the check named ``name`` for ``raw_input``."""
        return self.get(name).exact_odds(raw_input)

    def input_schema(self, name: str) -> dict[str, Any]:
        """The JSON schema of the input of the check named ``name``."""
        model: type[BaseModel] = self.get(name).input_model
        return model.model_json_schema()

    def outcome_schema(self, name: str) -> dict[str, Any]:
        """The JSON schema of the outcome of the check named ``name``."""
        model: type[BaseModel] = self.get(name).outcome_model
        return model.model_json_schema()

    def __contains__(self, name: object) -> bool:
        return name in self._resolvers

    def __iter__(self) -> Iterator[Resolver[Any, Any]]:
        return iter([self._resolvers[name] for name in self.names()])

    def __len__(self) -> int:
        return len(self._resolvers)

    def __repr__(self) -> str:
        return f"<ResolverRegistry: {len(self)} resolvers>"


RESOLVERS = ResolverRegistry()
"""The default registry: every loaded ruleset's resolvers."""
