"""The rulings a table may change in the ``fractal`` ruleset (rule document 000).

:class:`FractalOptions` is the ruleset's one ``Options`` model: a campaign plays by it,
it travels in the encounter's state (a replay uses the options the encounter was played
with), and the resolvers that need a ruling take it as their ``options`` field. The
document's core chapters (1-5: how many dice, what a success is, how the Action Pool is
sized and refreshes, Solo conflicts) are missing; every default below is the ruling
written in ``docs/rulings.md`` under the gap id its description names.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field

from tablekeeper.engine.values import Frozen

SuccessRule: TypeAlias = Literal["at_least_tn", "above_tn"]
"""G-F-01: a die succeeds when it shows the TN or more, or only when it shows more."""

MaxApRule: TypeAlias = Literal["two_highest_faces", "two_highest_half_sum", "all_faces"]
"""G-F-02: Max AP is the sum of the highest faces of the two highest stat dice, half the
sum of those two die sizes, or (player characters only) the sum of every stat's highest
face."""

RefreshRule: TypeAlias = Literal["every_step", "every_exchange", "when_exhausted"]
"""G-F-03: the pool refills at the start of every time step of the conflict (Micro
Exchange, Solo Interval, Nano Beat), of every Exchange only (Nano Beats share a pool), or
only for a participant whose pool is spent."""

MarginRule: TypeAlias = Literal["after_defense_and_armor", "beyond_first"]
"""G-F-04: the margin of success is the success level after defense and armor, or the
successes beyond the first of that."""

SoloIntervals: TypeAlias = Literal["meditation_max", "meditation_roll"]
"""G-F-05: a Solo conflict lasts the highest face of the Meditation die in Intervals, or
a roll of that die."""


class FractalOptions(Frozen):
    """Options of the ``fractal`` ruleset; the defaults are the project's rulings."""

    success_rule: SuccessRule = Field(
        default="at_least_tn",
        description="G-F-01: a die showing the TN or more is a success ('at_least_tn'), "
        "or only a die showing more than the TN ('above_tn').",
    )
    ap_per_die: int = Field(
        default=1,
        ge=1,
        le=4,
        description="G-F-01: the AP one committed die costs (the 2 AP of Feint and Motte and "
        "Bailey is their own premium rate).",
    )
    rank_caps_dice: bool = Field(
        default=False,
        description="G-F-01: false (the ruling) caps dice by Rank only where a rule says so; "
        "true caps every action's committed dice at the actor's Rank in its skill.",
    )
    max_ap: MaxApRule = Field(
        default="two_highest_faces",
        description="G-F-02: Max AP from the stat dice: the highest faces of the two highest "
        "dice added ('two_highest_faces': Body d6 + Visual d6 = 12), half the sum of those two "
        "sizes ('two_highest_half_sum': 6), or every stat's highest face for a player "
        "character ('all_faces'; NPCs keep their two highest, F-GM-02).",
    )
    ap_refresh: RefreshRule = Field(
        default="every_step",
        description="G-F-03: the pool refills to Max AP at the start of every time step of "
        "the conflict ('every_step'), of every Exchange ('every_exchange'), or only for a "
        "participant with no AP left ('when_exhausted').",
    )
    margin: MarginRule = Field(
        default="after_defense_and_armor",
        description="G-F-04: the margin of success is max(0, success level - defense - "
        "armor) ('after_defense_and_armor'), or one less ('beyond_first').",
    )
    solo_intervals: SoloIntervals = Field(
        default="meditation_max",
        description="G-F-05: a Solo conflict without a deadline lasts the highest face of the "
        "Meditation die in Intervals ('meditation_max') or a roll of it ('meditation_roll').",
    )
    solo_every_technique: bool = Field(
        default=True,
        description="G-F-05: a Solo project succeeds only if every declared technique earned "
        "at least one success, besides reaching the Goal.",
    )
    spillover: Literal["condition", "label"] = Field(
        default="condition",
        description="G-F-10: a spillover is a second condition of its own row, tracked "
        "separately ('condition'), or a label with no penalty of its own ('label').",
    )
    or_dice: Literal["chosen_stat", "either_stat"] = Field(
        default="chosen_stat",
        description="G-F-11: '-1 die to Body or Nature' is one stat chosen when the "
        "condition is applied ('chosen_stat'), or rolls of either stat ('either_stat').",
    )
    vitalized_spend: Literal["proactive", "magical_or_proactive"] = Field(
        default="proactive",
        description="G-F-13: Vitalized's temporary AP pays for Proactive actions only (the "
        "table), or for magical or Proactive actions (the domain summary).",
    )
    social_scene_ap: Literal["social_conflicts", "always"] = Field(
        default="social_conflicts",
        description="G-F-15: the Max AP loss of a negative Social condition counts in "
        "conflicts of the Social tree only, or everywhere.",
    )
    knockdown: Literal["impact", "hindered"] = Field(
        default="impact",
        description="G-F-16: Ergokinesis's 'Knockdown' is the Physical Impact condition, or "
        "the Magical Hindered one.",
    )
    sustain_cost: Literal["committed_dice", "one_per_effect"] = Field(
        default="committed_dice",
        description="G-F-20: Sustain Spell costs the dice committed to its roll (at least "
        "one), or that plus 1 AP per active effect.",
    )
    failed_maneuver_moves: bool = Field(
        default=True,
        description="G-F-22: a Micro maneuver with no success still moves 1 square (the "
        "literal 'success level + 1'); false moves nothing on a failed roll.",
    )
    cleave_counts_struck: bool = Field(
        default=True,
        description="G-F-31: the minions removed by a cleave number the margin, the struck "
        "one included; false removes the margin in further minions.",
    )
    falling_trigger: Literal["max_ap", "current_ap"] = Field(
        default="max_ap",
        description="G-F-32: a lethal-tagged condition fells a character when Max AP reaches "
        "0 ('max_ap'), or when its current AP does ('current_ap').",
    )
    micro_combat_zero_falls: bool = Field(
        default=True,
        description="G-F-32: 0 Max AP from Combat Micro wounds is falling to wounds "
        "(unconscious and bleeding out, with the Golden Hour).",
    )
    sense_overload_severity: int = Field(
        default=1,
        ge=1,
        le=4,
        description="G-F-38: the severity of the Disoriented condition Blinding [4] and "
        "Deafening [4] inflict each turn.",
    )
