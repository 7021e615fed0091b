"""The turn (document 004, "Actions", "Maneuvers", "Other", the Berserk tag).

One action and one maneuver a turn, or a second maneuver instead of the action, which
leaves you heedless (S-TYPE-02, S-TYPE-04); after the action, or the maneuver used
instead of it, the temporary conditions you held are removed (S-TYPE-03; G-S-E3: those
you held when you began it, so a condition it gave you lasts until your next action). At
the end of a berserker's turn a new berserk skill is drawn (S-TAG-19); at the start of a
turn an 'other' skill being concentrated on counts down and completes (S-TYPE-10).
"""

from __future__ import annotations

from tablekeeper.dice.purposes import labelled
from tablekeeper.dice.roller import Die
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.effects import add_condition, remove_condition
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.encounter.work import Work


def after_action(work: Work, user: str, held: tuple[str, ...], origin: str) -> None:
    """Remove the temporary conditions ``user`` held when it began its action, or the
    maneuver that replaced its action; that second maneuver leaves it heedless."""
    turn = work.state.turn
    second = origin == "maneuver" and turn is not None and turn.maneuvers >= 2
    if origin == "action" or second:
        catalogue = work.state.catalogue
        concentration = work.state.concentrations.get(ActorId(user))
        kept = {link.condition for link in concentration.links} if concentration else set()
        for condition in held:
            if condition in kept:  # it lasts while the concentration does (G-S-E3)
                continue
            definition = catalogue.conditions.get(condition)
            if definition is not None and definition.temporary:
                remove_condition(work, user, condition, "after the action (S-TYPE-03)")
    if second:
        add_condition(work, user, "heedless", "a second maneuver instead of the action")


def berserk_skills(state: TacticalState, key: str) -> list[str]:
    character = state.character(key)
    return [
        skill
        for skill in character.style
        if any(state.catalogue.tags[tag].berserk for tag in state.catalogue.skills[skill].tags)
    ]


def draw_berserk(work: Work, key: str, *, begins: bool) -> None:
    """A randomly selected berserk skill of the fighting style (S-TAG-19)."""
    skills = berserk_skills(work.state, key)
    if not skills:
        work.emit(ev.BERSERK, ev.Berserk(character=ActorId(key), skill=None, begins=begins))
        return
    roll = (
        labelled(work.roller, "berserk skill", key).roll(Die(len(skills))) if len(skills) > 1 else 1
    )
    work.emit(
        ev.BERSERK,
        ev.Berserk(character=ActorId(key), skill=skills[roll - 1], begins=begins, roll=roll),
    )


def end_turn(work: Work, key: str) -> Decision | None:
    """End ``key``'s turn; the next standing character's turn begins."""
    from tablekeeper.rulesets.tactical.encounter.using import complete_other

    state = work.state
    if state.turn is not None and state.turn.maneuver is not None:
        work.emit(ev.MANEUVER_ENDED, ev.ManeuverEnded(character=ActorId(key)))
    if state.character(key).berserking:
        draw_berserk(work, key, begins=False)
    work.emit(ev.TURN_ENDED, ev.TurnEnded(character=ActorId(key)))
    turn = work.state.turn
    if turn is None:
        return None
    held = work.state.concentrations.get(turn.actor)
    if held is not None and held.turns_left is not None:
        return complete_other(work, turn.actor)
    return None
