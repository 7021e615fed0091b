"""The GM's commands: characters, conflicts, the scene, rulings on conditions, time.

Document 000, 16.1-16.3 and 6. The GM adds characters (adversaries with two or three
stats, F-GM-01, minions, F-GM-04, spirits recorded, F-GM-06); opens conflicts at any
granularity, each stating its time scale (F-TIME, F-GM-14: several at once) and moves
characters between them; places and clears scene elements (F-SCENE-02); inflicts a
condition by ruling (narrative failures, the environment: F-COND-06) or rules a healing
requirement met (F-DOWN-06); dresses wounds (F-COND-20); passes time; redefines a
conflict's measures (F-TIME-05); flips a character by blackmail or bribery (F-GM-09).
"""

from __future__ import annotations

import re
from fractions import Fraction

from tablekeeper.engine.decisions import Decision
from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.ap import max_ap
from tablekeeper.rulesets.fractal.encounter.closing import close, pass_time, remove
from tablekeeper.rulesets.fractal.encounter.defending import network_decision
from tablekeeper.rulesets.fractal.encounter.duel import Duel
from tablekeeper.rulesets.fractal.encounter.exchanges import refresh, set_phase
from tablekeeper.rulesets.fractal.encounter.inflicting import inflict
from tablekeeper.rulesets.fractal.encounter.solo import (
    intervals_for,
    roll_intervals,
    start_interval,
)
from tablekeeper.rulesets.fractal.encounter.state import (
    Character,
    CharacterSpec,
    Conflict,
    FractalState,
    Participant,
    Project,
    TempAp,
)
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.healing import undressed_lethal
from tablekeeper.rulesets.fractal.timescale import TimeScale

NUMBER = re.compile(r"-(\d+)$")


def character_from_spec(state: FractalState, spec: CharacterSpec) -> Character:
    """A character joining with a full pool (its Max AP with what it carries)."""
    numbered = max(
        (int(m.group(1)) for c in spec.conditions if (m := NUMBER.search(c.id))), default=0
    )
    draft = Character(
        spec=spec, ap=0, conditions=spec.conditions, reduced=dict(spec.reduced), numbered=numbered
    )
    return draft.model_copy(update={"ap": max_ap(state, draft).total})


def add_character(work: Work, spec: CharacterSpec) -> None:
    work.emit(
        ev.CHARACTER_ADDED, ev.CharacterAdded(character=character_from_spec(work.state, spec))
    )


def _participant(work: Work, seat: cmd.Seat) -> Participant:
    character = work.state.characters[seat.character]
    return Participant(
        id=seat.character,
        side=seat.side or character.spec.side,
        position=seat.position,
        zone=seat.zone,
    )


def _social_entry(work: Work, conflict: Conflict) -> None:
    """Renowned [2]: 2 temporary AP when entering a social scene under way (F-GTAB-SOC-07;
    a conflict's first refresh gives them to those who open it)."""
    if conflict.tree != "social":
        return
    for key in conflict.participants:
        character = work.state.characters[key]
        extra = [
            TempAp(amount=e.temporary_ap, use="any", source=e.label)
            for e in character.conditions
            if e.temporary_ap_use == "social_entry"
            and e.temporary_ap
            and not e.pending
            and e.applies_in("social")
        ]
        if extra:
            work.emit(
                ev.AP_SET,
                ev.ApSet(
                    character=key,
                    ap=character.ap,
                    temporary=(*character.temporary, *extra),
                    reason="a new social scene",
                    rule="F-GTAB-SOC-07",
                ),
            )


def open_conflict(work: Work, order: cmd.OpenConflict) -> None:
    """Open a conflict; a Solo one starts its first Interval, a Micro one its first
    Exchange when play goes on (the engine's ``proceed``)."""
    state = work.state
    time = state.catalogue.time.scale(order.tree, order.level, order.setting, order.scale)
    participants = {seat.character: _participant(work, seat) for seat in order.all_seats}
    project = None
    if order.level == "solo":
        character = state.characters[order.all_seats[0].character]
        face = roll_intervals(work, character) if order.deadline is None else None
        project = Project(
            character=character.id,
            goal=order.goal or 1,
            techniques=order.techniques,
            intervals=intervals_for(state, character, order.deadline, face),
            output=order.output,
            heals=order.heals,
            downtime=order.downtime,
            intervals_rolled=face,
        )
    conflict = Conflict(
        id=order.id,
        title=order.title,
        level=order.level,
        tree=order.tree,
        setting=order.setting,
        time=time,
        participants=participants,
        scene_elements=order.scene_elements,
        time_limit=order.time_limit,
        project=project,
        phase="refresh" if order.level in ("micro", "nano") else "turns",
        duel=Duel() if order.level == "nano" else None,
    )
    work.emit(ev.CONFLICT_OPENED, ev.ConflictOpened(conflict=conflict))
    if order.level == "solo":
        start_interval(work, order.id)
    elif order.level == "macro":  # a Macro scene is one step: its pools refresh at once
        set_phase(work, work.state.conflicts[order.id], step=1, phase="turns", turn_started=True)
        refresh(work, order.id)


def close_conflict(work: Work, order: cmd.CloseConflict) -> None:
    close(work, order.conflict, order.ended, order.winner, None)


def join(work: Work, order: cmd.Join) -> None:
    """A character moves into a conflict (F-GM-14): it leaves the one it was in."""
    character = work.state.characters[order.seat.character]
    if character.conflict is not None and work.state.conflicts[character.conflict].ended is None:
        work.emit(ev.LEFT, ev.Left(conflict=character.conflict, character=character.id))
    work.emit(
        ev.JOINED, ev.Joined(conflict=order.conflict, participant=_participant(work, order.seat))
    )
    _social_entry(work, work.state.conflicts[order.conflict])


def leave(work: Work, order: cmd.Who) -> None:
    work.emit(ev.LEFT, ev.Left(conflict=order.conflict, character=order.character))


def place(work: Work, order: cmd.PlaceElement) -> None:
    work.emit(ev.ELEMENT_PLACED, ev.ElementPlaced(conflict=order.conflict, element=order.placed))


def clear(work: Work, order: cmd.ClearElement) -> None:
    element = work.state.conflicts[order.conflict].scene_elements[order.index]
    work.emit(
        ev.ELEMENT_CLEARED,
        ev.ElementCleared(conflict=order.conflict, index=order.index, element=element.element),
    )


def rule_condition(work: Work, order: cmd.Inflict) -> None:
    """A condition by the GM's ruling (F-COND-06); ``also_trees`` for a Specific condition
    the GM rules similar elsewhere (F-COND-03)."""
    character = work.state.characters[order.character]
    outcome = lookup(order.table, order.kind, order.successes, work.state.options, work.catalogue)
    inflict(
        work,
        order.character,
        outcome,
        conflict=character.conflict,
        by=None,
        chosen_stat=order.chosen_stat,
        also_trees=order.also_trees,
    )


def remove_condition(work: Work, order: cmd.RemoveCondition) -> None:
    entry = work.state.characters[order.character].condition(order.condition)
    assert entry is not None
    remove(work, order.character, entry.id, entry.name, "ruling", "F-DOWN-06")


def dress(work: Work, order: cmd.Dress) -> None:
    """Dress a wound (F-COND-20): once every one the Golden Hour waits on is dressed, the
    character is rescued from death (still unconscious)."""
    character = work.state.characters[order.character]
    entry = character.condition(order.condition)
    assert entry is not None
    work.emit(
        ev.CONDITION_CHANGED,
        ev.ConditionChanged(
            character=character.id, entry=entry.model_copy(update={"dressed": True}), why="dressed"
        ),
    )
    character = work.state.characters[order.character]
    if character.life == "bleeding_out":
        waiting = [
            key
            for key in character.to_dress
            if (c := character.condition(key)) is not None and not c.dressed
        ]
        if not waiting and not undressed_lethal(character.conditions):
            work.emit(
                ev.LIFE_CHANGED,
                ev.LifeChanged(character=character.id, life="unconscious", rule="F-COND-20"),
            )


def pass_minutes(work: Work, order: cmd.PassTime) -> None:
    pass_time(work, Fraction(order.minutes * 60), order.conflict, why=f"{order.minutes} minutes")


def redefine(work: Work, order: cmd.Redefine) -> None:
    conflict = work.state.conflicts[order.conflict]
    base = conflict.time
    scale = order.scale
    parts: dict[str, object] = {}
    sources = dict(base.sources)
    for measure in ("interval", "exchange", "beat", "unit"):
        given = getattr(scale, measure) if scale is not None else None
        parts[measure] = given if given is not None else getattr(base, measure)
        if given is not None:
            sources[measure] = "gm (F-TIME-05)"
    time = TimeScale.model_validate({**parts, "sources": sources})
    work.emit(ev.SCALE_REDEFINED, ev.ScaleRedefined(conflict=order.conflict, time=time))


def flip(work: Work, order: cmd.Flip) -> Decision | None:
    """Bribery or blackmail; the last of a Boss's network flipped asks the Boss (F-GM-09)."""
    work.emit(
        ev.SIDE_CHANGED,
        ev.SideChanged(
            conflict=order.conflict, character=order.character, side=order.side, rule="F-GM-09"
        ),
    )
    return network_decision(work, order.conflict)


def set_armor(work: Work, order: cmd.SetArmor) -> None:
    work.emit(
        ev.ARMOR_SET,
        ev.ArmorSet(
            conflict=order.conflict, character=order.character, zone=order.zone, amount=order.amount
        ),
    )


def consume(work: Work, order: cmd.Who) -> None:
    """Consuming anything inside Tainted [S]: Sickened [S] at once (F-SCENE-12)."""
    conflict = work.state.conflicts[order.conflict]
    for placed in conflict.scene_elements:
        if placed.element == "tainted":
            outcome = lookup(
                "physical", "sickened", placed.severity, work.state.options, work.catalogue
            )
            inflict(work, order.character, outcome, conflict=order.conflict, by=None)
            return


__all__ = ["add_character", "open_conflict"]
