"""Defending: where a defense comes from, what the target may choose, what it costs.

"The target may defend against the attack. This usually requires spending an action. If
the target has no actions left or in reserve (such as with the Defend action), they
cannot defend against the attack." (P-ATK-04). A defense is spent from:

1. a reserve: a Defend action taken on the combatant's turn, or one an action was
   replaced by (Disengage from Melee; Equip in melee, Dodge or Shield only, P-ACT-11; a
   critical Dodge's free Disengage), until its next turn (P-ACT-06); a split reserve
   holds several attempts (P-OPT-07);
2. else an action of the combatant's turn this round: during its turn, or ahead of it
   at -20% (P-ACT-07, G-P-E1); the Defend taken so may be split at this first roll.

After its turn a combatant has no action left (G-P-E1): only a reserve defends it.
Parrying needs a melee weapon (or Brawl with bare hands) usable at the melee distance;
against a ranged attack only blocking and dodging are possible (P-ATK-05). Dive Dodge is
a Dodge at +40% (P-OPT-18).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tablekeeper.engine import fast_paths
from tablekeeper.engine.decisions import Option
from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.errors import DecisionError
from tablekeeper.rulesets.percentile.as_validated import as_validated
from tablekeeper.rulesets.percentile.defense import DefenseKind
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.engagement import change_distance
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask
from tablekeeper.rulesets.percentile.encounter.state import Guard, PercentileState, Reserve
from tablekeeper.rulesets.percentile.modifiers import usable_at

MAX_DECISION_SPLIT = 3
"""The largest split a defense decision offers (a Defend action may declare more)."""


class Source(Frozen):
    """Where the target's defense would come from."""

    reserve: int | None = Field(description="The reserve's index; null: a fresh action.")
    guards: tuple[Guard, ...]
    split: int | None = Field(description="Fixed by an earlier roll; null: declare it now.")
    early: bool = Field(description="Taken ahead of the turn: -20% (P-ACT-07).")


class Choice(Frozen):
    """One defense the target may choose (an option of the decision)."""

    kind: DefenseKind
    item: str | None = None
    dive: bool = False
    split: int = Field(default=1, ge=1)

    @property
    def id(self) -> str:
        """``dodge``, ``dive``, ``parry:broadsword``, ``block:heater/2``, ``none``."""
        base: str = "dive" if self.dive else self.kind
        if self.item is not None:
            base = f"{base}:{self.item}"
        return base if self.split == 1 else f"{base}/{self.split}"

    @classmethod
    def parse(cls, option: str) -> Choice:
        """The choice an option id names."""
        base, _, split = option.partition("/")
        kind, _, item = base.partition(":")
        if kind not in ("none", "dodge", "dive", "parry", "block"):
            raise DecisionError(f"no defense {option!r}", field="option")
        dive = kind == "dive"
        return cls(
            kind="dodge" if dive else kind,
            item=item or None,
            dive=dive,
            split=int(split) if split else 1,
        )


NO_DEFENSE = Choice(kind="none")


def source(state: PercentileState, target_id: ActorId) -> Source | None:
    """Where the target's defense would come from now, or ``None``: it cannot defend."""
    target = state.combatant(target_id)
    if state.is_down(target):
        return None
    index = target.reserve()
    if index is not None:
        held = target.reserves[index]
        return Source(
            reserve=index,
            guards=held.guards,
            split=held.split if held.declared else None,
            early=held.early,
        )
    if target.actions_left <= 0:
        return None
    if state.active == target_id:
        return Source(reserve=None, guards=("parry", "block", "dodge"), split=None, early=False)
    first = not target.has_acted or (target.waited is not None and _still_to_come(state, target_id))
    if not to_come(state, target_id):
        return None
    if not (state.options.early_defense == "every_round" or first):
        return None
    return Source(reserve=None, guards=("parry", "block", "dodge"), split=None, early=True)


def _still_to_come(state: PercentileState, combatant_id: ActorId) -> bool:
    clock = state.clock
    return clock is not None and combatant_id in clock.order[clock.turn :]


def to_come(state: PercentileState, combatant_id: ActorId) -> bool:
    """Whether the combatant's turn this round is still to come: not had yet, or put off
    by a Wait (P-ACT-24)."""
    combatant = state.combatant(combatant_id)
    if not combatant.turn_taken:
        return True
    return combatant.waited is not None and _still_to_come(state, combatant_id)


def choices(
    state: PercentileState, target_id: ActorId, attacker_id: ActorId, *, ranged: bool
) -> tuple[Choice, ...]:
    """Every defense the target may choose against this attack, ``none`` last."""
    where = source(state, target_id)
    if where is None:
        return (NO_DEFENSE,)
    target = state.combatant(target_id)
    engagement = state.engagement(target_id, attacker_id)
    distance = engagement.distance if engagement is not None else None
    bases: list[Choice] = []
    if "dodge" in where.guards and gear.has_skill(target, gear.DODGE):
        bases.append(Choice(kind="dodge"))
        if state.options.dive_dodge:
            bases.append(Choice(kind="dodge", dive=True))
    if "parry" in where.guards and not ranged:
        parries = list(gear.held_weapons(target))
        if not parries and gear.has_skill(target, gear.BRAWL):
            parries = [gear.UNARMED]
        for name in parries:
            item = gear.weapon(target, name, state.options)
            usable = distance is None or usable_at(item.reach, distance)
            if (
                not item.ranged
                and usable
                and gear.has_skill(target, gear.weapon_skill(target, item))
            ):
                bases.append(Choice(kind="parry", item=name))
    if "block" in where.guards:
        for name in gear.held_shields(target):
            if gear.has_skill(target, gear.shield(target, name).skill):
                bases.append(Choice(kind="block", item=name))
    if where.split is not None:
        offered = [item.model_copy(update={"split": where.split}) for item in bases]
    else:
        offered = list(bases)
        if state.options.split_action:
            offered += [
                item.model_copy(update={"split": n})
                for n in range(2, MAX_DECISION_SPLIT + 1)
                for item in bases
            ]
    return (*offered, NO_DEFENSE)


def option(choice: Choice, skill: int | None) -> Option:
    """The decision option of ``choice``, its label showing the effective skill (on the
    engine's fast paths built without validating it again, ``as_validated.py``: both
    are non-empty strs, which is all ``Option`` checks)."""
    if choice.kind == "none":
        return _option(id="none", label="do not defend")
    name = "Dive Dodge" if choice.dive else choice.kind.capitalize()
    item = f" with {choice.item}" if choice.item else ""
    split = f", split {choice.split} ways" if choice.split > 1 else ""
    at = f" at {skill}%" if skill is not None else ""
    return _option(id=choice.id, label=f"{name}{item}{split}{at}")


def _option(*, id: str, label: str) -> Option:
    if fast_paths.enabled() and type(id) is str and type(label) is str and id and label:
        return as_validated(Option, {"id": id, "label": label})
    return Option(id=id, label=label)


def spend(
    draft: PercentileDraft, target_id: ActorId, attacker_id: ActorId, choice: Choice
) -> tuple[int, bool]:
    """Spend the defense: a reserve attempt, or an action taken as Defend (which may be
    split now). Returns the reserve's index and whether it was taken ahead of the turn."""
    state = draft.state
    where = source(state, target_id)
    if where is None:
        raise DecisionError(f"{target_id} has no action left or in reserve", field="option")
    index = where.reserve
    if index is None:
        draft.emit(
            ev.ACTION_TAKEN,
            ev.ActionTaken(combatant=target_id, action="defend", actions=1, target=attacker_id),
        )
        reserve = Reserve(source="defend", split=choice.split, early=where.early)
        draft.emit(ev.DEFENSE_RESERVED, ev.DefenseReserved(combatant=target_id, reserve=reserve))
        index = len(draft.state.combatant(target_id).reserves) - 1
        split = None
    else:
        split = choice.split if where.split is None else None
    draft.emit(
        ev.RESERVE_USED,
        ev.ReserveUsed(combatant=target_id, index=index, attacker=attacker_id, split=split),
    )
    return index, where.early


def guards_for_equip(hands: Literal[1, 2]) -> tuple[Guard, ...]:
    """Equip in melee: a Defend with Dodge or Shield only, Dodge only for two hands."""
    return ("dodge",) if hands == 2 else ("dodge", "block")


def intent_met(draft: PercentileDraft, task: AttackTask, victory: bool) -> None:
    """An attack from the opponent of a Defend declared to change the melee distance: the
    change happens now if the defense won, else not at all (P-OPT-14)."""
    target = draft.state.combatant(task.target)
    for index, held in enumerate(target.reserves):
        intent = held.distance
        if intent is None or intent.opponent != task.attacker or task.attacker in held.attacked_by:
            continue
        met = ev.ReserveUsed(combatant=task.target, index=index, attacker=task.attacker)
        draft.emit(ev.DISTANCE_INTENT_MET, met)
        if victory:
            change_distance(draft, task.target, task.attacker, intent.steps, "P-OPT-14")
