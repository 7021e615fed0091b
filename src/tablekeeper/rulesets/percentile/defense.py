"""Step 2 of Attack and Defense: what a parry, a block or a dodge does (P-ATK-05 .. P-ATK-07).

The defense roll is opposed to the attack roll (:func:`~.opposed.contest`). Then:

- Dodge: any victory avoids the attack; a victory with a critical also gives a free
  counter-attack or an immediate Disengage (the defender's choice); a defeat with a
  success halves the damage; a fumble rolls on the Combat Fumble table.
- Parry: a victory adds half the weapon's HP, rounded down, to the armor (G-P-10); a
  victory with a critical also gives a Devastating Defense; a defeat, even with a
  success, adds nothing; a fumble rolls on the table.
- Block: a victory adds the shield's HP; with a critical, a Devastating Defense; a defeat
  with a success adds half the shield's HP, rounded down; a fumble rolls on the table.

A defense that succeeds without a victory (a defeat; or nobody winning at equal levels
and rolls with ``opposed_tie='none'``) counts as a defeat with a success (G-P-02).
:func:`exchange` is the one definition, used by the rolled attack and by its odds.
"""

from __future__ import annotations

import enum
from typing import Literal, NamedTuple, TypeAlias

from tablekeeper.rulesets.percentile.checks import Level
from tablekeeper.rulesets.percentile.damage import Reduction, absorption
from tablekeeper.rulesets.percentile.opposed import Contest, Winner, contest
from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS, PercentileOptions

DefenseKind: TypeAlias = Literal["none", "parry", "block", "dodge"]
"""How the target defends: not at all, parrying with a weapon, blocking with a shield,
or dodging (P-ATK-05)."""


class DefenseEffect(enum.StrEnum):
    """What the defense does to the blow."""

    UNDEFENDED = "undefended"
    AVOIDED = "avoided"  # dodge victory: no damage roll at all
    HALVED = "halved"  # dodge defeat with a success
    ABSORBED = "absorbed"  # parry or block victory: weapon's half HP or shield's HP
    HALF_ABSORBED = "half_absorbed"  # block defeat with a success: half the shield's HP
    NO_EFFECT = "no_effect"  # the defense failed, fumbled, or a parry lost


class Exchange(NamedTuple):
    """The attack roll against the defense roll: who won, and what the defense does."""

    contest: Contest | None
    effect: DefenseEffect
    critical_defense: bool
    defender_fumbled: bool

    @property
    def defense_victory(self) -> bool:
        """The defense won the opposed roll."""
        return self.contest is not None and self.contest.winner is Winner.DEFENDER

    @property
    def attack_victory(self) -> bool:
        """The attack is unopposed, or won the opposed roll (Bash, Disarm: P-OPT-23, 25)."""
        return self.contest is None or self.contest.winner is Winner.ATTACKER


UNDEFENDED = Exchange(None, DefenseEffect.UNDEFENDED, False, False)


def exchange(
    kind: DefenseKind,
    attack: Level,
    attack_roll: int,
    defense: Level | None,
    defense_roll: int | None,
    options: PercentileOptions = DEFAULT_OPTIONS,
) -> Exchange:
    """The rule itself: what a defense of ``kind`` does against a successful attack.

    >>> exchange("dodge", Level.SUCCESS, 30, Level.SUCCESS, 40).effect
    <DefenseEffect.AVOIDED: 'avoided'>
    >>> exchange("block", Level.SUCCESS, 40, Level.SUCCESS, 30).effect
    <DefenseEffect.HALF_ABSORBED: 'half_absorbed'>
    """
    if kind == "none" or defense is None or defense_roll is None:
        return UNDEFENDED
    result = contest(attack, attack_roll, defense, defense_roll, options)
    fumbled = defense is Level.FUMBLE
    if result.winner is Winner.DEFENDER:
        effect = DefenseEffect.AVOIDED if kind == "dodge" else DefenseEffect.ABSORBED
        return Exchange(result, effect, defense is Level.CRITICAL, fumbled)
    if defense.succeeded and kind != "parry":  # "Parries do not benefit from this."
        effect = DefenseEffect.HALVED if kind == "dodge" else DefenseEffect.HALF_ABSORBED
        return Exchange(result, effect, False, fumbled)
    return Exchange(result, DefenseEffect.NO_EFFECT, False, fumbled)


def absorbed(
    kind: DefenseKind,
    effect: DefenseEffect,
    *,
    item: str,
    hp: int,
    options: PercentileOptions = DEFAULT_OPTIONS,
) -> tuple[Reduction, ...]:
    """The reduction a parry or block adds to the armor: the parrying weapon's half HP
    (or all of it with ``parry_absorbs='full'``), the shield's HP, or half of it."""
    if effect is DefenseEffect.ABSORBED and kind == "parry":
        if options.parry_absorbs == "full":
            return absorption(hp, f"parry with {item}: its HP {hp}", "G-P-10")
        return absorption(hp // 2, f"parry with {item}: half its HP {hp}, rounded down")
    if effect is DefenseEffect.ABSORBED and kind == "block":
        return absorption(hp, f"block with {item}: its HP {hp}")
    if effect is DefenseEffect.HALF_ABSORBED:
        return absorption(hp // 2, f"block with {item} (defeated): half its HP {hp}, rounded down")
    return ()


def parried_or_blocked(effect: DefenseEffect) -> bool:
    """Whether the parrying weapon or shield took the blow ("successfully parried or
    blocked"): it absorbed damage (G-P-C2), so it may be chipped or damaged."""
    return effect in (DefenseEffect.ABSORBED, DefenseEffect.HALF_ABSORBED)
