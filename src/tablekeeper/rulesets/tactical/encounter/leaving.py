"""The GM takes a character off the battlefield mid-encounter (issue 13; C-18).

Document 004 has no rule for a character who leaves a fight; the engine tidies what points
at it, as the rules would for a character who is not there:

- what it concentrates on ends, and with it the conditions it keeps on others (S-CONC-05;
  an 'other' skill it paid for is not refunded: it is gone); an 'other' skill aimed at it
  is interrupted (its target is gone); what others keep on it goes with it;
- a skill it is using stops (its decisions are withdrawn); as a target it is dropped from
  the skill in use: its defense, reaction, cunning or critical effect is no longer asked,
  and a reaction offered to an ally because of it is asked again; a skill whose every
  target left is over (its action spent);
- it leaves the turn order; if it was its turn, the next standing character's begins
  (an 'other' skill of theirs counts down as at any turn's start, S-TYPE-10);
- the encounter ends if only one side now stands (G-S-03).

Its pools, conditions and weapons leave with it. Undo puts it back as it was.
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.values import ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.effects import ended_words, interrupt
from tablekeeper.rulesets.tactical.encounter.state import (
    Awaiting,
    CriticalNote,
    CunningChoice,
    DefenseChoice,
    HinderRuling,
    ReactionOffer,
    TacticalState,
    Use,
)
from tablekeeper.rulesets.tactical.encounter.work import Work


def check_remove(state: TacticalState, command: Command, order: cmd.CharacterOnly) -> None:
    if ActorId(order.character) not in state.characters:
        raise IllegalCommandError(f"there is no character {order.character!r}", field="character")


def play_remove(work: Work, order: cmd.CharacterOnly) -> Decision | None:
    key = ActorId(order.character)
    before = _sides_standing(work.state)
    interrupt(work, key, "removed")
    aimed = [k for k, held in work.state.concentrations.items() if held.target == key]
    for holder in aimed:
        interrupt(work, holder, "interrupted")
    _withdraw(work, key)
    turn = work.state.turn
    work.emit(ev.LEFT, ev.Left(character=key))
    passed = work.state.turn
    if len(before) >= 2 and len(_sides_standing(work.state)) <= 1:
        sides = _sides_standing(work.state)
        work.emit(ev.ENDED, ev.Ended(result=ended_words(sides)))
        return None
    if turn is not None and turn.actor == key and passed is not None:
        other = work.state.concentrations.get(passed.actor)
        if other is not None and other.turns_left is not None:
            from tablekeeper.rulesets.tactical.encounter.using import complete_other

            return complete_other(work, passed.actor)
    return None


def _sides_standing(state: TacticalState) -> set[str]:
    return {one.side for one in state.standing()}


def _withdraw(work: Work, key: ActorId) -> None:
    """The skill in use and the pending decision without ``key``."""
    state = work.state
    use, about = state.use, state.awaiting
    if about is not None and _concerns(about, key, use):
        work.emit(ev.AWAITING, ev.AwaitingSet(awaiting=None))
    if use is None:
        return
    if use.user == key:
        work.emit(ev.USE_CHANGED, ev.UseChanged(use=None))
    elif key in use.targets or key in use.offered:
        work.emit(ev.USE_CHANGED, ev.UseChanged(use=_without(use, key, about)))


def _concerns(about: Awaiting, key: ActorId, use: Use | None) -> bool:
    """Whether the pending decision is by or about ``key`` (or its skill in use)."""
    if use is not None and use.user == key:
        return True
    if isinstance(about, ReactionOffer):
        return about.character == key or (use is not None and key in use.targets)
    if isinstance(about, DefenseChoice):
        return about.target == key
    if isinstance(about, CunningChoice | CriticalNote):
        return key in (about.user, about.target)
    if isinstance(about, HinderRuling):
        return key in (about.character, about.order.get("target"))
    return False


def _without(use: Use, key: ActorId, about: Awaiting | None) -> Use:
    targets = tuple(one for one in use.targets if one != key)
    offered = tuple(one for one in use.offered if one != key)
    if isinstance(about, ReactionOffer) and about.character != key and key in use.targets:
        offered = tuple(one for one in offered if one != about.character)  # asked again
    resolved = tuple(one for one in use.resolved if one != key)
    if use.targets and not targets:
        resolved = (*resolved, use.user)  # nobody left to resolve it on: it is over
    changes: dict[str, object] = {
        "targets": targets,
        "offered": offered,
        "resolved": resolved,
        "choices": {k: v for k, v in use.choices.items() if k != key},
    }
    if use.current == key:
        changes |= {"current": None, "cunning_left": 0, "critical_left": 0}
    return use.model_copy(update=changes)
