"""How long a social encounter lasts and how it ends (document 001, "Encounter Length" and
"Ending Social Encounters": P-SOC-09, P-ARG-09, P-ARG-10).

The GM decides the number of rounds: One Chance 1, Short 2, Average 3 (the default),
Long 4; Appeal for Time changes it (``appeal.py``). "Once the number of rounds has been
exhausted, the encounter ends. The outcome is based on the remaining target DP at that
time": Victory at 0 or less, Weak Victory from 1 to 4, Defeat at 5 or more. "The
gamemaster may end an encounter earlier when some of the target DP have dropped to zero
or less" (:func:`may_end_early`).
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.resolvers import resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.social.tables import Length, SocialResult, social_tables

RESULT_WORDS = {"victory": "Victory", "weak_victory": "Weak Victory", "defeat": "Defeat"}

DP_LIMIT = 10_000
"""The largest remaining target DP an input accepts (a bound against typos)."""


def rounds_for(length: Length) -> int:
    """The rounds of an encounter of ``length`` (P-SOC-09).

    >>> [rounds_for(length) for length in ("one_chance", "short", "average", "long")]
    [1, 2, 3, 4]
    """
    return social_tables().lengths[length]


def result_for(remaining: int) -> SocialResult:
    """The result of a party left with ``remaining`` target DP (P-ARG-09).

    >>> [result_for(remaining) for remaining in (-3, 0, 1, 4, 5)]
    ['victory', 'victory', 'weak_victory', 'weak_victory', 'defeat']
    """
    return social_tables().result_for(remaining)


def may_end_early(remaining: Iterable[int]) -> bool:
    """Whether some target DP has dropped to zero or less (P-ARG-10)."""
    return any(value <= 0 for value in remaining)


class SocialOutcomeInput(Frozen):
    """A party's remaining target DP when the encounter ends."""

    remaining_target_dp: int = Field(ge=-DP_LIMIT, le=DP_LIMIT)


class SocialOutcome(Frozen):
    """Victory, Weak Victory or Defeat, and the rule that gave it."""

    result: SocialResult
    rule: str = "P-ARG-09"


@resolver(
    "percentile.social_outcome",
    summary="How a social encounter ends for a party: Victory, Weak Victory or Defeat.",
    example={"remaining_target_dp": 3},
)
def social_outcome(request: SocialOutcomeInput, roller: Roller) -> SocialOutcome:
    """The result the remaining target DP gives (P-ARG-09); rolls nothing."""
    return SocialOutcome(result=result_for(request.remaining_target_dp))
