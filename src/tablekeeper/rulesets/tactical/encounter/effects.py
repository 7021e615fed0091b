"""What skills do to characters: pools, conditions, defeat, concentration, movement.

Every change goes through these functions, so the rules they keep hold everywhere: a
pool never goes below 0 nor above its maximum; a defense a character cannot gain gives
nothing (S-DEF-01); a condition never lands on a character immune to it (S-TAG-24);
yield damage beyond what a pool holds defeats (G-S-03), and any damage defeats a minion;
an interrupted concentration ends its effects at once and an interrupted 'other' skill
refunds what it cost (S-CONC-05, S-TYPE-10); letting go of a weapon interrupts a
concentration on its skill (S-CONC-04).
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.catalogue import (
    ConditionEffect,
    DamageEffect,
    Effect,
    FlagEffect,
    MoveEffect,
    RemoveConditionEffect,
    ShoveEffect,
    To,
    Track,
)
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.state import Character, Link, TacticalState, Weapon
from tablekeeper.rulesets.tactical.encounter.traits import can_gain
from tablekeeper.rulesets.tactical.encounter.work import Work
from tablekeeper.rulesets.tactical.grid import distance
from tablekeeper.rulesets.tactical.options import TacticalOptions

Cause = Literal["cost", "gain", "threat", "damage", "refund", "gm"]


def change_pool(work: Work, key: str, track: Track, delta: int, cause: Cause) -> int:
    """Add ``delta`` to a pool, kept within ``0 .. maximum``; return the change made."""
    character = work.state.character(key)
    before = character.pool(track)
    if delta > 0 and cause == "gain" and not can_gain(work.state.catalogue, character, track):
        work.emit(
            ev.POOL_CHANGED,
            ev.PoolChanged(
                character=character.id,
                track=track,
                before=before,
                after=before,
                cause="no_gain",
                requested=delta,
            ),
        )
        return 0
    after = max(0, min(character.maximum(track), before + delta))
    work.emit(
        ev.POOL_CHANGED,
        ev.PoolChanged(
            character=character.id,
            track=track,
            before=before,
            after=after,
            cause=cause,
            requested=delta,
        ),
    )
    return after - before


def defeats(character: Character, track: Track, amount: int, options: TacticalOptions) -> bool:
    """Whether ``amount`` damage to ``track`` defeats ``character`` (G-S-03): more than
    the pool holds, or any at all to a minion."""
    return defeats_holding(character.pool(track), amount, character.minion, options)


def defeats_holding(held: int, amount: int, minion: bool, options: TacticalOptions) -> bool:
    """Whether ``amount`` damage to a pool holding ``held`` defeats (G-S-03): more than
    it holds, or any at all to a ``minion`` (what the default policy prices too)."""
    if amount <= 0:
        return False
    if minion and options.minion_defeated_by_any_damage:
        return True
    return amount > held


def damage(work: Work, key: str, track: Track, amount: int) -> None:
    """Yield damage to a pool, then defeat if it :func:`defeats`."""
    if amount <= 0:
        return
    character = work.state.character(key)
    change_pool(work, key, track, -amount, "damage")
    if defeats(character, track, amount, work.state.options):
        defeat(
            work,
            key,
            "minion" if character.minion and amount <= character.pool(track) else "damage",
        )


def defeat(work: Work, key: str, reason: Literal["damage", "final_gambit", "minion", "gm"]) -> None:
    character = work.state.character(key)
    if character.defeated:
        return
    work.emit(ev.DEFEATED, ev.Defeated(character=character.id, reason=reason))
    if character.id in work.state.concentrations:
        interrupt(work, key, "defeated")
    check_end(work)


def check_end(work: Work) -> None:
    """The encounter ends when only one side still stands."""
    state = work.state
    if state.ended is not None or len(state.characters) < 2:
        return
    sides = {one.side for one in state.standing()}
    if len(sides) <= 1:
        work.emit(ev.ENDED, ev.Ended(result=ended_words(sides)))


def ended_words(sides: set[str]) -> str:
    """How the fight ended, by the side left standing (``goblins left standing``,
    ``knight left standing``: words that read alike for a side named in the singular or
    the plural), or ``nobody left standing``."""
    return f"{next(iter(sides))} left standing" if sides else "nobody left standing"


def takes_condition(character: Character, condition: str) -> bool:
    """Whether ``condition`` would land on ``character``: not when it is immune to it
    (S-TAG-24), nor when it already has it."""
    return condition not in character.immune_conditions and not character.has(condition)


def add_condition(work: Work, key: str, condition: str, source: str) -> bool:
    """Apply ``condition`` unless the character is immune to it (S-TAG-24)."""
    character = work.state.character(key)
    if not takes_condition(character, condition):
        return False
    work.emit(
        ev.CONDITION_ADDED,
        ev.ConditionAdded(character=character.id, condition=condition, source=source),
    )
    return True


def remove_condition(work: Work, key: str, condition: str, reason: str) -> None:
    character = work.state.character(key)
    if character.has(condition):
        work.emit(
            ev.CONDITION_REMOVED,
            ev.ConditionRemoved(character=character.id, condition=condition, reason=reason),
        )


def removable_condition(state: TacticalState, key: str) -> str | None:
    """The condition "remove a non-persistent condition" takes from ``key``: its most recent
    one that is not persistent (S-ELEM-01, S-ELEM-09), or none."""
    catalogue = state.catalogue
    for condition in reversed(state.character(key).conditions):
        definition = catalogue.conditions.get(condition)
        if definition is None or not definition.persistent:
            return condition
    return None


def remove_one_non_persistent(work: Work, key: str, source: str) -> None:
    """Remove the most recent condition that is not persistent (S-ELEM-01, S-ELEM-09)."""
    condition = removable_condition(work.state, key)
    if condition is not None:
        remove_condition(work, key, condition, source)


EndReason = Literal[
    "released", "interrupted", "weapon", "completed", "defeated", "replaced", "removed"
]


def interrupt(work: Work, key: str, reason: EndReason) -> None:
    """End ``key``'s concentration: its linked conditions end at once (S-CONC-05); an
    'other' skill cut short does nothing and refunds its cost (S-TYPE-10)."""
    held = work.state.concentrations.get(ActorId(key))
    if held is None:
        return
    work.emit(
        ev.CONCENTRATION_ENDED,
        ev.ConcentrationEnded(character=ActorId(key), skill=held.skill, reason=reason),
    )
    for link in held.links:
        remove_condition(work, link.character, link.condition, f"{held.skill} ended")
    refund = held.turns_left is not None and reason not in ("completed", "removed") and held.paid
    if refund and held.paid_track and not work.state.character(key).defeated:
        change_pool(work, key, held.paid_track, held.paid, "refund")


def let_go(
    work: Work,
    key: str,
    weapon: Weapon,
    change: Literal["dropped", "taken", "thrown"],
    position: tuple[int, int] | None,
) -> None:
    """``key`` stops holding ``weapon``: a concentration on its skill is interrupted."""
    work.emit(
        ev.WEAPON_CHANGED,
        ev.WeaponChanged(character=ActorId(key), weapon=weapon, change=change, position=position),
    )
    held = work.state.concentrations.get(ActorId(key))
    if held is not None and held.weapon == weapon.name:
        interrupt(work, key, "weapon")


def shove(work: Work, user: str, target: str, paces: int) -> None:
    """Push ``target`` straight away from ``user``, square by square, until a wall, a
    character or the map's edge stops it (S-ELEM-04)."""
    state = work.state
    origin = state.character(user).position
    start = state.character(target).position
    dx = (start[0] > origin[0]) - (start[0] < origin[0])
    dy = (start[1] > origin[1]) - (start[1] < origin[1])
    if dx == 0 and dy == 0:
        return
    here = start
    for _ in range(paces):
        step = (here[0] + dx, here[1] + dy)
        if not state.map.open(step) or state.occupied(step, besides=target):
            break
        here = step
    if here != start:
        work.emit(
            ev.MOVED,
            ev.Moved(
                character=ActorId(target),
                origin=start,
                destination=here,
                paces=distance(start, here),
                voluntary=False,
            ),
        )


def apply_effects(
    work: Work, user: str, target: str, effects: tuple[Effect, ...], source: str
) -> None:
    """Carry out ``effects`` of a skill or a cunning option on ``target`` (S-EFF-01)."""
    for effect in effects:
        state = work.state
        if state.character(target).defeated and not isinstance(effect, MoveEffect):
            continue
        if isinstance(effect, ConditionEffect):
            who = receiver(state, user, target, effect.to)
            if who is None:
                continue
            if add_condition(work, who, effect.condition, source) and effect.while_concentrating:
                link_to_concentration(work, user, who, effect.condition, source)
        elif isinstance(effect, RemoveConditionEffect):
            remove_one_non_persistent(work, removes_from(user, target, effect.to), source)
        elif isinstance(effect, DamageEffect):
            damage(work, target, effect.track, effect.amount)
        elif isinstance(effect, MoveEffect):
            if effect.paces:
                work.emit(ev.FREE_PACES, ev.FreePaces(character=ActorId(user), paces=effect.paces))
        elif isinstance(effect, ShoveEffect):
            shove(work, user, target, effect.paces)
        elif isinstance(effect, FlagEffect):
            _flag(work, user, target, effect, source)


def receiver(state: TacticalState, user: str, target: str, to: To) -> str | None:
    """Whom an effect for ``to`` lands on: the target, the user, or the user's companion
    (none when it has none in the encounter)."""
    who = {"target": target, "self": user}.get(to)
    if to == "companion":
        who = state.character(user).companion
    return who if who is not None and ActorId(who) in state.characters else None


def removes_from(user: str, target: str, to: To) -> str:
    """Whom "remove a non-persistent condition" for ``to`` acts on: the target, else the
    user."""
    return target if to == "target" else user


def _flag(work: Work, user: str, target: str, effect: FlagEffect, source: str) -> None:
    state = work.state
    if effect.type == "interrupt":
        interrupt(work, target, "interrupted")
    elif effect.type in ("take_weapon", "disarm"):
        held = state.character(target).wielding
        if not held:
            return
        weapon = held[0]
        if effect.type == "take_weapon":
            let_go(work, target, weapon, "taken", None)
            work.emit(
                ev.WEAPON_CHANGED,
                ev.WeaponChanged(character=ActorId(user), weapon=weapon, change="gained"),
            )
        else:
            let_go(work, target, weapon, "dropped", state.character(target).position)
    elif effect.type == "companion_maneuver":
        companion = state.character(user).companion
        if companion is not None and ActorId(companion) in state.characters:
            work.emit(ev.EXTRA_MANEUVER, ev.ExtraManeuver(character=ActorId(companion)))
    elif effect.type == "ignore_armor":
        use = state.use
        if use is not None and use.absorbed:
            # the armor is ignored once: a second such effect finds nothing left to add
            work.emit(ev.USE_CHANGED, ev.UseChanged(use=use.model_copy(update={"absorbed": 0})))
            if armor_ignored(state):
                track = state.catalogue.skills[use.skill].yield_
                assert track is not None
                damage(work, target, track.track, use.absorbed)


def armor_ignored(state: TacticalState) -> int:
    """What ignoring the target's armor deals now: the yield damage its armor took on the
    skill in use (its yield's pool), none when it took nothing or the skill has no yield."""
    use = state.use
    if use is None or state.catalogue.skills[use.skill].yield_ is None:
        return 0
    return use.absorbed


def link_to_concentration(work: Work, user: str, who: str, condition: str, skill: str) -> None:
    """The condition lasts while ``user`` concentrates; it starts a concentration on the
    skill if ``user`` concentrates on nothing yet."""
    from tablekeeper.rulesets.tactical.encounter.state import Concentration

    state = work.state
    if ActorId(user) not in state.concentrations:
        weapon = state.catalogue.skills[skill].weapon if skill in state.catalogue.skills else None
        work.emit(
            ev.CONCENTRATION_STARTED,
            ev.ConcentrationStarted(
                character=ActorId(user), concentration=Concentration(skill=skill, weapon=weapon)
            ),
        )
    work.emit(
        ev.CONCENTRATION_LINKED,
        ev.ConcentrationLinked(
            character=ActorId(user), link=Link(character=ActorId(who), condition=condition)
        ),
    )
