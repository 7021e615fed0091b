"""Exact chances before committing: a skill's odds as the console shows them.

An attack's odds are, per target, the chances of its yield (any damage, damage that
defeats, a cunning effect, a critical effect) from the very ``tactical.attack`` odds the
resolver is defined with; a player sees them only for targets whose numbers they may read
(docs/rulings.md, C-10). A utility action's are the chances of its cunning effects, from
``tactical.utility``'s odds.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.attack import scoring as attack_scoring
from tablekeeper.rulesets.tactical.attack import yield_dice
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter.effects import defeats
from tablekeeper.rulesets.tactical.encounter.flow import attack_input
from tablekeeper.rulesets.tactical.encounter.reach import targets_for
from tablekeeper.rulesets.tactical.encounter.state import TacticalState, Use
from tablekeeper.rulesets.tactical.encounter.traits import own_boons
from tablekeeper.rulesets.tactical.tally import Tally, tally_distribution
from tablekeeper.rulesets.tactical.utility import UtilityInput, utility_dice, utility_scoring


def _chance(chances: list[tuple[Tally, Fraction]], happens: Callable[[Tally], bool]) -> Fraction:
    return sum((chance for result, chance in chances if happens(result)), Fraction(0))


def _yield_chances(state: TacticalState, use: Use, target: str) -> list[tuple[str, Fraction]]:
    """If ``target`` yields to ``use``: any damage, defeat, a cunning, a critical effect."""
    check = attack_input(state, use, target)
    aimed = state.character(target)
    chances = tally_distribution(yield_dice(check), attack_scoring(check))
    track = check.yield_track
    return [
        (f"{aimed.name} yields: damage", _chance(chances, lambda t: t.damage > 0)),
        (
            f"{aimed.name} yields: defeated",
            _chance(chances, lambda t: defeats(aimed, track, t.damage, state.options)),
        ),
        (f"{aimed.name} yields: cunning", _chance(chances, lambda t: t.cunning_effects > 0)),
        (f"{aimed.name} yields: critical", _chance(chances, lambda t: t.critical_effects > 0)),
    ]


def command_odds(state: TacticalState, command: Command, sight: Sight) -> CommandOdds | None:
    if command.kind != cmd.USE_SKILL:
        return None
    order = command.payload_as(cmd.UseSkill)
    skill = state.catalogue.skills.get(order.skill)
    if skill is None or ActorId(order.character) not in state.characters:
        return None
    user = state.character(order.character)
    if skill.is_attack:
        aimed = targets_for(state, user.id, order.skill, target=order.target, point=order.point)
        if not aimed.legal or not sight.sees_all(aimed.targets):
            return None
        use = Use(
            user=user.id,
            skill=order.skill,
            origin="other" if skill.type == "other" else "action",
            targets=tuple(ActorId(t) for t in aimed.targets),
            banes=len(aimed.zone_of_control_banes),
        )
        outcomes: list[tuple[str, Fraction]] = []
        for target in aimed.targets:
            outcomes += _yield_chances(state, use, target)
        return CommandOdds(title=f"{skill.name}: if each target yields", outcomes=tuple(outcomes))
    if skill.type not in ("action", "other") or not sight.sees(user.id):
        return None
    up, down = own_boons(state.catalogue, user)
    roll = UtilityInput(
        cunning=user.cunning, boons=up, banes=down, kind="action", options=state.options
    )
    chances = tally_distribution(utility_dice(roll), utility_scoring(roll))
    return CommandOdds(
        title=f"{skill.name}: 2d8 against cunning {user.cunning}",
        outcomes=(
            (
                "a cunning effect",
                _chance(chances, lambda t: t.cunning_effects > 0),
            ),
            (
                "a critical effect",
                _chance(chances, lambda t: t.critical_effects > 0),
            ),
        ),
    )
