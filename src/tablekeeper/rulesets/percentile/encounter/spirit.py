"""Spirit combat (P-ACT-10, P-ACT-18, P-ACT-23, P-SPC-01 .. P-SPC-07).

The Spirit Combat action attacks a spirit-world foe and stands ready, until the
combatant's next turn, to defend and counter-attack (P-SPC-03). Only a spirit (or a
discorporate being) initiates it; a spirit attacking a corporeal being must have
manifested; a corporeal being picks it against a spirit it is engaged with, or in
response to a spirit's attack (a Decision; it spends an action as an early Defend
would, without the -20%, G-P-E10).

1. The attacker rolls Spirit Combat: a failure ends the action; a fumble calls for the
   Spirit Combat Fumble table, which the document does not give (G-P-08: recorded for
   the GM); a critical chooses Spirit Blast (Critical Spirit Damage: maximum plus
   rolled) or Spirit Sting (normal damage bypassing spirit armor).
2. A defender ready for spirit combat rolls Spirit Combat too, with the same results.
3. Unopposed, the attacker's Spirit Damage goes to the target. Opposed, both roll their
   Spirit Damage (a failed roll deals none) and the opposed roll names a winner, who may
   block: its damage is taken off the loser's, it takes what is left of the loser's, and
   deals what is left of its own; not blocking, both deal their damage (G-P-21). Spirit
   armor reduces what is dealt, unless a Sting; Spirit Damage comes off Magic Points
   (P-SPC-07). Magical damage breaks a Disengage from Spirit Combat (P-ACT-10).
"""

from __future__ import annotations

from tablekeeper.engine.breakdown import Breakdown
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.as_validated import term
from tablekeeper.rulesets.percentile.checks import CheckOutcome, Level, roll_check
from tablekeeper.rulesets.percentile.damage import (
    DamageOutcome,
    DamagePlan,
    DamageTerm,
    roll_damage,
)
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.defending import to_come
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.engagement import engage_spirits
from tablekeeper.rulesets.percentile.encounter.life import change_points
from tablekeeper.rulesets.percentile.encounter.pending import (
    SpiritBlock,
    SpiritBlow,
    SpiritCritical,
    SpiritExchange,
    SpiritResponse,
)
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.opposed import Winner, oppose


def can_respond(state: PercentileState, combatant_id: ActorId) -> bool:
    """Whether the combatant may take Spirit Combat now, in response to an attack."""
    combatant = state.combatant(combatant_id)
    if combatant.spirit_guard or state.is_down(combatant):
        return False
    if not gear.has_skill(combatant, gear.SPIRIT_COMBAT) or combatant.actions_left <= 0:
        return False
    return state.active == combatant_id or to_come(state, combatant_id)


def spirit_roll(draft: PercentileDraft, combatant_id: ActorId) -> CheckOutcome:
    """A roll under the Spirit Combat skill (no physical penalty applies)."""
    combatant = draft.state.combatant(combatant_id)
    breakdown = Breakdown.of(
        term(
            amount=gear.skill(combatant, gear.SPIRIT_COMBAT),
            label=gear.SPIRIT_COMBAT,
            source="P-SPC-01",
        )
    )
    return roll_check(breakdown, draft.roller, draft.state.options)


def _blow_decision(draft: PercentileDraft, exchange: SpiritExchange, chooser: ActorId) -> Decision:
    name = draft.state.combatant(chooser).name
    decision = Decision(
        chooser=chooser,
        prompt=f"{name} rolls a critical in spirit combat: Spirit Blast or Spirit Sting?",
        options=(
            Option(id="blast", label="Spirit Blast: Critical Spirit Damage"),
            Option(id="sting", label="Spirit Sting: normal Spirit Damage, bypassing armor"),
        ),
        default="blast",
    )
    return draft.ask(SpiritCritical(exchange=exchange, chooser=chooser), decision)


def attack(draft: PercentileDraft, attacker: ActorId, defender: ActorId) -> Decision | None:
    """Step 1: engage, roll, and ask a critical's blow."""
    engage_spirits(draft, attacker, defender)
    roll = spirit_roll(draft, attacker)
    draft.emit(
        ev.SPIRIT_ROLLED,
        ev.SpiritRolled(combatant=attacker, role="attack", roll=roll, against=defender),
    )
    if not roll.succeeded:
        return None  # the action ends; a fumble's table is missing (G-P-08)
    exchange = SpiritExchange(attacker=attacker, defender=defender, attack=roll)
    if roll.level is Level.CRITICAL:
        return _blow_decision(draft, exchange, attacker)
    return defend(draft, exchange)


def defend(draft: PercentileDraft, exchange: SpiritExchange) -> Decision | None:
    """Step 2: the defender rolls if ready; a corporeal being may respond."""
    state = draft.state
    defender = state.combatant(exchange.defender)
    if not defender.spirit_guard and can_respond(state, exchange.defender):
        attacker = state.combatant(exchange.attacker)
        decision = Decision(
            chooser=exchange.defender,
            prompt=f"{attacker.name} attacks {defender.name} in spirit combat "
            f"({exchange.attack.roll}, a {exchange.attack.level.value}): take the Spirit "
            "Combat action in response?",
            options=(
                Option(id="respond", label="Spirit Combat: defend and counter-attack (an action)"),
                Option(id="no", label="do not respond"),
            ),
            default="respond",
        )
        return draft.ask(SpiritResponse(exchange=exchange), decision)
    if not defender.spirit_guard or not gear.has_skill(defender, gear.SPIRIT_COMBAT):
        return settle(draft, exchange)
    return counter(draft, exchange)


def respond(draft: PercentileDraft, awaiting: SpiritResponse, answer: str) -> Decision | None:
    """The defender takes the Spirit Combat action now, or not."""
    exchange = awaiting.exchange
    if answer != "respond":
        return settle(draft, exchange)
    draft.emit(
        ev.ACTION_TAKEN,
        ev.ActionTaken(
            combatant=exchange.defender,
            action="spirit_combat",
            actions=1,
            physical=False,
            target=exchange.attacker,
        ),
    )
    draft.emit(ev.SPIRIT_GUARD_TAKEN, ev.CombatantOnly(combatant=exchange.defender))
    return counter(draft, exchange)


def counter(draft: PercentileDraft, exchange: SpiritExchange) -> Decision | None:
    """The defender's own Spirit Combat roll."""
    roll = spirit_roll(draft, exchange.defender)
    draft.emit(
        ev.SPIRIT_ROLLED,
        ev.SpiritRolled(
            combatant=exchange.defender, role="defense", roll=roll, against=exchange.attacker
        ),
    )
    exchange = exchange.model_copy(update={"defense": roll})
    if roll.level is Level.CRITICAL:
        return _blow_decision(draft, exchange, exchange.defender)
    return settle(draft, exchange)


def chose_blow(draft: PercentileDraft, awaiting: SpiritCritical, answer: str) -> Decision | None:
    """A critical's Blast or Sting; then on with the exchange."""
    exchange = awaiting.exchange
    blow: SpiritBlow = "sting" if answer == "sting" else "blast"
    if awaiting.chooser == exchange.attacker and exchange.defense is None:
        return defend(draft, exchange.model_copy(update={"attack_blow": blow}))
    return settle(draft, exchange.model_copy(update={"defense_blow": blow}))


def damage_roll(
    draft: PercentileDraft, combatant_id: ActorId, blow: SpiritBlow | None
) -> DamageOutcome:
    """Spirit Damage: normal, or Critical (maximum plus rolled) for a Blast (P-SPC-06)."""
    combatant = draft.state.combatant(combatant_id)
    expression = combatant.spirit_damage or draft.state.options.spirit_damage
    terms = [
        DamageTerm(kind="roll", label="Spirit Damage", expression=expression, source="P-ACT-23")
    ]
    if blow == "blast":
        terms.insert(
            0,
            DamageTerm(
                kind="maximum",
                label="maximum Spirit Damage",
                expression=expression,
                source="P-SPC-06",
            ),
        )
    return roll_damage(DamagePlan(terms=tuple(terms)), draft.roller)


def _through_armor(
    draft: PercentileDraft, target: ActorId, amount: int, blow: SpiritBlow | None
) -> int:
    if blow == "sting":
        return max(0, amount)
    return max(0, amount - draft.state.combatant(target).spirit_armor)


def settle(draft: PercentileDraft, exchange: SpiritExchange) -> Decision | None:
    """Step 3: roll the damage and compare; the winner's block is its choice."""
    attacker, defender = exchange.attacker, exchange.defender
    rolls = {attacker: damage_roll(draft, attacker, exchange.attack_blow)}
    defense = exchange.defense
    if defense is None or not defense.succeeded:
        return deal(
            draft, exchange, rolls, {attacker: rolls[attacker].rolled, defender: 0}, None, False
        )
    rolls[defender] = damage_roll(draft, defender, exchange.defense_blow)
    result = oppose(exchange.attack, defense, draft.state.options)
    if result.winner is Winner.NONE:
        both = {attacker: rolls[attacker].rolled, defender: rolls[defender].rolled}
        return deal(draft, exchange, rolls, both, None, False)
    winner = attacker if result.winner is Winner.ATTACKER else defender
    name = draft.state.combatant(winner).name
    decision = Decision(
        chooser=winner,
        prompt=f"{name} wins the spirit combat ({rolls[attacker].rolled} against "
        f"{rolls[defender].rolled} Spirit Damage): block the incoming damage with your own?",
        options=(
            Option(id="block", label="block: take only what your damage does not stop"),
            Option(id="deal", label="do not block: both deal their damage"),
        ),
        default="block",
    )
    awaiting = SpiritBlock(exchange=exchange, winner=winner, rolls=rolls)
    return draft.ask(awaiting, decision)


def blocked(draft: PercentileDraft, awaiting: SpiritBlock, answer: str) -> Decision | None:
    """The winner's choice: block, or both deal (``unblocked_spirit_damage``)."""
    exchange, winner = awaiting.exchange, awaiting.winner
    loser = exchange.defender if winner == exchange.attacker else exchange.attacker
    rolls = awaiting.rolls
    raw = {key: outcome.rolled for key, outcome in rolls.items()}
    if answer == "block":
        dealt = {winner: max(0, raw[winner] - raw[loser]), loser: max(0, raw[loser] - raw[winner])}
        return deal(draft, exchange, rolls, dealt, winner, True)
    if draft.state.options.unblocked_spirit_damage == "winner_only":
        raw[loser] = 0
    return deal(draft, exchange, rolls, raw, winner, False)


def deal(
    draft: PercentileDraft,
    exchange: SpiritExchange,
    rolls: dict[ActorId, DamageOutcome],
    raw: dict[ActorId, int],
    winner: ActorId | None,
    block: bool,
) -> Decision | None:
    """Each side's damage ``raw[x]`` (dealt by x) through the other's spirit armor, off
    Magic Points."""
    blows = {exchange.attacker: exchange.attack_blow, exchange.defender: exchange.defense_blow}
    others = {exchange.attacker: exchange.defender, exchange.defender: exchange.attacker}
    lost: dict[ActorId, int] = {}
    for source, amount in raw.items():
        target = others[source]
        lost[target] = _through_armor(draft, target, amount, blows[source])
    draft.emit(
        ev.SPIRIT_RESOLVED,
        ev.SpiritResolved(
            attacker=exchange.attacker,
            defender=exchange.defender,
            winner=winner,
            blocked=block,
            damage=rolls,
            dealt=lost,
        ),
    )
    for target, amount in lost.items():
        if amount <= 0:
            continue
        source_name = draft.state.combatant(others[target]).name
        change_points(
            draft,
            target,
            "magic",
            -amount,
            source=f"{source_name}'s Spirit Damage",
            rule="P-SPC-07",
        )
        if draft.state.combatant(target).spirit_disengaging:
            draft.emit(
                ev.DISENGAGE_FAILED,
                ev.Disengagement(
                    combatant=target, spirit=True, others=(others[target],), reason="magical injury"
                ),
            )
    return None
