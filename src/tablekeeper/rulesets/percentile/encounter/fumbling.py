"""Combat fumbles in play: the d10, the fumbler's choice of equipment, the row's effects.

"Roll on the Combat Fumble table" (P-ATK-03, P-ATK-06, P-ATK-07, P-ACT-20). The engine
rolls the table's d10 itself (``percentile.attack`` is told not to), so that when the
row acts on a piece of equipment and the fumbler has more than one, the fumbler chooses
it ("Choose the lost piece based on the current situation", a Decision); the row's own
dice and numbers are ``fumbles.py``'s (``fumble_outcome``).
Then its effects: the next turn or an action lost (01, 02, folded from the event), a
strap broken (03), an item dropped or flung (04, 05), an item's HP lost (06), a free
attack by an engaged enemy, the GM picking which (07), enemies at +20% until the next
turn (08), a hit on oneself (09, 10).
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.dice.purposes import labelled
from tablekeeper.dice.roller import Die
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.engagement import can_strike, melee_enemies
from tablekeeper.rulesets.percentile.encounter.life import hurt
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask, FreeAttacker, FumbleItem
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.fumbles import FumbleGear, fumble_outcome
from tablekeeper.rulesets.percentile.tables import (
    DamageItem,
    DropItem,
    FumbleRow,
    LoseEquipment,
    fumble_table,
)

During = Literal["attack", "defense", "move"]


def candidates(state: PercentileState, fumbler: ActorId, row: FumbleRow) -> tuple[str, ...]:
    """The equipment the row may act on: shields and the armor for a strap (03), the items
    in hand for a drop or a bad hit (04, 05, 06); none for the other rows."""
    combatant = state.combatant(fumbler)
    if isinstance(row, LoseEquipment):
        armor = ("armor",) if not combatant.armor_lost else ()
        return (*gear.held_shields(combatant), *armor)
    if isinstance(row, DropItem | DamageItem):
        return (*gear.held_weapons(combatant), *gear.held_shields(combatant))
    return ()


def fumble(
    draft: PercentileDraft, fumbler: ActorId, used: str | None, during: During
) -> Decision | None:
    """Roll on the Combat Fumble Table for ``fumbler`` (who was using ``used``)."""
    state = draft.state
    if not state.options.roll_fumble_table:
        return None  # "The gamemaster and player may decide on some appropriate outcome"
    table = fumble_table()
    face = labelled(draft.roller, "fumble", fumbler).roll(Die(table.die))
    items = candidates(state, fumbler, table.row_for(face))
    if len(items) >= 2:
        awaiting = FumbleItem(fumbler=fumbler, face=face, items=items, used=used, during=during)
        default = used if used in items else items[0]
        decision = Decision(
            chooser=fumbler,
            prompt=f"{state.combatant(fumbler).name} fumbles ({face}: "
            f"{table.row_for(face).text}) Which piece of equipment?",
            options=tuple(Option(id=item, label=item) for item in items),
            default=default,
        )
        return draft.ask(awaiting, decision)
    return apply(draft, fumbler, face, items[0] if items else used, during)


def apply(
    draft: PercentileDraft, fumbler: ActorId, face: int, item: str | None, during: During = "attack"
) -> Decision | None:
    """The row ``face`` names, acting on ``item``, and its effects."""
    state = draft.state
    combatant = state.combatant(fumbler)
    row = fumble_table().row_for(face)
    held = gear.main_weapon(combatant)
    weapon = gear.weapon(
        combatant, item if item in gear.held_weapons(combatant) else held, state.options
    )
    hp = None
    if item is not None and item in gear.owned(combatant):
        hp = gear.weapon(combatant, item, state.options).hp
    kit = FumbleGear(
        weapon=weapon if weapon.name != gear.UNARMED else None,
        damage_bonus=combatant.stats.damage_bonus,
        armor=gear.armor(combatant),
        item=item,
        item_hp=hp,
        strap=item or "armor",
        body_plan=combatant.stats.body_plan,
    )
    outcome = fumble_outcome(row, face, kit, draft.roller, state.options)
    draft.emit(ev.FUMBLED, ev.Fumbled(combatant=fumbler, outcome=outcome, during=during))
    if outcome.effect == "lose_equipment" and outcome.item is not None:
        draft.emit(
            ev.ITEM_LOST, ev.ItemMoved(combatant=fumbler, item=outcome.item, rule="P-ATK-13")
        )
    elif outcome.effect == "drop_item" and outcome.item not in (None, gear.UNARMED):
        draft.emit(
            ev.ITEM_DROPPED,
            ev.ItemMoved(
                combatant=fumbler,
                item=str(outcome.item),
                meters=outcome.distance_m,
                rule="P-ATK-13",
            ),
        )
    elif outcome.effect == "damage_item" and outcome.item is not None and hp is not None:
        draft.emit(
            ev.GEAR_WORN,
            ev.GearWorn(
                combatant=fumbler,
                item=outcome.item,
                hp_before=hp,
                hp_after=outcome.hp_after if outcome.hp_after is not None else hp,
                rule="P-ATK-13",
            ),
        )
    elif outcome.effect == "hit_self" and outcome.self_damage is not None:
        damage = outcome.self_damage
        hurt(
            draft,
            fumbler,
            damage.dealt,
            source="fumble: hit themselves",
            rule="P-ATK-13",
            location=damage.location,
        )
    elif outcome.effect == "free_attack":
        return free_attack(draft, fumbler)
    return None


def free_attack(draft: PercentileDraft, fumbler: ActorId) -> Decision | None:
    """Fumble 07: one enemy engaged in melee with the fumbler gets a free attack."""
    state = draft.state
    enemies = tuple(
        enemy
        for enemy in melee_enemies(state, fumbler)
        if can_strike(state, enemy, fumbler, gear.main_weapon(state.combatant(enemy)))
    )
    if len(enemies) >= 2:
        names = {key: draft.state.combatant(key).name for key in enemies}
        decision = Decision(
            chooser=GM,
            prompt=f"{draft.state.combatant(fumbler).name} is exposed: which enemy gets the "
            "free attack?",
            options=tuple(Option(id=key, label=names[key]) for key in enemies),
            default=enemies[0],
        )
        return draft.ask(FreeAttacker(fumbler=fumbler, enemies=enemies), decision)
    if enemies:
        queue_free_attack(draft, enemies[0], fumbler)
    return None


def queue_free_attack(draft: PercentileDraft, attacker: ActorId, target: ActorId) -> None:
    """Queue ``attacker``'s free attack on the exposed ``target`` (not an action)."""
    weapon = gear.main_weapon(draft.state.combatant(attacker))
    draft.queue(
        AttackTask(attacker=attacker, target=target, weapon=weapon, reason="fumble", free=True)
    )
