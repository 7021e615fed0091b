"""The state once the GM has taken a combatant out of the encounter (``combatant_removed``).

Document 001 has no rule for a combatant who leaves mid-fight (it flees, its player goes
home); the fold tidies everything that points at it, as the rules would for one who is
not there (C-21):

- engagements and spirit combat with it end (P-MOD-02: its opponents are no longer
  engaged with it, each other's engagements stand), a grapple it holds or suffers ends,
  weapons stuck in it or that it left stuck in others go with it;
- it leaves the turn order: a turn of its (begun or next) passes to the next in the
  order, the round ending after the last; others' turn places keep their order;
- what others aimed at it goes: an Aim, a long casting, a Defend's distance intent;
- a pending decision by or about it is withdrawn, and the queued draft by or about it
  (its attacks, attacks on it, the end of its Move) is dropped;
- in a social encounter it leaves its seat and the social turn order; a turn speaker
  who leaves takes the party's declared argument with it, and an argument exchange
  awaiting its winner's choice between it and the other party is void.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from tablekeeper.engine.clocks import RoundClock
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter.social.pending import ArgumentChoice
from tablekeeper.rulesets.percentile.encounter.social.state import SocialEncounter
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState


def mentions(value: object, key: ActorId) -> bool:
    """Whether ``value`` (a pending decision's context, a queued task) names the combatant
    ``key`` in any of its combatant fields."""
    if isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            field = getattr(value, name)
            if "ActorId" in repr(info.annotation) and _holds(field, key):
                return True
            if mentions(field, key):
                return True
        return False
    if isinstance(value, tuple | list):
        return any(mentions(item, key) for item in value)
    if isinstance(value, dict):
        return any(mentions(item, key) for item in value.values())
    return False


def _holds(value: object, key: ActorId) -> bool:
    if isinstance(value, str):
        return value == key
    if isinstance(value, tuple | list | dict):
        return key in value
    return False


def without(state: PercentileState, key: ActorId) -> PercentileState:
    """``state`` with the combatant ``key`` taken out and everything pointing at it tidied."""
    clock, active, round_over = _order_without(state.clock, state.active, state.round_over, key)
    awaiting = state.awaiting
    if awaiting is not None and mentions(awaiting, key):
        awaiting = None
    return state.model_copy(
        update={
            "combatants": {
                other: _forget(item, key)
                for other, item in state.combatants.items()
                if other != key
            },
            "clock": clock,
            "active": active,
            "round_over": round_over,
            "engagements": tuple(item for item in state.engagements if not item.involves(key)),
            "spirit_engagements": tuple(
                item for item in state.spirit_engagements if key not in item
            ),
            "grapples": tuple(
                item for item in state.grapples if key not in (item.grappler, item.grappled)
            ),
            "stuck": tuple(item for item in state.stuck if key not in (item.owner, item.target)),
            "rallied": tuple(item for item in state.rallied if item != key),
            "awaiting": awaiting,
            "tasks": tuple(task for task in state.tasks if not mentions(task, key)),
            "social": _social_without(state, key),
        }
    )


def _order_without(
    clock: RoundClock | None, active: ActorId | None, round_over: bool, key: ActorId
) -> tuple[RoundClock | None, ActorId | None, bool]:
    """The turn order without ``key``: whoever came after it in the order is next."""
    if clock is None or key not in clock.order:
        return clock, active, round_over
    index = clock.order.index(key)
    order = tuple(item for item in clock.order if item != key)
    if not order:
        return None, None, False
    turn = clock.turn - 1 if index < clock.turn else clock.turn
    if index == clock.turn:
        active = None
        if turn >= len(order):
            turn, round_over = len(order) - 1, True
    return RoundClock(round=clock.round, order=order, turn=turn), active, round_over


def _forget(item: Combatant, key: ActorId) -> Combatant:
    """``item`` with what it aimed at ``key`` gone."""
    changes: dict[str, Any] = {}
    if item.aim is not None and item.aim.target == key:
        changes["aim"] = None
    if item.casting is not None and item.casting.target == key:
        changes["casting"] = None
    if any(
        key in r.attacked_by or (r.distance and r.distance.opponent == key) for r in item.reserves
    ):
        changes["reserves"] = tuple(
            reserve.model_copy(
                update={
                    "attacked_by": tuple(a for a in reserve.attacked_by if a != key),
                    "distance": (
                        None
                        if reserve.distance and reserve.distance.opponent == key
                        else reserve.distance
                    ),
                }
            )
            for reserve in item.reserves
        )
    return item.model_copy(update=changes) if changes else item


def _social_without(state: PercentileState, key: ActorId) -> SocialEncounter | None:
    social = state.social
    if social is None:
        return None
    void = isinstance(state.awaiting, ArgumentChoice) and key in (
        state.awaiting.attacker,
        state.awaiting.defender,
    )
    parties = tuple(
        party.model_copy(
            update={
                "speaker": None if party.speaker == key else party.speaker,
                "argument": (
                    None
                    if void or (party.argument is not None and party.argument.speaker == key)
                    else party.argument
                ),
            }
        )
        for party in social.parties
    )
    seats = {
        other: seat.model_copy(update={"known": {k: v for k, v in seat.known.items() if k != key}})
        for other, seat in social.seats.items()
        if other != key
    }
    clock, active, round_over = _order_without(social.clock, social.active, social.round_over, key)
    return social.model_copy(
        update={
            "parties": parties,
            "seats": seats,
            "clock": clock,
            "active": active,
            "round_over": round_over,
            "halvings": tuple(
                item for item in social.halvings if key not in (item.identifier, item.interlocutor)
            ),
        }
    )
