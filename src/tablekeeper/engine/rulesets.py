"""Rulesets: plugins with a small, named surface, found by name (STYLE.md, lesson 4).

A :class:`Ruleset` exposes its name, a one-line summary, its ``Options`` model (the
rulings a table may change, ARCHITECTURE.md idea 7), its encounter engine and a
``register_resolvers`` hook. The options travel in an encounter's initial state, so a
replay uses the options the encounter was played with.

Rulesets are found in the ``tablekeeper.rulesets`` entry-point group, so a third party
adds one by packaging it::

    [project.entry-points."tablekeeper.rulesets"]
    duel = "my_package.duel:DUEL"

The entry point may name a ruleset object, or a class or function that makes one. A
ruleset can also be registered directly (tests, plugins without packaging). Loading a
ruleset registers its resolvers, once, in the registry's resolver registry.
"""

from __future__ import annotations

import importlib.metadata
import re
import threading
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from tablekeeper.engine.encounters import EncounterEngine
from tablekeeper.engine.resolvers import RESOLVERS, Resolver, ResolverRegistry
from tablekeeper.engine.values import unknown_name
from tablekeeper.errors import RulesError

ENTRY_POINT_GROUP = "tablekeeper.rulesets"
"""The entry-point group rulesets are found in."""

RULESET_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
"""A ruleset's name: lower case letters, digits and underscores."""

_SURFACE = ("name", "summary", "Options", "engine", "register_resolvers")


@runtime_checkable
class Ruleset(Protocol):
    """What a ruleset shows the rest of Tablekeeper."""

    @property
    def name(self) -> str:
        """The name it is found by, and the first part of its resolvers' names."""
        ...

    @property
    def summary(self) -> str:
        """One line saying what the ruleset plays."""
        ...

    @property
    def Options(self) -> type[BaseModel]:  # noqa: N802 (a model class, named as one)
        """The rulings a table may change; its defaults are the project's rulings."""
        ...

    @property
    def engine(self) -> EncounterEngine[Any]:
        """The encounter engine."""
        ...

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        """Register every resolver of the ruleset in ``registry``."""
        ...


class RulesetRegistry:
    """Rulesets by name: those registered directly, then those found by entry point.

    ``group=None`` looks up no entry points (a fresh registry for tests).
    """

    def __init__(
        self, *, resolvers: ResolverRegistry | None = None, group: str | None = ENTRY_POINT_GROUP
    ) -> None:
        self.resolvers = resolvers if resolvers is not None else ResolverRegistry()
        self.group = group
        self._rulesets: dict[str, Ruleset] = {}
        # Two requests of a fresh server may load the same ruleset at once: one loads it,
        # the other finds it loaded (it was "already registered", a 400, before).
        self._loading = threading.RLock()

    def register(self, ruleset: Ruleset) -> Ruleset:
        """Add ``ruleset`` and register its resolvers; a name taken twice is an error."""
        _check_surface(ruleset, "the ruleset registered")
        if not RULESET_NAME.match(ruleset.name):
            raise RulesError(
                f"ruleset name {ruleset.name!r} must be lower case letters, digits and underscores",
                field="name",
            )
        if ruleset.name in self._rulesets:
            raise RulesError(f"a ruleset named {ruleset.name} is already registered", field="name")
        ruleset.register_resolvers(self.resolvers)
        self._rulesets[ruleset.name] = ruleset
        return ruleset

    def load(self, name: str) -> Ruleset:
        """The ruleset named ``name``, loading its entry point the first time (once, even
        when several threads ask at once)."""
        if name in self._rulesets:
            return self._rulesets[name]
        with self._loading:
            if name in self._rulesets:
                return self._rulesets[name]
            return self._load(name)

    def _load(self, name: str) -> Ruleset:
        entry_point = self._entry_points().get(name)
        if entry_point is None:
            raise unknown_name("ruleset", name, self.available())
        source = f"entry point {name} = {entry_point.value}"
        try:
            loaded = entry_point.load()
            if isinstance(loaded, type) or (callable(loaded) and not isinstance(loaded, Ruleset)):
                loaded = loaded()
        except Exception as error:
            raise RulesError(
                f"ruleset {name!r} failed to load ({source}): {type(error).__name__}: {error}",
                field="ruleset",
            ) from error
        _check_surface(loaded, source)
        if loaded.name != name:
            raise RulesError(
                f"{source} gave a ruleset named {loaded.name!r}, not {name!r}", field="ruleset"
            )
        return self.register(loaded)

    def available(self) -> tuple[str, ...]:
        """Every ruleset name that :meth:`load` accepts, sorted."""
        return tuple(sorted(set(self._rulesets) | set(self._entry_points())))

    def resolver(self, name: str) -> Resolver[Any, Any]:
        """The resolver named ``name``, loading the ruleset named by its first part.

        An unknown ruleset part loads every ruleset, so the error suggests from all of
        their resolvers.
        """
        if name not in self.resolvers:
            ruleset = name.partition(".")[0]
            available = self.available()
            for each in [ruleset] if ruleset in available else available:
                self.load(each)
        return self.resolvers.get(name)

    def _entry_points(self) -> dict[str, importlib.metadata.EntryPoint]:
        if self.group is None:
            return {}
        found = importlib.metadata.entry_points(group=self.group)
        return {entry_point.name: entry_point for entry_point in found}

    def __repr__(self) -> str:
        return f"<RulesetRegistry: {', '.join(self.available()) or 'empty'}>"


def _check_surface(candidate: object, source: str) -> None:
    if not isinstance(candidate, Ruleset):
        missing = [member for member in _SURFACE if not hasattr(candidate, member)]
        raise RulesError(
            f"{source} is not a ruleset: {candidate!r} lacks {', '.join(missing)}",
            field="ruleset",
        )


RULESETS = RulesetRegistry(resolvers=RESOLVERS)
"""The default registry: installed rulesets, their resolvers in :data:`RESOLVERS`."""


def load_ruleset(name: str) -> Ruleset:
    """The installed (or registered) ruleset named ``name``."""
    return RULESETS.load(name)


def available_rulesets() -> tuple[str, ...]:
    """The names of every installed or registered ruleset, sorted."""
    return RULESETS.available()


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    """Register ``ruleset`` in the default registry, without packaging it."""
    return RULESETS.register(ruleset)
