"""Stuck impaling weapons (P-OPT-03 .. P-OPT-06).

A Critical Impale that does not pull the weapon out leaves it stuck in the target
(``attack_in_play.py``). Then:

- the owner may leave it there (let go, a free action: Drop Item); until it does, all
  its physical actions, defense included, are at -40% (P-OPT-05, ``attack_request.standing``);
- the owner may spend a melee action to pull it out: the same roll again, the attack
  skill at -40% (P-OPT-05, P-OPT-03): on a success normal damage ignoring armor as it
  comes out; a failure leaves it stuck; a fumble breaks it;
- re-grabbing it after letting go takes a Grapple action (P-OPT-05, ``grapple.py``);
- the impaled enemy may pull it out itself with a CON or STR roll, whichever is lowest;
  each attempt is an action and deals half damage, ignoring armor and without damage
  bonus, whatever the result (P-OPT-06);
- every round the impaled moves or acts physically, each stuck weapon deals that half
  damage (P-OPT-04, at the end of its turn, ``turns.py``), and every physical action of
  the impaled is at -20% per stuck weapon (P-OPT-04).
"""

from __future__ import annotations

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.rulesets.percentile.checks import characteristic_skill, roll_check
from tablekeeper.rulesets.percentile.damage import roll_damage, stuck_weapon_plan
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.actions import take
from tablekeeper.rulesets.percentile.encounter.attack_request import standing
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.life import hurt
from tablekeeper.rulesets.percentile.encounter.state import StuckWeapon
from tablekeeper.rulesets.percentile.impales import ImpaleResult, roll_impale


def stuck_weapon(draft: PercentileDraft, owner: str, target: str) -> StuckWeapon | None:
    """The first weapon of ``owner`` stuck in ``target``."""
    return next((item for item in draft.state.stuck_in(target) if item.owner == owner), None)


def pull(draft: PercentileDraft, order: cmd.Target) -> None:
    """The owner pulls its weapon out: the attack skill at -40% again (P-OPT-05)."""
    stuck = stuck_weapon(draft, order.combatant, order.target)
    assert stuck is not None
    take(draft, order.combatant, "pull_weapon", target=order.target)
    owner = draft.state.combatant(order.combatant)
    weapon = gear.weapon(owner, stuck.weapon, draft.state.options)
    name = gear.weapon_skill(owner, weapon)
    skill = Breakdown.of(
        Contribution(amount=gear.skill(owner, name), label=name, source="P-OPT-05"),
        *standing(draft.state, order.combatant),
    )
    outcome = roll_impale(
        skill, weapon, owner.stats.damage_bonus, draft.roller, draft.state.options
    )
    draft.emit(
        ev.CHECK_ROLLED,
        ev.CheckRolled(
            combatant=order.combatant, purpose="pull_out", roll=outcome.check, against=order.target
        ),
    )
    change = ev.StuckWeaponChange(
        owner=stuck.owner, target=stuck.target, weapon=stuck.weapon, by=order.combatant
    )
    if outcome.result is ImpaleResult.PULLED_OUT:
        draft.emit(ev.WEAPON_PULLED, change)
        dealt = outcome.damage.dealt if outcome.damage is not None else 0
        hurt(draft, order.target, dealt, source=f"{weapon.name} pulled out", rule="P-OPT-03")
    elif outcome.result is ImpaleResult.STUCK_AND_BROKEN:
        draft.emit(ev.WEAPON_LET_GO, change)
        draft.emit(
            ev.ITEM_LOST,
            ev.ItemMoved(combatant=order.combatant, item=stuck.weapon, rule="P-OPT-03"),
        )


def remove(draft: PercentileDraft, order: cmd.Target) -> None:
    """The impaled pulls out the weapon of ``order.target`` (its owner) with a CON or STR
    roll, whichever is lowest, taking half damage whatever the result (P-OPT-06)."""
    stuck = stuck_weapon(draft, order.target, order.combatant)
    assert stuck is not None
    take(draft, order.combatant, "remove_weapon", target=order.target)
    state = draft.state
    victim = state.combatant(order.combatant)
    characteristics = victim.stats.characteristics
    values = {name: getattr(characteristics, name) for name in ("CON", "STR")}
    name, value = min(
        ((key, found) for key, found in values.items() if found is not None),
        key=lambda item: item[1],
        default=("CON", 0),
    )
    breakdown = Breakdown.of(
        characteristic_skill(value, name, state.options), *standing(state, order.combatant)
    )
    outcome = roll_check(breakdown, draft.roller, state.options)
    draft.emit(
        ev.CHECK_ROLLED,
        ev.CheckRolled(
            combatant=order.combatant, purpose="remove_weapon", roll=outcome, against=order.target
        ),
    )
    if outcome.succeeded:
        draft.emit(
            ev.WEAPON_PULLED,
            ev.StuckWeaponChange(
                owner=stuck.owner, target=stuck.target, weapon=stuck.weapon, by=order.combatant
            ),
        )
    weapon = gear.weapon(state.combatant(stuck.owner), stuck.weapon, state.options)
    damage = roll_damage(stuck_weapon_plan(weapon), draft.roller)
    hurt(draft, order.combatant, damage.dealt, source=f"pulling at {weapon.name}", rule="P-OPT-06")


def let_go(draft: PercentileDraft, order: cmd.Target) -> None:
    """The owner leaves its weapon stuck in the enemy (a free action)."""
    stuck = stuck_weapon(draft, order.combatant, order.target)
    assert stuck is not None
    draft.emit(
        ev.WEAPON_LET_GO,
        ev.StuckWeaponChange(owner=stuck.owner, target=stuck.target, weapon=stuck.weapon),
    )
