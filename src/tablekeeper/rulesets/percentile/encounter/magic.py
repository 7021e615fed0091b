"""Cast Magic, Long Magic Casting and Resist Magic (P-ACT-04, P-OPT-21, P-REA-01).

"Spirit magic is cast by rolling under POW (the character's, or the spirit's ...). If the
spell is targeted at an entity with a POW characteristic, they may resist by opposing
the casting roll with their own POW roll." The Magic chapter is missing (G-P-07): a spell
is a name and its Magic Points, its effect the GM's. The roll is a POW roll (POW x 5,
G-P-01) unless a skill is named. With Long Magic Casting, a spell of 10 MP or more takes
1 + MP / 10 actions, rounded down (G-P-26), over as many turns as it needs; any other
action abandons it. The MP are spent when the spell takes effect (G-P-E12). A target
with POW chooses to resist (a reaction, a Decision): the casting roll against its POW
roll, opposed; the caster must win.
"""

from __future__ import annotations

from tablekeeper.engine.breakdown import Breakdown
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.checks import CheckOutcome, roll_check
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.actions import base, take
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.life import change_points
from tablekeeper.rulesets.percentile.encounter.pending import ResistMagic
from tablekeeper.rulesets.percentile.encounter.state import Casting
from tablekeeper.rulesets.percentile.opposed import Winner, oppose
from tablekeeper.rulesets.percentile.options import PercentileOptions

LONG_CASTING = 10
"""Magic Points from which a casting takes an extra action (P-OPT-21)."""


def casting_actions(magic_points: int, options: PercentileOptions) -> int:
    """The actions a Cast Magic spending ``magic_points`` takes (P-OPT-21, G-P-26).

    >>> from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS
    >>> [casting_actions(mp, DEFAULT_OPTIONS) for mp in (0, 9, 10, 19, 20, 35)]
    [1, 1, 2, 2, 3, 4]
    """
    if not options.long_magic_casting:
        return 1
    return 1 + magic_points // LONG_CASTING


def cast(draft: PercentileDraft, order: cmd.Cast) -> Decision | None:
    """One action of casting; the last one rolls."""
    state = draft.state
    who = order.combatant
    current = state.combatant(who).casting
    take(draft, who, "cast", physical=False, target=order.target)
    if current is None or current.spell != order.spell:
        current = Casting(
            spell=order.spell,
            magic_points=order.magic_points,
            needed=casting_actions(order.magic_points, state.options),
            target=order.target,
            skill=order.skill,
        )
    current = current.model_copy(update={"spent": current.spent + 1})
    draft.emit(ev.CASTING, ev.CastingChanged(combatant=who, casting=current))
    if current.spent < current.needed:
        return None
    return roll_spell(draft, who, current)


def roll_spell(draft: PercentileDraft, who: ActorId, casting: Casting) -> Decision | None:
    """The casting roll; a target with POW may resist."""
    state = draft.state
    breakdown = Breakdown.of(base(state, who, casting.skill or "POW", "P-ACT-04"))
    outcome = roll_check(breakdown, draft.roller, state.options)
    target = casting.target
    if outcome.succeeded and target is not None and target != who:
        resister = state.combatant(target)
        if resister.stats.characteristics.POW is not None and not state.is_down(resister):
            decision = Decision(
                chooser=target,
                prompt=f"{state.combatant(who).name} casts {casting.spell} on {resister.name} "
                f"({outcome.roll}, a {outcome.level.value}): resist with POW?",  # not the skill
                options=(
                    Option(id="resist", label="resist: a POW roll against the casting roll"),
                    Option(id="accept", label="accept the spell"),
                ),
                default="resist",
            )
            awaiting = ResistMagic(caster=who, target=target, spell=casting.spell, roll=outcome)
            return draft.ask(awaiting, decision)
    finish(draft, who, casting, outcome, None)
    return None


def resisted(draft: PercentileDraft, awaiting: ResistMagic, answer: str) -> None:
    """The target's answer: resist (an opposed POW roll) or accept."""
    casting = draft.state.combatant(awaiting.caster).casting
    assert casting is not None
    resist = None
    if answer == "resist":
        breakdown = Breakdown.of(base(draft.state, awaiting.target, "POW", "P-ACT-04"))
        resist = roll_check(breakdown, draft.roller, draft.state.options)
    finish(draft, awaiting.caster, casting, awaiting.roll, resist)


def finish(
    draft: PercentileDraft,
    who: ActorId,
    casting: Casting,
    outcome: CheckOutcome,
    resist: CheckOutcome | None,
) -> None:
    """The spell takes effect (or not); its Magic Points are spent if it does."""
    draft.emit(ev.CASTING, ev.CastingChanged(combatant=who, casting=None))
    effective = outcome.succeeded
    if resist is not None:
        effective = oppose(outcome, resist, draft.state.options).winner is Winner.ATTACKER
    draft.emit(
        ev.SPELL_CAST,
        ev.SpellCast(
            caster=who,
            spell=casting.spell,
            magic_points=casting.magic_points,
            roll=outcome,
            target=casting.target,
            resist=resist,
            effective=effective,
        ),
    )
    if effective and casting.magic_points:
        change_points(
            draft, who, "magic", -casting.magic_points, source=casting.spell, rule="P-ACT-04"
        )
