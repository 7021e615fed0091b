"""The duel as a Tablekeeper ruleset: every part of the contract, in one small package.

This package is what a third party writes to add a ruleset (``docs/architecture.md``,
"How to add a ruleset"): the rules (``rules.py``), this object, a scenario under
``scenarios/``, a console panel under ``console/``, and one entry point in its
``pyproject.toml``. Nothing in Tablekeeper names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from tablekeeper.engine import (
    GM,
    ActorCard,
    ActorId,
    ActorIdentity,
    Command,
    CommandOdds,
    Event,
    Fact,
    Gauge,
    JsonObject,
    ResolverRegistry,
    RulesetBase,
    Section,
    Sight,
    Words,
    engine_sentence,
    name_of,
    next_after,
)
from tablekeeper.engine.memo import built
from tablekeeper.engine.words import Names
from tablekeeper_duel import rules
from tablekeeper_duel.rules import DuelOptions, DuelState, FighterSpec
from tablekeeper_duel.scenario import SCENARIOS
from tablekeeper_duel.sheet_form import sheet_form

SECRET_FIELDS = ("hp", "max_hp")
"""What a player may not see of a fighter they do not play: its hit points."""


class DuelWords:
    """The duel in words. Hit points are the fighter's and the GM's to read."""

    def command_label(self, command: Command, state: DuelState, names: Names) -> str:
        who = name_of(names, command.actor)
        if command.kind == rules.ATTACK:
            return f"{who}: attack {name_of(names, command.payload.get('target'))}"
        if command.kind == rules.WAIT:
            return f"{who}: wait"
        if command.kind == rules.DEAL_DAMAGE:
            target = name_of(names, command.payload.get("fighter"))
            return f"Deal {command.payload.get('amount')} damage to {target}"
        return f"{who}: {command.kind.removeprefix('duel.').replace('_', ' ')}"

    def event_sentence(self, event: Event, names: Names, sight: Sight) -> str | None:
        shared = engine_sentence(event, names, sight)
        if shared is not None or event.kind not in rules.EVENT_MODELS:
            return shared
        payload = rules.read_event(event)
        match payload:
            case rules.FighterAdded():
                return f"{payload.fighter.name} steps into the duel"
            case rules.AttackRolled():
                verdict = "hit" if payload.hit else "miss"
                return (
                    f"{name_of(names, payload.attacker)} attacks "
                    f"{name_of(names, payload.target)}: {payload.roll}, {verdict}"
                )
            case rules.Defended(roll=None):
                return f"{name_of(names, payload.defender)} blocks"
            case rules.Defended():
                return f"{name_of(names, payload.defender)} dodges: {payload.roll}"
            case rules.Damaged():
                return f"{name_of(names, payload.fighter)} takes {payload.amount} damage"
            case rules.Won():
                return f"{name_of(names, payload.winner)} wins the duel"
            case rules.FighterRemoved():
                return f"{name_of(names, payload.fighter)} leaves the duel"
            case rules.TurnEnded():
                return f"{name_of(names, payload.actor)}'s turn ends"
        return None

    def command_summary(self, events: Sequence[Event], names: Names, sight: Sight) -> str | None:
        lines = [self.event_sentence(event, names, sight) for event in events]
        shown = [line for line in lines if line and not line.startswith("Chosen")]
        return "; ".join(shown[-2:]) or None

    def clock(self, state: DuelState) -> str:
        if state.winner is not None:
            return f"over: {_called(state, state.winner)} won"
        if state.clock is None:
            return "waiting for fighters"
        return f"round {state.clock.round}: {_called(state, state.clock.current)}'s turn"


def _one_damage(fighter: ActorId) -> Command:
    """The GM's command taking one HP from ``fighter`` (its HP gauge's "lower"): built once
    for each fighter on the engine's fast paths (``tablekeeper.engine.memo``), since a
    trial's tally reads the cards at its start and its end."""
    return Command.of(GM, rules.DEAL_DAMAGE, rules.DealDamage(fighter=fighter, amount=1))


def _called(state: DuelState, fighter: str) -> str:
    """A fighter by its name (its id when it has none, or has left the duel)."""
    found = state.fighters.get(ActorId(fighter))
    return found.name if found is not None and found.name else fighter


WORDS: Words[DuelState] = DuelWords()


class Duel(RulesetBase):
    """The duel as a ruleset plugin."""

    name = "duel"
    summary = "A two-fighter duel: the example of a ruleset packaged by a third party."
    document = "examples/duel (no rule document: a test of the contract)"
    package = "tablekeeper_duel"
    Options = DuelOptions
    State = DuelState
    Actor = FighterSpec
    sheet_form = staticmethod(sheet_form)
    engine = rules.ENGINE
    words = WORDS
    scenarios = SCENARIOS
    console_panel = "panel.html"

    def new_encounter(self, options: Any) -> DuelState:
        return DuelState(options=DuelOptions.model_validate(options))

    def actor_spec(self, sheet: Mapping[str, Any], *, id: str, name: str) -> FighterSpec:
        return FighterSpec.model_validate({**sheet, "id": id, "name": name})

    def add_actor(self, spec: Any) -> Command:
        return Command.of(GM, rules.ADD_FIGHTER, FighterSpec.model_validate(spec))

    def remove_actor(self, state: DuelState, actor: str) -> Command:
        """The GM takes a fighter out; the round starts again with those left."""
        return Command.of(GM, rules.REMOVE_FIGHTER, rules.Fighting(fighter=actor))

    def describe_actor(self, spec: Any) -> ActorIdentity:
        fighter = FighterSpec.model_validate(spec)
        return ActorIdentity(fighter.id, fighter.name or fighter.id.capitalize(), fighter.side)

    def with_secret_numbers(self, spec: Any, marker: int) -> FighterSpec:
        """Hit points are the fighter's and the GM's."""
        return FighterSpec.model_validate(spec).model_copy(update={"hp": marker})

    def cards(self, state: DuelState, sight: Sight) -> tuple[ActorCard, ...]:
        current = state.clock.current if state.clock is not None else None
        following = next_after(state.clock.order, current) if state.clock is not None else None
        found = []
        for key, fighter in state.fighters.items():
            sees = sight.sees(key)
            down = fighter.hp <= 0
            hp = Gauge(
                label="HP",
                value=fighter.hp,
                maximum=fighter.max_hp,
                path=f"fighters.{key}.hp",
                lower=built((rules.DEAL_DAMAGE, key), partial(_one_damage, key)),
            )
            defense = Fact(
                label="Defense",
                value=str(fighter.effective_defense),
                explain=(
                    f"{fighter.defense} - {rules.PRONE_PENALTY} prone"
                    if fighter.effective_defense != fighter.defense
                    else None
                ),
            )
            found.append(
                ActorCard(
                    id=key,
                    name=fighter.name or key,
                    side=fighter.side or key,
                    path=f"fighters.{key}",
                    life="down" if down else "standing",
                    defeated=down,
                    acting=key == current and state.winner is None,
                    summary=f"HP {fighter.hp}" if sees else ("down" if down else "standing"),
                    gauges=(hp,) if sees else (),
                    facts=(defense,),
                    conditions=fighter.conditions,
                    hidden=not sees,
                    next=key == following and state.winner is None,
                    details=(Section(title="Armour", facts=(defense,)),) if sees else (),
                    conditions_path=f"fighters.{key}",
                )
            )
        return tuple(found)

    def player_view(self, state: DuelState, sight: Sight) -> JsonObject:
        shown: JsonObject = state.model_dump(mode="json")
        if sight.gm:
            return shown
        fighters = shown["fighters"]
        assert isinstance(fighters, dict)
        for key, fighter in fighters.items():
            if not sight.sees(key) and isinstance(fighter, dict):
                for hidden in SECRET_FIELDS:
                    fighter.pop(hidden, None)
        return shown

    def public_payload(self, kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
        if sight.gm or kind not in (rules.FIGHTER_ADDED, rules.ADD_FIGHTER):
            return payload
        fighter = payload.get("fighter")
        if payload.get("id") in sight.controlled:
            return payload
        if isinstance(fighter, dict):
            shown = {k: v for k, v in fighter.items() if k not in SECRET_FIELDS}
            return {**payload, "fighter": shown}
        return {k: v for k, v in payload.items() if k not in SECRET_FIELDS}

    def hide_targets(self, kind: str, payload: JsonObject) -> JsonObject:
        """Every payload as it is: an attack says its d20 and whether it hit, a dodge its
        d20, and neither carries the defense or the dodge's TN (the defense is on every
        card; the TN is the table's option)."""
        return payload

    def command_odds(self, state: DuelState, command: Command, sight: Sight) -> CommandOdds | None:
        if command.kind != rules.ATTACK:
            return None
        target = rules.Target.model_validate(command.payload).target
        defense = state.fighters[target].effective_defense
        odds = rules.attack_odds(rules.AttackCheck(defense=defense))
        return CommandOdds(title=f"Attack {target}", outcomes=odds.outcomes)

    def ended(self, state: DuelState) -> str | None:
        return None if state.winner is None else f"{state.winner} won the duel"

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        registry.register(rules.attack_check)

    def __repr__(self) -> str:
        return "DUEL"


DUEL = Duel()
"""The duel ruleset: what the entry point names."""
