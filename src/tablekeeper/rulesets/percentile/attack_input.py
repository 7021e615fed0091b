"""The input of one attack (``percentile.attack``), and the effective skills it rolls against.

An :class:`AttackInput` holds everything the four steps of "Attack and Defense" read: the
attacker's skill, weapon, damage bonus and the choices that modify the roll (Aim, Called
Shot, Split Action, Find Weak Spot, Firing into Melee, the Modifiers list); the
defender's choice of defense and its modifiers (Retreat, Dive Dodge, defending before
one's first turn); both sides' armor; the melee distance; and the decisions the rules
leave to a player, with defaults (a critical's Devastating or Precise Blow, a critical
Dodge's counter-attack or Disengage, a critical parry's Devastating Defense, the item a
fumble acts on), so the encounter engine can turn each into a ``Decision``.

Every modifier is a :class:`Contribution` citing its rule (:mod:`.modifiers`); the
standing ones the encounter engine knows (grappled, a stuck weapon...) come in
``modifiers``. An option that is off makes the choice it governs an input error naming
the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeAlias

from pydantic import Field, model_validator

from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.memo import built_for_each
from tablekeeper.engine.step_memory import Memory
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import UnknownNameError
from tablekeeper.rulesets.percentile import modifiers as mod
from tablekeeper.rulesets.percentile.as_validated import term
from tablekeeper.rulesets.percentile.checks import SKILL_LIMIT
from tablekeeper.rulesets.percentile.defense import DefenseKind
from tablekeeper.rulesets.percentile.expressions import DiceExpression
from tablekeeper.rulesets.percentile.fumbles import FumbleGear
from tablekeeper.rulesets.percentile.modifiers import MeleeDistance, Situation
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.stats import Armor, Name, Shield, Weapon
from tablekeeper.rulesets.percentile.tables import BodyPlan, hit_location_table, is_humanoid

Intent: TypeAlias = Literal["damage", "bash", "disarm"]
"""What the attack is declared to do before rolling (P-OPT-23, P-OPT-25)."""

CriticalChoice: TypeAlias = Literal["devastating", "precise"]
"""A critical attack's blow: Critical Damage, or normal damage ignoring all armor."""

DodgeChoice: TypeAlias = Literal["counter_attack", "disengage"]
"""A critical Dodge's follow-up (P-ATK-14)."""

MAX_SPLIT = 10
"""The most attempts an input splits an action into (a bound against typos)."""


class FiringIntoMelee(Frozen):
    """Firing into a melee of ``people`` (the target included) avoiding ``avoid`` of them."""

    avoid: int = Field(ge=1, description="People in the melee the shooter tries not to hit.")
    people: int = Field(ge=2, description="Everyone in that melee, the target included.")

    @model_validator(mode="after")
    def _the_target_is_not_avoided(self) -> FiringIntoMelee:
        if self.avoid >= self.people:
            raise ValueError(f"avoiding {self.avoid} of {self.people} leaves no target")
        return self


class Hazard(Frozen):
    """A hazardous zone (a cliff, lava) a Bash may push the target into (P-OPT-24)."""

    athletics: int = Field(default=0, ge=0, le=SKILL_LIMIT, description="The target's.")
    dodge: int = Field(default=0, ge=0, le=SKILL_LIMIT, description="The target's.")
    at_edge: bool = Field(default=False, description="Already at the edge: cannot avoid it.")


class AttackerInput(Frozen):
    """The attacker: skill, weapon, damage bonus, and the choices made before rolling."""

    skill: int = Field(ge=0, le=SKILL_LIMIT, description="The weapon skill, in percent.")
    skill_name: Name | None = None
    weapon: Weapon
    damage_bonus: DiceExpression | None = None
    armor: Armor = Field(default_factory=Armor, description="Against a Devastating Defense.")
    siz: int | None = Field(default=None, ge=0, description="For SIZ Differences.")
    aim: int = Field(
        default=0, ge=0, le=10, description="Aim actions in a row; a third adds nothing (P-ACT-02)."
    )
    called_shot: Name | None = Field(
        default=None, description="A hit location of the defender's body plan (P-OPT-09)."
    )
    body_plan: BodyPlan = Field(
        default="humanoid", exclude_if=is_humanoid, description="Struck by a counter (G-P-08)."
    )
    split: int = Field(default=1, ge=1, le=MAX_SPLIT, description="Attempts (P-OPT-07).")
    find_weak_spot: bool = False
    closest_specialization: bool = Field(default=False, description="-40% (P-ATK-02).")
    firing_into_melee: FiringIntoMelee | None = None
    situations: tuple[Situation, ...] = ()
    modifiers: tuple[Contribution, ...] = Field(
        default=(), description="Standing modifiers: grappled, stuck weapons..."
    )
    charge: bool = False
    mount_damage_bonus: DiceExpression | None = None
    intent: Intent = "damage"
    change_distance: Literal["none", "closer", "further"] = "none"
    critical_choice: CriticalChoice = "devastating"
    fumble_item: Name | None = Field(default=None, description="The item a fumble acts on.")

    @property
    def automatic_success(self) -> bool:
        """Attacking an unsuspecting target as an automatic success (P-MOD-01)."""
        return any(situation.automatic_success for situation in self.situations)


class DefenderInput(Frozen):
    """The target: its defense (if any) and modifiers, armor, and follow-up choices."""

    defense: DefenseKind = "none"
    skill: int = Field(default=0, ge=0, le=SKILL_LIMIT, description="Parry, Shield or Dodge.")
    skill_name: Name | None = None
    weapon: Weapon | None = Field(default=None, description="The parrying (or held) weapon.")
    shield: Shield | None = None
    damage_bonus: DiceExpression | None = None
    armor: Armor = Field(default_factory=Armor)
    siz: int | None = Field(default=None, ge=0)
    body_plan: BodyPlan = Field(
        default="humanoid", exclude_if=is_humanoid, description="Its hit locations (G-P-08)."
    )
    before_first_turn: bool = Field(default=False, description="-20% (P-ACT-07).")
    retreat: bool = Field(default=False, description="+20% (P-OPT-17).")
    dive_dodge: bool = Field(default=False, description="+40% to a Dodge (P-OPT-18).")
    split: int = Field(default=1, ge=1, le=MAX_SPLIT)
    situations: tuple[Situation, ...] = ()
    modifiers: tuple[Contribution, ...] = ()
    critical_dodge_choice: DodgeChoice = "counter_attack"
    devastating_defense: bool = Field(
        default=True, description="Deal Critical Damage back after a critical parry or block."
    )
    fumble_item: Name | None = None
    hazard: Hazard | None = Field(
        default=None, description="A hazardous zone a Bash pushes toward (P-OPT-24)."
    )

    @model_validator(mode="after")
    def _the_defense_has_what_it_needs(self) -> DefenderInput:
        defense_has_what_it_needs(self)
        return self


def defense_has_what_it_needs(defender: DefenderInput) -> None:
    """``DefenderInput``'s check of the whole: ``ValueError`` for a defense without what
    it needs (its weapon, its shield; a Dive Dodge is a Dodge) or with an attack's
    situation."""
    if defender.defense == "parry" and defender.weapon is None:
        raise ValueError("a parry needs the parrying weapon ('weapon')")
    if defender.defense == "block" and defender.shield is None:
        raise ValueError("a block needs the shield ('shield')")
    if defender.dive_dodge and defender.defense != "dodge":
        raise ValueError("a Dive Dodge is a Dodge: 'dive_dodge' needs defense 'dodge'")
    for situation in defender.situations:
        if situation.kind in mod.ATTACK_ONLY:
            raise ValueError(f"'{situation.kind}' modifies an attack, not a defense")


class AttackInput(Frozen):
    """One attack action, resolved through the four steps of "Attack and Defense"."""

    attacker: AttackerInput
    defender: DefenderInput = Field(default_factory=DefenderInput)
    melee_distance: MeleeDistance | None = Field(
        default=None, description="The distance between them (Weapon Reach, P-OPT-11)."
    )
    options: PercentileOptions = Field(default_factory=PercentileOptions)

    @model_validator(mode="after")
    def _choices_the_rules_and_options_allow(self) -> AttackInput:
        choices_the_rules_and_options_allow(self)
        return self

    @property
    def is_melee(self) -> bool:
        """Whether the attack is made with a melee weapon."""
        return not self.attacker.weapon.ranged

    def attacker_gear(self) -> FumbleGear:
        """What an attacker's fumble can hit: the weapon used (P-ATK-13)."""
        attacker = self.attacker
        return FumbleGear(
            weapon=attacker.weapon,
            damage_bonus=attacker.damage_bonus,
            armor=attacker.armor,
            item=attacker.fumble_item,
            strap=attacker.fumble_item or "armor",
            body_plan=attacker.body_plan,
        )

    def defender_gear(self) -> FumbleGear:
        """What a defender's fumble can hit: the parrying weapon or the shield used."""
        defender = self.defender
        item, hp = defender.fumble_item, None
        if item is None and defender.defense == "block" and defender.shield is not None:
            item, hp = defender.shield.name, defender.shield.hp
        shield = defender.shield.name if defender.shield is not None else None
        return FumbleGear(
            weapon=defender.weapon,
            damage_bonus=defender.damage_bonus,
            armor=defender.armor,
            item=item,
            item_hp=hp,
            strap=defender.fumble_item or shield or "armor",
            body_plan=defender.body_plan,
        )


def choices_the_rules_and_options_allow(request: AttackInput) -> None:
    """``AttackInput``'s check of the whole: ``ValueError`` naming the field of a choice
    the rules (a parry against a ranged attack...) or the options (one that is off)
    refuse, or a called shot at a location the defender's body plan lacks."""
    attacker, defender, options = request.attacker, request.defender, request.options
    ranged = attacker.weapon.ranged
    refusals = [
        (
            defender.defense == "parry" and ranged,
            "defender.defense",
            "only blocking and dodging are possible against ranged attacks (P-ATK-05)",
        ),
        (attacker.charge and ranged, "attacker.charge", "a Charge ends in a melee Attack"),
        (
            attacker.firing_into_melee is not None and not ranged,
            "attacker.firing_into_melee",
            "Firing into Melee needs a ranged weapon",
        ),
        (
            attacker.change_distance != "none" and request.melee_distance is None,
            "attacker.change_distance",
            "changing the melee distance needs melee_distance",
        ),
        (
            defender.hazard is not None and attacker.intent != "bash",
            "defender.hazard",
            "only a Bash pushes the target into a hazardous zone (P-OPT-24)",
        ),
    ]
    switches = [
        (attacker.split > 1, "split_action", "attacker.split"),
        (defender.split > 1, "split_action", "defender.split"),
        (attacker.find_weak_spot, "find_weak_spot", "attacker.find_weak_spot"),
        (attacker.called_shot is not None, "called_shots", "attacker.called_shot"),
        (request.melee_distance is not None, "weapon_reach", "melee_distance"),
        (attacker.charge, "charge", "attacker.charge"),
        (defender.retreat, "retreat", "defender.retreat"),
        (defender.dive_dodge, "dive_dodge", "defender.dive_dodge"),
        (
            attacker.firing_into_melee is not None,
            "firing_into_melee",
            "attacker.firing_into_melee",
        ),
        (attacker.intent == "bash", "bash", "attacker.intent"),
        (attacker.intent == "disarm", "disarm", "attacker.intent"),
    ]
    for used, option, field in switches:
        if used and not getattr(options, option):
            refusals.append((True, field, f"the option {option} is off"))
    for refused, field, reason in refusals:
        if refused:
            raise ValueError(f"{field}: {reason}")
    if attacker.called_shot is not None:
        try:
            hit_location_table(request.defender.body_plan).row_named(attacker.called_shot)
        except UnknownNameError as error:
            raise ValueError(f"attacker.called_shot: {error.message}") from None


# -- the effective skills ----------------------------------------------------------------


def _distance(request: AttackInput, weapon: Weapon | None) -> tuple[Contribution, ...]:
    if weapon is None or weapon.ranged or request.melee_distance is None:
        return ()
    return mod.melee_distance(weapon.reach, request.melee_distance)


def attacker_standing(request: AttackInput) -> Breakdown:
    """The attacker's skill with the modifiers that outlast this one attack (the
    specialization, the melee distance, the encounter's standing modifiers)."""
    attacker = request.attacker
    label = attacker.skill_name or attacker.weapon.skill or attacker.weapon.name
    terms = [term(amount=attacker.skill, label=label, source="P-ATK-02")]
    if attacker.closest_specialization:
        terms.extend(mod.closest_specialization())
    terms.extend(_distance(request, attacker.weapon))
    terms.extend(attacker.modifiers)
    return Breakdown.of(*terms)


def attack_breakdown(request: AttackInput) -> Breakdown:
    """The attack roll's effective skill: standing modifiers and this attack's own.

    On the engine's fast paths it is remembered with its request (matched by identity,
    immutable, held here: :func:`_for_request`): the encounter rolls the attack, then
    resolves the very same request, whose first step works out this breakdown again, and
    builds a request once for what it reads (``encounter/attack_request.py``), so the
    attacks of a fight hand in the same few requests again and again."""
    if not fast_paths.enabled():
        return _attack_breakdown(request)
    return _for_request(request, "attack", _attack_breakdown)


BREAKDOWNS_KEPT = 1024
"""How many breakdowns :func:`_for_request` keeps (the least recently met go first)."""

_BREAKDOWNS: Memory[Any, Any] = Memory(BREAKDOWNS_KEPT)


def _for_request(
    request: AttackInput, which: str, make: Callable[[AttackInput], Breakdown]
) -> Breakdown:
    """``make(request)``, a pure function of the request, worked out once for the very
    request (``memo.built_for_each``: held with the breakdown, so its identity names it
    while it is kept)."""
    return built_for_each((request,), which, lambda: make(request), _BREAKDOWNS)


def _attack_breakdown(request: AttackInput) -> Breakdown:
    attacker = request.attacker
    terms = list(mod.aim(attacker.aim))
    terms.extend(mod.split_action(attacker.split))
    if attacker.find_weak_spot:
        terms.extend(mod.find_weak_spot())
    if attacker.called_shot is not None:
        table = hit_location_table(request.defender.body_plan)
        terms.extend(mod.called_shot(attacker.called_shot, table))
    if attacker.firing_into_melee is not None:
        shot = attacker.firing_into_melee
        terms.extend(mod.firing_into_melee(shot.avoid, shot.people))
    for situation in attacker.situations:
        terms.extend(mod.situational(situation))
    return attacker_standing(request).plus(*terms)


def defender_standing(request: AttackInput) -> Breakdown:
    """The defender's skill with its standing modifiers (for a Devastating Defense's
    Critical Impale)."""
    defender = request.defender
    if defender.skill_name is not None:
        label = defender.skill_name
    elif defender.defense == "parry" and defender.weapon is not None:
        label = defender.weapon.skill or defender.weapon.name
    elif defender.defense == "block" and defender.shield is not None:
        label = defender.shield.skill
    else:
        label = "Dodge"
    terms = [term(amount=defender.skill, label=label, source="P-ATK-05")]
    if defender.defense == "parry":
        terms.extend(_distance(request, defender.weapon))
    terms.extend(defender.modifiers)
    return Breakdown.of(*terms)


def defense_breakdown(request: AttackInput) -> Breakdown:
    """The defense roll's effective skill (Step 2); on the engine's fast paths worked out
    once for the very request, as :func:`attack_breakdown` is (a defense decision works
    it out for each way to defend, the resolution again for the one chosen)."""
    if not fast_paths.enabled():
        return _defense_breakdown(request)
    return _for_request(request, "defense", _defense_breakdown)


def _defense_breakdown(request: AttackInput) -> Breakdown:
    defender, attacker = request.defender, request.attacker
    terms: list[Contribution] = []
    if defender.before_first_turn:
        terms.extend(mod.defending_before_first_turn())
    terms.extend(mod.split_action(defender.split))
    if defender.retreat:
        terms.extend(mod.retreat())
    if defender.dive_dodge:
        terms.extend(mod.dive_dodge())
    if (
        request.options.siz_differences
        and request.is_melee
        and defender.siz is not None
        and attacker.siz is not None
    ):
        terms.extend(mod.siz_difference(defender.siz, attacker.siz))
    for situation in defender.situations:
        terms.extend(mod.situational(situation))
    return defender_standing(request).plus(*terms)
