"""Reactions to a triggering event (document 004, "Reactions"): defense and effects at once.

A reaction rolls nothing (S-TGT-03) and answers one event once (S-TYPE-08); the GM's
declared events are answered with ``tactical.react``, an attack's targets and their
allies are asked by the flow (``flow.py``).
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.effects import apply_effects
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.encounter.traits import available
from tablekeeper.rulesets.tactical.encounter.using import acting, cost_of, refuse, settle_defense
from tablekeeper.rulesets.tactical.encounter.work import Work


def play_react(work: Work, order: cmd.React) -> Decision | None:
    """A reaction to an open trigger (S-TYPE-08): defense and effects, once per event."""
    target = order.target or order.character
    work.emit(
        ev.REACTED, ev.Reacted(character=order.character, skill=order.skill, trigger=order.trigger)
    )
    quick_reaction(work, order.character, order.skill, target)
    return None


def quick_reaction(work: Work, key: str, skill_key: str, target: str) -> None:
    """A reaction's defense and effects: reactions roll nothing (S-TGT-03)."""
    skill = work.state.catalogue.skills[skill_key]
    work.emit(
        ev.SKILL_USED,
        ev.SkillUsed(
            user=ActorId(key),
            skill=skill_key,
            origin="reaction",
            targets=(ActorId(target),),
            resolves=False,
        ),
    )
    settle_defense(work, key, skill, False)
    apply_effects(work, key, target, skill.effects, skill_key)


def check_react(state: TacticalState, command: Command, order: cmd.React) -> None:
    character = acting(state, command, order.character)
    trigger = next((t for t in state.triggers if t.id == order.trigger), None)
    if trigger is None:
        raise refuse(f"no triggering event {order.trigger!r} is open", "trigger")
    reason = available(state, character, order.skill)
    if reason is not None:
        raise refuse(reason)
    skill = state.catalogue.skills[order.skill]
    if skill.type != "reaction" or skill.trigger != trigger.kind:
        raise refuse(f"{skill.name} does not answer a {trigger.kind} trigger", "skill")
    if f"{order.character}:{order.skill}:{order.trigger}" in state.reacted:
        raise refuse(f"{skill.name} was already used for this event (S-TYPE-08)", "trigger")
    cost = cost_of(skill)
    if cost and skill.defense is not None and character.pool(skill.defense.track) < cost:
        raise refuse(f"{skill.name} costs {cost} {skill.defense.track} (S-DEF-02)", "skill")
