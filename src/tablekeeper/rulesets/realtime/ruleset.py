"""The ``realtime`` ruleset as a plugin: rule document 003, played second by second.

:data:`REALTIME` is what the ``tablekeeper.rulesets`` entry point names: the whole
:class:`~tablekeeper.engine.rulesets.Ruleset` contract, each part from the module that
owns it (options, state and creature spec, the engine and its command table, cards,
views, odds, words, scenarios, the console panel, the resolvers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablekeeper.engine import fast_paths
from tablekeeper.engine.cards import ActorCard
from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.positions import Board, Square
from tablekeeper.engine.resolvers import ResolverRegistry
from tablekeeper.engine.rulesets import ActorIdentity, FollowUp, RulesetBase
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.tallies import Tally
from tablekeeper.engine.values import GM, JsonObject
from tablekeeper.rulesets.realtime import cards, field, odds, outcomes, views
from tablekeeper.rulesets.realtime.encounter.commands import (
    ADD_CREATURE,
    DAMAGE,
    REMOVE_CREATURE,
    CreatureOnly,
    CreatureSpec,
)
from tablekeeper.rulesets.realtime.encounter.engine import RealtimeEngine, new_encounter
from tablekeeper.rulesets.realtime.encounter.events import REACTION_USED, ReactionUsed
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.policy import POLICY
from tablekeeper.rulesets.realtime.scenario import SCENARIOS
from tablekeeper.rulesets.realtime.sheet_form import sheet_form
from tablekeeper.rulesets.realtime.words import WORDS

__all__ = ["REALTIME", "Realtime", "new_encounter"]


class Realtime(RulesetBase):
    """Rule document 003: second-by-second encounters, d20 checks, injuries, rests."""

    name = "realtime"
    summary = (
        "Second-by-second encounters: A.P. charging, reactions with cooldowns, "
        "d20 roll-under checks, critical injuries, rests."
    )
    document = "003_1ba9b18b6280b79b.txt"
    package = "tablekeeper.rulesets.realtime"
    Options = RealtimeOptions
    State = RealtimeState
    Actor = CreatureSpec
    sheet_form = staticmethod(sheet_form)
    engine = RealtimeEngine()
    words = WORDS
    scenarios = SCENARIOS
    console_panel = "panel.html"
    fold_version = "2"  # 2: a reaction that hit awaits its damage (``awaiting_damage``)

    def new_encounter(self, options: Any) -> RealtimeState:
        """An empty encounter at second 1, playing by ``options``."""
        return new_encounter(RealtimeOptions.model_validate(options))

    def actor_spec(self, sheet: Mapping[str, Any], *, id: str, name: str) -> CreatureSpec:
        """The creature a stored character describes: its sheet, under the character's id
        and name (the name the table knows it by: two minions are "Wolf 1" and "Wolf 2")."""
        return CreatureSpec.model_validate({**sheet, "id": id, "name": name})

    def add_actor(self, spec: Any) -> Command:
        """The GM adds the creature."""
        return Command.of(GM, ADD_CREATURE, CreatureSpec.model_validate(spec))

    def remove_actor(self, state: RealtimeState, actor: str) -> Command:
        """The GM takes the creature out between seconds (charges aimed at it are lost)."""
        return Command.of(GM, REMOVE_CREATURE, CreatureOnly(creature=actor))

    def describe_actor(self, spec: Any) -> ActorIdentity:
        creature = CreatureSpec.model_validate(spec)
        name = creature.name or creature.id.replace("_", " ").capitalize()
        return ActorIdentity(creature.id, name, creature.side)

    def with_secret_numbers(self, spec: Any, marker: int) -> CreatureSpec:
        """HP, maximum HP, characteristics and reach: what a player sees only of their own
        (C-03)."""
        creature = CreatureSpec.model_validate(spec)
        characteristics = dict.fromkeys(creature.characteristics, marker) or {"Body": marker}
        return creature.model_copy(
            update={
                "hp": marker,
                "max_hp": marker,
                "reach": marker,
                "characteristics": characteristics,
            }
        )

    def cards(self, state: RealtimeState, sight: Sight) -> tuple[ActorCard, ...]:
        return cards.cards(state, sight)

    def player_view(self, state: RealtimeState, sight: Sight) -> JsonObject:
        return views.player_view(state, sight)

    def public_payload(self, kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
        return views.public_payload(kind, payload, sight)

    def hide_targets(self, kind: str, payload: JsonObject) -> JsonObject:
        return views.hide_targets(kind, payload)

    def board(self, state: RealtimeState, sight: Sight) -> Board:
        return field.board(state, sight)

    def move_command(self, state: RealtimeState, actor: str, square: Square) -> Command | None:
        return field.move_command(state, actor, square)

    def command_odds(
        self, state: RealtimeState, command: Command, sight: Sight
    ) -> CommandOdds | None:
        return odds.command_odds(state, command, sight)

    def standing_odds(self, state: RealtimeState, sight: Sight) -> Mapping[str, CommandOdds]:
        return odds.standing_odds(state, sight)

    def follow_ups(self, state: RealtimeState, events: Sequence[Event]) -> tuple[FollowUp, ...]:
        """A reaction that hit (or rolled nothing): its damage is the GM's to rule."""
        asked = []
        for event in events:
            if event.kind != REACTION_USED:
                continue
            used = event.payload_as(ReactionUsed)
            if not used.hit:
                continue
            target = state.creatures.get(used.target)
            name = target.name if target is not None else used.target
            asked.append(
                FollowUp(
                    question=f"Damage dealt to {name} by {used.name}?",
                    kind=DAMAGE,
                    payload={"creature": used.target, "source": used.name},
                    ask="amount",
                )
            )
        return tuple(asked)

    def winner(self, state: RealtimeState) -> str | None:
        """The last side standing (the contract's default, from the GM's cards). On the
        fast paths (``engine/fast_paths.py``) read from the creatures without building
        the cards: a creature's card shows its side, and it is ``defeated`` exactly when
        it cannot act (``cards.card``), so the side of the one side with a creature able
        to act, if exactly one has (``tests/rulesets/realtime/test_fast_paths.py``:
        every state the shipped scenarios pass through, and varied ones)."""
        if not fast_paths.enabled():
            return super().winner(state)
        standing = {creature.side for creature in state.creatures.values() if creature.can_act}
        return next(iter(standing)) if len(standing) == 1 else None

    def elapsed(self, state: RealtimeState) -> int:
        """Seconds played."""
        return state.second - 1

    def tally(self, start: RealtimeState, end: RealtimeState) -> Tally:
        return outcomes.tally(start, end)

    def policy(self) -> Policy[RealtimeState]:
        """React, Support a dying ally within reach, else let the second pass."""
        return POLICY

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        """Register the ``realtime.*`` resolvers."""
        from tablekeeper.rulesets.realtime.resolvers import register_resolvers

        register_resolvers(registry)

    def __repr__(self) -> str:
        return "REALTIME"


REALTIME = Realtime()
"""The ``realtime`` ruleset."""
