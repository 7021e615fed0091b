"""The clock of a Nano duel: the Beat, its declaration steps, who declares now.

Document 000, F-CORE-08, F-CORE-09, F-GM-11; ruling G-F-07 (``duel.py``). A Beat starts
with the AP refresh (G-F-03: a Nano conflict's step is the Beat); at each step every
character the step asks declares (in seat order), then the next step; at ``resolve``
the Beat is played out (``nano_resolve.py``) and time passes by the Beat (F-TIME-01).
"""

from __future__ import annotations

from tablekeeper.engine import fast_paths
from tablekeeper.engine.decisions import Decision
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.closing import (
    check_end,
    close_by_favor,
    pass_time,
    standing_sides,
)
from tablekeeper.rulesets.fractal.encounter.duel import STEPS, Duel, pair
from tablekeeper.rulesets.fractal.encounter.exchanges import (
    TURN_START_KINDS,
    refresh,
    set_phase,
    span_seconds,
    sustain_decision,
    turn_start,
)
from tablekeeper.rulesets.fractal.encounter.state import Conflict
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.once import for_the_very

SOCIAL_STRIKES = ("logos", "pathos", "ethos", "cite_precedent", "cease_and_desist", "bombast")
"""The Social tree's attacks on a zone (F-SOCIAL-NANO-02, -03, -16, -17, -20, -22)."""

DANCE_STRIKES = (
    "precise_technique", "flashy_technique", "lead", "spotlight_steal", "cannon_chain",
)  # fmt: skip
"""The Dancing tree's attacks on a zone (F-DANCE-NANO-01, -02, -06, -09, -12)."""

SPELL_STRIKES = (
    "energy_strike", "mind_spike", "wither", "phantasm", "empathic_projection", "accelerate_decay",
)  # fmt: skip
"""Spells that strike a target (F-MAGIC-NANO-01, -07, -14, -06, -10, -17)."""

ATTACKS = (
    "cut", "thrust", "beat", "shoot", "cut_off", *SOCIAL_STRIKES, *DANCE_STRIKES,
    *SPELL_STRIKES,
)  # fmt: skip
"""Techniques that strike at a target and may be defended (F-CORE-05)."""

DEFENSES = (
    "parry", "slip", "block_open", "counter", "stonewall", "pivot", "deflect", "turnabout",
    "center", "flawless_form", "grand_gesture", "telekinetic_deflection", "ward", "counterspell",
    "cover_mirror", "resist_mental", "resist_decay",
)  # fmt: skip
"""The reactive techniques (F-COMBAT-NANO-12 .. -15, F-SOCIAL-NANO-10 .. -13)."""

FEINTS = {"combat": "feint", "social": "motte_and_bailey"}
"""What Step 3 plays in each tree (F-COMBAT-NANO-16, F-SOCIAL-NANO-04)."""


def _in_play(conflict: Conflict) -> list[str]:
    return [key for key, p in conflict.participants.items() if p.in_play]


def opponents(conflict: Conflict, key: str) -> list[str]:
    """Everyone still in who is not on ``key``'s side (each a pair, F-GM-11)."""
    side = conflict.participants[key].side
    return [k for k in _in_play(conflict) if conflict.participants[k].side != side]


def required(conflict: Conflict) -> tuple[str, ...]:
    """Who declares at the duel's current step, in seat order (G-F-07): a pure question of
    the conflict, asked by the flow, the candidates and every declaration's check.

    It reads the participants (who is in, on which side), the step, and the momentum
    (the attack and defense steps) and what was declared (the defense and feint steps),
    so on the fast paths it is built once for the very participants, momentum and
    declarations the step reads and the step (``once.for_the_very``): the conflict is
    copied at every event of the duel (a declaration, a step, AP spent), these values
    are handed on unchanged from copy to copy, and the attack step's declarers are the
    same after each declaration."""
    duel = conflict.duel
    if duel is None or not fast_paths.enabled():
        return tuple(_required(conflict))
    step = duel.step
    if step == "attack":
        sources: tuple[object, ...] = (conflict.participants, duel.momentum)
    elif step == "defense":
        sources = (conflict.participants, duel.momentum, duel.declared)
    elif step == "feint":
        sources = (conflict.participants, duel.declared)
    else:
        return ()
    return for_the_very(sources, ("fractal.required", step), lambda: tuple(_required(conflict)))


def _required(conflict: Conflict) -> list[str]:
    duel = conflict.duel
    if duel is None:
        return []
    participants = conflict.participants
    keys = [key for key, p in participants.items() if p.in_play]

    def foes(key: str) -> list[str]:  # opponents(conflict, key), over ``keys``
        side = participants[key].side
        return [k for k in keys if participants[k].side != side]

    leads = [k for k in keys if any(duel.holder(k, o) in (k, None) for o in foes(k))]
    if duel.step == "attack":
        return leads
    if duel.step == "defense":
        attacked = {
            d.target
            for d in duel.declared.values()
            if d.action in ATTACKS
            and d.target is not None
            and d.target in foes(d.character)  # a chain passed is no attack
        }
        sides = {conflict.participants[k].side for k in attacked if k in conflict.participants}
        covering = [k for k in keys if conflict.participants[k].side in sides]  # Cover / Mirror
        return [k for k in keys if k in attacked or k not in leads or k in covering]
    if duel.step == "feint":
        return [
            k
            for k in keys
            if (mine := duel.declared.get(k)) is not None
            and mine.action in ("cut", "thrust", *SOCIAL_STRIKES)
            and mine.feint_from is None
            and mine.target is not None
            and (theirs := duel.declared.get(mine.target)) is not None
            and (theirs.defense is not None or theirs.wrap in ("master_strike", "prebuttal"))
        ]
    return []


def waiting_on(conflict: Conflict) -> str | None:
    """The character who declares next, if the Beat waits on one: a pure question of the
    conflict, asked of the very same conflict by the duel's flow, the scenario's runner,
    the candidates and the declaration's check in turn, so on the fast paths the last
    answer is kept with its conflict (held, so no other can take its identity) and given
    again for the very same one."""
    global _LAST_WAITING
    if not fast_paths.enabled():
        return _waiting_on(conflict)
    last = _LAST_WAITING
    if last[0] is conflict:
        return last[1]
    found = _waiting_on(conflict)
    _LAST_WAITING = (conflict, found)
    return found


_LAST_WAITING: tuple[Conflict | None, str | None] = (None, None)
"""The conflict :func:`waiting_on` last answered for, and its answer (replaced whole)."""


def _waiting_on(conflict: Conflict) -> str | None:
    if conflict.level != "nano" or conflict.ended is not None or conflict.duel is None:
        return None
    if conflict.phase != "turns":
        return None
    left = [k for k in required(conflict) if k not in conflict.duel.done]
    return left[0] if left else None


def _update(work: Work, conflict_id: str, duel: Duel, why: str, rule: str | None = None) -> None:
    work.emit(
        nev.DUEL_UPDATED, nev.DuelUpdated(conflict=conflict_id, duel=duel, why=why, rule=rule)
    )


def start_beat(work: Work, conflict_id: str) -> None:
    """A new Beat: the refresh; what was locked "during the next beat" is locked now."""
    conflict = work.state.conflicts[conflict_id]
    set_phase(work, conflict, step=conflict.step + 1, phase="turns", turn=0, turn_started=True)
    refresh(work, conflict_id)
    duel = work.state.conflicts[conflict_id].duel or Duel()
    for key, bonus in duel.tempo.items():  # Interpret Tempo: bonus AP every turn (G-F-28)
        character = work.state.characters[key]
        work.emit(
            ev.AP_SET,
            ev.ApSet(
                character=key,
                ap=character.ap + bonus,
                reason=f"Interpret Tempo: {bonus} AP",
                rule="F-DANCE-NANO-17",
            ),
        )
    for key, amount in duel.drain.items():  # Bombast: "their AP on the next beat" (G-F-23)
        character = work.state.characters[key]
        work.emit(
            ev.AP_SET,
            ev.ApSet(
                character=key,
                ap=max(0, character.ap - amount),
                reason=f"Bombast: {amount} AP",
                rule="F-SOCIAL-NANO-17",
            ),
        )
    beat = conflict.step + 1
    cut_off = {
        key: {skill: last for skill, last in skills.items() if last >= beat}
        for key, skills in duel.cut_off.items()
    }
    momentum = dict(duel.momentum)
    keys = list(work.state.conflicts[conflict_id].participants)
    for a in keys:
        for b in opponents(work.state.conflicts[conflict_id], a):
            momentum.setdefault(pair(a, b), None)  # The Drop (G-F-07)
    mages = tuple(
        key
        for key, p in work.state.conflicts[conflict_id].participants.items()
        if p.in_play and any(s.conflict == conflict_id for s in work.state.characters[key].spells)
    )
    if mages:  # Sustain Spell at the refresh (F-MAGIC-MICRO-08, in a duel too)
        set_phase(work, work.state.conflicts[conflict_id], phase="sustain", sustain_queue=mages)
    _update(
        work,
        conflict_id,
        duel.model_copy(
            update={
                "step": "attack",
                "declared": {},
                "done": (),
                "locked": duel.locked_next,
                "locked_next": {},
                "momentum": momentum,
                "drain": {},
                "synced": {},
                "chain": {},
                "ignored": {},
                "overwatch": {k: last for k, last in duel.overwatch.items() if last >= beat},
                "cut_off": {key: skills for key, skills in cut_off.items() if skills},
            }
        ),
        f"beat {conflict.step + 1}",
        "G-F-07",
    )


def next_step(work: Work, conflict_id: str) -> None:
    duel = work.state.conflicts[conflict_id].duel
    assert duel is not None
    step = STEPS[STEPS.index(duel.step) + 1]
    _update(work, conflict_id, duel.model_copy(update={"step": step, "done": ()}), step, "G-F-07")


def end_beat(work: Work, conflict_id: str) -> None:
    """The Beat is over: time passes by the Beat (3 seconds in Combat, F-TIME-01)."""
    conflict = work.state.conflicts[conflict_id]
    seconds = span_seconds(conflict.time.beat.minutes)
    if seconds:
        pass_time(work, seconds, conflict_id, why=f"beat {conflict.step}")
    limit = conflict.time_limit
    if (
        limit is not None
        and conflict.step >= limit
        and work.state.conflicts[conflict_id].ended is None
    ):
        close_by_favor(work, conflict_id)  # a formal competition's time (F-DANCE-GEN-04)
    if work.state.conflicts[conflict_id].ended is None:
        set_phase(work, work.state.conflicts[conflict_id], phase="refresh")


def _beat_start_due(work: Work, conflict: Conflict) -> bool:
    """Whether a duellist's Beat start is still to be checked: nobody has declared yet and
    some element of the scene acts at a turn's start."""
    duel = conflict.duel
    if duel is None or duel.step != "attack" or duel.done:
        return False
    if conflict.turn >= len(conflict.participants):
        return False
    catalogue = work.catalogue.scene
    return any(
        effect.kind in TURN_START_KINDS
        for placed in conflict.scene_elements
        for effect in catalogue.element(placed.element).effects
    )


def _scene_at_beat_start(work: Work, conflict: Conflict) -> Decision | None:
    """Noxious, Hazardous, Blinding and Deafening at the start of the Beat, after the
    refresh and Sustain Spell, before anyone declares: each duellist in seat order, one
    element at a time (a duel's "turn" is the Beat: G-F-N14, G-F-38)."""
    key = list(conflict.participants)[conflict.turn]
    participant = conflict.participants[key]
    if participant.in_play and work.state.characters[key].life == "up":
        found = turn_start(work, conflict, key)
        if found is not None:
            return found
    set_phase(work, work.state.conflicts[conflict.id], turn=conflict.turn + 1, turn_effects=0)
    return None


def drive_duel(work: Work, conflict_id: str) -> Decision | None:
    """Play the duel on until a character must declare (or it ends)."""
    from tablekeeper.rulesets.fractal.encounter.nano_resolve import resolve

    for _ in range(1_000):
        conflict = work.state.conflicts[conflict_id]
        if conflict.ended is not None or check_end(work, conflict_id):
            return None
        if len(standing_sides(conflict)[1]) < 2:
            return None  # nobody to duel (the GM closes it)
        if conflict.phase == "refresh" or conflict.duel is None:
            start_beat(work, conflict_id)
            continue
        if conflict.phase == "sustain":
            if conflict.sustain_queue:
                return sustain_decision(work, conflict, conflict.sustain_queue[0])
            set_phase(work, conflict, phase="turns", turn_started=True)
            continue
        if _beat_start_due(work, conflict):
            found = _scene_at_beat_start(work, conflict)
            if found is not None:
                return found
            continue
        if waiting_on(conflict) is not None:
            return None
        assert conflict.duel is not None
        if conflict.duel.step == "resolve":
            resolve(work, conflict_id)
            if work.state.conflicts[conflict_id].ended is None and not check_end(work, conflict_id):
                end_beat(work, conflict_id)
            continue
        next_step(work, conflict_id)
    raise RuntimeError("the duel did not settle")
