"""The rulings a table may change in the ``percentile`` ruleset (rule document 001).

:class:`PercentileOptions` is the ruleset's ``Options`` model. It travels in every
resolver input (``options``) and in an encounter's initial state, so a replay plays by the
same rules. Three groups of fields:

- the d100 check and the opposed roll, which the document uses but never defines
  (G-P-01, G-P-02): the BRP-family conventions are the defaults;
- one boolean switch per rule of "Optional Combat Encounter Rules" (P-OPT-01 ..
  P-OPT-25). The section calls them "optional but recommended", so each is on; Hit
  Locations, an option of the missing Damage and Injury chapter (G-P-08), is off;
- the rulings on the document's gaps and contradictions a table might decide otherwise,
  the encounter engine's included (turn-order ties, early defense, Wait, opposed spirit
  combat, 0 Magic Points, Rally, default Spirit Damage), which an earlier version kept
  in a separate ``EncounterSettings`` beside the options (a stored state or scenario
  that still has a ``settings`` object is read into these fields), and the social
  encounter's (the provisional social damage, the first Appeal for Time, whom Identify
  Motivations protects).

Every default is the ruling written in ``docs/rulings.md`` under the gap id named on the
field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeAlias

from pydantic import BaseModel, Field

from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.expressions import DiceExpression

Rounding: TypeAlias = Literal["up", "down", "nearest"]
"""How a fraction is rounded to a whole number (``nearest``: halves up)."""

TieBreak: TypeAlias = Literal["defender", "none"]
"""Who wins an opposed roll at the same level of success and the same roll."""

EqualLevels: TypeAlias = Literal["higher_roll", "lower_roll"]
"""At equal levels of success, whether the higher or the lower successful roll wins."""

ParryAbsorbs: TypeAlias = Literal["half", "full"]
"""What a victorious parry adds to armor: half the weapon's HP (round down) or all of it."""

WearMeasure: TypeAlias = Literal["rolled", "after_armor"]
"""Which damage is compared with a parrying weapon's or shield's HP to chip or damage it:
the damage rolled, or the damage left after dodge halving and worn armor."""

RetreatScope: TypeAlias = Literal["all_defenses_until_next_round", "one_defense"]
"""Whether Retreat's +20% helps every defense roll until the next round, or one."""

EarlyDefense: TypeAlias = Literal["every_round", "first_round"]
"""When a defender who has not had their turn yet may take Defend ahead of it, at -20%."""

InitiativeTies: TypeAlias = Literal["initiative_then_roll", "roll"]
"""How equal turn orders are broken."""

UnblockedSpiritDamage: TypeAlias = Literal["both_deal", "winner_only"]
"""Opposed spirit combat when the winner does not block: both deal their damage, or only
the winner does."""

WaitScope: TypeAlias = Literal["round", "encounter"]
"""Whether a Wait lowers the turn order for the rest of the round or for good."""

RallyRoll: TypeAlias = Literal["shared", "per_ally"]
"""Whether Rally's die is rolled once for every ally it reaches, or once for each."""

AppealPenalty: TypeAlias = Literal["after_the_first", "every_use"]
"""Whether the first Appeal for Time of an encounter is free of the cumulative -40%."""

MotivationsProtect: TypeAlias = Literal["party", "character"]
"""Whom a critical Identify Motivations protects from the interlocutor's social damage."""

ENCOUNTER_RULINGS = (
    "initiative_ties",
    "early_defense",
    "wait_scope",
    "unblocked_spirit_damage",
    "zero_magic_points_down",
    "rally_roll",
    "spirit_damage",
)
"""The encounter engine's rulings, which an earlier version kept in a separate
``settings`` object (``EncounterSettings``) of the state and of a scenario."""


class PercentileOptions(Frozen):
    """Options of the ``percentile`` ruleset; the defaults are the project's rulings."""

    # -- the d100 check (G-P-01) -------------------------------------------------------
    critical_divisor: int = Field(
        default=10,
        ge=1,
        le=100,
        description="G-P-01: a success is critical when the roll is at most the effective "
        "skill divided by this (10: a tenth; 20 is the other BRP convention).",
    )
    critical_rounding: Rounding = Field(
        default="up",
        description="G-P-01: how the critical threshold (effective skill / divisor) is rounded.",
    )
    automatic_success_max: int = Field(
        default=5,
        ge=0,
        le=50,
        description="G-P-01: rolls from 01 to this always succeed, whatever the effective "
        "skill (0: none).",
    )
    automatic_failure_min: int = Field(
        default=96,
        ge=51,
        le=101,
        description="G-P-01: rolls from this to 100 always fail, whatever the effective "
        "skill (101: none).",
    )
    fumble_min: int = Field(
        default=99,
        ge=51,
        le=100,
        description="G-P-01: a failed roll from this to 100 is a fumble.",
    )
    fumble_only_100_above: int | None = Field(
        default=100,
        description="G-P-01: when the effective skill exceeds this, only 100 fumbles "
        "(null: the fumble range never shrinks).",
    )
    characteristic_multiplier: int = Field(
        default=5,
        ge=1,
        le=20,
        description="G-P-01: a characteristic roll (a CHA, CON or STR roll) is a check "
        "against the characteristic times this.",
    )

    # -- opposed rolls (G-P-02) --------------------------------------------------------
    opposed_equal_levels: EqualLevels = Field(
        default="higher_roll",
        description="G-P-02: at equal levels of success, the higher successful roll wins "
        "('higher_roll') or the lower ('lower_roll').",
    )
    opposed_tie: TieBreak = Field(
        default="defender",
        description="G-P-02: equal levels of success and equal rolls: the defender (the "
        "status quo) wins, or nobody.",
    )
    fumble_is_a_level: bool = Field(
        default=True,
        description="G-P-02: a fumble counts one level below a failure when the degree of "
        "victory is measured; false counts it as a failure.",
    )

    # -- Optional Combat Encounter Rules (P-OPT), "optional but recommended" -----------
    high_initiative_actions: bool = Field(
        default=True, description="P-OPT-01 High Initiatives and Extra Actions."
    )
    reroll_turn_order: bool = Field(
        default=True, description="P-OPT-02 Re-Rolling Turn Orders (required by weapon_reach)."
    )
    critical_impales: bool = Field(default=True, description="P-OPT-03..06 Critical Impales.")
    split_action: bool = Field(default=True, description="P-OPT-07 Split Action.")
    find_weak_spot: bool = Field(default=True, description="P-OPT-08 Find Weak Spot.")
    called_shots: bool = Field(default=True, description="P-OPT-09 Called Shot.")
    weapon_reach: bool = Field(
        default=True, description="P-OPT-10..14 Weapon Reach: reach and melee distance."
    )
    combat_tricks: bool = Field(
        default=True,
        description="P-OPT-15 Combat Tricks (the chapter is missing: record-only, G-P-08).",
    )
    charge: bool = Field(default=True, description="P-OPT-16 Charge.")
    retreat: bool = Field(default=True, description="P-OPT-17 Retreat.")
    dive_dodge: bool = Field(default=True, description="P-OPT-18 Dive Dodge.")
    melee_fatigue: bool = Field(default=True, description="P-OPT-19 Melee Fatigue.")
    firing_into_melee: bool = Field(default=True, description="P-OPT-20 Firing into Melee.")
    long_magic_casting: bool = Field(default=True, description="P-OPT-21 Long Magic Casting.")
    siz_differences: bool = Field(default=True, description="P-OPT-22 SIZ Differences.")
    bash: bool = Field(default=True, description="P-OPT-23..24 Bash.")
    disarm: bool = Field(default=True, description="P-OPT-25 Disarm.")
    hit_locations: bool = Field(
        default=False,
        description="G-P-03, G-P-08: the Hit Locations option of the missing Damage and "
        "Injury chapter, with the provisional d20 tables of each body plan (humanoid, "
        "quadruped: data/hit_locations*.yaml).",
    )

    # -- rulings on the combat procedure -----------------------------------------------
    roll_fumble_table: bool = Field(
        default=True,
        description="P-ATK-13: a combat fumble rolls on the Combat Fumble table; false "
        "leaves the outcome to the GM and player (no d10 is rolled).",
    )
    dodge_halving: Literal["up", "down"] = Field(
        default="up",
        description="G-P-09: a successful but defeated Dodge halves the damage rounding "
        "up (Attack and Defense) or down (the Defend action's summary).",
    )
    parry_absorbs: ParryAbsorbs = Field(
        default="half",
        description="G-P-10: a victorious parry adds half the weapon's HP, round down "
        "(Step 2), or all of it (the literal Step 3); applied once either way.",
    )
    equipment_wear_from: WearMeasure = Field(
        default="rolled",
        description="G-P-13: the damage compared with a parrying weapon's or shield's HP "
        "to chip or damage it.",
    )
    retreat_scope: RetreatScope = Field(
        default="all_defenses_until_next_round",
        description="G-P-14: Retreat's +20% helps every defense roll until next round "
        "(Optional Rules) or one defense action (the Defend summary).",
    )
    unarmed_damage: DiceExpression = Field(
        default="1d3",
        validate_default=True,
        description="G-P-C6 (provisional, BRP): the damage of a character who hits "
        "themselves on a fumble with no weapon in hand.",
    )

    # -- the encounter engine's rulings (ENCOUNTER_RULINGS) ------------------------------
    initiative_ties: InitiativeTies = Field(
        default="initiative_then_roll",
        description="G-P-16: equal turn orders go to the higher initiative, then to a 1D10 "
        "rolled off among those still equal ('roll': the roll-off alone).",
    )
    early_defense: EarlyDefense = Field(
        default="every_round",
        description="G-P-E1: a defender who has not had their turn this round may take the "
        "Defend action ahead of it, at -20% ('first_round': only before their first turn "
        "of the encounter).",
    )
    wait_scope: WaitScope = Field(
        default="round",
        description="G-P-E2: a Wait lowers the turn order for the rest of the round; the "
        "next round goes back to the rolled turn order ('encounter': it stays lowered).",
    )
    unblocked_spirit_damage: UnblockedSpiritDamage = Field(
        default="both_deal",
        description="G-P-21: when the winner of opposed spirit combat does not block, both "
        "deal their Spirit Damage ('winner_only': only the winner does).",
    )
    zero_magic_points_down: bool = Field(
        default=True,
        description="G-P-E3: a combatant whose Magic Points fall to 0 through Spirit Damage "
        "is out of the fight (unconscious, or a spirit dispersed) until the GM says "
        "otherwise.",
    )
    rally_roll: RallyRoll = Field(
        default="shared",
        description="G-P-E4: Rally's 1D6 / 1D4 is rolled once for every ally it reaches "
        "('per_ally': once for each).",
    )
    spirit_damage: DiceExpression = Field(
        default="1d3",
        validate_default=True,
        description="G-P-05 (provisional): the Spirit Damage of a combatant whose stat block "
        "states none.",
    )

    # -- social encounters (document 001, "Social Encounters") --------------------------
    social_damage: DiceExpression = Field(
        default="2d6",
        validate_default=True,
        description="G-P-05 (provisional): the social damage of a character whose sheet "
        "states none (about 7 a round: a Debatable 20 DP in an Average 3 rounds).",
    )
    appeal_penalty: AppealPenalty = Field(
        default="after_the_first",
        description="G-P-18: each Appeal for Time after the first is at a cumulative -40% "
        "(the k-th at -40% x (k - 1)); 'every_use' penalises the first too (-40% x k).",
    )
    motivations_protect: MotivationsProtect = Field(
        default="party",
        description="G-P-28: a critical Identify Motivations halves the interlocutor's "
        "social damage against the whole party ('character': against the identifier only).",
    )


def with_settings(data: Any, field: str = "options") -> Any:
    """``data`` (a stored state or a scenario, as a mapping) with an earlier version's
    ``settings`` object moved into ``field``: its rulings are options now. Anything else
    is returned as it is, for the model to judge.

    >>> with_settings({"options": {"bash": False}, "settings": {"wait_scope": "encounter"}})
    {'options': {'wait_scope': 'encounter', 'bash': False}}
    >>> with_settings({"options": {"bash": False}})
    {'options': {'bash': False}}
    """
    if not isinstance(data, Mapping) or "settings" not in data:
        return data
    moved = dict(data)
    settings = moved.pop("settings")
    options = moved.get(field)
    if isinstance(options, BaseModel):
        options = options.model_dump()
    if isinstance(settings, BaseModel):
        settings = settings.model_dump()
    if isinstance(settings, Mapping) and (options is None or isinstance(options, Mapping)):
        moved[field] = {**settings, **(options or {})}
        return moved
    return data


DEFAULT_OPTIONS = PercentileOptions()
"""The rulings as written in ``docs/rulings.md``."""
