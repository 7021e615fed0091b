"""The social actions that need no argument (P-SOC-13, P-SOC-15, P-SOC-16, P-SOC-18 ..
P-SOC-20, P-SOC-22 .. P-SOC-24).

Each spends its action (a ``social_action`` event) and records what it did:

- Ability Use rolls (opposed by another's roll, if named) and records; what it achieves
  is the GM's (P-SOC-13). Help rolls for another character and records: the helping rules
  are the missing Game System chapter's (P-SOC-18, G-P-07).
- Appeal for Time rolls the ability chosen at the cumulative penalty and changes the
  encounter's length, never below the round being played (``social/appeal.py``).
- Identify Motivations rolls Insight: a success tells the identifier's player the
  interlocutor's two highest passions or traits (an event only they and the GM see); a
  critical also halves the interlocutor's social damage until the identifier's next
  turn (P-SOC-19; against the whole party, G-P-28).
- Investigate (hourly or longer) arms the party's next Argue (``social/investigate.py``).
- Use Favor or Grudge gives another character +20% to their next roll, or the opposing
  party's turn speaker -20% on its next Argue; each favor or grudge once per social
  encounter (G-P-28). The GM's grudge gives anyone -20% to their next roll.
- Cast Magic and Use Passion are free actions: a spell counts only if it lasts two-thirds
  of a round (P-SOC-04), and otherwise is cast as in combat; a Passion is rolled once per
  social encounter for a scene augment whose size is the missing chapter's (P-SOC-24).
"""

from __future__ import annotations

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.events import Visibility
from tablekeeper.rulesets.percentile.checks import Level, roll_check
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import magic
from tablekeeper.rulesets.percentile.encounter.commands import Who
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.social import abilities
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.encounter.social.arguing import take
from tablekeeper.rulesets.percentile.encounter.social.rounds import end_turn as finish_turn
from tablekeeper.rulesets.percentile.encounter.social.state import SocialEncounter
from tablekeeper.rulesets.percentile.encounter.state import Casting
from tablekeeper.rulesets.percentile.opposed import oppose
from tablekeeper.rulesets.percentile.social.appeal import appeal_breakdown, rounds_after
from tablekeeper.rulesets.percentile.social.investigate import investigation
from tablekeeper.rulesets.percentile.social.scale import spell_rounds

FAVOR = 20
"""A favor's bonus, a grudge's penalty (P-SOC-22)."""


def _social(draft: PercentileDraft) -> SocialEncounter:
    social = draft.state.social
    assert social is not None
    return social


def ability(draft: PercentileDraft, order: scmd.SocialAbility) -> None:
    """Ability Use: roll, and the opposed roll if another opposes it (P-SOC-13)."""
    state, who = draft.state, order.combatant
    terms = [abilities.ability(state, who, order.skill, "P-SOC-13")]
    take(draft, who, "ability", order.opposed_by)
    mine = abilities.roll(draft, who, terms, order.modifier)
    draft.emit(
        sev.SOCIAL_ROLLED,
        sev.SocialRolled(
            combatant=who, purpose="ability", roll=mine, against=order.opposed_by, note=order.goal
        ),
    )
    if order.opposed_by is None:
        return
    other = order.opposed_by
    skill = order.opposed_skill or order.skill
    theirs = abilities.roll(
        draft, other, [abilities.ability(draft.state, other, skill, "P-SOC-13")]
    )
    winner = oppose(mine, theirs, state.options).winner.value
    draft.emit(
        sev.SOCIAL_ROLLED,
        sev.SocialRolled(
            combatant=other,
            purpose="ability",
            roll=theirs,
            against=who,
            note=f"opposed: {winner} wins",
        ),
    )


def help_character(draft: PercentileDraft, order: scmd.SocialHelp) -> None:
    """Help: the roll, recorded for the GM (P-SOC-18, G-P-07)."""
    who = order.combatant
    terms = [abilities.ability(draft.state, who, order.skill, "P-SOC-18")]
    take(draft, who, "help", order.ally)
    rolled = abilities.roll(draft, who, terms, order.modifier)
    draft.emit(
        sev.SOCIAL_ROLLED,
        sev.SocialRolled(
            combatant=who, purpose="help", roll=rolled, against=order.ally, note="helping (G-P-07)"
        ),
    )


def appeal(draft: PercentileDraft, order: scmd.Appeal) -> None:
    """Appeal for Time at the cumulative -40% (P-SOC-15, P-SOC-16, G-P-18)."""
    state, who = draft.state, order.combatant
    social = _social(draft)
    base = abilities.ability(state, who, order.skill, "P-SOC-15")
    made = appeal_breakdown(
        base.amount, order.modifier, social.appeals, state.options, skill_name=base.label
    )
    take(draft, who, "appeal_for_time")
    rolled = roll_check(made.plus(*abilities.waiting(state, who)), draft.roller, state.options)
    after = rounds_after(social.rounds, rolled.level, floor=max(1, social.round))
    draft.emit(
        sev.APPEALED,
        sev.Appealed(
            combatant=who,
            skill=order.skill,
            roll=rolled,
            before=social.rounds,
            after=after,
            justification=order.justification,
        ),
    )


def identify(draft: PercentileDraft, order: scmd.Identify) -> None:
    """Identify Motivations: Insight; the traits told to the identifier (P-SOC-19)."""
    state, who, target = draft.state, order.combatant, order.interlocutor
    terms = [abilities.ability(state, who, order.skill, "P-SOC-19")]
    take(draft, who, "identify_motivations", target)
    rolled = abilities.roll(draft, who, terms, order.modifier)
    draft.emit(
        sev.MOTIVATIONS_READ,
        sev.MotivationsRead(
            combatant=who,
            interlocutor=target,
            roll=rolled,
            halved=rolled.level is Level.CRITICAL,
        ),
    )
    if rolled.succeeded:
        sheet = state.combatant(target).social
        traits = sheet.highest() if sheet is not None else ()
        draft.emit(
            sev.MOTIVATIONS_REVEALED,
            sev.MotivationsRevealed(combatant=who, interlocutor=target, traits=traits),
            Visibility.for_player(who),
        )


def investigate(draft: PercentileDraft, order: scmd.Investigate) -> None:
    """Investigate: the opposed errand; its grant waits for the party's next Argue."""
    state, who = draft.state, order.combatant
    terms = [abilities.ability(state, who, order.skill, "P-SOC-20")]
    take(draft, who, "investigate")
    mine = abilities.roll(draft, who, terms, order.modifier)
    opposition = Contribution(amount=order.opposition, label="the opposition", source="P-SOC-20")
    theirs = roll_check(Breakdown.of(opposition), draft.roller, state.options)
    draft.emit(
        sev.INVESTIGATED,
        sev.Investigated(
            combatant=who,
            party=_social(draft).seat(who).party,
            skill=order.skill,
            outcome=investigation(mine, theirs, state.options),
            errand=order.errand,
        ),
    )


def use_favor(draft: PercentileDraft, order: scmd.UseFavor) -> None:
    """Use Favor or Grudge: +20% to an ally's next roll, or -20% to the opposing speaker's
    Argue (P-SOC-22); once per social encounter each (G-P-28)."""
    state, who = draft.state, order.combatant
    sheet = state.combatant(who).social
    kind = "favor" if sheet is not None and order.favor in sheet.favors else "grudge"
    take(draft, who, "use_favor", order.ally)
    draft.emit(sev.FAVOR_USED, sev.FavorUsed(combatant=who, favor=order.favor, kind=kind))
    label = f"{state.combatant(who).name}'s {kind} ({order.favor})"
    if order.ally is not None:
        bonus = Contribution(amount=FAVOR, label=label, source="P-SOC-22")
        granted = sev.ModifierGranted(to="roll", combatant=order.ally, modifier=bonus, by=who)
    else:
        penalty = Contribution(amount=-FAVOR, label=label, source="P-SOC-22")
        other = _social(draft).other(_social(draft).seat(who).party).side
        granted = sev.ModifierGranted(to="argue", party=other, modifier=penalty, by=who)
    draft.emit(sev.MODIFIER_GRANTED, granted)


def gm_grudge(draft: PercentileDraft, order: scmd.GmGrudge) -> None:
    """The GM's grudge: -20% to a character's next roll (P-SOC-22)."""
    reason = f" ({order.reason})" if order.reason else ""
    penalty = Contribution(amount=-FAVOR, label=f"the GM's grudge{reason}", source="P-SOC-22")
    draft.emit(
        sev.MODIFIER_GRANTED,
        sev.ModifierGranted(to="roll", combatant=order.combatant, modifier=penalty),
    )


def passion(draft: PercentileDraft, order: scmd.SocialPassion) -> None:
    """Use Passion: a free action, once per social encounter (P-SOC-24)."""
    who = order.combatant
    rolled = None
    if abilities.has_ability(draft.state.combatant(who), order.passion):
        terms = [abilities.ability(draft.state, who, order.passion, "P-SOC-24")]
        rolled = abilities.roll(draft, who, terms)
    draft.emit(sev.SOCIAL_ACTION, sev.SocialAction(combatant=who, action="use_passion", actions=0))
    draft.emit(
        sev.SOCIAL_PASSION_USED,
        sev.SocialPassionUsed(combatant=who, passion=order.passion, roll=rolled),
    )


def cast(draft: PercentileDraft, order: scmd.SocialCast) -> Decision | None:
    """Cast Magic: a free action; wasted unless it lasts two-thirds of a round (P-SOC-04,
    P-SOC-23), else cast as in combat (the target may resist)."""
    who = order.combatant
    social = _social(draft)
    rounds = spell_rounds(order.duration_seconds, social.round_seconds)
    draft.emit(
        sev.SOCIAL_ACTION,
        sev.SocialAction(combatant=who, action="cast", actions=0, target=order.target),
    )
    draft.emit(
        sev.SOCIAL_SPELL,
        sev.SocialSpell(
            combatant=who,
            spell=order.spell,
            duration_seconds=order.duration_seconds,
            round_seconds=social.round_seconds,
            rounds=rounds,
        ),
    )
    if not rounds:
        return None
    casting = Casting(
        spell=order.spell,
        magic_points=order.magic_points,
        needed=1,
        spent=1,
        target=order.target,
        skill=order.skill,
    )
    draft.emit(ev.CASTING, ev.CastingChanged(combatant=who, casting=casting))
    return magic.roll_spell(draft, who, casting)


def end_turn(draft: PercentileDraft, order: Who) -> None:
    """The character ends its social turn; its unused actions are lost."""
    finish_turn(draft, order.combatant)
