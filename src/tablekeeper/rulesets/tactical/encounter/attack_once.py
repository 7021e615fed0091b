"""An attack rolled in play, its input, its dice and its outcome built once for what they
read (a fast path).

``flow``'s attack builds the ``tactical.attack`` input from the state (``attack_input``),
rolls the yield's dice, and settles the outcome for the faces rolled: a few dozen validated
models (the input, its target's traits, every contribution of the breakdowns, the outcome)
for each of a trial's attacks. Each is a pure function of a few values:

- the input, of the catalogue, the skill, the use's origin, boons and banes, the defense,
  the options, and of the user its brawn, cunning, agility and conditions, of the target
  its conditions, armor, fighting style (passive armor), vulnerabilities, resistances,
  immunities and minion status: :func:`attack_reads`, what ``attack_input`` reads;
- the dice to roll (or the refusal of a defense the tags forbid), of the input;
- the outcome, of the input and the faces rolled (``attack.settle``).

On the engine's fast paths each is built once for those values (``once.py``), so trials
that land the same blow with the same faces share one outcome; the dice are still rolled
one by one from the session's roller, in the order ``attack`` rolls them, so the rolls and
everything after them are the same. On the reference path it is ``attack_input`` and
``attack`` as they stand. The values are frozen and read only.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from tablekeeper.dice.roller import Roller
from tablekeeper.engine import fast_paths
from tablekeeper.rulesets.tactical.attack import (
    AttackInput,
    AttackOutcome,
    attack,
    dice_to_roll,
    settle,
)
from tablekeeper.rulesets.tactical.catalogue import Defense
from tablekeeper.rulesets.tactical.encounter.state import TacticalState, Use
from tablekeeper.rulesets.tactical.once import for_catalogue

InputOf = Callable[[TacticalState, Use, str, Defense], AttackInput]


def attack_reads(state: TacticalState, use: Use, target: str, defense: Defense) -> Hashable:
    """Every value ``flow.attack_input`` reads but the catalogue (``once.py`` keys it by
    identity): ``test_fast_paths`` builds the input afresh from each state to prove it."""
    user = state.characters[use.user]
    aimed = state.characters[target]  # type: ignore[index]
    return (
        use.skill,
        use.origin,
        use.boons,
        use.banes,
        defense,
        state.options,
        user.brawn,
        user.cunning,
        user.agility,
        user.conditions,
        aimed.conditions,
        aimed.armor,
        aimed.style,
        aimed.vulnerable,
        aimed.resistant,
        aimed.immune,
        aimed.minion,
    )


def rolled_attack(
    state: TacticalState,
    use: Use,
    target: str,
    defense: Defense,
    roller: Roller,
    input_of: InputOf,
) -> tuple[AttackInput, AttackOutcome]:
    """The attack's input (``input_of``: ``flow.attack_input``) and its outcome, the yield's
    dice rolled with ``roller``: built once for what they read on the fast paths."""
    if not fast_paths.enabled():
        check = input_of(state, use, target, defense)
        return check, attack(check, roller)
    catalogue = state.catalogue
    reads = attack_reads(state, use, target, defense)
    check = for_catalogue(
        catalogue, ("attack input", reads), lambda: input_of(state, use, target, defense)
    )
    dice = for_catalogue(catalogue, ("attack dice", reads), lambda: dice_to_roll(check))
    faces = tuple([roller.roll(die) for die in dice])
    outcome = for_catalogue(
        catalogue, ("attack outcome", reads, faces), lambda: settle(check, faces)
    )
    return check, outcome
