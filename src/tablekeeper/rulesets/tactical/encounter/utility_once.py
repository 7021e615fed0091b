"""A utility action rolled in play, its input, its dice and its outcome built once for
what they read (a fast path).

``flow``'s utility resolution builds the ``tactical.utility`` input from the state
(``utility_input``), rolls its dice and settles the outcome for the faces rolled (the
input, the dice parsed and adjusted, the outcome and its breakdowns: a few dozen
validated models for each utility action of a trial). Each is a pure function of a few
values:

- the input, of the use's boons and banes, the options, and of the user its cunning and
  conditions (the boons and banes they put on its own rolls): :func:`utility_reads`,
  what ``utility_input`` reads besides the catalogue;
- the dice to roll, of the input;
- the outcome, of the input and the faces rolled (``utility.settle_utility``).

On the engine's fast paths each is built once for those values (``once.py``); the dice
are still rolled one by one from the session's roller, in the order ``utility`` rolls
them, so the rolls and everything after them are the same. On the reference path it is
``utility_input`` and ``utility`` as they stand. The values are frozen and read only.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.rulesets.tactical.encounter.state import TacticalState, Use
from tablekeeper.rulesets.tactical.once import for_catalogue
from tablekeeper.rulesets.tactical.utility import (
    UtilityInput,
    UtilityOutcome,
    settle_utility,
    utility,
    utility_dice,
)

InputOf = Callable[[TacticalState, Use], UtilityInput]


def utility_reads(state: TacticalState, use: Use) -> Hashable:
    """Every value ``flow.utility_input`` reads but the catalogue (``once.py`` keys it by
    identity): ``test_fast_paths`` builds the input afresh from each state to prove it."""
    user = state.characters[use.user]
    return (use.boons, use.banes, state.options, user.cunning, user.conditions)


def rolled_utility(
    state: TacticalState, use: Use, roller: Roller, input_of: InputOf
) -> tuple[UtilityInput, UtilityOutcome]:
    """The utility action's input (``input_of``: ``flow.utility_input``) and its outcome,
    its dice rolled with ``roller``: built once for what they read on the fast paths."""
    if not fast_paths.enabled():
        check = input_of(state, use)
        return check, utility(check, roller)
    catalogue = state.catalogue
    reads = utility_reads(state, use)
    check = for_catalogue(catalogue, ("utility input", reads), lambda: input_of(state, use))
    dice = for_catalogue(catalogue, ("utility dice", reads), lambda: utility_dice(check))
    faces = tuple([roller.roll(die) for die in dice])
    outcome = for_catalogue(
        catalogue, ("utility outcome", reads, faces), lambda: settle_utility(check, faces)
    )
    return check, outcome
