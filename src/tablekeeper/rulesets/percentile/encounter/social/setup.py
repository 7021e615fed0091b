"""The GM's commands of a social encounter: starting it, ruling a target DP, turning it
into combat (P-SOC-02, P-SOC-05 .. P-SOC-09, P-SOC-11; encounters combined, P-ENC-02).

Starting: the GM declares the time scale (and, if the table's is not the one, a round's
maximum duration, G-P-23), the length, active or passive opposition and the two parties
(by default one per side, in the order the sides joined: in a passive one, the first is
the petitioner, the only party with a target DP). Each party's target DP is its goal's
base and modifiers (``social/target.py``). A sheet without personal DP gets the
provisional default (G-P-04). Every character of the two parties rolls its social turn
order, with the GM's modifier for the circumstances; round 1 opens (``rounds.py``).

"Encounters may be combined, such as a social encounter where negotiations fail and the
situation degenerates into a combat encounter": the GM turns the social encounter into a
combat encounter with the same characters, in the same encounter, so the whole of it is
one scope of the campaign log. The social encounter ends (unscored, unless its rounds
were already played) and the combat starts as ``percentile.start`` would start it.
"""

from __future__ import annotations

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter.commands import Nothing
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.initiative import D10
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.encounter.social.rounds import finish
from tablekeeper.rulesets.percentile.encounter.social.state import Party, SocialTurnOrder
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.encounter.turns import start_encounter
from tablekeeper.rulesets.percentile.social.ending import rounds_for
from tablekeeper.rulesets.percentile.social.initiative import (
    social_initiative,
    turn_order_breakdown,
)
from tablekeeper.rulesets.percentile.social.scale import round_seconds
from tablekeeper.rulesets.percentile.social.tables import social_tables
from tablekeeper.rulesets.percentile.social.target import (
    TargetDpInput,
    TargetDpOutcome,
    rule_target,
)


def sides(state: PercentileState) -> list[str]:
    """The sides of the encounter's combatants, in the order they joined."""
    found: list[str] = []
    for combatant in state.combatants.values():
        if combatant.side not in found:
            found.append(combatant.side)
    return found


def setups(state: PercentileState, order: scmd.StartSocial) -> list[scmd.PartySetup]:
    """The two parties the GM declared, or one per side (a side not declared joins with
    the default goal)."""
    declared = {party.side: party for party in order.parties}
    names = [party.side for party in order.parties]
    names += [side for side in sides(state) if side not in names]
    return [declared.get(side) or scmd.PartySetup(side=side) for side in names]


def targeted(setup: scmd.PartySetup | scmd.RuleTarget) -> TargetDpOutcome:
    """The target DP a party's goal and circumstances give (``social/target.py``)."""
    return rule_target(
        TargetDpInput(
            goal=setup.goal_kind,
            party_size=setup.party_size,
            recent_events=setup.recent_events,
            gm_adjustment=setup.gm_adjustment,
        )
    )


def parties(state: PercentileState, order: scmd.StartSocial) -> tuple[Party, Party]:
    """The two parties with their target DP (none for a passive party, P-SOC-05)."""
    first, second = setups(state, order)[:2]
    petitioner = order.petitioner or first.side
    made = []
    for setup in (first, second):
        active = order.opposition == "active" or setup.side == petitioner
        target = targeted(setup) if active else None
        made.append(Party(side=setup.side, goal=setup.goal, target=target))
    return made[0], made[1]


def personal_dp(combatant: Combatant) -> int | None:
    """The provisional personal DP of a sheet without (its POW, G-P-04); ``None`` when it
    has its own or lacks the characteristic."""
    if combatant.determination_points is not None:
        return None
    name = social_tables().sheet_defaults.personal_dp
    value: int | None = getattr(combatant.stats.characteristics, name)
    return value


def roll_order(draft: PercentileDraft, who: ActorId, modifier: int) -> SocialTurnOrder:
    """Social initiative + 1D10 + the GM's modifier (P-SOC-11)."""
    traits = draft.state.combatant(who).stats.characteristics
    base = social_initiative(traits.CHA, traits.INT)
    die = draft.roller.roll(D10)
    return SocialTurnOrder(
        initiative=None if base is None else base.amount,
        die=die,
        modifier=modifier,
        breakdown=turn_order_breakdown(base, die, modifier),
    )


def start(draft: PercentileDraft, order: scmd.StartSocial) -> None:
    """The GM starts the social encounter; every character rolls its social turn order."""
    state = draft.state
    made = parties(state, order)
    scale = order.time_scale
    defaults = {
        key: value
        for key, combatant in state.combatants.items()
        if combatant.side in {party.side for party in made}
        and (value := personal_dp(combatant)) is not None
    }
    draft.emit(
        sev.SOCIAL_STARTED,
        sev.SocialStarted(
            time_scale=scale,
            round_seconds=round_seconds(scale, order.round_seconds),
            provisional_round=order.round_seconds is None
            and social_tables().time_scales[scale].provisional,
            opposition=order.opposition,
            length=order.length,
            rounds=rounds_for(order.length),
            parties=made,
            personal_dp=defaults,
        ),
    )
    for combatant in state.combatants.values():
        if combatant.side in {party.side for party in made} and not state.is_down(combatant):
            join(draft, combatant.id, order.turn_modifiers.get(combatant.id, 0))


def join(draft: PercentileDraft, who: ActorId, modifier: int = 0) -> None:
    """A character takes a seat: it rolls its social turn order."""
    side = draft.state.combatant(who).side
    draft.emit(
        sev.SOCIAL_ORDER_ROLLED,
        sev.SocialOrderRolled(combatant=who, party=side, order=roll_order(draft, who, modifier)),
    )


def rule(draft: PercentileDraft, order: scmd.RuleTarget) -> None:
    """The GM's final say on a party's target DP (P-SOC-08)."""
    draft.emit(sev.TARGET_RULED, sev.TargetRuled(party=order.side, target=targeted(order)))


def to_combat(draft: PercentileDraft, order: Nothing) -> None:
    """The social encounter degenerates into combat: same characters, same encounter."""
    if draft.state.talking is not None:
        finish(draft, "it degenerated into combat", scored=False)
    start_encounter(draft)
