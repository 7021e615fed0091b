"""The ``percentile`` ruleset as a plugin: rule document 001, combat and social encounters.

:data:`PERCENTILE` is what the ``tablekeeper.rulesets`` entry point names: the whole
:class:`~tablekeeper.engine.rulesets.Ruleset` contract, each part from the module that
owns it (options, state and combatant spec, the engine and its command table, cards,
views, odds, words, scenarios, the console panel, the resolvers).
"""

from __future__ import annotations

from collections.abc import Mapping
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
from tablekeeper.engine.values import GM, ActorId, JsonObject
from tablekeeper.rulesets.percentile import cards, melee, odds, outcomes, targets, views
from tablekeeper.rulesets.percentile.encounter.commands import (
    ADD_COMBATANT,
    REMOVE_COMBATANT,
    CombatantSpec,
    Who,
)
from tablekeeper.rulesets.percentile.encounter.engine import PercentileEngine, new_encounter
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.policy import POLICY
from tablekeeper.rulesets.percentile.scenario import SCENARIOS
from tablekeeper.rulesets.percentile.sheet_form import sheet_form
from tablekeeper.rulesets.percentile.words import WORDS, ended_words

__all__ = ["PERCENTILE", "Percentile", "new_encounter"]


class Percentile(RulesetBase):
    """Rule document 001: d100 roll-under combat and social encounters in rounds and turns."""

    name = "percentile"
    summary = (
        "d100 roll-under combat and social encounters in rounds and turns: attack and "
        "defense, spirit combat, grapples, weapon reach; target DP and arguing."
    )
    document = "001_1e80cd24de9ae1d7.txt"
    package = "tablekeeper.rulesets.percentile"
    Options = PercentileOptions
    State = PercentileState
    Actor = CombatantSpec
    sheet_form = staticmethod(sheet_form)
    engine = PercentileEngine()
    words = WORDS
    scenarios = SCENARIOS
    console_panel = "panel.html"

    def new_encounter(self, options: Any) -> PercentileState:
        """An empty combat encounter, not yet started, playing by ``options``."""
        return new_encounter(PercentileOptions.model_validate(options))

    def actor_spec(self, sheet: Mapping[str, Any], *, id: str, name: str) -> CombatantSpec:
        """The combatant a stored character describes: its sheet (a combatant spec without
        its id), under the character's id and name, the name the table knows it by (two
        minions of one stat block are "Wolf 1" and "Wolf 2")."""
        return CombatantSpec.model_validate({**sheet, "id": id, "name": name})

    def add_actor(self, spec: Any) -> Command:
        """The GM adds the combatant."""
        return Command.of(GM, ADD_COMBATANT, CombatantSpec.model_validate(spec))

    def remove_actor(self, state: PercentileState, actor: str) -> Command:
        """The GM takes the combatant out (``encounter/leaving.py``)."""
        return Command.of(GM, REMOVE_COMBATANT, Who(combatant=ActorId(actor)))

    def describe_actor(self, spec: Any) -> ActorIdentity:
        combatant = CombatantSpec.model_validate(spec)
        return ActorIdentity(combatant.id, combatant.name or combatant.stats.name, combatant.side)

    def with_secret_numbers(self, spec: Any, marker: int) -> CombatantSpec:
        """Its hit points (now and at most), Magic Points, (personal) Determination Points,
        skills and the scores of its Passions and personality traits: the numbers C-03
        keeps from a player who does not control it (a roll shows its d100 and level, not
        the skill rolled against: C-20)."""
        combatant = CombatantSpec.model_validate(spec)
        stats = combatant.stats.model_copy(
            update={
                "skills": dict.fromkeys(combatant.stats.skills, marker),
                "hit_points": marker,
                "magic_points": marker,
                "determination_points": marker,
                "location_hit_points": None,
            }
        )
        social = combatant.social
        if social is not None:
            social = social.model_copy(update={"passions": dict.fromkeys(social.passions, marker)})
        return combatant.model_copy(
            update={
                "stats": stats,
                "hp": marker,
                "magic_points": marker,
                "determination_points": marker,
                "social": social,
            }
        )

    def cards(self, state: PercentileState, sight: Sight) -> tuple[ActorCard, ...]:
        return cards.cards(state, sight)

    def player_view(self, state: PercentileState, sight: Sight) -> JsonObject:
        return views.player_view(state, sight)

    def public_payload(self, kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
        return views.public_payload(kind, payload, sight)

    def hide_targets(self, kind: str, payload: JsonObject) -> JsonObject:
        return targets.hide_targets(kind, payload)

    def board(self, state: PercentileState, sight: Sight) -> Board | None:
        return melee.board(state, sight)

    def command_odds(
        self, state: PercentileState, command: Command, sight: Sight
    ) -> CommandOdds | None:
        return odds.command_odds(state, command, sight)

    def ended(self, state: PercentileState) -> str | None:
        """How the encounter ended, in the words of the status line (``words.ended_words``)."""
        return ended_words(state)

    def winner(self, state: PercentileState) -> str | None:
        return outcomes.winner(state)

    def policy(self) -> Policy[PercentileState]:
        """The first legal command (the candidates are best first), each decision's default."""
        return POLICY

    def elapsed(self, state: PercentileState) -> int:
        """Rounds begun (0 before the start): a social encounter's rounds (P-SOC-09) while
        it has not turned into combat, else the combat's."""
        social = state.social
        if social is not None and state.clock is None:
            return social.round
        return state.round

    def tally(self, start: PercentileState, end: PercentileState) -> Tally:
        return outcomes.tally(start, end)

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        """Register the ``percentile.*`` resolvers."""
        from tablekeeper.rulesets.percentile.resolvers import register_resolvers

        register_resolvers(registry)

    def __repr__(self) -> str:
        return "PERCENTILE"


PERCENTILE = Percentile()
"""The ``percentile`` ruleset."""
