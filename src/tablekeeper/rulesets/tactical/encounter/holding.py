"""Letting go of concentration and of weapons (document 004, "Concentration", "Interrupting").

Release a concentration on an ally's turn, your own included, never on an enemy's
(S-CONC-01); drop a weapon, and a concentration on its skill is interrupted (S-CONC-04);
pick a weapon up where it lies (a thrown one lands by its target, S-TAG-06).
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.effects import interrupt, let_go
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.encounter.using import acting, refuse
from tablekeeper.rulesets.tactical.encounter.work import Work


def check_release(state: TacticalState, command: Command, order: cmd.CharacterOnly) -> None:
    """Release only on an ally's turn, your own included (S-CONC-01)."""
    if ActorId(order.character) not in state.characters:
        raise refuse(f"there is no character {order.character!r}", "character")
    if command.actor not in (GM, order.character):
        raise refuse(f"{command.actor} does not play {order.character}", "actor")
    character = state.character(order.character)
    if character.id not in state.concentrations:
        raise refuse(f"{character.name} concentrates on nothing", "character")
    if state.turn is None or state.character(state.turn.actor).is_enemy_of(character):
        raise refuse("concentration is released on an ally's turn, never an enemy's (S-CONC-01)")


def play_release(work: Work, order: cmd.CharacterOnly) -> None:
    interrupt(work, order.character, "released")


def check_weapon(state: TacticalState, command: Command, order: cmd.WeaponOrder) -> None:
    character = acting(state, command, order.character)
    if not character.holds(order.weapon):
        raise refuse(f"{character.name} holds no {order.weapon}", "weapon")


def play_drop(work: Work, order: cmd.WeaponOrder) -> None:
    character = work.state.character(order.character)
    weapon = next(w for w in character.wielding if w.name == order.weapon)
    let_go(work, order.character, weapon, "dropped", character.position)


def check_pick_up(state: TacticalState, command: Command, order: cmd.WeaponOrder) -> None:
    character = acting(state, command, order.character)
    if not any(
        item.weapon.name == order.weapon and item.position == character.position
        for item in state.ground
    ):
        raise refuse(f"no {order.weapon} lies where {character.name} stands", "weapon")


def play_pick_up(work: Work, order: cmd.WeaponOrder) -> None:
    character = work.state.character(order.character)
    item = next(
        i
        for i in work.state.ground
        if i.weapon.name == order.weapon and i.position == character.position
    )
    work.emit(
        ev.WEAPON_CHANGED,
        ev.WeaponChanged(character=character.id, weapon=item.weapon, change="picked_up"),
    )
