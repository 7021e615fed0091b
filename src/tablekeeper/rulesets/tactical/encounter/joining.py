"""A character joins the encounter: its sheet checked against the rules and the map.

The fighting style readies at most ``fighting_style_size`` skills, bonus and core skills
not counted (S-TAG-05, S-TAG-12); a skill above basic must be unlocked, an expert skill
after enough novice ones and so on (S-TAG-13 .. S-TAG-17, G-S-08); initiative and berserk
skills are for assassins and berserkers (S-TAG-18, S-TAG-19).
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.commands import CharacterSpec
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState
from tablekeeper.rulesets.tactical.encounter.traits import sheet_problems
from tablekeeper.rulesets.tactical.encounter.work import Work


def character_from(spec: CharacterSpec) -> Character:
    return Character(
        id=ActorId(spec.id),
        name=spec.name or spec.id.replace("_", " ").capitalize(),
        side=spec.side,
        position=spec.position,
        agility=spec.agility,
        brawn=spec.brawn,
        cunning=spec.cunning,
        armor=spec.armor,
        poise=spec.poise,
        momentum=spec.momentum,
        focus=spec.focus,
        max_poise=spec.max_poise if spec.max_poise is not None else spec.poise,
        max_momentum=spec.max_momentum if spec.max_momentum is not None else spec.momentum,
        max_focus=spec.max_focus if spec.max_focus is not None else spec.focus,
        minion=spec.minion,
        character_class=spec.character_class,
        style=spec.style,
        unlocked=spec.unlocked,
        wielding=spec.wielding,
        vulnerable=spec.vulnerable,
        resistant=spec.resistant,
        immune=spec.immune,
        immune_conditions=spec.immune_conditions,
        conditions=spec.conditions,
        companion=ActorId(spec.companion) if spec.companion else None,
        visible=not spec.hidden,
    )


def check_add(state: TacticalState, command: Command, spec: CharacterSpec) -> None:
    if ActorId(spec.id) in state.characters:
        raise IllegalCommandError(f"a character {spec.id!r} is already here", field="id")
    if not state.map.open(spec.position):
        raise IllegalCommandError(
            f"{list(spec.position)} is a wall or off the map", field="position"
        )
    if state.occupied(spec.position):
        raise IllegalCommandError(f"{list(spec.position)} is taken", field="position")
    for condition in spec.conditions:
        if condition not in state.catalogue.conditions:
            raise IllegalCommandError(f"no condition {condition!r}", field="conditions")
    problems = sheet_problems(state.catalogue, state.options, character_from(spec))
    if problems:
        raise IllegalCommandError("; ".join(problems), field="style")


def play_add(work: Work, spec: CharacterSpec) -> None:
    work.emit(ev.JOINED, ev.Joined(character=character_from(spec)))
