"""Targets: whom an action may name, and from how far (document 000).

An attack names opponents in play (one, unless it has an area: Ergokinesis always,
Mentalism and Naturalism at TN 6, F-MAGIC-MICRO-03 .. -05); a boss whose Social Armor is
higher than the attacker's maximum potential successes (the dice it could roll,
circumstance dice included) cannot be assaulted directly (F-GM-07, G-F-01); Oratory
reaches allies, half the Words die of them (F-SOCIAL-MICRO-03); where positions are
known a spell reaches the Meditation die's units and its area the Logic die's half
(F-MAGIC-MICRO-02).
"""

from __future__ import annotations

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.actions import ActionDef
from tablekeeper.rulesets.fractal.derived import (
    audience_breakdown,
    radius_breakdown,
    range_breakdown,
)
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.ap import available
from tablekeeper.rulesets.fractal.encounter.rolling import character_check, plan
from tablekeeper.rulesets.fractal.encounter.state import Character, Conflict, FractalState


def _refuse(message: str, field: str) -> None:
    raise IllegalCommandError(message, field=field)


def check_targets(
    state: FractalState, found: Conflict, who: Character, action: ActionDef, order: cmd.Act
) -> None:
    """The targets an action names: in the conflict, and what its effect allows."""
    assert action.effect is not None
    effect = action.effect
    for index, target in enumerate(order.targets):
        if target not in found.participants:
            _refuse(f"{target} is not in conflict {found.id}", f"targets.{index}")
        if not found.participants[target].in_play and effect.kind != "naturalism":
            _refuse(f"{state.characters[target].name} is out of the conflict", f"targets.{index}")
    if effect.kind == "inflict" and order.terrain is None:
        _inflict(state, found, who, action, order)
    if order.terrain is not None and order.terrain not in effect.terrain:
        _refuse(f"{action.name} creates {', '.join(effect.terrain) or 'no terrain'}", "terrain")
    if effect.kind == "grant" and effect.to == "allies":
        _grant(found, who, action, order)
    if action.tree == "magic" and found.participants[order.character].position is not None:
        _in_range(state, found, who, order)


def _inflict(
    state: FractalState, found: Conflict, who: Character, action: ActionDef, order: cmd.Act
) -> None:
    effect = action.effect
    assert effect is not None
    me = found.participants[order.character]
    polarity = order.polarity or "negative"
    fixed = effect.polarity != "choose" and action.tree != "dancing"
    if fixed and order.polarity not in (None, effect.polarity):
        _refuse(f"{action.name} inflicts {effect.polarity} conditions", "polarity")
    if not order.targets and not (action.tree == "dancing" and polarity == "positive"):
        _refuse(f"{action.name} needs a target", "targets")
    if order.kind is not None and effect.kinds and order.kind not in effect.kinds:
        _refuse(f"{action.name} inflicts {', '.join(effect.kinds)}", "kind")
    area = effect.area == "always" or (effect.area == "at_area_tn" and order.area)
    if len(order.targets) > 1 and not area:
        _refuse(
            f"{action.name} has one target"
            + (" (roll at TN 6 for an area)" if effect.area_tn else ""),
            "targets",
        )
    if found.tree == "social" and order.targets:
        boss = state.characters[order.targets[0]]
        potential = _potential(state, found, who, action, me.bonus_dice)
        ignores = any(e.ignores_social_armor and e.applies_in("social") for e in who.conditions)
        if boss.spec.social_armor > potential and not ignores:
            _refuse(
                f"{boss.name}'s Social Armor {boss.spec.social_armor} is higher than "
                f"{who.name}'s {potential} potential successes: a direct assault is "
                "impossible (F-GM-07)",
                "targets",
            )


def _potential(
    state: FractalState, found: Conflict, who: Character, action: ActionDef, bonus: int
) -> int:
    """The most dice the attacker could roll: its AP and temporary AP, plus the
    circumstance dice its conditions and the scene give the better stat (G-F-01)."""
    dice = available(who, "proactive") // state.options.ap_per_die
    rolled = [
        plan(
            state,
            character_check(
                state,
                who,
                stat=stat,
                dice=dice,
                tn=action.tn,
                tree=found.tree,
                action_type="proactive",
                bonus_dice=bonus,
            ),
        ).dice_rolled
        for stat in action.stats
        if who.die(stat)
    ]
    return max(rolled, default=0)


def _grant(found: Conflict, who: Character, action: ActionDef, order: cmd.Act) -> None:
    me = found.participants[order.character]
    limit = audience_breakdown(who.stats).total
    if len(order.targets) > limit:
        _refuse(
            f"{action.name} reaches {limit} creatures (half the Words die, F-SOCIAL-MICRO-03)",
            "targets",
        )
    for index, target in enumerate(order.targets):
        if found.participants[target].side != me.side:
            _refuse(f"{action.name} grants its condition to allies", f"targets.{index}")


def _in_range(state: FractalState, found: Conflict, who: Character, order: cmd.Act) -> None:
    me = found.participants[order.character]
    assert me.position is not None
    reach = range_breakdown(who.stats).total
    radius = radius_breakdown(who.stats).total
    centre = found.participants[order.targets[0]].position if order.targets else None
    for index, target in enumerate(order.targets):
        place = found.participants[target].position
        if place is None:
            continue
        if _distance(me.position, place) > reach and index == 0:
            _refuse(
                f"{state.characters[target].name} is beyond {who.name}'s range of "
                f"{reach} units (F-MAGIC-MICRO-02)",
                f"targets.{index}",
            )
        if centre is not None and index and _distance(centre, place) > radius:
            _refuse(
                f"{state.characters[target].name} is outside the area's radius of "
                f"{radius} (F-MAGIC-MICRO-02)",
                f"targets.{index}",
            )


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
