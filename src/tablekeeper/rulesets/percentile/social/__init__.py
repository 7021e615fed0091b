"""Social encounters of rule document 001 ("Social Encounters" to the end): the checks.

Pure functions and the values that go with them, each module naming the section it
implements (CATALOG ids ``P-SOC-..``, ``P-ARG-..``); the social encounter's engine is
``encounter/social/``.

- :mod:`.tables`: the chapter's tables in ``data/social.yaml`` (time scales, goals, party
  sizes, lengths, the ending's bands), validated at load.
- :mod:`.scale`: what a time scale allows a Persuasion specialization and a spell.
- :mod:`.target`: a party's target DP (``percentile.target_dp``).
- :mod:`.initiative`: social turn order (``percentile.social_initiative``).
- :mod:`.appeal`: Appeal for Time (``percentile.appeal_for_time``).
- :mod:`.investigate`: Investigate (``percentile.investigate``).
- :mod:`.damage`, :mod:`.argue_input`, :mod:`.exchange`, :mod:`.argue`,
  :mod:`.argue_odds`: social damage and an argument (``percentile.argue``) with its odds.
- :mod:`.ending`: the encounter's length and its outcome (``percentile.social_outcome``).
"""

from tablekeeper.rulesets.percentile.social.appeal import appeal_for_time
from tablekeeper.rulesets.percentile.social.argue import argue
from tablekeeper.rulesets.percentile.social.ending import social_outcome
from tablekeeper.rulesets.percentile.social.initiative import social_initiative_check
from tablekeeper.rulesets.percentile.social.investigate import investigate
from tablekeeper.rulesets.percentile.social.target import target_dp

SOCIAL_RESOLVERS = (
    social_initiative_check,
    target_dp,
    appeal_for_time,
    argue,
    social_outcome,
    investigate,
)
"""The resolvers of the social chapter, in the order of use."""

__all__ = [
    "SOCIAL_RESOLVERS",
    "appeal_for_time",
    "argue",
    "investigate",
    "social_initiative_check",
    "social_outcome",
    "target_dp",
]
