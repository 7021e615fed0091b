"""The time scale of a social encounter: what it lets a Persuasion specialization and a
spell do (document 001, "Time Scale": P-SOC-02 .. P-SOC-04, P-SOC-23).

"Of the different specializations of the Persuasion skill, Negotiation works at all time
scales but only leads to reasonable compromises. Intimidation works on Short scales but
can only be sustained at Medium and longer scales if the position of force can be
maintained and demonstrated over that time. Fast-Talk cannot be used at an Hourly scale
or longer. Charm cannot be used at a Daily scale." Any other ability ("or another
ability") is not restricted by the scale.

"Magic spells are only effective if they can last at least two-thirds of the maximum
round duration. Sufficiently long-acting spells may be active for more than one round."
A round counts for a spell when the spell lasts two-thirds of it; so a spell is active
for every whole round it lasts and for a last one it covers two-thirds of
(:func:`spell_rounds`), and is wasted when that is none (G-P-23).
"""

from __future__ import annotations

import re
from functools import lru_cache

from tablekeeper.engine import fast_paths
from tablekeeper.rulesets.percentile.social.tables import (
    SPECIALIZATIONS,
    Specialization,
    TimeScale,
    social_tables,
)

SCALE_WORDS = {"short": "Short", "medium": "Medium", "hourly": "Hourly", "daily": "Daily"}
SPECIALIZATION_WORDS = {
    "negotiation": "Negotiation",
    "intimidation": "Intimidation",
    "fast_talk": "Fast-Talk",
    "charm": "Charm",
}

MAGIC_SHARE = (2, 3)
"""A spell must last two-thirds of the round's maximum duration (P-SOC-04)."""


def specialization_of(name: str) -> Specialization | None:
    """The Persuasion specialization ``name`` names (``Fast-Talk``, ``fast talk``,
    ``fast_talk``...), or ``None`` for another ability.

    >>> specialization_of("Fast-Talk"), specialization_of("Charm"), specialization_of("Oratory")
    ('fast_talk', 'charm', None)
    """
    if fast_paths.enabled():  # once per name (``engine/fast_paths.py``)
        return _specialization(name)
    return _specialization.__wrapped__(name)


@lru_cache(maxsize=256)
def _specialization(name: str) -> Specialization | None:
    key = re.sub(r"[\s\-]+", "_", name.strip().lower())
    for known in SPECIALIZATIONS:
        if key == known:
            return known
    return None


def refusal(name: str, scale: TimeScale, *, position_of_force: bool = False) -> str | None:
    """Why the specialization ``name`` cannot be used at ``scale`` (``None``: it can).

    >>> refusal("fast_talk", "hourly")
    'Fast-Talk cannot be used at an Hourly scale (P-SOC-03)'
    >>> refusal("intimidation", "medium"), refusal("intimidation", "medium", position_of_force=True)
    ('Intimidation can be sustained at a Medium scale only from a position of force maintained \
and demonstrated over that time (P-SOC-03)', None)
    """
    specialization = specialization_of(name)
    if specialization is None:
        return None
    use = social_tables().time_scales[scale].specializations[specialization]
    words, at = SPECIALIZATION_WORDS[specialization], SCALE_WORDS[scale]
    if use == "never":
        return f"{words} cannot be used at {_article(at)} {at} scale (P-SOC-03)"
    if use == "position_of_force" and not position_of_force:
        return (
            f"{words} can be sustained at {_article(at)} {at} scale only from a position of "
            "force maintained and demonstrated over that time (P-SOC-03)"
        )
    return None


def _article(word: str) -> str:
    return "an" if word == "Hourly" else "a"


def round_seconds(scale: TimeScale, stated: int | None = None) -> int:
    """The maximum duration of a round at ``scale``: the GM's, else the table's."""
    return stated if stated is not None else social_tables().time_scales[scale].round_seconds


def spell_rounds(duration_seconds: int, round_length: int) -> int:
    """The rounds a spell lasting ``duration_seconds`` is active for, rounds lasting at most
    ``round_length`` seconds: each whole round, and a last one it lasts two-thirds of
    (P-SOC-04, P-SOC-23; 0: the spell is wasted).

    >>> [spell_rounds(seconds, 60) for seconds in (39, 40, 60, 99, 100, 120)]
    [0, 1, 1, 1, 2, 2]
    """
    whole, part = divmod(max(0, duration_seconds), round_length)
    numerator, denominator = MAGIC_SHARE
    return whole + (1 if part * denominator >= round_length * numerator else 0)
