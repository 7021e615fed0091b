"""Derived numbers: Max AP and the magic and Oratory numbers read off the stat dice.

Document 000: Max AP from the two highest stat dice (F-GM-02, G-F-02); Micro magic's
range (1 unit per point of the Meditation die's highest face) and area radius (half the
Logic die's highest face, rounded down, F-MAGIC-MICRO-02); Oratory's audience (half the
Words die's, F-SOCIAL-MICRO-03); spells per Beat (the voice, and each Arcane Focus held,
F-MAGIC-GEN-02, F-MAGIC-GEN-03, G-F-37); Sustain Spell's TN (4 + 1 per active spell
effect, F-MAGIC-MICRO-08). Each is computed with its breakdown; the encounter engine
uses the same functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field, field_validator

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.fractal.options import FractalOptions
from tablekeeper.rulesets.fractal.stats import LADDER, STATS, Stat, half_max, max_face

SUSTAIN_BASE_TN = 4
"""Sustain Spell's TN before its active effects (F-MAGIC-MICRO-08)."""

MAX_FOCI = 2
"""A Focus occupies a hand: a mage holds at most two (F-MAGIC-GEN-03)."""


def max_ap_breakdown(
    stats: Mapping[Stat, int],
    *,
    kind: Literal["pc", "npc"] = "pc",
    options: FractalOptions | None = None,
) -> Breakdown:
    """Max AP from the stat dice, before conditions (G-F-02, F-GM-02).

    >>> max_ap_breakdown({Stat.BODY: 6, Stat.VISUAL: 6}).total
    12
    """
    options = options or FractalOptions()
    ranked = sorted(
        ((stat, size) for stat, size in stats.items()),
        key=lambda item: (-item[1], STATS.index(item[0])),
    )
    if options.max_ap == "all_faces" and kind == "pc":
        chosen, rule = ranked, "G-F-02 (all_faces)"
    else:
        chosen, rule = ranked[:2], "F-GM-02"
    terms = [
        Contribution(amount=max_face(size), label=_die_label(stat, size), source=rule)
        for stat, size in chosen
    ]
    if options.max_ap == "two_highest_half_sum":
        total = sum(term.amount for term in terms)
        terms.append(Contribution(amount=total // 2 - total, label="half", source="G-F-02"))
    return Breakdown.of(*terms)


def _die_label(stat: Stat, size: int) -> str:
    name = stat.value.capitalize()
    return f"{name} d{size}" if size else f"no {name} die"


def _face_term(stats: Mapping[Stat, int], stat: Stat, source: str) -> Contribution:
    size = stats.get(stat, 0)
    return Contribution(amount=max_face(size), label=_die_label(stat, size), source=source)


def range_breakdown(stats: Mapping[Stat, int]) -> Breakdown:
    """Micro magic range in units: the Meditation die's highest face (F-MAGIC-MICRO-02)."""
    return Breakdown.of(_face_term(stats, Stat.MEDITATION, "F-MAGIC-MICRO-02"))


def _half_breakdown(stats: Mapping[Stat, int], stat: Stat, source: str) -> Breakdown:
    size = stats.get(stat, 0)
    return Breakdown.of(
        Contribution(amount=max_face(size), label=_die_label(stat, size), source=source),
        Contribution(
            amount=half_max(size) - max_face(size), label="half, rounded down", source=source
        ),
    )


def radius_breakdown(stats: Mapping[Stat, int]) -> Breakdown:
    """An area's radius in units: half the Logic die's highest face (F-MAGIC-MICRO-02)."""
    return _half_breakdown(stats, Stat.LOGIC, "F-MAGIC-MICRO-02")


def audience_breakdown(stats: Mapping[Stat, int]) -> Breakdown:
    """Oratory's creatures: half the Words die's highest face (F-SOCIAL-MICRO-03)."""
    return _half_breakdown(stats, Stat.WORDS, "F-SOCIAL-MICRO-03")


def spells_breakdown(*, voice_free: bool, foci: int) -> Breakdown:
    """Spells per Beat (or Micro turn): 1 by Incantation if the voice is free, plus 1 per
    Arcane Focus held (F-MAGIC-GEN-02, F-MAGIC-GEN-03, G-F-37)."""
    terms = [
        Contribution(
            amount=1 if voice_free else 0,
            label="Incantation" if voice_free else "voice not free (gagged or silenced)",
            source="F-MAGIC-GEN-02",
        )
    ]
    if foci:
        terms.append(
            Contribution(amount=foci, label=f"{foci} Arcane Focus", source="F-MAGIC-GEN-03")
        )
    return Breakdown.of(*terms)


def sustain_breakdown(active_spell_effects: int) -> Breakdown:
    """Sustain Spell's TN: 4 + 1 per active spell effect (F-MAGIC-MICRO-08)."""
    terms = [Contribution(amount=SUSTAIN_BASE_TN, label="Sustain Spell", source="F-MAGIC-MICRO-08")]
    if active_spell_effects:
        terms.append(
            Contribution(
                amount=active_spell_effects, label="active spell effects", source="F-MAGIC-MICRO-08"
            )
        )
    return Breakdown.of(*terms)


class DerivedInput(Frozen):
    """A character's stat dice and what it holds."""

    stats: dict[Stat, int] = Field(
        min_length=1, description="Die sizes: {'body': 8, ...}; 0 for a stat reduced to zero."
    )
    foci: int = Field(default=0, ge=0, le=MAX_FOCI)
    voice_free: bool = True
    active_spell_effects: int = Field(default=0, ge=0, le=40)
    kind: Literal["pc", "npc"] = "pc"
    options: FractalOptions = Field(default_factory=FractalOptions)

    @field_validator("stats")
    @classmethod
    def _on_the_ladder(cls, stats: dict[Stat, int]) -> dict[Stat, int]:
        for stat, size in stats.items():
            if size not in LADDER:
                raise ValueError(f"{stat.value}: d{size} is not on the ladder d4-d12 (or 0)")
        return stats


class DerivedOutcome(Frozen):
    """Each derived number, and its breakdown under ``breakdowns``."""

    max_ap: int
    micro_magic_range: int
    aoe_radius: int
    oratory_audience: int
    spells_per_beat: int
    sustain_tn: int
    breakdowns: dict[str, Breakdown]


def derive(request: DerivedInput) -> DerivedOutcome:
    """Every derived number of ``request``."""
    found = {
        "max_ap": max_ap_breakdown(request.stats, kind=request.kind, options=request.options),
        "micro_magic_range": range_breakdown(request.stats),
        "aoe_radius": radius_breakdown(request.stats),
        "oratory_audience": audience_breakdown(request.stats),
        "spells_per_beat": spells_breakdown(voice_free=request.voice_free, foci=request.foci),
        "sustain_tn": sustain_breakdown(request.active_spell_effects),
    }
    return DerivedOutcome(
        **{name: breakdown.total for name, breakdown in found.items()}, breakdowns=found
    )


def _derived_odds(request: DerivedInput) -> OutcomeOdds:
    return OutcomeOdds.of({f"max AP {derive(request).max_ap}": 1})


@resolver(
    "fractal.derived",
    summary="Max AP, magic range and area, Oratory's audience, spells per Beat, Sustain's TN.",
    odds=_derived_odds,
    example={"stats": {"body": 8, "logic": 6, "meditation": 6}},
)
def derived(request: DerivedInput, roller: Roller) -> DerivedOutcome:
    """Read the numbers off the stat dice (nothing is rolled)."""
    return derive(request)
