"""Using a skill (document 004, "Type", "Targets", "Defense", "Effects", "Concentration").

:func:`check_use` is the one legality check of ``tactical.use_skill`` (``submit`` and the
candidates share it): the skill is the character's to use (``traits.available``), its
type fits what is left of the turn (S-TYPE-02, S-TYPE-04, S-TYPE-07; passives are never
used, S-TYPE-09; reactions answer triggers, S-TYPE-08), its targets are legal (S-TGT-01),
its defense cost can be paid unless a final gambit is invoked (S-DEF-02, S-DEF-03), and a
second concentration says what becomes of the first (S-CONC-02).

:func:`play_use` plays it in the document's order: targets first (S-TGT-01), then the
defense paid or gained (S-DEF-01, S-DEF-02), then the effects (S-EFF-01), then what the
skill sets going (``flow.advance``: reactions, defenses, rolls).
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.tactical.catalogue import SkillDef
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.effects import (
    add_condition,
    apply_effects,
    change_pool,
    interrupt,
    let_go,
)
from tablekeeper.rulesets.tactical.encounter.flow import advance
from tablekeeper.rulesets.tactical.encounter.reach import targets_for
from tablekeeper.rulesets.tactical.encounter.state import (
    Character,
    Concentration,
    HinderRuling,
    TacticalState,
    Turn,
)
from tablekeeper.rulesets.tactical.encounter.traits import available, bonus_movement, can_act
from tablekeeper.rulesets.tactical.encounter.work import Work
from tablekeeper.rulesets.tactical.grid import distance
from tablekeeper.rulesets.tactical.targeting import TargetsOutcome


def refuse(reason: str, field: str = "skill") -> IllegalCommandError:
    return IllegalCommandError(reason, field=field)


def acting(state: TacticalState, command: Command, key: str) -> Character:
    """The character ``key``, who must be standing, able to act, and played by the
    command's actor (or the GM)."""
    if ActorId(key) not in state.characters:
        raise refuse(f"there is no character {key!r}", "character")
    if command.actor not in (GM, key):
        raise refuse(f"{command.actor} does not play {key}", "actor")
    character = state.character(key)
    if not can_act(state.catalogue, character):
        raise refuse(f"{character.name} cannot act", "character")
    return character


def own_turn(state: TacticalState, key: str) -> None:
    if state.turn is None or state.turn.actor != key:
        whose = state.turn.actor if state.turn else "nobody"
        raise refuse(f"it is {whose}'s turn, not {key}'s", "character")


def turn_allows(state: TacticalState, character: Character, skill: SkillDef) -> None:
    """The skill's type against what is left of the turn."""
    turn = state.turn
    assert turn is not None
    if skill.type == "passive":
        raise refuse(f"{skill.name} is passive: always in effect, never used (S-TYPE-09)")
    if skill.type == "reaction":
        raise refuse(f"{skill.name} is a reaction: use it when its trigger comes (S-TYPE-08)")
    if turn.maneuver is not None:
        raise refuse("finish the maneuver first: no skill in the middle of one (S-TYPE-07)")
    if skill.type in ("action", "other"):
        if turn.action_used:
            raise refuse("the action of this turn is used (S-TYPE-02)")
        return
    if maneuver_spent(turn, character):
        raise refuse("no maneuver is left this turn (S-TYPE-04)")


def maneuver_spent(turn: Turn, character: Character) -> bool:
    """No maneuver is left this turn (S-TYPE-04): its maneuver and its action are used,
    and the character has no extra maneuver."""
    return turn.maneuvers >= 1 and turn.action_used and character.extra_maneuvers < 1


def cost_of(skill: SkillDef) -> int:
    return -skill.defense.amount if skill.defense is not None and skill.defense.amount < 0 else 0


def cannot_pay(character: Character, skill: SkillDef) -> bool:
    """The skill's defense cost is more than its pool holds: it cannot be used, unless by
    a final gambit (S-DEF-02, S-DEF-03)."""
    cost = cost_of(skill)
    return bool(cost) and skill.defense is not None and character.pool(skill.defense.track) < cost


def aim(state: TacticalState, key: str, order: cmd.UseSkill, skill_key: str) -> TargetsOutcome:
    outcome = targets_for(state, key, skill_key, target=order.target, point=order.point)
    if not outcome.legal:
        raise refuse(outcome.reason or "the skill cannot be aimed so", "target")
    return outcome


def check_use(state: TacticalState, command: Command, order: cmd.UseSkill) -> None:
    character = acting(state, command, order.character)
    own_turn(state, order.character)
    reason = available(state, character, order.skill)
    if reason is not None:
        raise refuse(reason)
    skill = state.catalogue.skills[order.skill]
    turn_allows(state, character, skill)
    aim(state, order.character, order, order.skill)
    cost = cost_of(skill)
    if not order.final_gambit and cannot_pay(character, skill):
        assert skill.defense is not None
        have = character.pool(skill.defense.track)
        raise refuse(
            f"{skill.name} costs {cost} {skill.defense.track} and {character.name} has "
            f"{have}: it cannot be used, unless by a final gambit (S-DEF-02, S-DEF-03)",
            "final_gambit",
        )
    if order.final_gambit and not cost:
        raise refuse(f"{skill.name} has no defense cost to gamble away", "final_gambit")
    if skill.concentration and character.id in state.concentrations and order.concentration is None:
        held = state.concentrations[character.id].skill
        raise refuse(
            f"{character.name} already concentrates on {held}: release it first or ignore "
            f"this skill's concentration (S-CONC-02)",
            "concentration",
        )


def zone_enemies(state: TacticalState, character: Character) -> tuple[ActorId, ...]:
    """The standing enemies whose zone of control holds ``character`` (G-S-08)."""
    zone = state.options.zone_of_control
    return tuple(
        other.id
        for other in state.standing()
        if other.is_enemy_of(character)
        and distance(other.position, character.position, state.options.distance) <= zone
    )


def play_use(work: Work, order: cmd.UseSkill) -> Decision | None:
    state = work.state
    skill = state.catalogue.skills[order.skill]
    character = state.character(order.character)
    careful = any(state.catalogue.tags[tag].careful for tag in skill.tags)
    if skill.type == "maneuver" and not careful:
        enemies = zone_enemies(state, character)
        if enemies:
            ruling = HinderRuling(
                character=character.id,
                skill=order.skill,
                enemies=enemies,
                order=order.model_dump(mode="json"),
            )
            work.emit(ev.AWAITING, ev.AwaitingSet(awaiting=ruling))
            return Decision(
                chooser=GM,
                prompt=(
                    f"{character.name} uses {skill.name} in an enemy's zone of control: hindered?"
                ),
                options=(
                    Option(id="hindered", label="Hindered: no bonus movement"),
                    Option(id="free", label="Not hindered"),
                ),
                default="hindered",
            )
    return carry_out(work, order)


def resume_hinder(
    work: Work, about: HinderRuling, chooser: ActorId, option: str
) -> Decision | None:
    work.emit(ev.AWAITING, ev.AwaitingSet(awaiting=None))
    if option == "hindered":
        add_condition(work, about.character, "hindered", "zone of control (S-TYPE-06)")
    return carry_out(work, cmd.UseSkill.model_validate(about.order))


def carry_out(work: Work, order: cmd.UseSkill) -> Decision | None:
    """Targets, defense, effects, concentration, then the flow."""
    state = work.state
    key = order.character
    skill = state.catalogue.skills[order.skill]
    character = state.character(key)
    catalogue = state.catalogue
    aimed = targets_for(state, key, order.skill, target=order.target, point=order.point)
    targets = tuple(ActorId(t) for t in aimed.targets if _affected(state, skill, t))
    careful = any(catalogue.tags[tag].careful for tag in skill.tags)
    slow = any(catalogue.tags[tag].slow for tag in skill.tags)
    paces = None
    if skill.type == "maneuver":
        paces = skill.move + (
            character.agility if not slow and bonus_movement(catalogue, character) else 0
        )
    held = tuple(
        c
        for c in character.conditions
        if c in catalogue.conditions and catalogue.conditions[c].temporary
    )
    banes = len(aimed.zone_of_control_banes) if state.options.zone_banes_automatic else 0
    if not character.visible:
        stealthy = any(catalogue.tags[tag].stealthy for tag in skill.tags)
        work.emit(ev.HIDDEN_CHECK, ev.HiddenCheck(character=character.id, revealed=not stealthy))
    if (
        skill.concentration
        and character.id in state.concentrations
        and order.concentration == "release_first"
    ):
        interrupt(work, key, "replaced")
    ignore_concentration = (
        skill.concentration
        and order.concentration == "ignore_new"
        and character.id in work.state.concentrations
    )
    origin: Literal["action", "maneuver", "reaction", "other"] = (
        "maneuver" if skill.type == "maneuver" else "action" if skill.type == "action" else "other"
    )
    work.emit(
        ev.SKILL_USED,
        ev.SkillUsed(
            user=character.id,
            skill=order.skill,
            origin=origin,
            targets=targets,
            point=order.point,
            squares=aimed.squares,
            banes=banes,
            final_gambit=order.final_gambit,
            maneuver_paces=paces,
            careful=careful,
            held_temporary=held,
            resolves=skill.type != "other",
        ),
    )
    paid = settle_defense(work, key, skill, order.final_gambit)
    if skill.type == "other":
        work.emit(
            ev.CONCENTRATION_STARTED,
            ev.ConcentrationStarted(
                character=character.id,
                concentration=Concentration(
                    skill=order.skill,
                    weapon=skill.weapon,
                    turns_left=(skill.duration or 2) - 1,
                    paid=paid,
                    paid_track=skill.defense.track if skill.defense else None,
                    point=order.point,
                    target=order.target,
                ),
            ),
        )
        return None
    if skill.concentration and not ignore_concentration:
        work.emit(
            ev.CONCENTRATION_STARTED,
            ev.ConcentrationStarted(
                character=character.id,
                concentration=Concentration(skill=order.skill, weapon=skill.weapon),
            ),
        )
    effects = skill.effects
    if ignore_concentration:
        effects = tuple(e for e in effects if not getattr(e, "while_concentrating", False))
    for target in targets or (character.id,):
        apply_effects(work, key, target, effects, order.skill)
    if "thrown" in skill.tags and skill.weapon is not None and targets:
        weapon = next((w for w in character.wielding if w.name == skill.weapon), None)
        if weapon is not None:
            let_go(work, key, weapon, "thrown", work.state.character(targets[0]).position)
    return advance(work)


def _affected(state: TacticalState, skill: SkillDef, target: str) -> bool:
    """A skill is ineffective on a character with the condition its tag names (S-ELEM-18,
    S-ELEM-19: sight on the blinded, sound on the deafened)."""
    character = state.character(target)
    for tag in skill.tags:
        condition = state.catalogue.tags[tag].ineffective_on
        if condition is not None and character.has(condition):
            return False
    return True


def settle_defense(work: Work, key: str, skill: SkillDef, final_gambit: bool) -> int:
    """Pay the skill's defense cost, or gain its defense (S-DEF-01, S-DEF-02)."""
    if skill.defense is None or skill.defense.amount == 0:
        return 0
    if skill.defense.amount < 0:
        if final_gambit:
            return 0
        return -change_pool(work, key, skill.defense.track, skill.defense.amount, "cost")
    change_pool(work, key, skill.defense.track, skill.defense.amount, "gain")
    return 0


def complete_other(work: Work, key: str) -> Decision | None:
    """At the start of ``key``'s turn its 'other' skill counts down, then completes."""
    held = work.state.concentrations[ActorId(key)]
    assert held.turns_left is not None
    if held.turns_left > 1:
        changed = held.model_copy(update={"turns_left": held.turns_left - 1})
        work.emit(
            ev.CONCENTRATION_STARTED,
            ev.ConcentrationStarted(character=ActorId(key), concentration=changed),
        )
        return None
    work.emit(
        ev.CONCENTRATION_ENDED,
        ev.ConcentrationEnded(character=ActorId(key), skill=held.skill, reason="completed"),
    )
    state = work.state
    aimed = targets_for(state, key, held.skill, target=held.target, point=held.point)
    skill = state.catalogue.skills[held.skill]
    targets = tuple(ActorId(t) for t in aimed.targets if _affected(state, skill, t))
    work.emit(
        ev.SKILL_USED,
        ev.SkillUsed(
            user=ActorId(key),
            skill=held.skill,
            origin="other",
            targets=targets if aimed.legal else (),
            point=held.point,
            squares=aimed.squares,
            resolves=True,
            completes=True,
        ),
    )
    for target in targets or (ActorId(key),):
        apply_effects(work, key, target, skill.effects, held.skill)
    return advance(work)


def check_end_turn(state: TacticalState, command: Command, order: cmd.CharacterOnly) -> None:
    if ActorId(order.character) not in state.characters:
        raise refuse(f"there is no character {order.character!r}", "character")
    if command.actor not in (GM, order.character):
        raise refuse(f"{command.actor} does not play {order.character}", "actor")
    own_turn(state, order.character)
