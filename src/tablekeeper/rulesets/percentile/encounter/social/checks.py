"""What each social command requires of the state (the ``check`` of its spec), and what
every social turn command shares (:func:`admit_turn`, called by the engine's ``admit``).

Each refusal is an :class:`~tablekeeper.errors.IllegalCommandError` naming the payload
field and the reason: no social encounter under way; not this character's social turn,
or no action left; Argue by a party that already has its turn speaker this round, or by
a party without a target DP (P-SOC-05, P-SOC-10); a specialization the time scale
forbids (P-SOC-03); Investigate below the hourly scale (P-SOC-20); an interlocutor who is
not of the other party; a favor or grudge the sheet lacks or already used (G-P-28); a
second Use Passion (P-SOC-24). Nothing here changes the state or rolls.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.command_table import CommandSpec
from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.rulesets.percentile.encounter.command_checks import known, refuse
from tablekeeper.rulesets.percentile.encounter.commands import Nothing
from tablekeeper.rulesets.percentile.encounter.social import abilities
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social.setup import parties, setups, sides
from tablekeeper.rulesets.percentile.encounter.social.state import SocialEncounter
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.sentences import possessive
from tablekeeper.rulesets.percentile.social.investigate import allowed
from tablekeeper.rulesets.percentile.social.scale import SCALE_WORDS, refusal

S = PercentileState


def talking(state: S, field: str = "kind") -> SocialEncounter:
    """The social encounter under way; refused when there is none."""
    social = state.talking
    if social is None:
        ended = state.social is not None and state.social.over
        reason = "the social encounter is over" if ended else "no social encounter is under way"
        raise refuse(reason, field)
    return social


def admit_turn(state: S, command: Command, spec: CommandSpec[Any, Any, Any], payload: Any) -> None:
    """A character's social command: by its player or the GM, on its social turn, with an
    action left unless it is a free action."""
    social = talking(state)
    who: ActorId = payload.combatant
    if command.actor not in (GM, who):
        raise refuse(f"{command.actor} may act for {command.actor} only, not for {who}", "actor")
    combatant = known(state, who, "combatant")
    if who not in social.seats:
        raise refuse(f"{combatant.name} takes no part in the social encounter", "combatant")
    if social.active != who:
        raise refuse(f"it is {social.active or 'nobody'}'s social turn, not {who}'s", "combatant")
    if not spec.free_action and social.seat(who).actions_left < 1:
        raise refuse(f"{combatant.name} has no action left this turn", "kind")


def _interlocutor(state: S, who: ActorId, other: ActorId, field: str = "interlocutor") -> None:
    social = talking(state)
    found = known(state, other, field)
    if other not in social.seats or social.seat(other).party == social.seat(who).party:
        raise refuse(f"{found.name} is not an interlocutor of the other party", field)


def _ability(state: S, who: ActorId, name: str, field: str = "skill") -> None:
    abilities.ability(state, who, name, "", field)


def _specialization(state: S, order: scmd.Persuading) -> None:
    social = talking(state)
    reason = refusal(
        order.specialization, social.time_scale, position_of_force=order.position_of_force
    )
    if reason is not None:
        raise refuse(reason, "specialization")
    abilities.persuasion(state, order.combatant, order.specialization, order.skill, "")


def start(state: S, command: Command, order: scmd.StartSocial) -> None:
    """Not yet started (neither combat nor social), two parties each with a character."""
    if state.clock is not None:
        raise refuse("the encounter is a combat encounter already", "kind")
    if state.social is not None:
        raise refuse("the social encounter has already started", "kind")
    found = sides(state)
    for index, party in enumerate(order.parties):
        if party.side not in found:
            raise refuse(
                f"no combatant is on the side {party.side!r} (sides: {', '.join(found)})",
                f"parties.{index}.side",
            )
    if len(setups(state, order)) != 2:
        raise refuse(
            f"a social encounter is between two parties; this one has {len(found)} sides "
            f"({', '.join(found) or 'none'})",
            "parties",
        )
    named = [setup.side for setup in setups(state, order)]
    if order.petitioner is not None and order.petitioner not in named:
        raise refuse(f"the petitioner {order.petitioner!r} is not a party", "petitioner")
    for key in order.turn_modifiers:
        known(state, key, "turn_modifiers")
    parties(state, order)


def rule_target(state: S, command: Command, order: scmd.RuleTarget) -> None:
    social = talking(state)
    if order.side not in {party.side for party in social.parties}:
        raise refuse(f"{order.side!r} is not a party of the social encounter", "side")
    if social.party(order.side).target is None:
        raise refuse(f"{order.side} is the passive party: it has no target DP (P-SOC-05)", "side")


def gm_grudge(state: S, command: Command, order: scmd.GmGrudge) -> None:
    social = talking(state)
    if order.combatant not in social.seats:
        raise refuse(f"{order.combatant} takes no part in the social encounter", "combatant")


def to_combat(state: S, command: Command, order: Nothing) -> None:
    if state.social is None:
        raise refuse("no social encounter to turn into combat: start the combat", "kind")
    if state.clock is not None:
        raise refuse("the social encounter has already turned into combat", "kind")


def argue(state: S, command: Command, order: scmd.Argue) -> None:
    social = talking(state)
    party = social.party_of(order.combatant)
    if party.target is None:
        raise refuse(
            f"{party.side} is the passive party: it has no target DP to argue down (P-SOC-05)",
            "kind",
        )
    if party.speaker is not None:
        speaker = state.combatant(party.speaker).name
        raise refuse(
            f"{speaker} is {possessive(party.side)} turn speaker this round: only they argue "
            "(P-SOC-10)",
            "kind",
        )
    _specialization(state, order)


def ad_hominem(state: S, command: Command, order: scmd.AdHominem) -> None:
    _interlocutor(state, order.combatant, order.interlocutor)
    _specialization(state, order)


def provoke(state: S, command: Command, order: scmd.Provoke) -> None:
    _interlocutor(state, order.combatant, order.interlocutor)
    _specialization(state, order)


def ability(state: S, command: Command, order: scmd.SocialAbility) -> None:
    _ability(state, order.combatant, order.skill)
    if order.opposed_by is not None:
        known(state, order.opposed_by, "opposed_by")
        _ability(state, order.opposed_by, order.opposed_skill or order.skill, "opposed_skill")


def appeal(state: S, command: Command, order: scmd.Appeal) -> None:
    _ability(state, order.combatant, order.skill)


def help_character(state: S, command: Command, order: scmd.SocialHelp) -> None:
    social = talking(state)
    ally = known(state, order.ally, "ally")
    if order.ally == order.combatant or order.ally not in social.seats:
        raise refuse(f"{ally.name} is not another character of the encounter", "ally")
    _ability(state, order.combatant, order.skill)


def identify(state: S, command: Command, order: scmd.Identify) -> None:
    _interlocutor(state, order.combatant, order.interlocutor)
    _ability(state, order.combatant, order.skill)


def investigate(state: S, command: Command, order: scmd.Investigate) -> None:
    social = talking(state)
    if not allowed(social.time_scale):
        raise refuse(
            "Investigate is only available for hourly time scales or longer, not at a "
            f"{SCALE_WORDS[social.time_scale]} scale (P-SOC-20)",
            "kind",
        )
    _ability(state, order.combatant, order.skill)


def use_favor(state: S, command: Command, order: scmd.UseFavor) -> None:
    social = talking(state)
    who = order.combatant
    sheet = state.combatant(who).social
    held = () if sheet is None else (*sheet.favors, *sheet.grudges)
    if order.favor not in held:
        owned = ", ".join(held) or "none"
        raise refuse(f"no favor or grudge {order.favor!r} (favors and grudges: {owned})", "favor")
    if order.favor in social.seat(who).called_on:
        raise refuse(f"{order.favor} was called on already in this encounter (G-P-28)", "favor")
    if order.ally is not None:
        ally = known(state, order.ally, "ally")
        if order.ally == who or order.ally not in social.seats:
            raise refuse(f"{ally.name} is not another character of the encounter", "ally")
    elif social.other(social.seat(who).party).target is None:
        raise refuse("the opposing party does not argue: it has no target DP", "ally")


def cast(state: S, command: Command, order: scmd.SocialCast) -> None:
    if order.target is not None:
        known(state, order.target, "target")
    _ability(state, order.combatant, order.skill or "POW")


def passion(state: S, command: Command, order: scmd.SocialPassion) -> None:
    social = talking(state)
    if social.seat(order.combatant).passion_used:
        raise refuse("Use Passion is once per social encounter (P-SOC-24)", "kind")
