"""What each command requires of the state: the conditions of each action, and of the GM's.

``admit.py`` checks who may give a command and when (the engine's ``admit``); the
functions here check the rest, one per command kind (the ``check`` of its spec in the
command table, ``table.py``), each raising :class:`~tablekeeper.errors.IllegalCommandError`
naming the payload field and the reason: an engaged pair for Disengage (P-ACT-09), no
engagement to Manifest (P-ACT-18), the weapon in hand and usable at the melee distance
(P-OPT-11), a lower turn order to Wait (P-ACT-24), a Step once a round and not after a
Move (P-REA-03), the option that allows a choice. Nothing here changes the state or rolls.
"""

from __future__ import annotations

from pydantic import ValidationError

from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import ActorId, invalid_input
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.actions import CHARACTERISTICS
from tablekeeper.rulesets.percentile.encounter.attack_request import attack_request, plainly_valid
from tablekeeper.rulesets.percentile.encounter.engagement import opening_distance
from tablekeeper.rulesets.percentile.encounter.initiative import effective
from tablekeeper.rulesets.percentile.encounter.movement import reach
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.encounter.tasks import attack_tasks, grapple_task
from tablekeeper.rulesets.percentile.modifiers import usable_at
from tablekeeper.rulesets.percentile.tables import hit_location_table

S = PercentileState


def refuse(reason: str, field: str = "combatant") -> IllegalCommandError:
    return IllegalCommandError(reason, field=field)


def known(state: S, combatant_id: str, field: str) -> Combatant:
    """The combatant ``combatant_id``; an unknown id names the field and the combatants."""
    found = state.combatants.get(ActorId(combatant_id))
    if found is None:
        names = ", ".join(state.combatants) or "none yet"
        raise refuse(
            f"no combatant {combatant_id!r} in this encounter (combatants: {names})", field
        )
    return found


def standing(state: S, combatant_id: str, field: str) -> Combatant:
    """A combatant still in the fight."""
    found = known(state, combatant_id, field)
    if state.is_down(found):
        raise refuse(f"{found.name} is out of the fight", field)
    return found


def intangible(target: Combatant) -> bool:
    """A spirit that is not tangible (discorporate, or not manifested as tangible): only
    spirit combat reaches it (P-ACT-18)."""
    return target.discorporate or (target.spirit and not target.tangible)


def physical_target(state: S, attacker: Combatant, target_id: str) -> Combatant:
    target = standing(state, target_id, "target")
    if target.id == attacker.id:
        raise refuse(f"{attacker.name} cannot target themself", "target")
    if intangible(target):
        raise refuse(
            f"{target.name} is a spirit that is not tangible: only spirit combat "
            "reaches it (P-ACT-18)",
            "target",
        )
    return target


def add(state: S, command: Command, spec: cmd.CombatantSpec) -> None:
    if spec.id in state.combatants:
        raise refuse(f"a combatant {spec.id!r} is already here", "id")
    talking = state.talking
    if talking is not None and spec.side not in {party.side for party in talking.parties}:
        sides = " and ".join(party.side for party in talking.parties)
        raise refuse(f"the social encounter is between {sides}, not {spec.side}", "side")
    for item in spec.ready or ():
        if item not in {w.name for w in spec.stats.weapons} | {s.name for s in spec.stats.shields}:
            raise refuse(f"{spec.id} has no weapon or shield {item!r}", "ready")


def start(state: S, command: Command, order: cmd.Nothing) -> None:
    if state.clock is not None:
        raise refuse("the encounter has already started", "kind")
    if state.social is not None:
        raise refuse(
            "this is a social encounter: the GM turns it into combat (percentile.to_combat)",
            "kind",
        )
    if not state.combatants:
        raise refuse("add the combatants first", "kind")


def end(state: S, command: Command, order: cmd.Nothing) -> None:
    if state.clock is None and state.social is None:
        raise refuse("the encounter has not started", "kind")


def engage(state: S, command: Command, order: cmd.Engage) -> None:
    a, b = (standing(state, key, "pair") for key in order.pair)
    if a.id == b.id:
        raise refuse("a combatant cannot engage itself", "pair")
    if a.discorporate or b.discorporate:
        raise refuse("a discorporate entity cannot be engaged in melee", "pair")
    if order.distance is not None and not state.options.weapon_reach:
        raise refuse("a melee distance needs the option weapon_reach", "distance")


def damage(state: S, command: Command, order: cmd.GmDamage) -> None:
    """The combatant is here, and a location named is one of its own (its hit points by
    location), else one of the hit location table's."""
    target = known(state, order.combatant, "combatant")
    if order.location is not None:
        places = tuple(target.location_hp) or hit_location_table(target.stats.body_plan).locations
        if order.location not in places:
            raise refuse(
                f"{target.name or target.id} has no hit location {order.location!r} "
                f"(its locations: {', '.join(places)})",
                "location",
            )


def attack(state: S, command: Command, order: cmd.Attack) -> None:
    attacker = state.combatant(order.combatant)
    if len(order.targets) > 1 and not state.options.split_action:
        raise refuse("several attempts in one action need the option split_action", "targets")
    if order.hazard is not None and order.intent != "bash":
        raise refuse(
            "only a Bash pushes the target into a hazardous zone (P-OPT-24): "
            "'hazard' needs intent 'bash'",
            "hazard",
        )
    name = order.weapon or gear.main_weapon(attacker)
    if name != gear.UNARMED and name not in (
        *gear.held_weapons(attacker),
        *gear.held_shields(attacker),
    ):
        raise refuse(
            f"{attacker.name} does not hold {name!r} (in hand: "
            f"{', '.join(attacker.ready) or 'nothing'})",
            "weapon",
        )
    weapon = gear.weapon(attacker, name, state.options)
    for target_id in order.targets:
        target = physical_target(state, attacker, target_id)
        engagement = state.engagement(attacker.id, target.id)
        if weapon.ranged or not state.options.weapon_reach:
            continue
        distance = engagement.distance if engagement is not None else None
        if engagement is None:
            distance = opening_distance(
                state, attacker.id, target.id, weapon=name, declared=order.distance
            )
        if distance is not None and not usable_at(weapon.reach, distance):
            raise refuse(
                f"{weapon.name} ({weapon.reach} reach) cannot be used at "
                f"{distance.replace('_', ' ')} melee distance (P-OPT-11)",
                "weapon",
            )
    fast = fast_paths.enabled()
    for task in attack_tasks(state, order):
        if fast and plainly_valid(state, task):
            continue  # the request would be built only to be thrown away
        try:
            attack_request(state, task)
        except ValidationError as error:
            raise invalid_input(error, prefix="payload") from None


def ability(state: S, command: Command, order: cmd.Ability) -> None:
    if order.physical and state.combatant(order.combatant).discorporate:
        raise refuse(
            "a discorporate entity cannot act on the physical world (P-ACT-18)", "physical"
        )
    if order.skill not in CHARACTERISTICS:
        gear.skill(state.combatant(order.combatant), order.skill)
    if order.opposed_by is not None:
        opponent = standing(state, order.opposed_by, "opposed_by")
        name = order.opposed_skill or order.skill
        if name not in CHARACTERISTICS:
            gear.skill(opponent, name, "opposed_skill")


def aim(state: S, command: Command, order: cmd.Target) -> None:
    physical_target(state, state.combatant(order.combatant), order.target)


def cast(state: S, command: Command, order: cmd.Cast) -> None:
    caster = state.combatant(order.combatant)
    if order.target is not None:
        standing(state, order.target, "target")
    mp = caster.magic_points
    if mp is not None and order.magic_points > mp:
        raise refuse(
            f"{caster.name} has {mp} Magic Points, not {order.magic_points}", "magic_points"
        )
    if order.skill is not None:
        gear.skill(caster, order.skill)
    elif caster.stats.characteristics.POW is None:
        raise refuse(f"{caster.name} has no POW to cast with", "skill")


def defend(state: S, command: Command, order: cmd.Defend) -> None:
    if order.split > 1 and not state.options.split_action:
        raise refuse("a split Defend needs the option split_action", "split")
    if order.distance is not None:
        if not state.options.weapon_reach:
            raise refuse("changing the melee distance needs the option weapon_reach", "distance")
        if state.engagement(order.combatant, order.distance.opponent) is None:
            raise refuse(
                f"{order.combatant} is not engaged with {order.distance.opponent}", "distance"
            )


def in_melee(state: S, command: Command, order: cmd.Who) -> None:
    if not state.in_melee(order.combatant):
        raise refuse(f"{order.combatant} is not engaged in melee", "combatant")


def in_spirit_combat(state: S, command: Command, order: cmd.Who) -> None:
    if not state.spirit_foes(order.combatant):
        raise refuse(f"{order.combatant} is not engaged in spirit combat", "combatant")


def equip(state: S, command: Command, order: cmd.Equip) -> None:
    combatant = state.combatant(order.combatant)
    for item in order.ready:
        if item not in gear.owned(combatant):
            raise refuse(f"{combatant.name} has no usable weapon or shield {item!r}", "ready")


def grapple(state: S, command: Command, order: cmd.Grapple) -> None:
    grappler = state.combatant(order.combatant)
    target = physical_target(state, grappler, order.target)
    held = state.grapple_by(grappler.id)
    if order.maneuver != "grab":
        if held is None or held.grappled != target.id:
            raise refuse(f"{grappler.name} is not grappling {target.name}", "maneuver")
        return
    if held is not None:
        raise refuse(f"{grappler.name} already grapples {held.grappled}", "target")
    task = grapple_task(state, order, reason="grapple")
    weapon = gear.weapon(grappler, task.weapon, state.options)
    gear.skill(grappler, gear.weapon_skill(grappler, weapon), "weapon")


def escape(state: S, command: Command, order: cmd.Who) -> None:
    if state.grapple_on(order.combatant) is None:
        raise refuse(f"{order.combatant} is not grappled", "combatant")
    gear.skill(state.combatant(order.combatant), gear.BRAWL)


def release(state: S, command: Command, order: cmd.Who) -> None:
    if state.grapple_by(order.combatant) is None:
        raise refuse(f"{order.combatant} is grappling no one", "combatant")


def help(state: S, command: Command, order: cmd.Help) -> None:
    standing(state, order.ally, "ally")
    gear.skill(state.combatant(order.combatant), order.skill)


def engaged_anywhere(state: S, who: ActorId) -> None:
    if state.in_melee(who) or state.spirit_foes(who):
        raise refuse(
            "manifesting and discorporating cannot be done while engaged in melee or "
            "spirit combat (P-ACT-18)",
            "combatant",
        )


def manifest(state: S, command: Command, order: cmd.Who) -> None:
    combatant = state.combatant(order.combatant)
    if not combatant.discorporate:
        raise refuse(f"{combatant.name} is not in the Spirit World", "combatant")
    engaged_anywhere(state, combatant.id)


def discorporate(state: S, command: Command, order: cmd.Who) -> None:
    combatant = state.combatant(order.combatant)
    if combatant.discorporate or not (combatant.spirit or combatant.discorporates):
        raise refuse(f"{combatant.name} cannot discorporate", "combatant")
    engaged_anywhere(state, combatant.id)


def move(state: S, command: Command, order: cmd.Move) -> None:
    combatant = state.combatant(order.combatant)
    most = reach(combatant, order.terrain)
    if order.meters > most:
        raise refuse(
            f"{combatant.name} moves up to {most} meters (MOV {combatant.stats.mov}, "
            f"{order.terrain} terrain)",
            "meters",
        )
    if state.grapple_on(combatant.id) is not None:
        raise refuse(f"{combatant.name} is grappled: escape first", "combatant")


def spirit_combat(state: S, command: Command, order: cmd.SpiritCombat) -> None:
    attacker = state.combatant(order.combatant)
    gear.skill(attacker, gear.SPIRIT_COMBAT)
    if order.target is None:
        return
    target = standing(state, order.target, "target")
    if target.id == attacker.id:
        raise refuse("a combatant cannot attack itself", "target")
    if attacker.form == "corporeal":
        if target.id not in state.spirit_foes(attacker.id):
            raise refuse(
                "only discorporate entities initiate spirit combat; a corporeal being "
                "fights back a spirit engaged with it (P-ACT-23)",
                "target",
            )
    elif target.form == "corporeal" and attacker.discorporate:
        raise refuse(
            f"{attacker.name} must manifest to attack a corporeal being (P-ACT-23)", "target"
        )


def wait(state: S, command: Command, order: cmd.Wait) -> None:
    combatant = state.combatant(order.combatant)
    if order.turn_order >= effective(combatant):
        raise refuse(f"a Wait lowers the turn order: below {effective(combatant)}", "turn_order")
    last = combatant.last_action
    if last is not None and last.round == state.round:
        raise refuse(f"{combatant.name} has already acted this round", "kind")


def stand_up(state: S, command: Command, order: cmd.Who) -> None:
    if not state.combatant(order.combatant).prone:
        raise refuse(f"{order.combatant} is not prone", "combatant")


def stuck(state: S, owner: str, target: str, *, held: bool | None) -> None:
    for item in state.stuck_in(target):
        if item.owner == owner and not item.broken and (held is None or item.held == held):
            return
    raise refuse(
        f"no weapon of {owner} is stuck in {target}"
        + ("" if held is None else " and held" if held else " and let go"),
        "target",
    )


def pull(state: S, command: Command, order: cmd.Target) -> None:
    stuck(state, order.combatant, order.target, held=True)


def remove(state: S, command: Command, order: cmd.Target) -> None:
    stuck(state, order.target, order.combatant, held=None)


def regrab(state: S, command: Command, order: cmd.Target) -> None:
    stuck(state, order.combatant, order.target, held=False)
    gear.skill(state.combatant(order.combatant), gear.BRAWL)


def drop(state: S, command: Command, order: cmd.Item) -> None:
    if order.item not in state.combatant(order.combatant).ready:
        raise refuse(f"{order.combatant} holds no {order.item!r}", "item")


def step(state: S, command: Command, order: cmd.Step) -> None:
    combatant = state.combatant(order.combatant)
    if combatant.stepped or combatant.moved:
        raise refuse("Step is once per round, and not after a Move (P-REA-03)", "kind")
    if state.grapple_on(combatant.id) is not None:
        raise refuse(f"{combatant.name} is grappled", "combatant")


def passion(state: S, command: Command, order: cmd.Passion) -> None:
    if state.combatant(order.combatant).passion_used:
        raise refuse("Use Passion is once per encounter (P-REA-04, G-P-06)", "kind")
