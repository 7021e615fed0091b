"""The end of a conflict, and time passing (document 000, 16.1, 6.4, 11).

A Micro conflict ends when at most one side has anyone still in (F-SOCIAL-GEN-02), at a
formal competition's time limit on Audience Favor (F-DANCE-GEN-04, G-F-29), or when the
GM closes it. Closing lets the conflict's spells lapse (G-F-E6), ends what lasted the
conflict (G-F-E9), counts the scene's positive conditions down (F-GTAB-03) and takes the
temporary AP and Routine Armor with it (G-F-33, F-DANCE-GEN-08). Time passing counts the
Golden Hour down (F-COND-20).
"""

from __future__ import annotations

from fractions import Fraction

from tablekeeper.engine import fast_paths
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.spells import collapse
from tablekeeper.rulesets.fractal.encounter.state import Conflict
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.healing import RemovedBy
from tablekeeper.rulesets.fractal.once import for_the_very


def standing_sides(conflict: Conflict) -> tuple[int, dict[str, list[str]]]:
    """How many sides the conflict seats, and each side's participants still in play
    (``Conflict.sides``, ``Conflict.standing``; read-only): pure functions of its
    participants, asked after every event of a turn or a Beat, so on the fast paths
    built once for the very participants (``once.for_the_very``: a conflict copied for
    its step or its duel keeps them)."""
    if not fast_paths.enabled():
        return len(conflict.sides()), conflict.standing()
    return for_the_very(
        (conflict.participants,),
        "fractal.standing_sides",
        lambda: (len(conflict.sides()), conflict.standing()),
    )


def check_end(work: Work, conflict_id: str) -> bool:
    """A Micro conflict or a Nano duel ends when at most one side has anyone still in
    (F-SOCIAL-GEN-02)."""
    conflict = work.state.conflicts[conflict_id]
    if conflict.ended is not None or conflict.level not in ("micro", "nano"):
        return conflict.ended is not None
    sides, standing = standing_sides(conflict)
    if sides < 2:
        return False
    if len(standing) > 1:
        return False
    winner = next(iter(standing), None)
    close(
        work,
        conflict_id,
        f"{winner} prevail" if winner else "nobody is left standing",
        winner,
        "F-SOCIAL-GEN-02",
    )
    return True


def favor(work: Work, conflict: Conflict, side: str) -> int:
    """Audience Favor: positive minus negative conditions of the performance (F-DANCE-GEN-04,
    G-F-29: a count, whatever their severities)."""
    total = 0
    for key, participant in conflict.participants.items():
        if participant.side != side:
            continue
        for entry in work.state.characters[key].conditions:
            if entry.conflict == conflict.id:
                total += 1 if entry.polarity == "positive" else -1
    return total


def close_by_favor(work: Work, conflict_id: str) -> None:
    """The time limit of a formal competition: the most Audience Favor wins; a tie is the
    GM's (G-F-29)."""
    conflict = work.state.conflicts[conflict_id]
    scores = {side: favor(work, conflict, side) for side in conflict.sides()}
    best = max(scores.values())
    leaders = [side for side, score in scores.items() if score == best]
    if len(leaders) == 1:
        close(
            work,
            conflict_id,
            f"the time limit expired: {leaders[0]} won the crowd ({favor_words(scores)})",
            leaders[0],
            "F-DANCE-GEN-04",
        )
    else:
        close(
            work,
            conflict_id,
            f"the time limit expired: a tie on Audience Favor, the GM decides "
            f"({favor_words(scores)})",
            None,
            "G-F-29",
        )


def favor_words(scores: dict[str, int]) -> str:
    """Each side's Audience Favor at the time limit, the most first: a trial's own
    details, in brackets after how it ended (the balance lab counts trials together
    without them).

    >>> favor_words({"party": -7, "troupe": -2})
    'Audience Favor: troupe -2, party -7'
    """
    ordered = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    return "Audience Favor: " + ", ".join(f"{side} {score}" for side, score in ordered)


def close(work: Work, conflict_id: str, ended: str, winner: str | None, rule: str | None) -> None:
    """Close a conflict: its spells lapse, what lasted the conflict ends, the scene's
    positive conditions count down (F-GTAB-03), then it is closed (temporary AP goes with
    it, G-F-33; Routine Armor too, F-DANCE-GEN-08)."""
    if work.state.conflicts[conflict_id].level == "nano":
        from tablekeeper.rulesets.fractal.encounter.hybrid import judge

        judge(work, conflict_id)  # a hybrid project is judged at the duel's end (G-F-N7)
    conflict = work.state.conflicts[conflict_id]
    for key in conflict.participants:
        character = work.state.characters[key]
        spells = tuple(s.id for s in character.spells if s.conflict == conflict_id)
        if spells:
            collapse(work, key, spells, reason="conflict_ended", rule="G-F-E6")
        for entry in work.state.characters[key].conditions:
            if entry.ends_with == conflict_id or (
                entry.lasts == "conflict" and entry.conflict == conflict_id
            ):
                remove(work, key, entry.id, entry.name, "conflict_end", "G-F-E9")
            elif (
                entry.polarity == "positive" and entry.scenes_left is not None and not entry.pending
            ):
                counts = entry.lasts == "next_scene" or (
                    entry.lasts == "next_micro_conflict" and conflict.level == "micro"
                )
                if not counts:
                    continue
                if entry.scenes_left <= 1:
                    remove(work, key, entry.id, entry.name, "scene_end", "F-GTAB-03")
                else:
                    work.emit(
                        ev.CONDITION_CHANGED,
                        ev.ConditionChanged(
                            character=key,
                            entry=entry.model_copy(update={"scenes_left": entry.scenes_left - 1}),
                            why="a scene ended",
                        ),
                    )
    work.emit(
        ev.CONFLICT_CLOSED,
        ev.ConflictClosed(conflict=conflict_id, ended=ended, winner=winner, rule=rule),
    )


def remove(work: Work, key: str, entry_id: str, name: str, by: RemovedBy, rule: str) -> None:
    """Take a condition off the checklist."""
    work.emit(
        ev.CONDITION_REMOVED,
        ev.ConditionRemoved(character=key, id=entry_id, name=name, by=by, rule=rule),
    )


def pass_time(work: Work, seconds: Fraction, conflict_id: str | None, *, why: str) -> None:
    """Time passes: the Golden Hour counts down for those bleeding out (in that conflict,
    or everywhere); at its end with a wound undressed, death (F-COND-20, G-F-32)."""
    work.emit(ev.TIME_PASSED, ev.TimePassed(seconds=seconds, why=why))
    for key, character in work.state.characters.items():
        if character.life != "bleeding_out" or character.golden_hour_left is None:
            continue
        if conflict_id is not None and character.conflict not in (conflict_id, None):
            continue
        left = character.golden_hour_left - int(seconds)
        if left <= 0:
            work.emit(ev.LIFE_CHANGED, ev.LifeChanged(character=key, life="dead", rule="F-COND-20"))
            conflict = work.state.conflicts.get(character.conflict or "")
            if conflict is not None and conflict.ended is None and key in conflict.participants:
                work.emit(
                    ev.PARTICIPANT_OUT,
                    ev.ParticipantOut(
                        conflict=conflict.id, character=key, out="dead", rule="F-COND-20"
                    ),
                )
        else:
            work.emit(
                ev.LIFE_CHANGED,
                ev.LifeChanged(
                    character=key,
                    life="bleeding_out",
                    golden_hour_left=left,
                    to_dress=character.to_dress,
                    rule="F-COND-20",
                ),
            )
