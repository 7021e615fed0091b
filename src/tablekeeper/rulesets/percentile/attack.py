"""One attack, through the four steps of "Attack and Defense" (P-ATK-01 .. P-ATK-15).

1. Roll for attack: a d100 check against the attacker's effective skill. A failure ends
   the action; a fumble rolls on the Combat Fumble Table; a critical is a Devastating
   Blow or a Precise Blow (the attacker's choice), a success a Normal Blow.
2. Roll for defense, if the target defends (only against a successful attack: a failed
   attack "failed to connect in any way that matters, and the action ends", G-P-C1): a
   parry, a block or a dodge opposed to the attack roll (:mod:`.defense`).
3. Roll and apply damage (:mod:`.damage`, :func:`~.blows.blow_plan`), unless a Dodge
   avoided the attack or the attack is a Disarm; chip or damage the parrying weapon or
   shield; a Critical Impale when Critical Damage from an impaling weapon went in.
4. Follow-ups: a critical Dodge's counter-attack or Disengage, a critical parry's or
   block's Devastating Defense (rolled here), a fumbled defense's fumble table.

Dice order, which a ``FixedRoller`` playback follows:

1. the attacker's d100;
2. the defender's d100, if the attack succeeded and the target defends;
3. the hit location's d20, if the blow is rolled for damage, Hit Locations are on and
   there is no Called Shot;
4. the damage dice, term by term (weapon, damage bonus, charge), or a Disarm's 1D3;
5. a Critical Impale's d100, then the pulled-out damage dice on a success; then, when a
   Bash pushes its target toward a hazardous zone, the target's d100 (Athletics or Dodge)
   unless it was already at the edge;
6. a Devastating Defense: its hit location d20 (if on), its damage dice, its Critical
   Impale's d100 and damage dice;
7. a fumble's d10 (the attacker's or the defender's), then the dice of its row.

The decisions the rules leave to players are inputs with defaults
(:class:`~.attack_input.AttackInput`); the encounter engine can also call the step
functions of :mod:`.blows` itself to ask them as they come up.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tablekeeper.dice.evaluate import roll
from tablekeeper.dice.purposes import labelled
from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine.readings import Category, Number, Reading
from tablekeeper.engine.resolvers import resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.attack_input import (
    AttackInput,
    attack_breakdown,
    attacker_standing,
    defender_standing,
    defense_breakdown,
)
from tablekeeper.rulesets.percentile.attack_odds import attack_outcome_odds
from tablekeeper.rulesets.percentile.blows import (
    Blow,
    FollowUp,
    bash_push,
    blow_kind,
    blow_plan,
    counter_plan,
    counter_weapon,
    distance_changes,
    follow_up,
    hazard_breakdown,
    location_is_rolled,
    stray_shot,
    wear,
)
from tablekeeper.rulesets.percentile.checks import CheckOutcome, Level, roll_check
from tablekeeper.rulesets.percentile.damage import DamageOutcome, EquipmentWear, roll_damage
from tablekeeper.rulesets.percentile.defense import (
    UNDEFENDED,
    DefenseEffect,
    DefenseKind,
    Exchange,
    exchange,
)
from tablekeeper.rulesets.percentile.fumbles import FumbleOutcome, roll_fumble
from tablekeeper.rulesets.percentile.impales import ImpaleOutcome, impale_applies, roll_impale
from tablekeeper.rulesets.percentile.opposed import Victory, Winner
from tablekeeper.rulesets.percentile.tables import hit_location_table

DISARM_DISTANCE = "1d3"
"""How far a disarmed weapon falls, in meters (P-OPT-25)."""


class DefenseOutcome(Frozen):
    """The defense roll and what it did (Step 2)."""

    kind: DefenseKind
    check: CheckOutcome
    effect: DefenseEffect
    victory: bool = Field(description="The defense won the opposed roll.")


class CounterOutcome(Frozen):
    """A Devastating Defense: Critical Damage dealt back to the attacker (P-ATK-15)."""

    weapon: str
    damage: DamageOutcome
    impale: ImpaleOutcome | None = None
    damage_dealt: int = Field(description="The damage plus any pulled-out damage.")


class DisarmOutcome(Frozen):
    """A Disarm: whether the weapon was knocked away, and how far (P-OPT-25)."""

    disarmed: bool
    distance_m: int | None = None


class HazardOutcome(Frozen):
    """A Bash toward a hazardous zone: the roll to stop at the edge (P-OPT-24)."""

    check: CheckOutcome | None = Field(description="Athletics or Dodge; null at the edge.")
    into_hazard: bool


class AttackOutcome(Frozen):
    """One attack, step by step: the rolls, the blow, the damage, the follow-up."""

    attack_level: Level
    defense_level: Level | None
    attack: CheckOutcome
    defense: DefenseOutcome | None
    winner: Winner | None = Field(description="Of the opposed roll; null when undefended.")
    victory: Victory | None
    blow: Blow | None = Field(description="Null when the attack failed or fumbled.")
    hit: bool = Field(description="The blow connected: not failed, not dodged.")
    location: str | None = None
    damage: DamageOutcome | None = None
    damage_dealt: int = Field(description="Damage to the target, pulled-out damage included.")
    injured: bool = Field(description="At least 1 point got through (G-P-27).")
    equipment: EquipmentWear | None = None
    impale: ImpaleOutcome | None = None
    bash_push_m: int | None = None
    hazard: HazardOutcome | None = None
    disarm: DisarmOutcome | None = None
    distance_changed: bool = False
    bystander_hit: bool = Field(default=False, description="Firing into Melee went astray.")
    follow_up: FollowUp = FollowUp.NONE
    counter: CounterOutcome | None = None
    fumble: FumbleOutcome | None = None
    fumbled_by: Literal["attacker", "defender"] | None = None

    @property
    def label(self) -> str:
        """The outcome's label in the exact odds (:func:`~.attack_odds.attack_odds`)."""
        if self.attack_level is Level.FUMBLE:
            return "fumble"
        if not self.attack_level.succeeded:
            return "bystander hit" if self.bystander_hit else "miss"
        if not self.hit:
            return "avoided"
        if self.disarm is not None:
            return "disarmed" if self.disarm.disarmed else "not disarmed"
        return f"{self.damage_dealt} damage"


def roll_location(request: AttackInput, roller: Roller) -> str | None:
    """The location struck: the Called Shot's (G-P-C10), a roll on the table, or none."""
    if request.attacker.called_shot is not None:
        return request.attacker.called_shot
    if not location_is_rolled(request):
        return None
    table = hit_location_table(request.defender.body_plan)
    return table.row_for(labelled(roller, "hit location").roll(Die(table.die))).location


def devastating_defense(request: AttackInput, roller: Roller) -> CounterOutcome:
    """The Devastating Defense: no attack roll, Critical Damage straight back at the
    attacker (P-ATK-15, G-P-C11); its location (if on), damage, and Critical Impale."""
    location = None
    if request.options.hit_locations:  # "dealt to a random location"
        table = hit_location_table(request.attacker.body_plan)
        location = table.row_for(labelled(roller, "hit location").roll(Die(table.die))).location
    damage = roll_damage(counter_plan(request, location), labelled(roller, "damage"), location)
    weapon = counter_weapon(request)
    impale = None
    if impale_applies(weapon, critical_damage=True, dealt=damage.dealt, options=request.options):
        impale = roll_impale(
            defender_standing(request),
            weapon,
            request.defender.damage_bonus,
            roller,
            request.options,
            location=location,
        )
    return CounterOutcome(
        weapon=weapon.name,
        damage=damage,
        impale=impale,
        damage_dealt=damage.dealt + _pulled(impale),
    )


def _pulled(impale: ImpaleOutcome | None) -> int:
    if impale is None or impale.damage is None:
        return 0
    return impale.damage.dealt


def roll_hazard(request: AttackInput, roller: Roller) -> HazardOutcome | None:
    """A pushed target's Athletics or Dodge roll to stop at the edge of a hazardous zone;
    one already at the edge cannot avoid it (P-OPT-24, G-P-C13)."""
    if request.defender.hazard is None:
        return None
    breakdown = hazard_breakdown(request)
    if breakdown is None:
        return HazardOutcome(check=None, into_hazard=True)
    check = roll_check(breakdown, roller, request.options)
    return HazardOutcome(check=check, into_hazard=not check.succeeded)


def roll_attack(request: AttackInput, roller: Roller) -> CheckOutcome:
    """Step 1's roll: the attacker's d100 against the attack's effective skill."""
    automatic = request.attacker.automatic_success
    return roll_check(
        attack_breakdown(request), roller, request.options, automatic_success=automatic
    )


def resolve_attack(request: AttackInput, roller: Roller) -> AttackOutcome:
    """Resolve one attack through the four steps (see the module docstring for the dice)."""
    return finish_attack(request, roll_attack(request, roller), roller)


def finish_attack(request: AttackInput, attack: CheckOutcome, roller: Roller) -> AttackOutcome:
    """Steps 1 to 4 after the attack roll: an encounter engine that asks a player's
    decision once the attack roll is known (defend or not, a critical's blow) rolls it with
    :func:`roll_attack`, then finishes the attack with the answer in ``request``."""
    options, attacker, defender = request.options, request.attacker, request.defender
    blow = blow_kind(attack.level, attacker.critical_choice)
    if blow is None:  # Step 1: failure or fumble, the action ends
        fumble = None
        if attack.level is Level.FUMBLE and options.roll_fumble_table:
            fumble = roll_fumble(request.attacker_gear(), roller, options)
        stray = stray_shot(request, attack.roll, attack.effective_skill, attack.succeeded)
        return AttackOutcome(
            attack_level=attack.level,
            defense_level=None,
            attack=attack,
            defense=None,
            winner=None,
            victory=None,
            blow=None,
            hit=False,
            damage_dealt=0,
            injured=False,
            bystander_hit=stray,
            fumble=fumble,
            fumbled_by="attacker" if fumble is not None else None,
        )

    defense = None
    result: Exchange = UNDEFENDED
    if defender.defense != "none":  # Step 2
        check = roll_check(defense_breakdown(request), labelled(roller, defender.defense), options)
        result = exchange(
            defender.defense, attack.level, attack.roll, check.level, check.roll, options
        )
        defense = DefenseOutcome(
            kind=defender.defense,
            check=check,
            effect=result.effect,
            victory=result.defense_victory,
        )

    hit = result.effect is not DefenseEffect.AVOIDED
    location = damage = equipment = impale = disarm = push = hazard = None
    if hit and attacker.intent == "disarm":  # Step 3: a Disarm deals no damage (G-P-C9)
        disarmed = result.attack_victory
        distance = roll(DISARM_DISTANCE, roller).total if disarmed else None
        disarm = DisarmOutcome(disarmed=disarmed, distance_m=distance)
    elif hit:  # Step 3
        location = roll_location(request, roller)
        damage = roll_damage(
            blow_plan(request, blow, result, location), labelled(roller, "damage"), location
        )
        equipment = wear(request, blow, result, damage)
        critical = blow is Blow.DEVASTATING
        if impale_applies(
            attacker.weapon, critical_damage=critical, dealt=damage.dealt, options=options
        ):
            impale = roll_impale(
                attacker_standing(request),
                attacker.weapon,
                attacker.damage_bonus,
                roller,
                options,
                location=location,
            )
        if attacker.intent == "bash" and result.attack_victory:
            push = bash_push(damage.rolled)
            hazard = roll_hazard(request, roller)

    step4 = follow_up(request, result)  # Step 4
    counter = (
        devastating_defense(request, roller) if step4 is FollowUp.DEVASTATING_DEFENSE else None
    )
    fumble = None
    if result.defender_fumbled and options.roll_fumble_table:
        fumble = roll_fumble(request.defender_gear(), roller, options)
    dealt = (damage.dealt if damage is not None else 0) + _pulled(impale)
    return AttackOutcome(
        attack_level=attack.level,
        defense_level=defense.check.level if defense is not None else None,
        attack=attack,
        defense=defense,
        winner=result.contest.winner if result.contest is not None else None,
        victory=result.contest.victory if result.contest is not None else None,
        blow=blow,
        hit=hit,
        location=location,
        damage=damage,
        damage_dealt=dealt,
        injured=dealt >= 1,
        equipment=equipment,
        impale=impale,
        bash_push_m=push,
        hazard=hazard,
        disarm=disarm,
        distance_changed=hit and distance_changes(request, result),
        follow_up=step4,
        counter=counter,
        fumble=fumble,
        fumbled_by="defender" if fumble is not None else None,
    )


@resolver(
    "percentile.attack",
    summary="One attack: attack roll, defense, damage through armor, and the follow-ups.",
    odds=attack_outcome_odds,
    example={
        "attacker": {
            "skill": 50,
            "weapon": {"name": "sword", "damage": "1d8", "type": "slashing", "hp": 10},
        },
        "defender": {"defense": "dodge", "skill": 30},
    },
    reading=Reading(
        (
            Category(
                "result",
                (
                    ("fumble", "^fumble$"),
                    ("miss", "^miss$"),
                    ("bystander hit", "^bystander hit$"),
                    ("avoided", "^avoided$"),
                    ("hit", "damage$"),
                    ("disarmed", "^disarmed$"),
                    ("not disarmed", "^not disarmed$"),
                ),
            ),
            Number("damage", r"^(\d+) damage$", field="damage_dealt"),
        ),
        headline="P(hit)",
    ),
)
def attack(request: AttackInput, roller: Roller) -> AttackOutcome:
    """Resolve one attack (document 001, Attack and Defense)."""
    return resolve_attack(request, roller)
