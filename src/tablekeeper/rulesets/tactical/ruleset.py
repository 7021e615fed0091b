"""The ``tactical`` ruleset as a plugin: rule document 004, skills on a grid, turn by turn.

:data:`TACTICAL` is what the ``tablekeeper.rulesets`` entry point names: the whole
:class:`~tablekeeper.engine.rulesets.Ruleset` contract, each part from the module that
owns it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablekeeper.engine.aims import Aim
from tablekeeper.engine.cards import ActorCard
from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.positions import Board, Square
from tablekeeper.engine.resolvers import ResolverRegistry
from tablekeeper.engine.rulesets import ActorIdentity, RulesetBase
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.tallies import Tally
from tablekeeper.engine.values import CONDITION_FORMAT, GM, ActorId, JsonObject
from tablekeeper.rulesets.tactical import aims, battlefield, cards, odds, outcomes, views
from tablekeeper.rulesets.tactical.encounter.commands import (
    ADD_CHARACTER,
    REMOVE_CHARACTER,
    CharacterOnly,
    CharacterSpec,
)
from tablekeeper.rulesets.tactical.encounter.engine import new_encounter
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.options import TacticalOptions
from tablekeeper.rulesets.tactical.policy import POLICY
from tablekeeper.rulesets.tactical.scenario import ENGINE, SCENARIOS
from tablekeeper.rulesets.tactical.sheet_form import sheet_form
from tablekeeper.rulesets.tactical.words import WORDS

__all__ = ["TACTICAL", "Tactical"]

SECRET_POOLS = ("poise", "momentum", "focus", "max_poise", "max_momentum", "max_focus")
"""A character's hidden numbers: its pools and their maximums."""


class Tactical(RulesetBase):
    """Rule document 004: skills, threat and yield, cunning effects, on a grid."""

    name = "tactical"
    summary = (
        "Skill-based tactical combat on a grid: actions, maneuvers, reactions; threat "
        "against yield on poise, momentum and focus; cunning and critical effects."
    )
    document = "004_b69250f6061f0e07.txt"
    package = "tablekeeper.rulesets.tactical"
    Options = TacticalOptions
    State = TacticalState
    Actor = CharacterSpec
    sheet_form = staticmethod(sheet_form)
    engine = ENGINE
    words = WORDS
    scenarios = SCENARIOS
    console_panel = "panel.html"

    def new_encounter(self, options: Any) -> TacticalState:
        return new_encounter(TacticalOptions.model_validate(options))

    def actor_spec(self, sheet: Mapping[str, Any], *, id: str, name: str) -> CharacterSpec:
        return CharacterSpec.model_validate({**sheet, "id": id, "name": name})

    def add_actor(self, spec: Any) -> Command:
        return Command.of(GM, ADD_CHARACTER, CharacterSpec.model_validate(spec))

    def remove_actor(self, state: TacticalState, actor: str) -> Command:
        """The GM takes the character off the battlefield (``encounter/leaving.py``)."""
        return Command.of(GM, REMOVE_CHARACTER, CharacterOnly(character=ActorId(actor)))

    def describe_actor(self, spec: Any) -> ActorIdentity:
        character = CharacterSpec.model_validate(spec)
        name = character.name or character.id.replace("_", " ").capitalize()
        return ActorIdentity(character.id, name, character.side)

    def with_secret_numbers(self, spec: Any, marker: int) -> CharacterSpec:
        """The sheet with ``marker`` in every pool and pool maximum: the numbers a player
        who does not play the character may not see (``views.py``)."""
        character = CharacterSpec.model_validate(spec)
        secret = dict.fromkeys(SECRET_POOLS, marker)
        return character.model_copy(update=secret)

    def form_pickers(self, state: TacticalState) -> Mapping[str, Sequence[tuple[str, str]]]:
        """The conditions of the encounter's catalogue, offered on each card (a name the
        catalogue lacks does nothing: traits read only the conditions it defines)."""
        return {CONDITION_FORMAT: [(key, c.name) for key, c in state.catalogue.conditions.items()]}

    def cards(self, state: TacticalState, sight: Sight) -> tuple[ActorCard, ...]:
        return cards.cards(state, sight)

    def player_view(self, state: TacticalState, sight: Sight) -> JsonObject:
        return views.player_view(state, sight)

    def public_payload(self, kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
        return views.public_payload(kind, payload, sight)

    def hide_targets(self, kind: str, payload: JsonObject) -> JsonObject:
        return views.hide_targets(kind, payload)

    def board(self, state: TacticalState, sight: Sight) -> Board:
        return battlefield.board(state, sight)

    def move_command(self, state: TacticalState, actor: str, square: Square) -> Command | None:
        return battlefield.move_command(state, actor, square)

    def aims(self, state: TacticalState, sight: Sight) -> tuple[Aim, ...]:
        return aims.aims(state, sight)

    def command_odds(
        self, state: TacticalState, command: Command, sight: Sight
    ) -> CommandOdds | None:
        return odds.command_odds(state, command, sight)

    def ended(self, state: TacticalState) -> str | None:
        return state.ended

    def policy(self) -> Policy[TacticalState]:
        """The first legal command (the candidates are best first), each decision's default."""
        return POLICY

    def elapsed(self, state: TacticalState) -> int:
        """Rounds begun (0 before the start)."""
        return state.clock.round if state.clock is not None else 0

    def tally(self, start: TacticalState, end: TacticalState) -> Tally:
        return outcomes.tally(start, end)

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        from tablekeeper.rulesets.tactical.resolvers import register_resolvers

        register_resolvers(registry)

    def __repr__(self) -> str:
        return "TACTICAL"


TACTICAL = Tactical()
"""The ``tactical`` ruleset."""
