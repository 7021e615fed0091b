"""``apply`` for a social encounter's events: the state after each, a pure function.

The social half of the fold (``encounter/fold.py`` dispatches to it): each function
takes the encounter state and the event's payload and returns the new state, changing
its ``social`` part (and, for the personal DP a social encounter gives a sheet without
them, its combatants).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from tablekeeper.engine.breakdown import Contribution
from tablekeeper.engine.clocks import RoundClock
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.encounter.social.state import (
    Halving,
    Seat,
    SocialEncounter,
)
from tablekeeper.rulesets.percentile.encounter.state import PercentileState

S = PercentileState


def _social(state: S) -> SocialEncounter:
    assert state.social is not None, "a social event before the social encounter started"
    return state.social


def _set(state: S, social: SocialEncounter) -> S:
    return state.model_copy(update={"social": social})


def _seat(state: S, combatant: str, **changes: Any) -> S:
    social = _social(state)
    return _set(state, social.with_seat(social.seat(combatant).model_copy(update=changes)))


def _party(state: S, side: str, **changes: Any) -> S:
    social = _social(state)
    return _set(state, social.with_party(social.party(side).model_copy(update=changes)))


def _started(state: S, event: sev.SocialStarted) -> S:
    social = SocialEncounter(
        time_scale=event.time_scale,
        round_seconds=event.round_seconds,
        opposition=event.opposition,
        length=event.length,
        rounds=event.rounds,
        parties=event.parties,
    )
    combatants = {
        key: item.model_copy(update={"determination_points": event.personal_dp[key]})
        if key in event.personal_dp
        else item
        for key, item in state.combatants.items()
    }
    return state.model_copy(update={"social": social, "combatants": combatants})


def _order(state: S, event: sev.SocialOrderRolled) -> S:
    seat = Seat(combatant=event.combatant, party=event.party, turn_order=event.order)
    return _set(state, _social(state).with_seat(seat))


def _round_started(state: S, event: sev.SocialRoundStarted) -> S:
    social = _social(state)
    seats = {
        key: seat.model_copy(
            update={
                "actions_left": event.actions.get(key, 0),
                "turn_taken": False,
                "this_round": (),
            }
        )
        for key, seat in social.seats.items()
    }
    parties = tuple(
        party.model_copy(update={"speaker": None, "argument": None}) for party in social.parties
    )
    social = social.model_copy(
        update={
            "seats": seats,
            "parties": parties,
            "clock": RoundClock(round=event.round, order=event.order),
            "active": None,
            "round_over": False,
        }
    )
    return _set(state, social)


def _turn_started(state: S, event: sev.SocialTurnStarted) -> S:
    social = _social(state)
    kept = tuple(item for item in social.halvings if item.identifier != event.combatant)
    social = social.model_copy(update={"active": event.combatant, "halvings": kept})
    state = _set(state, social)
    return _seat(state, event.combatant, actions_left=event.actions, turn_taken=True)


def _turn_ended(state: S, event: sev.SocialTurnEnded) -> S:
    state = _seat(state, event.combatant, actions_left=0)
    social = _social(state)
    clock = social.clock
    assert clock is not None
    if clock.is_last_turn:
        return _set(state, social.model_copy(update={"active": None, "round_over": True}))
    return _set(state, social.model_copy(update={"active": None, "clock": clock.next_turn()}))


def _action(state: S, event: sev.SocialAction) -> S:
    seat = _social(state).seat(event.combatant)
    return _seat(
        state,
        event.combatant,
        actions_left=max(0, seat.actions_left - event.actions),
        this_round=(*seat.this_round, event.action),
    )


def _rolled(state: S, event: sev.SocialRolled) -> S:
    return _seat(state, event.combatant, modifiers=())  # a roll spends what waited for it


def _declared(state: S, event: sev.ArgumentDeclared) -> S:
    return _party(state, event.party, speaker=event.combatant, argument=event.argument)


def _resolved(state: S, event: sev.ArgumentResolved) -> S:
    for side in event.parties:
        state = _party(state, side, argument=None, argue_modifiers=(), argue_damage=())
    for speaker in (event.attacker, event.defender):
        if speaker is not None:
            state = _seat(state, speaker, modifiers=())
    return state


def _target_changed(state: S, event: sev.TargetDpChanged) -> S:
    party = _social(state).party(event.party)
    assert party.target is not None
    return _party(state, event.party, reduced=party.target.target_dp - event.after)


def _target_ruled(state: S, event: sev.TargetRuled) -> S:
    return _party(state, event.party, target=event.target)


def _appealed(state: S, event: sev.Appealed) -> S:
    social = _social(state)
    state = _set(
        state, social.model_copy(update={"rounds": event.after, "appeals": social.appeals + 1})
    )
    return _seat(state, event.combatant, modifiers=())


def _granted(state: S, event: sev.ModifierGranted) -> S:
    social = _social(state)
    if event.to == "roll":
        assert event.combatant is not None
        seat = social.seat(event.combatant)
        return _seat(state, event.combatant, modifiers=(*seat.modifiers, event.modifier))
    assert event.party is not None
    party = social.party(event.party)
    return _party(state, event.party, argue_modifiers=(*party.argue_modifiers, event.modifier))


def _favor(state: S, event: sev.FavorUsed) -> S:
    seat = _social(state).seat(event.combatant)
    return _seat(state, event.combatant, called_on=(*seat.called_on, event.favor))


def _investigated(state: S, event: sev.Investigated) -> S:
    outcome = event.outcome
    party = _social(state).party(event.party)
    terms = list(party.argue_modifiers)
    if outcome.argue_bonus_percent:
        terms.append(
            Contribution(amount=outcome.argue_bonus_percent, label="Investigate", source="P-SOC-20")
        )
    if outcome.party_argue_penalty_percent:
        terms.append(
            Contribution(
                amount=outcome.party_argue_penalty_percent,
                label="a fumbled Investigate",
                source="P-SOC-20",
            )
        )
    dice = party.argue_damage + (
        (outcome.argue_bonus_damage,) if outcome.argue_bonus_damage else ()
    )
    state = _party(state, event.party, argue_modifiers=tuple(terms), argue_damage=dice)
    return _seat(state, event.combatant, modifiers=())


def _read(state: S, event: sev.MotivationsRead) -> S:
    state = _seat(state, event.combatant, modifiers=())
    if not event.halved:
        return state
    social = _social(state)
    halving = Halving(identifier=event.combatant, interlocutor=event.interlocutor)
    return _set(state, social.model_copy(update={"halvings": (*social.halvings, halving)}))


def _revealed(state: S, event: sev.MotivationsRevealed) -> S:
    seat = _social(state).seat(event.combatant)
    return _seat(state, event.combatant, known={**seat.known, event.interlocutor: event.traits})


def _spent(state: S, event: sev.Provoked | sev.AdHominemRolled | sev.SocialSpell) -> S:
    return _seat(state, event.combatant, modifiers=())


def _doubt(state: S, event: sev.Doubting) -> S:
    item = state.combatant(event.combatant)
    if "moment of doubt" in item.conditions:
        return state
    doubting = item.model_copy(update={"conditions": (*item.conditions, "moment of doubt")})
    return state.with_combatant(doubting)


def _passion(state: S, event: sev.SocialPassionUsed) -> S:
    return _seat(state, event.combatant, passion_used=True, modifiers=())


def _ended(state: S, event: sev.SocialEnded) -> S:
    social = _social(state)
    parties = tuple(
        party.model_copy(update={"result": (event.results or {}).get(party.side)})
        for party in social.parties
    )
    social = social.model_copy(
        update={"over": True, "reason": event.reason, "active": None, "parties": parties}
    )
    return _set(state, social)


def _record(state: S, event: BaseModel) -> S:
    return state


SOCIAL_FOLDS: Mapping[str, Callable[[S, Any], S]] = {
    sev.SOCIAL_STARTED: _started,
    sev.SOCIAL_ORDER_ROLLED: _order,
    sev.SOCIAL_ROUND_STARTED: _round_started,
    sev.SOCIAL_ROUND_ENDED: _record,
    sev.SOCIAL_TURN_STARTED: _turn_started,
    sev.SOCIAL_TURN_ENDED: _turn_ended,
    sev.SOCIAL_ACTION: _action,
    sev.SOCIAL_ROLLED: _rolled,
    sev.ARGUMENT_DECLARED: _declared,
    sev.ARGUMENT_RESOLVED: _resolved,
    sev.TARGET_DP_CHANGED: _target_changed,
    sev.TARGET_RULED: _target_ruled,
    sev.APPEALED: _appealed,
    sev.MODIFIER_GRANTED: _granted,
    sev.FAVOR_USED: _favor,
    sev.INVESTIGATED: _investigated,
    sev.MOTIVATIONS_READ: _read,
    sev.MOTIVATIONS_REVEALED: _revealed,
    sev.PROVOKED: _spent,
    sev.PROVOKE_ANSWERED: _record,
    sev.AD_HOMINEM_ROLLED: _spent,
    sev.MOMENT_OF_DOUBT: _doubt,
    sev.SOCIAL_SPELL: _record,
    sev.SOCIAL_PASSION_USED: _passion,
    sev.SOCIAL_ENDED: _ended,
}
assert set(SOCIAL_FOLDS) == set(sev.SOCIAL_EVENT_MODELS), "every social event kind has a fold"
