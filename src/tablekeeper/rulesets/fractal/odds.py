"""Odds before committing, in a ``fractal`` encounter: the exact chances a console shows.

Nothing here is a second formula (STYLE.md, lesson 2): an action's odds are
``fractal.check``'s, computed from the very input the engine rolls with
(:func:`~tablekeeper.rulesets.fractal.encounter.rolling.character_check`), for each number
of dice the character could commit (the panel's table), and the chance of each condition
the Micro table would give an undefended target (a command's odds). Who asks matters
(docs/rulings.md, C-10): odds computed from a character's dice are its player's and the
GM's only.
"""

from __future__ import annotations

from fractions import Fraction

from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.pools import opposed_pool
from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.words import dice as dice_words
from tablekeeper.rulesets.fractal.actions import ActionDef
from tablekeeper.rulesets.fractal.checks import CheckInput, level_distribution
from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.ap import available
from tablekeeper.rulesets.fractal.encounter.defending import armor_of, defenses_of
from tablekeeper.rulesets.fractal.encounter.nano_declare import DECLARE
from tablekeeper.rulesets.fractal.encounter.rolling import (
    action_tn,
    best_stat,
    character_check,
    plan,
)
from tablekeeper.rulesets.fractal.encounter.spending import table_and_kind
from tablekeeper.rulesets.fractal.encounter.state import Character, Conflict, FractalState
from tablekeeper.rulesets.fractal.stats import Stat

MAX_LEVELS = 6
"""Success levels shown one by one; the rest as "6+"."""


def action_check(
    state: FractalState,
    conflict: Conflict,
    character: Character,
    action: ActionDef,
    dice: int,
    stat: Stat | None = None,
    area: bool = False,
) -> CheckInput:
    """The check the engine would roll for ``action`` with ``dice`` dice now."""
    participant = conflict.participants.get(character.id)
    return character_check(
        state,
        character,
        stat=stat or best_stat(character, action.stats),
        dice=dice,
        tn=action_tn(character, action, area=area),
        tree=conflict.tree,
        action_type=action.primary_type,
        ranged=action.ranged,
        speaking=action.speaking,
        bonus_dice=participant.bonus_dice if participant is not None else 0,
    )


def level_chances(state: FractalState, request: CheckInput) -> list[tuple[str, Fraction]]:
    """Each success level's exact chance, ``0`` .. ``5`` then ``6+``."""
    distribution = level_distribution(plan(state, request))
    found = [(str(level), distribution.probability(level)) for level in range(MAX_LEVELS)]
    found.append((f"{MAX_LEVELS}+", distribution.at_least(MAX_LEVELS)))
    return [(label, chance) for label, chance in found if chance]


def dice_table(
    state: FractalState, conflict: Conflict, character: Character, action: ActionDef
) -> list[tuple[int, list[tuple[str, Fraction]]]]:
    """For each number of dice the character can commit: the chance of each success level."""
    pool = (
        available(character, action.primary_type, action.tree == "magic")
        // state.options.ap_per_die
    )
    return [
        (dice, level_chances(state, action_check(state, conflict, character, action, dice)))
        for dice in range(1, pool + 1)
    ]


def exchange_distribution(
    state: FractalState,
    conflict: Conflict,
    attacker: Character,
    action: ActionDef,
    dice: int,
    target: Character,
    defense: ActionDef | None,
    defense_dice: int,
    *,
    stat: Stat | None = None,
    area: bool = False,
) -> Distribution:
    """The exact distribution of the success level an attack lands with against the
    target's defense and armor: the opposed pool of ``tablekeeper.dice.pools`` (G-F-04's
    margin), each side planned by the check the engine rolls."""
    attack = plan(state, action_check(state, conflict, attacker, action, dice, stat, area))
    armor = armor_of(state, attacker, target, action) + attack.loss.total
    if defense is None or not defense_dice:
        return opposed_pool(attack.dice_rolled, 0, attack.die, attack.counts_from, armor)
    guard = plan(
        state,
        character_check(
            state,
            target,
            stat=best_stat(target, defense.stats),
            dice=defense_dice,
            tn=action_tn(target, defense),
            tree=conflict.tree,
            action_type="reactive",
            speaking=defense.speaking,
        ),
    )
    return opposed_pool(
        attack.dice_rolled,
        guard.dice_rolled,
        attack.die,
        attack.counts_from,
        armor + guard.loss.total,
        defender_sides=guard.die,
        defender_tn=guard.counts_from,
    )


def command_odds(state: FractalState, command: Command, sight: Sight) -> CommandOdds | None:
    """The odds of a Micro action: each condition its target would take, defending with
    the decision's default dice for whoever may see the target's dice (C-10), else
    undefended."""
    if command.kind == DECLARE:
        from tablekeeper.rulesets.fractal.nano_odds import declare_odds

        return declare_odds(state, command, sight)
    if command.kind != cmd.ACT:
        return None
    order = command.payload_as(cmd.Act)
    if not sight.sees(order.character):
        return None
    character = state.characters.get(order.character)
    conflict = state.conflicts.get(order.conflict)
    if character is None or conflict is None:
        return None
    action = state.catalogue.actions.action(order.action)
    if action.effect is None or not any(character.die(s) for s in action.stats):
        return None
    request = action_check(state, conflict, character, action, order.dice, order.stat, order.area)
    distribution = level_distribution(plan(state, request))
    title = f"{action.name}: {request.dice}d{request.die} against TN {request.tn}"
    if action.effect.kind != "inflict" or order.terrain is not None:
        return CommandOdds(title=title, outcomes=tuple(level_chances(state, request)))
    polarity = order.polarity or (
        "negative" if action.effect.polarity != "positive" else "positive"
    )
    table, kind = table_and_kind(state, action, order, polarity)
    target = state.characters.get(order.targets[0]) if order.targets else None
    if target is not None and sight.sees(target.id):  # the defender's dice are hidden (C-10)
        guard = next(iter(defenses_of(state, target, action)), None)
        if guard is not None:
            pool = available(target, "reactive") // state.options.ap_per_die
            dice = max(1, min(pool, (order.dice + 1) // 2))  # the decision's default (G-F-E2)
            defended = exchange_distribution(
                state,
                conflict,
                character,
                action,
                order.dice,
                target,
                guard,
                dice,
                stat=order.stat,
                area=order.area,
            )
            return CommandOdds(
                title=f"{title}, against {guard.name} with {dice_words(dice)}",
                outcomes=tuple(_by_condition(state, table, kind, defended)),
            )
    return CommandOdds(
        title=f"{title}, undefended",
        outcomes=tuple(_by_condition(state, table, kind, distribution)),
    )


def _by_condition(
    state: FractalState, table: str, kind: str, distribution: Distribution
) -> list[tuple[str, Fraction]]:
    outcomes: dict[str, Fraction] = {}
    for level, chance in distribution:
        name = lookup(table, kind, level, state.options, state.catalogue).name or "nothing"
        label = name if name == "nothing" else f"{name} [{min(4, level)}]"
        outcomes[label] = outcomes.get(label, Fraction(0)) + chance
    return list(outcomes.items())


__all__ = ["command_odds", "dice_table", "level_chances", "table_and_kind"]
