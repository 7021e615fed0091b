"""Rulesets: plugins with a small, named surface, found by name (STYLE.md, lesson 4).

A :class:`Ruleset` is everything one rule document brings, behind one typed contract:
the generic layers (``services``, ``api``, ``web``, ``cli``) use nothing else of it, and
import-linter forbids them its modules. It gives:

- who it is: ``name``, a one-line ``summary``, the rule ``document`` it implements, and
  its ``package`` (where its shipped scenarios and console templates are found);
- its models: ONE ``Options`` model (every ruling a table may change, all reachable from
  a campaign), the encounter ``State``, and the ``Actor`` spec an actor joins with (a
  stored character's sheet is that spec without its id);
- play: ``new_encounter(options)``, ``actor_spec(sheet, id=, name=)`` and
  ``add_actor(spec)`` (the GM's command adding it), ``remove_actor(state, actor)`` (the
  GM's command taking it out of a running encounter, where the rules allow it), the
  ``engine`` (usually a :class:`~tablekeeper.engine.table_engine.TableEngine` over one
  command table), ``gm_commands()`` (the GM tools the console offers as forms, and
  ``form_pickers(state)``, what their pickers offer from the state),
  ``sheet_form(options)`` (a character's sheet as a form in the rules' words:
  ``engine/sheet_forms.py``), ``follow_ups`` (what the GM is asked after a command, such
  as a reaction's damage), ``policy()`` (who chooses when nobody does) and ``ended(state)``;
- outcomes, for simulations: ``winner(state)`` (the side that won; by default the last
  side standing on the cards), ``elapsed(state)`` (how far its clock went, in its
  scenarios' ``length_unit``) and ``tally(start, end)`` (per actor: out of the fight,
  dead, injuries, resources spent; :mod:`~tablekeeper.engine.tallies`; by default what
  the cards tell);
- sight: ``cards(state, sight)`` (a uniform :class:`~tablekeeper.engine.cards.ActorCard`
  per actor), ``player_view`` (the state as a player may see it), ``public_payload``
  (an event's payload likewise) and ``hide_targets`` (an event's payload without the
  numbers its rolls were rolled against: the "dice only" roll mode), so hidden
  information is the ruleset's to define and the services' to enforce;
- positions: ``board(state, sight)`` (where the actors stand, as a
  :class:`~tablekeeper.engine.positions.Board` the viewer may see: a grid with tokens, or
  distances per pair; ``None``: the ruleset places no one) and ``move_command(state,
  actor, square)`` (the command moving ``actor`` to ``square``, played like any other;
  ``None``: it cannot be moved on a map) and ``aims(state, sight)`` (the commands the
  viewer may aim at squares of the map now, as :mod:`~tablekeeper.engine.aims`'s
  :class:`~tablekeeper.engine.aims.Aim` s; none by default);
- odds: ``command_odds`` (the exact chances of a command offered now) and
  ``standing_odds`` (an actor's risk worth showing on its card, such as P(death));
- ``words``: labels, one sentence per event, a command's outcome, the clock
  (:class:`~tablekeeper.engine.words.Words`), used by the CLI, the console's log, the
  Markdown export and the API;
- ``scenarios`` (a :class:`~tablekeeper.engine.scenarios.ScenarioFormat`, and the demo
  campaign's scenario), ``console_panel`` (a template in ``<package>/console/``) and
  ``register_resolvers``.

Room for what ``fractal`` needs next, kept open by this contract: an encounter is a scope
of its campaign's log and a later ruleset may open several at once, nest a conflict in a
parent scope (a Micro exchange inside a Macro scene), move a condition between scopes or
transform one conflict into another; each of those is a command and events like any
other, in the scopes they touch. Character state that outlives a conflict (conditions,
Days of Rest, the healing checklist) is ``campaign_state``: the ruleset's fold of the
campaign's events in force, every scope's, in campaign order (the campaign's own log,
with each encounter's events where its ``campaign.encounter_started`` record stands);
the services pass it to ``carry`` for every stored character a new encounter adds.
Nothing here assumes one open encounter.

Rulesets are found in the ``tablekeeper.rulesets`` entry-point group, so a third party
adds one by packaging it::

    [project.entry-points."tablekeeper.rulesets"]
    duel = "my_package.duel:DUEL"

The entry point may name a ruleset object, or a class or function that makes one. A
ruleset can also be registered directly (tests, plugins without packaging). Loading a
ruleset registers its resolvers, once, in the registry's resolver registry.
:class:`RulesetBase` gives the defaults a ruleset may keep.
"""

from __future__ import annotations

import importlib.metadata
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from tablekeeper.engine.aims import Aim
from tablekeeper.engine.cards import ActorCard
from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.encounters import EncounterEngine
from tablekeeper.engine.events import Event
from tablekeeper.engine.memo import remembered
from tablekeeper.engine.policies import DefaultPolicy, Policy
from tablekeeper.engine.positions import Board, Square
from tablekeeper.engine.resolvers import RESOLVERS, Resolver, ResolverRegistry
from tablekeeper.engine.scenarios import ScenarioFormat
from tablekeeper.engine.sheet_forms import SheetForm
from tablekeeper.engine.sheet_schema import schema_sheet_form
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.engine.table_engine import TableEngine
from tablekeeper.engine.tallies import Tally, card_tally, last_side_standing
from tablekeeper.engine.values import JsonObject, unknown_name
from tablekeeper.engine.words import Words
from tablekeeper.errors import RulesError

ENTRY_POINT_GROUP = "tablekeeper.rulesets"
"""The entry-point group rulesets are found in."""

RULESET_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
"""A ruleset's name: lower case letters, digits and underscores."""

_SURFACE = (
    "name",
    "summary",
    "document",
    "package",
    "Options",
    "State",
    "Actor",
    "engine",
    "words",
    "scenarios",
    "console_panel",
    "new_encounter",
    "actor_spec",
    "add_actor",
    "remove_actor",
    "describe_actor",
    "with_secret_numbers",
    "gm_commands",
    "sheet_form",
    "cards",
    "player_view",
    "public_payload",
    "hide_targets",
    "board",
    "move_command",
    "aims",
    "command_odds",
    "standing_odds",
    "follow_ups",
    "campaign_state",
    "carry",
    "policy",
    "ended",
    "winner",
    "elapsed",
    "tally",
    "register_resolvers",
)


@dataclass(frozen=True)
class GmCommand:
    """A GM tool the console offers as a form: the command kind, its title, its payload."""

    kind: str
    title: str
    payload: type[BaseModel]


@dataclass(frozen=True)
class ActorIdentity:
    """Who an actor spec describes: its id, the name the table knows it by, its side."""

    id: str
    name: str
    side: str


@dataclass(frozen=True)
class FollowUp:
    """A GM command the rules leave half-made after a command: a reaction hit, and its
    damage is the GM's to rule. An interface asks ``question``; the answer fills the
    payload field ``ask`` of ``kind`` (the rest is ``payload``), and the command is given
    whatever the answer: a 0 is the GM's ruling, logged, and closes what the rules left
    open (unattended play would otherwise deal a scenario's damage for it: G-R-E5)."""

    question: str
    kind: str
    payload: JsonObject
    ask: str


@runtime_checkable
class Ruleset(Protocol):
    """What a ruleset shows the rest of Tablekeeper (see the module docstring)."""

    @property
    def name(self) -> str:
        """The name it is found by, and the first part of its kinds and resolvers."""
        ...

    @property
    def summary(self) -> str:
        """One line saying what the ruleset plays."""
        ...

    @property
    def document(self) -> str:
        """The rule document it implements (its file under ``shared/rules/``)."""
        ...

    @property
    def package(self) -> str:
        """The import name of its package: its ``scenarios/`` and ``console/`` live there."""
        ...

    @property
    def fold_version(self) -> str:
        """Changed whenever ``engine.apply`` folds an event differently: stored snapshots
        of an older fold are then not used (the log is folded again)."""
        ...

    @property
    def Options(self) -> type[BaseModel]:  # noqa: N802 (a model class, named as one)
        """The rulings a table may change; its defaults are the project's rulings."""
        ...

    @property
    def State(self) -> type[BaseModel]:  # noqa: N802
        """An encounter's state: what snapshots and initial states load into."""
        ...

    @property
    def Actor(self) -> type[BaseModel]:  # noqa: N802
        """The spec an actor joins with; a stored sheet is it without its ``id``."""
        ...

    @property
    def engine(self) -> EncounterEngine[Any]:
        """The encounter engine."""
        ...

    @property
    def words(self) -> Words[Any]:
        """Its commands, events and outcomes in words."""
        ...

    @property
    def scenarios(self) -> ScenarioFormat | None:
        """How it reads and starts scenario files (``None``: it has none)."""
        ...

    @property
    def console_panel(self) -> str | None:
        """Its console panel: a Jinja template in ``<package>/console/`` (``None``: none)."""
        ...

    def new_encounter(self, options: BaseModel) -> BaseModel:
        """An empty encounter playing by ``options`` (an instance of :attr:`Options`)."""
        ...

    def actor_spec(self, sheet: Mapping[str, Any], *, id: str, name: str) -> BaseModel:
        """The actor spec a stored character (its sheet, id and name) joins with.

        Raises ``ValidationError`` or :class:`~tablekeeper.errors.RulesError` for a sheet
        the rules refuse."""
        ...

    def add_actor(self, spec: BaseModel) -> Command:
        """The GM's command adding the actor ``spec`` describes."""
        ...

    def remove_actor(self, state: Any, actor: str) -> Command:
        """The GM's command taking ``actor`` out of the running encounter (an NPC who flees,
        a player who leaves early). Raises :class:`~tablekeeper.errors.RulesError` when the
        ruleset does not remove actors, or not this one now."""
        ...

    def describe_actor(self, spec: BaseModel) -> ActorIdentity:
        """Who the actor spec describes (a demo campaign's characters are made from it)."""
        ...

    def with_secret_numbers(self, spec: BaseModel, marker: int) -> BaseModel:
        """The actor spec with ``marker`` in every number a player who does not control the
        actor may not see (its HP, its skills...): how the conformance suite proves that
        nothing a player receives tells them a hidden number."""
        ...

    def gm_commands(self) -> Sequence[GmCommand]:
        """The GM commands the console offers as forms."""
        ...

    def sheet_form(self, options: BaseModel) -> SheetForm:
        """A character's sheet as a form in the rules' words, its pickers filled from the
        ruleset's data as ``options`` (an instance of :attr:`Options`) lay it out."""
        ...

    def form_pickers(self, state: Any) -> Mapping[str, Sequence[tuple[str, str]]]:
        """What the GM forms' pickers offer from the encounter's ``state`` beyond its actors
        and sides, by the JSON-schema ``format`` a payload field names: ``(value, label)``
        each (fractal's open conflicts)."""
        ...

    def cards(self, state: Any, sight: Sight) -> tuple[ActorCard, ...]:
        """One card per actor, in the table's order, as ``sight`` may see each."""
        ...

    def player_view(self, state: Any, sight: Sight) -> JsonObject:
        """The state (JSON) with what ``sight`` may not see taken out."""
        ...

    def public_payload(self, kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
        """An event's (or command's) payload with what ``sight`` may not see taken out."""
        ...

    def hide_targets(self, kind: str, payload: JsonObject) -> JsonObject:
        """An event's payload (as ``public_payload`` gave it to a player) without its
        rolls' targets: the skill, threshold, TN or defence a die was rolled against, the
        modifiers and breakdowns that tell them, the margin; its dice, totals and outcome
        kept. What a player reads of a roll made "dice only" (C-20); the ruleset's words
        say as much when told :meth:`Sight.hiding_targets <tablekeeper.engine.sight.Sight.
        hiding_targets>`."""
        ...

    def board(self, state: Any, sight: Sight) -> Board | None:
        """Where the actors stand as ``sight`` may see it (``None``: no positions)."""
        ...

    def move_command(self, state: Any, actor: str, square: Square) -> Command | None:
        """The command moving ``actor`` to ``square`` (its legality is the engine's, as
        for any command); ``None`` when the rules move no one that way."""
        ...

    def aims(self, state: Any, sight: Sight) -> tuple[Aim, ...]:
        """The commands ``sight`` may aim at squares of the map now, each with its reach
        and the squares it may be aimed at (``engine/aims.py``)."""
        ...

    def command_odds(self, state: Any, command: Command, sight: Sight) -> CommandOdds | None:
        """The exact chances of ``command`` now, as ``sight`` may see them; ``None`` for a
        command that rolls nothing, or whose odds would tell something hidden (C-10)."""
        ...

    def standing_odds(self, state: Any, sight: Sight) -> Mapping[str, CommandOdds]:
        """Per actor, a standing risk worth showing on its card (P(death) if stabilized)."""
        ...

    def follow_ups(self, state: Any, events: Sequence[Event]) -> Sequence[FollowUp]:
        """What the GM is asked after a command caused ``events`` (nothing, mostly)."""
        ...

    def campaign_state(self, events: Sequence[Event]) -> Any:
        """What outlives an encounter (conditions, Days of Rest, the healing checklist),
        folded over the campaign's events in force: every scope's, in campaign order
        (``None`` when the ruleset keeps nothing between encounters)."""
        ...

    def carry(self, spec: BaseModel, campaign_state: Any) -> BaseModel:
        """The actor spec a new encounter adds, with what the campaign carries for it."""
        ...

    def policy(self) -> Policy[Any]:
        """Who chooses when nobody does: unattended play, tests, simulations."""
        ...

    def ended(self, state: Any) -> str | None:
        """How the encounter ended, in words, or ``None`` while it goes on."""
        ...

    def winner(self, state: Any) -> str | None:
        """The side that won the encounter as it stands (``None``: none, or not yet)."""
        ...

    def elapsed(self, state: Any) -> int | None:
        """How much of its scenarios' ``length_unit`` has been played (``None``: unknown)."""
        ...

    def tally(self, start: Any, end: Any) -> Tally:
        """Per actor, what the encounter from ``start`` to ``end`` came to: ``defeated``,
        ``dead``, ``injuries`` and the resources spent, in the ruleset's words."""
        ...

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        """Register every resolver of the ruleset in ``registry``."""
        ...


class RulesetBase:
    """Defaults a ruleset may keep: no scenarios, no panel, no standing odds, no map, the
    engine's GM forms, the default policy, an encounter that ends only when the GM says so."""

    scenarios: ScenarioFormat | None = None
    console_panel: str | None = None
    fold_version: str = "1"
    engine: Any
    Actor: type[BaseModel]

    def sheet_form(self, options: BaseModel) -> SheetForm:
        """The form read from the actor spec's JSON schema (``engine/sheet_schema.py``)."""
        return schema_sheet_form(self.Actor.model_json_schema())

    def gm_commands(self) -> Sequence[GmCommand]:
        """The GM forms of the engine's command table, when it has one."""
        if not isinstance(self.engine, TableEngine):
            return ()
        return tuple(
            GmCommand(spec.kind, spec.title, spec.payload)
            for spec in self.engine.commands.gm_forms()
        )

    def form_pickers(self, state: Any) -> Mapping[str, Sequence[tuple[str, str]]]:
        """Nothing beyond the actors and sides the console reads from the cards."""
        return {}

    def remove_actor(self, state: Any, actor: str) -> Command:
        """Not supported: the ruleset keeps every actor it was given."""
        raise RulesError(
            f"the {getattr(self, 'name', 'ruleset')} ruleset does not remove an actor"
            " from a running encounter",
            field="actor",
        )

    def standing_odds(self, state: Any, sight: Sight) -> Mapping[str, CommandOdds]:
        """No standing odds."""
        return {}

    def hide_targets(self, kind: str, payload: JsonObject) -> JsonObject:
        """Nothing of the payload: a ruleset that does not name its rolls' targets shows a
        "dice only" event by its sentence alone, never a number it might have hidden."""
        return {}

    def board(self, state: Any, sight: Sight) -> Board | None:
        """No positions: the console draws no map."""
        return None

    def move_command(self, state: Any, actor: str, square: Square) -> Command | None:
        """No one moves on a map."""
        return None

    def aims(self, state: Any, sight: Sight) -> tuple[Aim, ...]:
        """Nothing is aimed at a square."""
        return ()

    def follow_ups(self, state: Any, events: Sequence[Event]) -> Sequence[FollowUp]:
        """Nothing to ask."""
        return ()

    def campaign_state(self, events: Sequence[Event]) -> Any:
        """Nothing outlives an encounter."""
        return None

    def carry(self, spec: BaseModel, campaign_state: Any) -> BaseModel:
        """The spec as stored."""
        return spec

    def policy(self) -> Policy[Any]:
        """The first legal command, each decision's default."""
        return DefaultPolicy()

    def ended(self, state: Any) -> str | None:
        """Never over by itself."""
        return None

    def winner(self, state: Any) -> str | None:
        """The last side standing: the one side with an actor not ``defeated``."""
        return last_side_standing(self._gm_cards(state))

    def elapsed(self, state: Any) -> int | None:
        """Unknown: a simulation counts commands instead."""
        return None

    def tally(self, start: Any, end: Any) -> Tally:
        """What the cards tell: defeated, dead (life ``dead``), each gauge's drop."""
        return card_tally(self._gm_cards(start), self._gm_cards(end))

    def _gm_cards(self, state: Any) -> tuple[ActorCard, ...]:
        """The GM's cards of ``state``, built once for the very state on the fast paths
        (a trial's winner and tally both read the end's: ``engine/memo.py``)."""
        return remembered(state, ("gm cards", id(self)), lambda: self.cards(state, GM_SIGHT))

    def cards(self, state: Any, sight: Sight) -> tuple[ActorCard, ...]:
        """Every ruleset gives its own (the defaults above read them)."""
        raise NotImplementedError


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
