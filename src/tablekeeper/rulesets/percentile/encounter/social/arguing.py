"""Arguing in play: Argue, rolled at the end of the round (P-SOC-10, P-SOC-17, P-ARG-01 ..
P-ARG-08; rulings G-P-20, G-P-22).

"Only one character may take the Argue action" each round for a party: the first of a
party to take it is its turn speaker for the round (G-P-22). It is declared on the
speaker's turn and rolled when the round ends, with what waits for the party's next
Argue (Investigate, favors and grudges) and for the speaker's next roll. Two arguments
in a round are one defended argument, the earlier speaker in the turn order attacking
(P-ARG-04); in a passively opposed encounter only the active party argues. The dice and
the rule of Step 3 are ``social/exchange.py``'s; a winner's deal-or-block choice is a
Decision (:class:`~.pending.ArgumentChoice`), and each side's reduction lowers its own
party's target DP (G-P-20).
"""

from __future__ import annotations

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.social import abilities
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.encounter.social.pending import ArgumentChoice
from tablekeeper.rulesets.percentile.encounter.social.state import (
    Argument,
    Party,
    SocialEncounter,
)
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.opposed import Winner
from tablekeeper.rulesets.percentile.sentences import possessive
from tablekeeper.rulesets.percentile.social.argue_input import SIDES, Side, WinnerChoice
from tablekeeper.rulesets.percentile.social.exchange import Exchange, roll_exchange, settle


def damage_of(state: PercentileState, combatant: Combatant) -> str:
    """The character's social damage: its sheet's, else the options' (G-P-05)."""
    stated = combatant.social.damage if combatant.social is not None else None
    return stated or state.options.social_damage


def take(draft: PercentileDraft, who: ActorId, action: str, target: ActorId | None = None) -> None:
    """Spend one action of the character's social turn on ``action``."""
    draft.emit(
        sev.SOCIAL_ACTION, sev.SocialAction(combatant=who, action=action, actions=1, target=target)
    )


def halved(
    state: PercentileState, source: ActorId, against: str, target: ActorId | None = None
) -> bool:
    """Whether ``source``'s social damage against the party ``against`` (and against the
    character ``target``) is halved: a member of that party read ``source``'s motivations
    critically (P-SOC-19); with ``motivations_protect='character'``, only damage against
    that member is."""
    social = state.social
    assert social is not None
    scope = state.options.motivations_protect
    for item in social.halvings:
        if item.interlocutor != source:
            continue
        if scope == "party" and social.seat(item.identifier).party == against:
            return True
        if scope == "character" and item.identifier == target:
            return True
    return False


def persuasion_terms(
    state: PercentileState, order: scmd.Persuading, source: str
) -> tuple[str, list[Contribution]]:
    """The ability and the declared terms of a Persuasion roll (P-ARG-02)."""
    name, terms = abilities.persuasion(
        state, order.combatant, order.specialization, order.skill, source
    )
    terms += abilities.argument_terms(
        order.arguments, order.roleplaying, order.position, order.modifier
    )
    return name, terms


def argue(draft: PercentileDraft, order: scmd.Argue) -> None:
    """Declare the argument: the speaker takes the floor; it is rolled at the round's end."""
    state = draft.state
    social = state.social
    assert social is not None
    who = order.combatant
    skill, terms = persuasion_terms(state, order, "P-SOC-17")
    take(draft, who, "argue")
    argument = Argument(
        speaker=who,
        specialization=order.specialization,
        skill=skill,
        breakdown=Breakdown.of(*terms),
        damage=damage_of(state, state.combatant(who)),
    )
    draft.emit(
        sev.ARGUMENT_DECLARED,
        sev.ArgumentDeclared(combatant=who, party=social.seat(who).party, argument=argument),
    )


def at_resolution(state: PercentileState, party: Party) -> tuple[Breakdown, str]:
    """A declared argument as it is rolled: its terms, what waits for the party's next
    Argue and for the speaker's next roll; its damage with the Investigate dice."""
    argument = party.argument
    assert argument is not None
    speaker = argument.speaker
    breakdown = argument.breakdown.plus(*party.argue_modifiers, *abilities.waiting(state, speaker))
    damage = " + ".join((argument.damage, *party.argue_damage))
    return breakdown, damage


def _sides(social: SocialEncounter) -> tuple[Party, Party | None]:
    """The attacker's party (the earlier speaker) and the defender's, if it argued too."""
    clock = social.clock
    assert clock is not None
    arguing = [party for party in social.parties if party.argument is not None]
    arguing.sort(key=lambda party: clock.order.index(_speaker(party.argument) or ""))
    return arguing[0], (arguing[1] if len(arguing) > 1 else None)


def resolve_arguments(draft: PercentileDraft) -> Decision | None:
    """Roll the round's arguments (Steps 1 to 3); ask the winner's choice if it has one."""
    state = draft.state
    social = state.social
    assert social is not None
    first, second = _sides(social)
    attacker = first.argument
    assert attacker is not None
    a_terms, a_damage = at_resolution(state, first)
    defender = None if second is None else second.argument
    d_terms, d_damage = (None, None) if second is None else at_resolution(state, second)
    exchange = roll_exchange(
        a_terms,
        a_damage,
        draft.roller,
        state.options,
        defender=d_terms,
        defender_damage=d_damage,
        halved=(
            halved(state, attacker.speaker, social.other(first.side).side, _speaker(defender)),
            defender is not None and halved(state, defender.speaker, first.side, attacker.speaker),
        ),
    )
    if defender is None or not exchange.asks_choice(state.options):
        apply(draft, attacker.speaker, _speaker(defender), exchange, None)
        return None
    won = exchange.winner(state.options)
    winner = attacker.speaker if won is Winner.ATTACKER else defender.speaker
    about = ArgumentChoice(
        attacker=attacker.speaker, defender=defender.speaker, winner=winner, exchange=exchange
    )
    return draft.ask(about, choice_decision(state, about))


def _speaker(argument: Argument | None) -> ActorId | None:
    return None if argument is None else argument.speaker


def choice_decision(state: PercentileState, about: ArgumentChoice) -> Decision:
    """The winner's choice, each option saying how far each party's target DP would fall."""
    social = state.social
    assert social is not None
    winner = state.combatant(about.winner).name
    sides: dict[Side, str] = {
        "attacker": social.seat(about.attacker).party,
        "defender": social.seat(about.defender).party,
    }

    def said(choice: WinnerChoice) -> str:
        falls = settle(about.exchange, choice, state.options).target_dp_reduction
        return ", ".join(f"{possessive(sides[side])} target DP -{falls[side]}" for side in SIDES)

    exchange = about.exchange
    return Decision(
        chooser=about.winner,
        prompt=(
            f"{winner} wins the argument ({exchange.dealt('attacker')} against "
            f"{exchange.dealt('defender')} social damage): deal it directly, or block the "
            "other side's with it?"
        ),
        options=(
            Option(id="block", label=f"block: {said('block')}"),
            Option(id="deal", label=f"deal directly: {said('deal')}"),
        ),
        default="block",
    )


def apply(
    draft: PercentileDraft,
    attacker: ActorId,
    defender: ActorId | None,
    exchange: Exchange,
    choice: WinnerChoice | None,
) -> None:
    """Settle the argument and lower each party's target DP by its side's reduction."""
    state = draft.state
    social = state.social
    assert social is not None
    outcome = settle(exchange, choice, state.options)
    sides: dict[str, Side] = {social.seat(attacker).party: "attacker"}
    speakers: dict[Side, ActorId | None] = {"attacker": attacker, "defender": defender}
    if defender is not None:
        sides[social.seat(defender).party] = "defender"
    draft.emit(
        sev.ARGUMENT_RESOLVED,
        sev.ArgumentResolved(attacker=attacker, defender=defender, parties=sides, outcome=outcome),
    )
    for side, role in sides.items():
        made = outcome.breakdown[role]
        speaker = speakers[role]
        if made.total and speaker is not None:
            source = f"{state.combatant(speaker).name}'s argument"
            change_target(draft, side, -made.total, source, made.contributions[0].source)


def change_target(draft: PercentileDraft, side: str, change: int, source: str, rule: str) -> None:
    """Add ``change`` to the party's target DP (negative: it falls); nothing when it has
    none or the change is 0."""
    social = draft.state.social
    assert social is not None
    left = social.party(side).remaining
    if left is None or change == 0:
        return
    draft.emit(
        sev.TARGET_DP_CHANGED,
        sev.TargetDpChanged(party=side, before=left, after=left + change, source=source, rule=rule),
    )


def choose(draft: PercentileDraft, about: ArgumentChoice, option: str) -> None:
    """The winner's answer: block or deal directly."""
    choice: WinnerChoice = "deal" if option == "deal" else "block"
    apply(draft, about.attacker, about.defender, about.exchange, choice)
