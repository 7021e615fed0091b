"""Going after an interlocutor: Ad-Hominem Attack and Provoke (P-SOC-14, P-SOC-21; rulings
G-P-04, G-P-19).

Ad-Hominem Attack is "basically like an Argue action, only any social damage is dealt
directly to that interlocutor's personal DP": any character may take it; it rolls at
once (no other party's Argue defends against it, ruling G-P-S4), under a Persuasion
specialization the time scale allows, and deals social damage on a success, critical
social damage on a critical. At 0 personal DP or below the interlocutor reaches their
Moment of Doubt ("unpredictable and reckless"): a condition the GM plays, since the
chapter that defines it is missing (provisional threshold, ``data/social.yaml``).

Provoke names an interlocutor and a passion or trait of theirs ("if they do not have
such a trait, the action fails") and rolls a Persuasion specialty:

- a success at or below their score in the trait: they choose (a Decision,
  :class:`~.pending.ProvokeChoice`) between acting as desired and letting the provoker
  deal social damage to "their target DP", the provoker's party's (G-P-19);
- a failure above the trait's score: "the provoker made a fool of themselves, and their
  target DP goes back up by +1D6";
- a success above the score, or a failure at or below it: no effect (G-P-19).
"""

from __future__ import annotations

from tablekeeper.dice.evaluate import roll as roll_dice
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.checks import Level
from tablekeeper.rulesets.percentile.damage import DamageOutcome, roll_damage
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.life import change_points
from tablekeeper.rulesets.percentile.encounter.social import abilities
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.encounter.social.arguing import (
    change_target,
    damage_of,
    halved,
    persuasion_terms,
    take,
)
from tablekeeper.rulesets.percentile.encounter.social.pending import ProvokeChoice
from tablekeeper.rulesets.percentile.encounter.social.state import SocialEncounter
from tablekeeper.rulesets.percentile.social.damage import social_damage_plan
from tablekeeper.rulesets.percentile.social.provoke import FOOL, provoke_result
from tablekeeper.rulesets.percentile.social.tables import social_tables


def _social(draft: PercentileDraft) -> SocialEncounter:
    social = draft.state.social
    assert social is not None
    return social


def doubt(draft: PercentileDraft, who: ActorId) -> None:
    """The interlocutor reaches their Moment of Doubt once its personal DP are at the
    provisional threshold or below (G-P-04)."""
    combatant = draft.state.combatant(who)
    points = combatant.determination_points
    threshold = social_tables().sheet_defaults.moment_of_doubt_at
    if points is not None and points <= threshold and "moment of doubt" not in combatant.conditions:
        draft.emit(sev.MOMENT_OF_DOUBT, sev.Doubting(combatant=who))


def ad_hominem(draft: PercentileDraft, order: scmd.AdHominem) -> None:
    """Roll at once; social damage to the interlocutor's personal DP (P-SOC-14)."""
    state = draft.state
    who, target = order.combatant, order.interlocutor
    _, terms = persuasion_terms(state, order, "P-SOC-14")
    take(draft, who, "ad_hominem", target)
    outcome = abilities.roll(draft, who, terms)
    against = _social(draft).seat(target).party
    plan = social_damage_plan(
        damage_of(state, state.combatant(who)),
        outcome.level,
        halved=halved(state, who, against, target),
    )
    damage = None if plan is None else roll_damage(plan, draft.roller)
    draft.emit(
        sev.AD_HOMINEM_ROLLED,
        sev.AdHominemRolled(combatant=who, interlocutor=target, roll=outcome, damage=damage),
    )
    if damage is not None and damage.dealt:
        source = f"{state.combatant(who).name}'s ad-hominem attack"
        change_points(draft, target, "determination", -damage.dealt, source=source, rule="P-SOC-14")
        doubt(draft, target)


def provoke(draft: PercentileDraft, order: scmd.Provoke) -> Decision | None:
    """Roll the Persuasion specialty against the named trait (P-SOC-21, G-P-19)."""
    state = draft.state
    who, target = order.combatant, order.interlocutor
    _, terms = persuasion_terms(state, order, "P-SOC-21")
    take(draft, who, "provoke", target)
    score = abilities.passions(state.combatant(target)).get(order.trait)
    outcome = None if score is None else abilities.roll(draft, who, terms)
    result = "no_trait" if outcome is None else provoke_result(outcome.level, outcome.roll, score)
    draft.emit(
        sev.PROVOKED,
        sev.Provoked(
            combatant=who,
            interlocutor=target,
            trait=order.trait,
            roll=outcome,
            trait_score=score,
            result=result,
            reaction=order.reaction,
        ),
    )
    if result == "fool":
        rise = roll_dice(FOOL, draft.roller).total
        party = _social(draft).seat(who).party
        source = f"{state.combatant(who).name} made a fool of themselves"
        change_target(draft, party, rise, source, "P-SOC-21")
        return None
    if result == "choice":
        about = ProvokeChoice(
            provoker=who, interlocutor=target, trait=order.trait, reaction=order.reaction
        )
        return draft.ask(about, _choice(draft, about))
    return None


def _choice(draft: PercentileDraft, about: ProvokeChoice) -> Decision:
    state = draft.state
    target, provoker = state.combatant(about.interlocutor), state.combatant(about.provoker)
    wanted = f" ({about.reaction})" if about.reaction else ""
    return Decision(
        chooser=about.interlocutor,
        prompt=(
            f"{provoker.name} pushes {target.name}'s buttons through {about.trait}: act as "
            f"{provoker.name} desires{wanted}, or let them deal social damage?"
        ),
        options=(
            Option(id="damage", label=f"refuse: {provoker.name} deals social damage"),
            Option(id="comply", label=f"act as {provoker.name} desires"),
        ),
        default="damage",
    )


def provoke_answered(draft: PercentileDraft, about: ProvokeChoice, option: str) -> None:
    """The interlocutor's choice: comply, or the provoker's social damage lowers the
    provoker's party's target DP (G-P-19)."""
    state = draft.state
    damage: DamageOutcome | None = None
    if option != "comply":
        against = _social(draft).seat(about.interlocutor).party
        plan = social_damage_plan(
            damage_of(state, state.combatant(about.provoker)),
            Level.SUCCESS,  # "deal social damage": normal social damage (G-P-19)
            halved=halved(state, about.provoker, against, about.interlocutor),
        )
        assert plan is not None
        damage = roll_damage(plan, draft.roller)
    draft.emit(
        sev.PROVOKE_ANSWERED,
        sev.ProvokeAnswered(
            combatant=about.interlocutor,
            provoker=about.provoker,
            choice="comply" if option == "comply" else "damage",
            damage=damage,
        ),
    )
    if damage is not None:
        party = _social(draft).seat(about.provoker).party
        source = f"{state.combatant(about.provoker).name}'s provocation"
        change_target(draft, party, -damage.dealt, source, "P-SOC-21")
