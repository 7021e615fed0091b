"""What a character rolls in a social encounter: its abilities, and what waits for its roll.

An ability is a skill of the stat block, a Passion or personality trait of its social
sheet, or a characteristic roll (the characteristic times 5, G-P-01). A Persuasion
specialization the sheet lacks is rolled with the best other specialization it has, at
-40% ("the closest skill specialization at -40%", G-P-07). Every roll a character makes
in a social encounter carries what waits for its next roll (a favor's +20%, a grudge's
-20%, P-SOC-22), and spends it; an Argue also carries what waits for its party's next
Argue (Investigate's bonus or penalty, P-SOC-20; a favor or grudge against the
party's speaker). Each term has its source. Nothing here rolls or changes the state but
:func:`roll`.
"""

from __future__ import annotations

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.values import ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.as_validated import term
from tablekeeper.rulesets.percentile.checks import CheckOutcome, characteristic_skill, roll_check
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.social.scale import specialization_of
from tablekeeper.rulesets.percentile.social.tables import SPECIALIZATIONS, social_tables

CHARACTERISTICS = ("STR", "CON", "SIZ", "DEX", "INT", "POW", "CHA")

CLOSEST_SPECIALIZATION = -40
"""A Persuasion specialization the sheet lacks: the closest it has, at -40% (G-P-07)."""

QUALITY = {"weak": (-20, "weak arguments"), "fair": (0, ""), "strong": (20, "strong arguments")}
POSITION = {
    "weakness": (-20, "arguing from a position of weakness"),
    "even": (0, ""),
    "superiority": (20, "arguing from a position of superiority"),
}
ROLEPLAYING = 20
"""Good roleplaying: +20% (P-ARG-02)."""


def passions(combatant: Combatant) -> dict[str, int]:
    """The character's Passions and personality traits (its social sheet's)."""
    return dict(combatant.social.passions) if combatant.social is not None else {}


def has_ability(combatant: Combatant, name: str) -> bool:
    """Whether ``name`` is a skill, passion or characteristic the character can roll."""
    if name in CHARACTERISTICS:
        return getattr(combatant.stats.characteristics, name) is not None
    return name in combatant.stats.skills or name in passions(combatant)


def ability(
    state: PercentileState, who: ActorId, name: str, source: str, field: str = "skill"
) -> Contribution:
    """The base of a roll of ``name``: the skill, the passion, or the characteristic x 5."""
    combatant = state.combatant(who)
    if name in CHARACTERISTICS:
        value = getattr(combatant.stats.characteristics, name)
        if value is None:
            raise IllegalCommandError(f"{combatant.name} has no {name}", field=field)
        return characteristic_skill(value, name, state.options)
    if name in combatant.stats.skills:
        return term(amount=combatant.stats.skills[name], label=name, source=source)
    found = passions(combatant)
    if name in found:
        return term(amount=found[name], label=name, source=source)
    known = sorted({*combatant.stats.skills, *found}) or ["none"]
    raise IllegalCommandError(
        f"{combatant.name} has no {name} (skills and passions: {', '.join(known)})", field=field
    )


def persuasion(
    state: PercentileState, who: ActorId, specialization: str, skill: str | None, source: str
) -> tuple[str, list[Contribution]]:
    """The ability a Persuasion roll uses and its terms: the named skill; else the
    specialization's own skill; else the best other specialization at -40% (G-P-07)."""
    if skill is not None:
        return skill, [ability(state, who, skill, source)]
    combatant = state.combatant(who)
    key = specialization_of(specialization)
    if key is None:  # another ability, named by its specialization
        return specialization, [ability(state, who, specialization, source, "specialization")]
    names = social_tables().specialization_skills
    own = names[key]
    if own in combatant.stats.skills:
        return own, [ability(state, who, own, source)]
    others = [names[other] for other in SPECIALIZATIONS if names[other] in combatant.stats.skills]
    if not others:
        raise IllegalCommandError(
            f"{combatant.name} has no {own} skill, nor another Persuasion specialization",
            field="specialization",
        )
    best = max(others, key=lambda name: combatant.stats.skills[name])
    return best, [
        ability(state, who, best, source),
        Contribution(amount=CLOSEST_SPECIALIZATION, label=f"{best} for {own}", source="G-P-07"),
    ]


def argument_terms(
    arguments: str, roleplaying: bool, position: str, modifier: int
) -> list[Contribution]:
    """The GM's modifiers of an argument (P-ARG-02), each left out at 0."""
    terms = []
    for amount, label in (QUALITY[arguments], POSITION[position]):
        if amount:
            terms.append(Contribution(amount=amount, label=label, source="P-ARG-02"))
    if roleplaying:
        terms.append(Contribution(amount=ROLEPLAYING, label="good roleplaying", source="P-ARG-02"))
    if modifier:
        terms.append(Contribution(amount=modifier, label="the GM's modifier", source="P-ARG-02"))
    return terms


def waiting(state: PercentileState, who: ActorId) -> tuple[Contribution, ...]:
    """What waits for the character's next roll (favors and grudges)."""
    social = state.social
    if social is None or who not in social.seats:
        return ()
    return social.seat(who).modifiers


def breakdown(
    state: PercentileState, who: ActorId, terms: list[Contribution], modifier: int = 0
) -> Breakdown:
    """A social roll's effective skill: its terms, the GM's modifier, what waits for it."""
    extra = [Contribution(amount=modifier, label="modifier", source="P-MOD-01")] if modifier else []
    return Breakdown.of(*terms, *extra, *waiting(state, who))


def roll(
    draft: PercentileDraft, who: ActorId, terms: list[Contribution], modifier: int = 0
) -> CheckOutcome:
    """Roll a d100 for the character against :func:`breakdown`."""
    return roll_check(
        breakdown(draft.state, who, terms, modifier), draft.roller, draft.state.options
    )
