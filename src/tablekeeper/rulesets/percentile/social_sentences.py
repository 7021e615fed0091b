"""One sentence per social encounter event, as a viewer may read it (docs/rulings.md, C-03).

A player reads what the table sees happen: who takes the floor and with which
specialization, each d100's face and level (the skill it was rolled against only for a
character they control, as in combat), the social damage dealt, each party's target DP
falling or rising, the encounter's length, who reaches their Moment of Doubt. They do not
read another character's skills or trait scores, the breakdown of a target DP, the
opposition rating the GM set for an investigation, nor the motivations another character
identified (that event is the identifier's player's and the GM's). Bookkeeping (actions
spent, a turn ending, a favor crossed off) has no sentence.
"""

from __future__ import annotations

from collections.abc import Mapping

from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.sentences import Say, possessive, roll_words
from tablekeeper.rulesets.percentile.social.ending import RESULT_WORDS
from tablekeeper.rulesets.percentile.social.scale import (
    SCALE_WORDS,
    SPECIALIZATION_WORDS,
    specialization_of,
)
from tablekeeper.rulesets.percentile.social.tables import social_tables

PURPOSES = {
    "ability": "ability use",
    "help": "to help",
    "identify_motivations": "Identify Motivations",
    "passion": "a passion",
}


def specialization_words(name: str) -> str:
    """``Fast-Talk`` for ``fast_talk``; another ability as it is named."""
    key = specialization_of(name)
    return SPECIALIZATION_WORDS[key] if key is not None else name


def results_words(results: Mapping[str, str] | None, reason: str) -> str:
    """``travellers: Victory, bandits: Defeat`` (or why it was not scored)."""
    if not results:
        return f"not scored ({reason})"
    return ", ".join(f"{side}: {RESULT_WORDS[result]}" for side, result in results.items())


def social_sentence(payload: Frozen, say: Say) -> str | None:
    """The line of one social event, or ``None`` (not a social event, or bookkeeping)."""
    for group in (_clock, _argument, _reading, _personal):
        line = group(payload, say)
        if line is not None:
            return line
    return None


def _clock(payload: Frozen, say: Say) -> str | None:
    """The start, the turn orders, rounds and turns, the length, the end."""
    name = say.name
    match payload:
        case sev.SocialStarted():
            row = social_tables().time_scales[payload.time_scale]
            parties = "; ".join(
                f"{party.side}"
                + (f" want {party.goal}" if party.goal else "")
                + (f" (target DP {party.target.target_dp})" if party.target else " (passive)")
                for party in payload.parties
            )
            return (
                f"A social encounter begins: {SCALE_WORDS[payload.time_scale]} scale "
                f"({row.round.lower()} a round), {payload.rounds} rounds, "
                f"{payload.opposition} opposition; {parties}"
            )
        case sev.SocialOrderRolled(order=rolled):
            if not say.sees:
                return f"{name}'s social turn order: {rolled.total}"
            made = " + ".join(f"{term.amount}" for term in rolled.breakdown.contributions)
            return f"{name}'s social turn order: {made} = {rolled.total}"
        case sev.SocialRoundStarted():
            order = ", ".join(say.of(key) for key in payload.order)
            return f"Social round {payload.round}: {order}"
        case sev.SocialTurnStarted():
            return f"{name}'s social turn"
        case sev.Appealed(roll=roll):
            change = payload.after - payload.before
            result = f"{payload.after} rounds (was {payload.before})" if change else "no change"
            return (
                f"{name} appeals for time ({payload.skill}): {roll_words(roll, say.sees_skill)}; "
                f"the encounter: {result}"
            )
        case sev.SocialEnded():
            return f"The social encounter ends: {results_words(payload.results, payload.reason)}"
    return None


def _argument(payload: Frozen, say: Say) -> str | None:
    """Arguments declared and resolved, target DP changing."""
    name = say.name
    match payload:
        case sev.ArgumentDeclared(argument=argument):
            words = specialization_words(argument.specialization)
            return f"{name} takes the floor for {payload.party}: argues ({words})"
        case sev.ArgumentResolved(outcome=outcome):
            sides = [(payload.attacker, outcome.attacker_roll, outcome.attacker_damage)]
            if payload.defender is not None and outcome.defender_roll is not None:
                sides.append((payload.defender, outcome.defender_roll, outcome.defender_damage))
            parts = []
            for who, roll, damage in sides:
                dealt = f", {damage.dealt} social damage" if damage is not None else ""
                parts.append(
                    f"{say.of(who)} {roll_words(roll, say.sight.sees_targets(who))}{dealt}"
                )
            winner = {"attacker": payload.attacker, "defender": payload.defender}.get(
                outcome.winner.value
            )
            won = f": {say.of(winner)} wins" if winner is not None else ": no one wins"
            chose = f" and {outcome.winner_choice}s" if outcome.winner_choice else ""
            fumbled = [say.of(who) for who, roll, _ in sides if roll.level.value == "fumble"]
            table = (
                f"; {' and '.join(fumbled)} fumbled: the GM rules it (the Social Combat "
                "Fumble table is missing)"
                if fumbled
                else ""
            )
            return f"Argument, {' against '.join(parts)}{won}{chose}{table}"
        case sev.TargetDpChanged():
            return (
                f"{possessive(payload.party)} target DP: {payload.before} → {payload.after} "
                f"({payload.source})"
            )
        case sev.TargetRuled():
            return f"The GM rules {possessive(payload.party)} target DP: {payload.target.target_dp}"
        case sev.ModifierGranted(modifier=term):
            amount = f"{term.amount:+d}%"
            if payload.to == "argue":
                return f"{possessive(str(payload.party))} next Argue: {amount} ({term.label})"
            return f"{say.of(payload.combatant)}'s next roll: {amount} ({term.label})"
    return None


def _reading(payload: Frozen, say: Say) -> str | None:
    """Reading the other party: rolls, motivations, investigations."""
    name = say.name
    match payload:
        case sev.SocialRolled(roll=roll):
            purpose = PURPOSES[payload.purpose]
            against = f" ({say.of(payload.against)})" if payload.against else ""
            return f"{name} rolls {purpose}{against}: {roll_words(roll, say.sees_skill)}"
        case sev.MotivationsRead(roll=roll):
            halved = (
                f": {say.of(payload.interlocutor)}'s social damage is halved until "
                f"{name}'s next turn"
                if payload.halved
                else ""
            )
            return (
                f"{name} reads {say.of(payload.interlocutor)}'s motivations: "
                f"{roll_words(roll, say.sees_skill)}{halved}"
            )
        case sev.MotivationsRevealed():
            them = say.of(payload.interlocutor)
            if not say.sees:
                return f"{name} learns what drives {them}"
            drives = ", ".join(payload.traits) or "nothing the sheet names"
            return f"{name} learns what drives {them}: {drives}"
        case sev.Investigated(outcome=outcome):
            against = roll_words(outcome.opposition_roll, say.sight.gm)
            grant = _grant(
                outcome.argue_bonus_percent,
                outcome.argue_bonus_damage,
                outcome.party_argue_penalty_percent,
            )
            return (
                f"{name} investigates ({payload.skill}): "
                f"{roll_words(outcome.roll, say.sees_skill)}, "
                f"against {against}: {outcome.level.value}{grant}"
            )
    return None


def _grant(bonus: int, dice: str | None, penalty: int) -> str:
    if bonus:
        return f"; the party's next Argue +{bonus}% and +{dice} social damage"
    if penalty:
        return f"; the party's next Argue {penalty}%"
    return ""


def _personal(payload: Frozen, say: Say) -> str | None:
    """Going after an interlocutor; spells and passions."""
    name = say.name
    match payload:
        case sev.Provoked():
            them = say.of(payload.interlocutor)
            if payload.roll is None:
                return f"{name} provokes {them} through {payload.trait}: no such trait, it fails"
            result = {
                "choice": f"{them} must choose",
                "fool": f"{name} made a fool of themselves",
                "no_effect": "no effect",
            }.get(payload.result, payload.result)
            return (
                f"{name} provokes {them} through {payload.trait}: "
                f"{roll_words(payload.roll, say.sees_skill)}: {result}"
            )
        case sev.ProvokeAnswered():
            provoker = say.of(payload.provoker)
            if payload.choice == "comply":
                return f"{name} acts as {provoker} desires"
            amount = payload.damage.dealt if payload.damage is not None else 0
            return f"{name} refuses: {provoker} deals {amount} social damage"
        case sev.AdHominemRolled(roll=roll):
            dealt = f", {payload.damage.dealt} social damage" if payload.damage is not None else ""
            return (
                f"{name} goes after {say.of(payload.interlocutor)} (ad hominem): "
                f"{roll_words(roll, say.sees_skill)}{dealt}"
            )
        case sev.Doubting():
            return f"{name} reaches their Moment of Doubt: unpredictable and reckless"
        case sev.SocialSpell():
            lasts = f"lasts {payload.duration_seconds} s of a {payload.round_seconds} s round"
            if not payload.rounds:
                return f"{name} casts {payload.spell} ({lasts}): too short, wasted"
            return f"{name} casts {payload.spell} ({lasts}): active for {payload.rounds} round(s)"
        case sev.SocialPassionUsed(roll=roll):
            words = f": {roll_words(roll, say.sees_skill)}" if roll is not None else ""
            return f"{name} uses the passion {payload.passion}{words}"
    return None
