"""Odds before committing, in a social encounter: the exact chances a console shows.

Nothing here is a second formula (STYLE.md, lesson 2): a roll's breakdown is the one the
engine rolls with (``encounter/social/abilities.py``, ``arguing.py``); an Argue's chances
are ``percentile.argue``'s own distribution (``social/argue_odds.py``) on the argument as
it stands (what waits for the party's next Argue and the speaker's next roll included,
halving included), unopposed and, once the other party's speaker has argued this round,
opposed, for both choices of the winner; Appeal for Time maps its levels through
:func:`~.social.appeal.rounds_after`; Investigate counts the opposed faces through
:func:`~.social.investigate.investigation_level`; Provoke through
:func:`~.social.provoke.provoke_result`; an Ad-Hominem Attack's chance of a Moment of
Doubt through the social damage plan.

Who asks matters (C-10): a player sees the levels of their own character's roll, and
what follows from it and from what they may see; a chance that reads the other party's
speaker's skill, an interlocutor's trait score or personal DP is the GM's.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from tablekeeper.engine.breakdown import Breakdown
from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.checks import D100, level_odds
from tablekeeper.rulesets.percentile.encounter.social import abilities, arguing
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social.state import Party, SocialEncounter
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.sentences import possessive
from tablekeeper.rulesets.percentile.social.appeal import appeal_breakdown, rounds_after
from tablekeeper.rulesets.percentile.social.argue_input import ArgueInput, ArgueSide, WinnerChoice
from tablekeeper.rulesets.percentile.social.argue_odds import argue_distribution, damage_odds
from tablekeeper.rulesets.percentile.social.investigate import investigation_counts
from tablekeeper.rulesets.percentile.social.provoke import provoke_odds
from tablekeeper.rulesets.percentile.social.scale import spell_rounds
from tablekeeper.rulesets.percentile.social.tables import social_tables

Rows = list[tuple[str, Fraction]]


def _levels(total: int, state: PercentileState) -> Rows:
    return [(level.value, chance) for level, chance in level_odds(total, state.options).items()]


def _side(breakdown: Breakdown, damage: str, halved: bool) -> ArgueSide:
    total = breakdown.total
    return ArgueSide(skill=max(0, total), modifier=min(0, total), damage=damage, halved=halved)


def _falls(party: Party, chances: dict[int, Fraction], when: str) -> Rows:
    rows = [(f"{possessive(party.side)} target DP falls{when}", _at_least(chances, 1))]
    left = party.remaining
    if left is not None and left > 0:
        rows.append((f"{party.side} reach 0 DP{when}", _at_least(chances, left)))
    return rows


def _at_least(chances: dict[int, Fraction], value: int) -> Fraction:
    return sum((p for amount, p in chances.items() if amount >= value), Fraction(0))


def _marginal(found: dict[tuple[int, int], Fraction], side: int) -> dict[int, Fraction]:
    result: dict[int, Fraction] = {}
    for key, chance in found.items():
        result[key[side]] = result.get(key[side], Fraction(0)) + chance
    return result


def argue_rows(state: PercentileState, order: scmd.Argue, sight: Sight) -> Rows:
    """The argument's levels; how far the party's target DP falls unopposed; and, once
    the other party's speaker argued and ``sight`` may read them, opposed."""
    social = state.social
    assert social is not None
    who = order.combatant
    mine = social.party_of(who)
    other = social.other(mine.side)
    _, terms = arguing.persuasion_terms(state, order, "P-SOC-17")
    made = Breakdown.of(*terms, *mine.argue_modifiers, *abilities.waiting(state, who))
    damage = " + ".join((arguing.damage_of(state, state.combatant(who)), *mine.argue_damage))
    spoken = other.argument
    own = _side(made, damage, arguing.halved(state, who, other.side, _speaker(other)))
    base = {"time_scale": social.time_scale, "options": state.options}
    rows = _levels(made.total, state)
    alone = argue_distribution(ArgueInput.model_validate({**base, "attacker": own}))
    rows += _falls(mine, _marginal(alone, 0), ", unopposed")
    if spoken is None or not sight.sees(spoken.speaker):
        return rows
    theirs_terms, theirs_damage = arguing.at_resolution(state, other)
    theirs = _side(
        theirs_terms, theirs_damage, arguing.halved(state, spoken.speaker, mine.side, who)
    )
    opposed = ArgueInput.model_validate({**base, "attacker": theirs, "defender": own})
    choices: tuple[WinnerChoice, ...] = ("block", "deal")
    for choice in choices:
        found = argue_distribution(opposed, choice)
        when = f", opposed, the winner {'blocks' if choice == 'block' else 'deals directly'}"
        rows += _falls(mine, _marginal(found, 1), when)
        rows += _falls(other, _marginal(found, 0), when)
    return rows


def _speaker(party: Party) -> ActorId | None:
    return None if party.argument is None else party.argument.speaker


def _appeal(state: PercentileState, social: SocialEncounter, order: scmd.Appeal) -> Rows:
    base = abilities.ability(state, order.combatant, order.skill, "P-SOC-15")
    made = appeal_breakdown(base.amount, order.modifier, social.appeals, state.options)
    total = made.total + sum(term.amount for term in abilities.waiting(state, order.combatant))
    found: dict[str, Fraction] = {}
    for level, chance in level_odds(total, state.options).items():
        label = f"{rounds_after(social.rounds, level, floor=max(1, social.round))} rounds"
        found[label] = found.get(label, Fraction(0)) + chance
    return list(found.items())


_ROLLS: dict[str, tuple[type[Any], str, Callable[[PercentileState, Any], str]]] = {
    scmd.SOCIAL_ABILITY: (scmd.SocialAbility, "P-SOC-13", lambda state, order: order.skill),
    scmd.SOCIAL_HELP: (
        scmd.SocialHelp,
        "P-SOC-18",
        lambda state, order: f"{order.skill} to help {state.combatant(order.ally).name}",
    ),
    scmd.IDENTIFY: (
        scmd.Identify,
        "P-SOC-19",
        lambda state, order: f"Identify {state.combatant(order.interlocutor).name}'s motivations",
    ),
}
"""The commands that roll an ability of the acting character's: the payload, the rule,
the title of the odds."""


def _own_roll(state: PercentileState, command: Command) -> tuple[str, Breakdown] | None:
    """A title and the breakdown of a roll of the acting character's own."""
    if command.kind == scmd.SOCIAL_PASSION:
        passion = command.payload_as(scmd.SocialPassion)
        if not abilities.has_ability(state.combatant(passion.combatant), passion.passion):
            return None
        term = abilities.ability(state, passion.combatant, passion.passion, "P-SOC-24")
        return passion.passion, abilities.breakdown(state, passion.combatant, [term])
    found = _ROLLS.get(command.kind)
    if found is None:
        return None
    model, source, title = found
    order = command.payload_as(model)
    term = abilities.ability(state, order.combatant, order.skill, source)
    made = abilities.breakdown(state, order.combatant, [term], order.modifier)
    return title(state, order), made


def _pressing(state: PercentileState, command: Command, sight: Sight) -> CommandOdds | None:
    """Provoke and Ad-Hominem Attack: the roll, and what it does to whom the GM may read."""
    if command.kind == scmd.PROVOKE:
        provoking = command.payload_as(scmd.Provoke)
        _, terms = arguing.persuasion_terms(state, provoking, "P-SOC-21")
        total = abilities.breakdown(state, provoking.combatant, terms).total
        rows = _levels(total, state)
        target = state.combatant(provoking.interlocutor)
        score = abilities.passions(target).get(provoking.trait)
        if score is not None and sight.sees(target.id):
            chances = provoke_odds(total, score, state.options)
            rows += [
                (f"{target.name} must choose", chances["choice"]),
                ("a fool of themselves", chances["fool"]),
            ]
        return CommandOdds(title=f"Provoke {target.name}", outcomes=tuple(rows))
    attacking = command.payload_as(scmd.AdHominem)
    who = attacking.combatant
    _, terms = arguing.persuasion_terms(state, attacking, "P-SOC-14")
    total = abilities.breakdown(state, who, terms).total
    rows = _levels(total, state)
    target = state.combatant(attacking.interlocutor)
    points = target.determination_points
    if points is not None and sight.sees(target.id):
        social = state.social
        assert social is not None
        halve = arguing.halved(state, who, social.seat(target.id).party, target.id)
        threshold = social_tables().sheet_defaults.moment_of_doubt_at
        expression = arguing.damage_of(state, state.combatant(who))
        doubt = Fraction(0)
        for level, chance in level_odds(total, state.options).items():
            for amount, p in damage_odds(expression, level, halved=halve):
                if max(0, points - amount) <= threshold:
                    doubt += chance * p
        rows.append((f"{target.name}'s Moment of Doubt", doubt))
    return CommandOdds(title=f"Ad-hominem attack on {target.name}", outcomes=tuple(rows))


def social_odds(state: PercentileState, command: Command, sight: Sight) -> CommandOdds | None:
    """The odds of a social command now, as ``sight`` may see them (``None``: it rolls
    nothing, or it is not the viewer's character's)."""
    social = state.social
    who = command.payload.get("combatant")
    if social is None or not isinstance(who, str) or not sight.sees(who):
        return None
    kind = command.kind
    if kind == scmd.ARGUE:
        rows = argue_rows(state, command.payload_as(scmd.Argue), sight)
        return CommandOdds(title="Argue", outcomes=tuple(rows))
    if kind in (scmd.PROVOKE, scmd.AD_HOMINEM):
        return _pressing(state, command, sight)
    if kind == scmd.APPEAL:
        return CommandOdds(
            title="Appeal for Time",
            outcomes=tuple(_appeal(state, social, command.payload_as(scmd.Appeal))),
        )
    if kind == scmd.INVESTIGATE:
        errand = command.payload_as(scmd.Investigate)
        term = abilities.ability(state, errand.combatant, errand.skill, "P-SOC-20")
        total = abilities.breakdown(state, errand.combatant, [term], errand.modifier).total
        counts = investigation_counts(total, errand.opposition, state.options)
        rows = [(level.value, Fraction(count, D100.sides**2)) for level, count in counts.items()]
        return CommandOdds(title="Investigate", outcomes=tuple(rows))
    if kind == scmd.SOCIAL_CAST:
        spell = command.payload_as(scmd.SocialCast)
        if not spell_rounds(spell.duration_seconds, social.round_seconds):
            return CommandOdds(title=f"Cast {spell.spell}", outcomes=(("wasted", Fraction(1)),))
        term = abilities.ability(state, spell.combatant, spell.skill or "POW", "P-SOC-23")
        return CommandOdds(title=f"Cast {spell.spell}", outcomes=tuple(_levels(term.amount, state)))
    rolled = _own_roll(state, command)
    if rolled is None:
        return None
    title, made = rolled
    return CommandOdds(title=title, outcomes=tuple(_levels(made.total, state)))
