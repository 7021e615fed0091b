"""What happens in a ``percentile`` combat encounter: the event kinds and their payloads.

An event says what happened ("Brenna's turn order is 27", "Aldric takes 6 damage to the
chest"), never what to do; the state is their fold (``fold.py``). Kinds are
``percentile.<what>``; each payload is a frozen model, so the log stores JSON and reads
it back exactly. Hit points, Magic Points and Determination Points change only through
:class:`Damaged` and :class:`PointsChanged` (and GM overrides).
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import JsonValue

from tablekeeper.engine.values import Frozen, parse_payload
from tablekeeper.rulesets.percentile.encounter.payloads import (
    GM_ENDED,
    ActionTaken,
    Aimed,
    AttackResolved,
    AttackRolled,
    AwaitingSet,
    CastingChanged,
    CheckPurpose,
    CheckRolled,
    ChoiceMade,
    CombatantAdded,
    CombatantOnly,
    Concentrated,
    Damaged,
    DefenseReserved,
    Disengagement,
    DistanceChanged,
    EncounterEnded,
    Engaged,
    Equipped,
    FormChanged,
    Fumbled,
    GearWorn,
    GrappleChange,
    Grappled,
    ItemMoved,
    Moved,
    Nothing,
    OrderChanged,
    PassionUsed,
    PointsChanged,
    ProneChanged,
    Pushed,
    ReserveUsed,
    RoundEnded,
    RoundStarted,
    SpellCast,
    SpiritEngaged,
    SpiritResolved,
    SpiritRolled,
    Spoke,
    Stepped,
    StuckWeaponChange,
    TasksSet,
    TurnEnded,
    TurnOrderRolled,
    TurnStarted,
    Waited,
    WeaponStuck,
)
from tablekeeper.rulesets.percentile.encounter.social.events import SOCIAL_EVENT_MODELS

COMBATANT_ADDED = "percentile.combatant_added"
COMBATANT_REMOVED = "percentile.combatant_removed"
ENCOUNTER_STARTED = "percentile.encounter_started"
TURN_ORDER_ROLLED = "percentile.turn_order_rolled"
ROUND_STARTED = "percentile.round_started"
ROUND_ENDED = "percentile.round_ended"
TURN_STARTED = "percentile.turn_started"
TURN_ENDED = "percentile.turn_ended"
ORDER_CHANGED = "percentile.order_changed"
WAITED = "percentile.waited"
ACTION_TAKEN = "percentile.action_taken"
AIMED = "percentile.aimed"
DEFENSE_RESERVED = "percentile.defense_reserved"
RESERVE_USED = "percentile.reserve_used"
ENGAGED = "percentile.engaged"
DISTANCE_CHANGED = "percentile.distance_changed"
DISENGAGE_DECLARED = "percentile.disengage_declared"
DISENGAGE_FAILED = "percentile.disengage_failed"
DISENGAGED = "percentile.disengaged"
SPIRIT_ENGAGED = "percentile.spirit_engaged"
SPIRIT_GUARD_TAKEN = "percentile.spirit_guard_taken"
TASKS_SET = "percentile.tasks_set"
AWAITING_SET = "percentile.awaiting_set"
CHOICE_MADE = "percentile.choice_made"
ATTACK_ROLLED = "percentile.attack_rolled"
ATTACK_RESOLVED = "percentile.attack_resolved"
DAMAGED = "percentile.damaged"
POINTS_CHANGED = "percentile.points_changed"
GEAR_WORN = "percentile.gear_worn"
ITEM_DROPPED = "percentile.item_dropped"
ITEM_LOST = "percentile.item_lost"
EQUIPPED = "percentile.equipped"
PRONE_CHANGED = "percentile.prone_changed"
PUSHED = "percentile.pushed"
FUMBLED = "percentile.fumbled"
WEAPON_STUCK = "percentile.weapon_stuck"
WEAPON_LET_GO = "percentile.weapon_let_go"
WEAPON_PULLED = "percentile.weapon_pulled"
WEAPON_REGRABBED = "percentile.weapon_regrabbed"
GRAPPLED = "percentile.grappled"
GRAPPLE_TIGHTENED = "percentile.grapple_tightened"
GRAPPLE_RELEASED = "percentile.grapple_released"
CASTING = "percentile.casting"
SPELL_CAST = "percentile.spell_cast"
CONCENTRATED = "percentile.concentrated"
CHECK_ROLLED = "percentile.check_rolled"
RALLIED = "percentile.rallied"
MOVED = "percentile.moved"
STEPPED = "percentile.stepped"
SPOKE = "percentile.spoke"
PASSION_USED = "percentile.passion_used"
FORM_CHANGED = "percentile.form_changed"
SPIRIT_ROLLED = "percentile.spirit_rolled"
SPIRIT_RESOLVED = "percentile.spirit_resolved"
FATIGUED = "percentile.fatigued"
COMBATANT_DOWN = "percentile.combatant_down"
ENCOUNTER_ENDED = "percentile.encounter_ended"
DISTANCE_INTENT_MET = "percentile.distance_intent_met"


EVENT_MODELS: dict[str, type[Frozen]] = {
    COMBATANT_ADDED: CombatantAdded,
    COMBATANT_REMOVED: CombatantOnly,
    ENCOUNTER_STARTED: Nothing,
    TURN_ORDER_ROLLED: TurnOrderRolled,
    ROUND_STARTED: RoundStarted,
    ROUND_ENDED: RoundEnded,
    TURN_STARTED: TurnStarted,
    TURN_ENDED: TurnEnded,
    ORDER_CHANGED: OrderChanged,
    WAITED: Waited,
    ACTION_TAKEN: ActionTaken,
    AIMED: Aimed,
    DEFENSE_RESERVED: DefenseReserved,
    RESERVE_USED: ReserveUsed,
    ENGAGED: Engaged,
    DISTANCE_CHANGED: DistanceChanged,
    DISENGAGE_DECLARED: Disengagement,
    DISENGAGE_FAILED: Disengagement,
    DISENGAGED: Disengagement,
    SPIRIT_ENGAGED: SpiritEngaged,
    SPIRIT_GUARD_TAKEN: CombatantOnly,
    TASKS_SET: TasksSet,
    AWAITING_SET: AwaitingSet,
    CHOICE_MADE: ChoiceMade,
    ATTACK_ROLLED: AttackRolled,
    ATTACK_RESOLVED: AttackResolved,
    DAMAGED: Damaged,
    POINTS_CHANGED: PointsChanged,
    GEAR_WORN: GearWorn,
    ITEM_DROPPED: ItemMoved,
    ITEM_LOST: ItemMoved,
    EQUIPPED: Equipped,
    PRONE_CHANGED: ProneChanged,
    PUSHED: Pushed,
    FUMBLED: Fumbled,
    WEAPON_STUCK: WeaponStuck,
    WEAPON_LET_GO: StuckWeaponChange,
    WEAPON_PULLED: StuckWeaponChange,
    WEAPON_REGRABBED: StuckWeaponChange,
    GRAPPLED: Grappled,
    GRAPPLE_TIGHTENED: GrappleChange,
    GRAPPLE_RELEASED: GrappleChange,
    CASTING: CastingChanged,
    SPELL_CAST: SpellCast,
    CONCENTRATED: Concentrated,
    CHECK_ROLLED: CheckRolled,
    RALLIED: CombatantOnly,
    MOVED: Moved,
    STEPPED: Stepped,
    SPOKE: Spoke,
    PASSION_USED: PassionUsed,
    FORM_CHANGED: FormChanged,
    SPIRIT_ROLLED: SpiritRolled,
    SPIRIT_RESOLVED: SpiritResolved,
    FATIGUED: CombatantOnly,
    COMBATANT_DOWN: CombatantOnly,
    ENCOUNTER_ENDED: EncounterEnded,
    DISTANCE_INTENT_MET: ReserveUsed,
    **SOCIAL_EVENT_MODELS,
}
"""Every event kind and the model of its payload (a social encounter's among them)."""


def read_event(kind: str, payload: Mapping[str, JsonValue]) -> Frozen:
    """An event's payload as its model; an unknown kind is a ``ValueError``."""
    model = EVENT_MODELS.get(kind)
    if model is None:
        raise ValueError(f"a percentile encounter has no event {kind!r}")
    return parse_payload(payload, model)


__all__ = [
    "ACTION_TAKEN",
    "AIMED",
    "ATTACK_RESOLVED",
    "ATTACK_ROLLED",
    "AWAITING_SET",
    "CASTING",
    "CHECK_ROLLED",
    "CHOICE_MADE",
    "COMBATANT_ADDED",
    "COMBATANT_DOWN",
    "COMBATANT_REMOVED",
    "CONCENTRATED",
    "DAMAGED",
    "DEFENSE_RESERVED",
    "DISENGAGED",
    "DISENGAGE_DECLARED",
    "DISENGAGE_FAILED",
    "DISTANCE_CHANGED",
    "DISTANCE_INTENT_MET",
    "ENCOUNTER_ENDED",
    "ENCOUNTER_STARTED",
    "ENGAGED",
    "EQUIPPED",
    "EVENT_MODELS",
    "FATIGUED",
    "FORM_CHANGED",
    "FUMBLED",
    "GEAR_WORN",
    "GM_ENDED",
    "GRAPPLED",
    "GRAPPLE_RELEASED",
    "GRAPPLE_TIGHTENED",
    "ITEM_DROPPED",
    "ITEM_LOST",
    "MOVED",
    "ORDER_CHANGED",
    "PASSION_USED",
    "POINTS_CHANGED",
    "PRONE_CHANGED",
    "PUSHED",
    "RALLIED",
    "RESERVE_USED",
    "ROUND_ENDED",
    "ROUND_STARTED",
    "SPELL_CAST",
    "SPIRIT_ENGAGED",
    "SPIRIT_GUARD_TAKEN",
    "SPIRIT_RESOLVED",
    "SPIRIT_ROLLED",
    "SPOKE",
    "STEPPED",
    "TASKS_SET",
    "TURN_ENDED",
    "TURN_ORDER_ROLLED",
    "TURN_STARTED",
    "WAITED",
    "WEAPON_LET_GO",
    "WEAPON_PULLED",
    "WEAPON_REGRABBED",
    "WEAPON_STUCK",
    "ActionTaken",
    "Aimed",
    "AttackResolved",
    "AttackRolled",
    "AwaitingSet",
    "CastingChanged",
    "CheckPurpose",
    "CheckRolled",
    "ChoiceMade",
    "CombatantAdded",
    "CombatantOnly",
    "Concentrated",
    "Damaged",
    "DefenseReserved",
    "Disengagement",
    "DistanceChanged",
    "EncounterEnded",
    "Engaged",
    "Equipped",
    "FormChanged",
    "Fumbled",
    "GearWorn",
    "GrappleChange",
    "Grappled",
    "ItemMoved",
    "Moved",
    "Nothing",
    "OrderChanged",
    "PassionUsed",
    "PointsChanged",
    "ProneChanged",
    "Pushed",
    "ReserveUsed",
    "RoundEnded",
    "RoundStarted",
    "SpellCast",
    "SpiritEngaged",
    "SpiritResolved",
    "SpiritRolled",
    "Spoke",
    "Stepped",
    "StuckWeaponChange",
    "TasksSet",
    "TurnEnded",
    "TurnOrderRolled",
    "TurnStarted",
    "Waited",
    "WeaponStuck",
    "read_event",
]
