"""The ``percentile`` ruleset (rule document 001, "Encounters"): d100 roll-under checks,
stat blocks, situational modifiers and the attack.

This package exports the checks: pure functions and the values that go with them, each
module naming the section of the document it implements (CATALOG ids ``P-...``).

- :mod:`.checks`: the d100 check and its levels (``percentile.check``, :func:`level_of`).
- :mod:`.opposed`: opposed rolls and degrees of victory (``percentile.opposed``).
- :mod:`.modifiers`: situational modifiers, each a :class:`Contribution` with its source.
- :mod:`.stats`: stat blocks: characteristics, skills, weapons, shields, armor, initiative.
- :mod:`.attack_input`, :mod:`.attack`, :mod:`.attack_odds`: one attack through the four
  steps of "Attack and Defense" (``percentile.attack``), with its exact odds; the steps
  themselves in :mod:`.blows`, :mod:`.defense`, :mod:`.damage`, :mod:`.impales`,
  :mod:`.fumbles` (``percentile.fumble``); grapple damage in :mod:`.grapples`.
- :mod:`.tables`: the Combat Fumble Table and the (provisional) hit location table in
  ``data/``, validated at load.
- :mod:`.options`: :class:`PercentileOptions`, the optional rules and the rulings.

The ruleset object (:mod:`.ruleset`: ``PERCENTILE``, the whole ruleset contract) and
what it is made of are not imported here (they import the checks): the encounter engine
(:mod:`.encounter`), the cards (:mod:`.cards`), the player's view (:mod:`.views`), the
odds before committing (:mod:`.odds`), the words (:mod:`.words`, :mod:`.sentences`), the
scenario format (:mod:`.scenario`) and the console panel (``console/panel.html``).
"""

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.rulesets.percentile.attack import (
    AttackOutcome,
    CounterOutcome,
    DefenseOutcome,
    DisarmOutcome,
    HazardOutcome,
    attack,
    devastating_defense,
    finish_attack,
    resolve_attack,
    roll_attack,
    roll_location,
)
from tablekeeper.rulesets.percentile.attack_input import (
    AttackerInput,
    AttackInput,
    DefenderInput,
    FiringIntoMelee,
    Hazard,
    attack_breakdown,
    attacker_standing,
    defender_standing,
    defense_breakdown,
)
from tablekeeper.rulesets.percentile.attack_odds import AttackOdds, attack_odds
from tablekeeper.rulesets.percentile.blows import (
    Blow,
    FollowUp,
    blow_kind,
    blow_plan,
    hazard_chance,
)
from tablekeeper.rulesets.percentile.checks import (
    D100,
    CheckInput,
    CheckOutcome,
    Level,
    characteristic_skill,
    check,
    check_odds,
    check_outcome,
    critical_threshold,
    fumble_start,
    level_odds,
    level_of,
    roll_check,
    skill_breakdown,
)
from tablekeeper.rulesets.percentile.damage import (
    DamageOutcome,
    DamagePlan,
    EquipmentWear,
    blow_terms,
    equipment_wear,
    roll_damage,
    spirit_damage_terms,
    stuck_weapon_plan,
)
from tablekeeper.rulesets.percentile.defense import DefenseEffect, DefenseKind, exchange
from tablekeeper.rulesets.percentile.fumbles import (
    FumbleGear,
    FumbleInput,
    FumbleOutcome,
    fumble,
    roll_fumble,
)
from tablekeeper.rulesets.percentile.grapples import (
    escape_damage_plan,
    grapple_damage_plan,
    twist_limb_plan,
)
from tablekeeper.rulesets.percentile.impales import (
    ImpaleOutcome,
    ImpaleResult,
    roll_impale,
)
from tablekeeper.rulesets.percentile.modifiers import MeleeDistance, Situation
from tablekeeper.rulesets.percentile.opposed import (
    Contest,
    OpposedInput,
    OpposedOutcome,
    OpposedSide,
    Victory,
    Winner,
    contest,
    opposed,
    opposed_odds,
    victory_degree,
)
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions
from tablekeeper.rulesets.percentile.resolvers import PERCENTILE_RESOLVERS, register_resolvers
from tablekeeper.rulesets.percentile.stats import (
    Armor,
    ArmorValues,
    Characteristics,
    Reach,
    Shield,
    StatBlock,
    Weapon,
    WeaponType,
    charge_distance,
    combat_initiative,
    is_charge,
    location_hit_points,
    spirit_initiative,
    step_distance,
)
from tablekeeper.rulesets.percentile.tables import (
    BodyPlan,
    FumbleTable,
    HitLocationTable,
    fumble_table,
    hit_location_table,
    parse_fumble_table,
    parse_hit_location_table,
)

__all__ = [
    "D100",
    "DEFAULT_OPTIONS",
    "PERCENTILE_RESOLVERS",
    "Armor",
    "ArmorValues",
    "AttackInput",
    "AttackOdds",
    "AttackOutcome",
    "AttackerInput",
    "Blow",
    "BodyPlan",
    "Breakdown",
    "Characteristics",
    "CheckInput",
    "CheckOutcome",
    "Contest",
    "Contribution",
    "CounterOutcome",
    "DamageOutcome",
    "DamagePlan",
    "DefenderInput",
    "DefenseEffect",
    "DefenseKind",
    "DefenseOutcome",
    "DisarmOutcome",
    "EquipmentWear",
    "FiringIntoMelee",
    "FollowUp",
    "FumbleGear",
    "FumbleInput",
    "FumbleOutcome",
    "FumbleTable",
    "Hazard",
    "HazardOutcome",
    "HitLocationTable",
    "ImpaleOutcome",
    "ImpaleResult",
    "Level",
    "MeleeDistance",
    "OpposedInput",
    "OpposedOutcome",
    "OpposedSide",
    "PercentileOptions",
    "Reach",
    "Shield",
    "Situation",
    "StatBlock",
    "Victory",
    "Weapon",
    "WeaponType",
    "Winner",
    "attack",
    "attack_breakdown",
    "attack_odds",
    "attacker_standing",
    "blow_kind",
    "blow_plan",
    "blow_terms",
    "characteristic_skill",
    "charge_distance",
    "check",
    "check_odds",
    "check_outcome",
    "combat_initiative",
    "contest",
    "critical_threshold",
    "defender_standing",
    "defense_breakdown",
    "devastating_defense",
    "equipment_wear",
    "escape_damage_plan",
    "exchange",
    "finish_attack",
    "fumble",
    "fumble_start",
    "fumble_table",
    "grapple_damage_plan",
    "hazard_chance",
    "hit_location_table",
    "is_charge",
    "level_odds",
    "level_of",
    "location_hit_points",
    "opposed",
    "opposed_odds",
    "parse_fumble_table",
    "parse_hit_location_table",
    "register_resolvers",
    "resolve_attack",
    "roll_attack",
    "roll_check",
    "roll_damage",
    "roll_fumble",
    "roll_impale",
    "roll_location",
    "skill_breakdown",
    "spirit_damage_terms",
    "spirit_initiative",
    "step_distance",
    "stuck_weapon_plan",
    "twist_limb_plan",
    "victory_degree",
]
