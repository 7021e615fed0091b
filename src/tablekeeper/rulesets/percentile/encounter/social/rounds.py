"""The social clock: rounds on the declared time scale, social turns, the end (P-SOC-01,
P-SOC-09 .. P-SOC-12, P-ARG-09, P-ARG-10).

Round 1 opens once the characters have rolled their social turn orders; each round
every character still up has one turn, in descending social turn order (ties go to the
higher social initiative, then to a 1D10 roll-off: ruling G-P-16, as in combat), with
two actions (more with High Initiatives, P-OPT-01). The order is rolled once; a
character who joins later takes its place by turn order from the next round. A turn
begins with what lasted "until the character's next turn" ending (a critical Identify
Motivations' halving, P-SOC-19); unused actions are lost when it ends. When the round's
last turn ends, the arguments declared in it are rolled (``arguing.py``); then, once the
encounter's rounds are played, it ends and each party with a target DP gets Victory,
Weak Victory or Defeat by what is left of it (P-ARG-09). The GM may end it earlier (when
some target DP is 0 or less, the results are scored: P-ARG-10).
"""

from __future__ import annotations

from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.initiative import actions_per_turn, roll_off
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.encounter.social.arguing import resolve_arguments
from tablekeeper.rulesets.percentile.encounter.social.state import SocialEncounter
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.social.ending import may_end_early, result_for


def _key(social: SocialEncounter, key: ActorId, by_initiative: bool) -> tuple[int, int]:
    order = social.seat(key).turn_order
    return -order.total, -(order.initiative or 0) if by_initiative else 0


def descending(draft: PercentileDraft, ids: list[ActorId]) -> tuple[ActorId, ...]:
    """``ids`` in descending social turn order; exact ties rolled off (G-P-16)."""
    state = draft.state
    social = state.social
    assert social is not None
    by_initiative = state.options.initiative_ties == "initiative_then_roll"
    groups: dict[tuple[int, int], list[ActorId]] = {}
    for key in ids:
        groups.setdefault(_key(social, key, by_initiative), []).append(key)
    ordered: list[ActorId] = []
    for group in sorted(groups):
        tied = groups[group]
        if len(tied) > 1:
            tied, _ = roll_off(tied, draft.roller)
        ordered.extend(tied)
    return tuple(ordered)


def _up(state: PercentileState, social: SocialEncounter) -> list[ActorId]:
    return [key for key in social.seats if not state.is_down(state.combatant(key))]


def round_order(draft: PercentileDraft) -> tuple[ActorId, ...]:
    """This round's order: last round's (those still up), joiners placed by turn order."""
    state = draft.state
    social = state.social
    assert social is not None
    up = _up(state, social)
    if social.clock is None:
        return descending(draft, up)
    kept = [key for key in social.clock.order if key in up]
    for joiner in (key for key in up if key not in kept):
        total = social.seat(joiner).turn_order.total
        place = next(
            (i for i, key in enumerate(kept) if social.seat(key).turn_order.total < total),
            len(kept),
        )
        kept.insert(place, joiner)
    return tuple(kept)


def begin_round(draft: PercentileDraft, number: int) -> None:
    """Round ``number``: the order, and each character's actions (P-SOC-12)."""
    state = draft.state
    social = state.social
    assert social is not None
    order = round_order(draft)
    actions = {
        key: actions_per_turn(
            social.seat(key).turn_order.initiative,
            state.options,
            state.combatant(key).extra_actions,
        )
        for key in order
    }
    draft.emit(
        sev.SOCIAL_ROUND_STARTED,
        sev.SocialRoundStarted(round=number, order=order, actions=actions),
    )


def end_turn(draft: PercentileDraft, who: ActorId) -> None:
    """The turn ends; its unused actions are lost."""
    social = draft.state.social
    assert social is not None
    unused = social.seat(who).actions_left
    draft.emit(sev.SOCIAL_TURN_ENDED, sev.SocialTurnEnded(combatant=who, unused=unused))


def finish(draft: PercentileDraft, reason: str, *, scored: bool) -> None:
    """The social encounter ends: each party with a target DP gets its result when
    ``scored`` (P-ARG-09)."""
    social = draft.state.social
    assert social is not None
    remaining = {
        party.side: party.remaining for party in social.parties if party.remaining is not None
    }
    results = {side: result_for(left) for side, left in remaining.items()} if scored else None
    draft.emit(
        sev.SOCIAL_ENDED,
        sev.SocialEnded(
            reason=reason,
            results=results,
            remaining=dict(remaining),
        ),
    )


def end_early(draft: PercentileDraft, reason: str) -> None:
    """The GM ends the social encounter before its rounds are played: scored when some
    target DP has dropped to zero or less (P-ARG-10), else broken off."""
    social = draft.state.social
    assert social is not None
    left = [party.remaining for party in social.parties if party.remaining is not None]
    finish(draft, reason, scored=may_end_early(value for value in left if value is not None))


def close_round(draft: PercentileDraft) -> Decision | None:
    """The round's end: its arguments (perhaps a winner's choice), then the next round or
    the end of the encounter."""
    social = draft.state.social
    assert social is not None
    if any(party.argument is not None for party in social.parties):
        return resolve_arguments(draft)
    draft.emit(sev.SOCIAL_ROUND_ENDED, sev.SocialRoundEnded(round=social.round))
    if social.round >= social.rounds:
        finish(draft, "the rounds are played: the parties are dismissed", scored=True)
    else:
        begin_round(draft, social.round + 1)
    return None


def settle(draft: PercentileDraft) -> Decision | None:
    """Play the social clock on until a character's turn is open, a decision is asked or
    the social encounter is over."""
    for _ in range(10_000):
        state = draft.state
        social = state.talking
        if social is None or state.awaiting is not None or state.tasks:
            return None
        if social.clock is None:
            begin_round(draft, 1)
            continue
        if social.round_over:
            decision = close_round(draft)
            if decision is not None:
                return decision
            continue
        current = social.clock.current
        if social.active == current:
            return None
        if state.is_down(state.combatant(current)):
            draft.emit(sev.SOCIAL_TURN_ENDED, sev.SocialTurnEnded(combatant=current, unused=0))
            continue
        actions = social.seat(current).actions_left
        draft.emit(
            sev.SOCIAL_TURN_STARTED, sev.SocialTurnStarted(combatant=current, actions=actions)
        )
    raise RuntimeError("the social clock did not settle")  # pragma: no cover
