"""The ``fractal`` ruleset as a plugin: rule document 000, conflicts at every scale.

:data:`FRACTAL` is what the ``tablekeeper.rulesets`` entry point names: the whole
:class:`~tablekeeper.engine.rulesets.Ruleset` contract, each part from the module that
owns it (options, state and character spec, the engine and its command table, cards,
views, odds, words, scenarios, the console panel, the resolvers). The campaign fold
(``campaign.py``) is the hook the services will call (docs/architecture.md, "fractal").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablekeeper.engine.cards import ActorCard
from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.positions import Board
from tablekeeper.engine.resolvers import ResolverRegistry
from tablekeeper.engine.rulesets import ActorIdentity, RulesetBase
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.tallies import Tally
from tablekeeper.engine.values import GM, JsonObject
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.fractal import cards, odds, outcomes, positions, views
from tablekeeper.rulesets.fractal.campaign import CampaignState, carried_spec, fold_campaign
from tablekeeper.rulesets.fractal.encounter.commands import (
    ADD_CHARACTER,
    CONFLICT_FORMAT,
    LEAVE,
    Who,
)
from tablekeeper.rulesets.fractal.encounter.engine import ENGINE, new_encounter
from tablekeeper.rulesets.fractal.encounter.state import CharacterSpec, FractalState
from tablekeeper.rulesets.fractal.options import FractalOptions
from tablekeeper.rulesets.fractal.policy import POLICY
from tablekeeper.rulesets.fractal.scenario import SCENARIOS
from tablekeeper.rulesets.fractal.sheet_form import sheet_form
from tablekeeper.rulesets.fractal.words import WORDS

__all__ = ["FRACTAL", "Fractal"]


class Fractal(RulesetBase):
    """Rule document 000: the Action Pool, the Condition API, Macro checks, Solo and
    Micro conflicts."""

    name = "fractal"
    summary = (
        "Dice pools of stat dice against a TN, the Action Pool, the Condition API and "
        "scene elements, healing, Macro checks, Solo projects and Micro conflicts."
    )
    document = "000_318266116ed41917.txt"
    package = "tablekeeper.rulesets.fractal"
    Options = FractalOptions
    State = FractalState
    Actor = CharacterSpec
    sheet_form = staticmethod(sheet_form)
    engine = ENGINE
    words = WORDS
    scenarios = SCENARIOS
    console_panel = "panel.html"

    def new_encounter(self, options: Any) -> FractalState:
        """An empty encounter playing by ``options``."""
        return new_encounter(FractalOptions.model_validate(options))

    def actor_spec(self, sheet: Mapping[str, Any], *, id: str, name: str) -> CharacterSpec:
        """The character a stored sheet describes, under the character's name (the name the
        table knows it by: two minions are "Goblin 1" and "Goblin 2")."""
        return CharacterSpec.model_validate({**sheet, "id": id, "name": name})

    def add_actor(self, spec: Any) -> Command:
        """The GM adds the character."""
        return Command.of(GM, ADD_CHARACTER, CharacterSpec.model_validate(spec))

    def remove_actor(self, state: FractalState, actor: str) -> Command:
        """The GM takes the character out of the conflict it is in (it leaves: its
        checklist stays with it)."""
        who = state.characters.get(actor)
        if who is None or who.conflict is None:
            raise RulesError(
                f"{who.name if who else actor} is in no conflict to leave", field="actor"
            )
        return Command.of(GM, LEAVE, Who(conflict=who.conflict, character=actor))

    def describe_actor(self, spec: Any) -> ActorIdentity:
        character = CharacterSpec.model_validate(spec)
        return ActorIdentity(
            character.id,
            character.name or character.id.replace("_", " ").capitalize(),
            character.side,
        )

    def with_secret_numbers(self, spec: Any, marker: int) -> CharacterSpec:
        """Armor: a number a player sees only of their own (G-F-E10). (The stat dice are
        hidden too, but a die is d4 to d12: it cannot carry a marker; their sizes never
        reach a player either, through the same filter.)"""
        return CharacterSpec.model_validate(spec).model_copy(update={"armor": marker})

    def form_pickers(self, state: FractalState) -> Mapping[str, Sequence[tuple[str, str]]]:
        """The GM forms' conflicts: the open ones, by id, titled as the table knows them."""
        return {CONFLICT_FORMAT: [(c.id, c.title or c.id) for c in state.open_conflicts()]}

    def cards(self, state: FractalState, sight: Sight) -> tuple[ActorCard, ...]:
        return cards.cards(state, sight)

    def player_view(self, state: FractalState, sight: Sight) -> JsonObject:
        return views.player_view(state, sight)

    def public_payload(self, kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
        return views.public_payload(kind, payload, sight)

    def board(self, state: FractalState, sight: Sight) -> Board | None:
        return positions.board(state, sight)

    def command_odds(
        self, state: FractalState, command: Command, sight: Sight
    ) -> CommandOdds | None:
        return odds.command_odds(state, command, sight)

    def ended(self, state: FractalState) -> str | None:
        """Over once every conflict it opened has ended."""
        if not state.conflicts or any(c.ended is None for c in state.conflicts.values()):
            return None
        return "; ".join(f"{c.title or c.id}: {c.ended}" for c in state.conflicts.values())

    def winner(self, state: FractalState) -> str | None:
        return outcomes.winner(state)

    def policy(self) -> Policy[FractalState]:
        """The first legal command (the candidates are best first), each decision's default."""
        return POLICY

    def elapsed(self, state: FractalState) -> int:
        """Steps played, over every conflict."""
        return outcomes.elapsed(state)

    def tally(self, start: FractalState, end: FractalState) -> Tally:
        return outcomes.tally(start, end)

    # What outlives a conflict (F-GM-14, F-DOWN-02): the contract's campaign fold.

    def campaign_state(self, events: Any) -> CampaignState:
        """Every character's checklist, folded over the campaign's events (all scopes)."""
        return fold_campaign(events)

    def carry(self, spec: Any, campaign_state: Any) -> CharacterSpec:
        """The sheet a new encounter adds, with the checklist the campaign carries."""
        return carried_spec(CharacterSpec.model_validate(spec), campaign_state)

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        """Register the ``fractal.*`` resolvers."""
        from tablekeeper.rulesets.fractal.resolvers import register_resolvers

        register_resolvers(registry)

    def __repr__(self) -> str:
        return "FRACTAL"


FRACTAL = Fractal()
"""The ``fractal`` ruleset."""
