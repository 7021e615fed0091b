"""The clock of a Micro conflict: refresh, turns, the end of an Exchange; closing a
conflict; time passing and the Golden Hour.

Document 000; rulings G-F-03 (the refresh and its order), G-F-E1 (turns). Each Exchange
starts with the refresh; then every participant still in takes a turn, in the order
they were seated: at its start the scene acts (Blinding [4] and Deafening [4] inflict
Disoriented, F-SCENE-05, F-SCENE-08; Noxious and Hazardous ask for a roll, F-SCENE-10,
F-SCENE-15); the character acts as long as it has AP and ends its turn (Soothing
restores AP, F-SCENE-16). When every turn is over the Exchange ends, time passes by the
conflict's Exchange (F-TIME), and the next one starts. :func:`drive` plays on until
someone must choose or act.
"""

from __future__ import annotations

from fractions import Fraction

from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import ActorId
from tablekeeper.engine.words import dice as dice_words
from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.derived import sustain_breakdown
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.ap import available, elements_around, max_ap
from tablekeeper.rulesets.fractal.encounter.closing import check_end, close_by_favor, pass_time
from tablekeeper.rulesets.fractal.encounter.inflicting import inflict
from tablekeeper.rulesets.fractal.encounter.state import (
    Conflict,
    PendingSustain,
    PendingTurnStart,
    TempAp,
)
from tablekeeper.rulesets.fractal.encounter.work import Work

TURN_START_KINDS = ("condition_each_turn", "roll_each_turn", "hazard_each_turn")


def set_phase(work: Work, conflict: Conflict, **update: object) -> None:
    fields = {
        "conflict": conflict.id,
        "step": conflict.step,
        "phase": conflict.phase,
        "turn": conflict.turn,
        "turn_started": conflict.turn_started,
        "turn_effects": conflict.turn_effects,
        "sustain_queue": conflict.sustain_queue,
        **update,
    }
    work.emit(ev.PHASE_SET, ev.PhaseSet.model_validate(fields))


def refresh(work: Work, conflict_id: str) -> None:
    """The AP refresh, in the order of G-F-03, for every participant still in."""
    state = work.state
    conflict = state.conflicts[conflict_id]
    for key, participant in conflict.participants.items():
        character = state.characters[key]
        if not participant.in_play or character.life != "up":
            continue
        if (
            state.options.ap_refresh == "when_exhausted"
            and conflict.step > 1
            and available(character, None)
        ):
            continue
        activated = tuple(entry.id for entry in character.conditions if entry.pending)
        for entry in character.conditions:
            if entry.id in activated and entry.restores_die_sizes:
                restore_dice(work, key, entry.restores_die_sizes)
        character = work.state.characters[key]  # the pool refreshes with the dice restored
        maximum = max_ap(state, character, pending_too=True)
        temporary = list(character.temporary)
        entering_social = conflict.tree == "social" and conflict.step == 1
        for entry in character.conditions:
            social_entry = entry.temporary_ap_use == "social_entry"
            live = entry.model_copy(update={"pending": False}) if entry.id in activated else entry
            if (
                social_entry
                and entering_social
                and entry.temporary_ap
                and live.applies_in("social")
            ):
                temporary.append(TempAp(amount=entry.temporary_ap, use="any", source=entry.label))
                continue  # F-GTAB-SOC-07: on entering a new social scene
            if entry.id in activated and entry.temporary_ap and not social_entry:
                temporary.append(
                    TempAp(
                        amount=entry.temporary_ap, use=entry.temporary_ap_use, source=entry.label
                    )
                )
        extra = 0
        for placed in elements_around(conflict, key):
            for effect in state.catalogue.scene.element(placed.element).effects_of(
                "refresh_ap", placed.severity
            ):
                extra += effect.per_severity * placed.severity  # Savorous (F-SCENE-13)
        work.emit(
            ev.AP_REFRESHED,
            ev.ApRefreshed(
                conflict=conflict_id,
                character=key,
                max_ap=maximum,
                ap=maximum.total + extra,
                temporary=tuple(temporary),
                activated=activated,
            ),
        )


def restore_dice(work: Work, key: str, sizes: int) -> None:
    """Refreshed restores reduced stat die sizes, the most reduced first (F-GTAB-PHYS-07..09)."""
    for _ in range(sizes):
        character = work.state.characters[key]
        if not character.reduced:
            return
        stat = max(character.reduced, key=lambda s: character.reduced[s])
        work.emit(
            ev.STAT_RESTORED,
            ev.StatRestored(
                character=key, stat=stat, reduced=character.reduced[stat] - 1, rule="F-GTAB-PHYS-07"
            ),
        )


def start_exchange(work: Work, conflict_id: str) -> None:
    """A new Exchange: the refresh, then the Special actions it triggers (Sustain)."""
    conflict = work.state.conflicts[conflict_id]
    set_phase(
        work,
        conflict,
        step=conflict.step + 1,
        phase="refresh",
        turn=0,
        turn_started=False,
        turn_effects=0,
    )
    refresh(work, conflict_id)
    mages = tuple(
        key
        for key, p in conflict.participants.items()
        if p.in_play and any(s.conflict == conflict_id for s in work.state.characters[key].spells)
    )
    set_phase(work, work.state.conflicts[conflict_id], phase="sustain", sustain_queue=mages)


def sustain_decision(work: Work, conflict: Conflict, mage: str) -> Decision:
    """Sustain Spell at the refresh (F-MAGIC-MICRO-08): how many dice, or let them go."""
    character = work.state.characters[mage]
    effects = sum(1 for s in character.spells if s.conflict == conflict.id)
    tn = sustain_breakdown(effects).total
    work.emit(
        ev.SUSTAIN_AWAITED,
        ev.SustainAwaited(pending=PendingSustain(conflict=conflict.id, mage=mage)),
    )
    pool = available(character, "special")
    options = [Option(id="collapse", label="Let every spell collapse")]
    options += [
        Option(id=f"sustain:{n}", label=f"Sustain with {dice_words(n)} against TN {tn}")
        for n in range(1, pool + 1)
    ]
    default = f"sustain:{min(pool, 3)}" if pool else "collapse"
    return Decision(
        chooser=ActorId(mage),
        prompt=f"{character.name}: sustain {effects} spell effect(s) (TN {tn})?",
        options=tuple(options),
        default=default,
    )


def turn_start(work: Work, conflict: Conflict, key: str) -> Decision | None:
    """The scene at the start of a turn, one element at a time (a Nano duel's: each
    Beat's, G-F-N14)."""
    elements = elements_around(conflict, key)
    catalogue = work.catalogue
    for index in range(conflict.turn_effects, len(elements)):
        placed = elements[index]
        element = catalogue.scene.element(placed.element)
        set_phase(work, work.state.conflicts[conflict.id], turn_effects=index + 1)
        for effect in element.effects:
            if effect.kind not in TURN_START_KINDS or placed.severity < effect.min_severity:
                continue
            if effect.kind == "condition_each_turn" and effect.condition is not None:
                severity = work.state.options.sense_overload_severity
                table = catalogue.conditions.generic_kind(effect.condition)[0].id
                outcome = lookup(table, effect.condition, severity, work.state.options, catalogue)
                inflict(work, key, outcome, conflict=conflict.id, by=None)
                continue
            pending = PendingTurnStart(
                conflict=conflict.id,
                character=key,
                element=placed.element,
                severity=placed.severity,
            )
            work.emit(ev.TURN_START_AWAITED, ev.TurnStartAwaited(pending=pending))
            character = work.state.characters[key]
            pool = available(character, "neutral")
            need = (
                f"{placed.severity} successes" if effect.kind == "hazard_each_turn" else "1 success"
            )
            options = [Option(id="none", label="Roll nothing")]
            options += [
                Option(id=f"roll:{n}", label=f"Roll {dice_words(n)} (needs {need})")
                for n in range(1, pool + 1)
            ]
            return Decision(
                chooser=ActorId(key),
                prompt=f"{character.name} starts the turn in {element.name} [{placed.severity}]",
                options=tuple(options),
                default=f"roll:{min(pool, placed.severity + 1)}" if pool else "none",
            )
    return None


def end_turn(work: Work, conflict_id: str, key: str) -> None:
    """The end of a turn: Soothing restores S AP, up to the maximum (F-SCENE-16)."""
    state = work.state
    conflict = state.conflicts[conflict_id]
    character = state.characters[key]
    restored = 0
    for placed in elements_around(conflict, key):
        for effect in state.catalogue.scene.element(placed.element).effects_of(
            "end_turn_ap", placed.severity
        ):
            restored += effect.per_severity * placed.severity
    if restored:
        maximum = max_ap(state, character).total
        new = min(maximum, character.ap + restored) if character.ap < maximum else character.ap
        restored = new - character.ap
        if restored:
            work.emit(
                ev.AP_SET, ev.ApSet(character=key, ap=new, reason="Soothing", rule="F-SCENE-16")
            )
    work.emit(ev.TURN_ENDED, ev.TurnEnded(conflict=conflict_id, character=key, restored=restored))
    set_phase(
        work,
        work.state.conflicts[conflict_id],
        turn=conflict.turn + 1,
        turn_started=False,
        turn_effects=0,
    )


def end_exchange(work: Work, conflict_id: str) -> None:
    """Every turn is over: time passes by the Exchange; the time limit may end it."""
    conflict = work.state.conflicts[conflict_id]
    seconds = span_seconds(conflict.time.exchange.minutes)
    work.emit(
        ev.EXCHANGE_ENDED,
        ev.ExchangeEnded(conflict=conflict_id, step=conflict.step, seconds=seconds),
    )
    if seconds:
        pass_time(work, seconds, conflict_id, why=f"exchange {conflict.step}")
    conflict = work.state.conflicts[conflict_id]
    if conflict.ended is not None:
        return
    if conflict.time_limit is not None and conflict.step >= conflict.time_limit:
        close_by_favor(work, conflict_id)


def span_seconds(minutes: Fraction | None) -> Fraction | None:
    return None if minutes is None else minutes * 60


def drive(work: Work, conflict_id: str) -> Decision | None:
    """Play the conflict on until someone must choose, or a character must act."""
    for _ in range(10_000):
        conflict = work.state.conflicts[conflict_id]
        if conflict.ended is not None or conflict.level != "micro":
            return None
        if check_end(work, conflict_id):
            return None
        if conflict.phase == "refresh":
            start_exchange(work, conflict_id)
            continue
        if conflict.phase == "sustain":
            if conflict.sustain_queue:
                return sustain_decision(work, conflict, conflict.sustain_queue[0])
            set_phase(work, conflict, phase="turns", turn=0, turn_started=False, turn_effects=0)
            continue
        current = conflict.current
        if current is None:
            end_exchange(work, conflict_id)
            if work.state.conflicts[conflict_id].ended is None:
                set_phase(work, work.state.conflicts[conflict_id], phase="refresh")
            continue
        participant = conflict.participants[current]
        character = work.state.characters[current]
        if not participant.in_play or character.life != "up":
            set_phase(work, conflict, turn=conflict.turn + 1, turn_started=False, turn_effects=0)
            continue
        if not conflict.turn_started:
            work.emit(ev.TURN_STARTED, ev.TurnStarted(conflict=conflict_id, character=current))
        decision = turn_start(work, work.state.conflicts[conflict_id], current)
        if decision is not None:
            return decision
        character = work.state.characters[current]
        participant = work.state.conflicts[conflict_id].participants[current]
        if (
            not participant.in_play
            or character.life != "up"
            or available(character, "proactive", True) == 0
        ):
            end_turn(work, conflict_id, current)
            continue
        return None
    raise RuntimeError("the conflict did not settle")


__all__ = ["drive", "end_turn", "refresh", "start_exchange"]
