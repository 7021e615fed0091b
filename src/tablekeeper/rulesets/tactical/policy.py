"""Who chooses for a ``tactical`` actor when nobody does: unattended play, simulations.

The engine's candidates are already ordered best first for that purpose
(``encounter/candidates.py``: finish a maneuver by closing on the nearest enemy, attack
an enemy in reach, move closer, use a utility action, and end the turn), so the policy
takes the first legal command; but when that is an attack, it takes, among the attacks
that follow it, the one its targets are expected to lose the most by, each answering it
as below (:func:`attack_worth`: a minion the attack defeats outright before a chief who
pays its threat), the first among equals. It answers a reaction offer, a cunning choice
and a critical note with the decision's default (a cunning choice's is the option worth
the most to the user's side: ``encounter/cunning_worth.py``).

The defense (document 004, "Attacks", "Threat", "Yield"; G-S-03) is weighed as a
reasonable player weighs it, a project ruling for unattended play (docs/rulings.md,
G-S-E7), not a rule of the game. Defending costs the threat ``T``, taken from a pool;
yielding costs what the yield's dice do, priced from their exact odds
(:func:`yield_price`): the expected damage to the yield's pool (dice, brawn for melee
and thrown, less armor, never below 0), plus, for each cunning effect the dice earn, what
the attacker's first cunning option does (an unattended attacker takes it: its damage,
the armor a piercing effect lets through, or 1 for a condition or an interruption); and
where the yield defeats the target (damage beyond the pool, or any damage to a minion,
the cunning damage counted) it costs everything the target still holds in its pools.
The target yields when that price is lower than ``T`` and the yield is not likely to
defeat it (a chance of :data:`RISK_TAKEN` or less); otherwise it defends, from the pool
that leaves it the most to spare once this attack's expected yield damage is set against
the pool that damage would hit (:func:`weighed`), and ties go to the order the
decision offers. With the first-legal choice and the fullest pool, every trial of the
shipped skirmish and duel played alike (the yield's dice were almost never rolled).
Critical effects are the GM's to describe and priced at nothing. The choice is a pure
function of the state: the same state always gets the same answer, on the reference
path and the fast paths alike; on the fast paths the defense is worked out once per
equal values of what the attack's input reads, pools, threat and options, and an attack's
worth once per equal values of what it reads (``once.py``), so simulations stay fast.

The console's preselected option (``encounter/flow.py``, ``default_defense``: the
fullest pool) is left as it is: a person reads the threat and the odds and chooses; this
is what a character nobody plays chooses. The balance lab and the terminal runner use
it; a table that wants another plays with its own ``Policy`` (the lab takes one from
Python).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import PendingDecision
from tablekeeper.engine.memo import built
from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.tactical.attack import AttackInput, yield_dice
from tablekeeper.rulesets.tactical.attack import scoring as attack_scoring
from tablekeeper.rulesets.tactical.catalogue import (
    DEFENSE_TRACK,
    TRACKS,
    DamageEffect,
    FlagEffect,
    Track,
)
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter.attack_once import attack_reads
from tablekeeper.rulesets.tactical.encounter.effects import defeats_holding
from tablekeeper.rulesets.tactical.encounter.flow import (
    attack_input,
    defenses_open,
    threat_against,
)
from tablekeeper.rulesets.tactical.encounter.reach import targets_for
from tablekeeper.rulesets.tactical.encounter.state import (
    DefenseChoice,
    TacticalState,
    Use,
)
from tablekeeper.rulesets.tactical.once import for_catalogue
from tablekeeper.rulesets.tactical.options import TacticalOptions
from tablekeeper.rulesets.tactical.tally import tally_distribution

RISK_TAKEN = Fraction(1, 4)
"""The greatest chance of being defeated an unattended target accepts to yield."""

CONDITION_PRICE = 1
"""What a cunning effect that deals no damage (a condition, an interruption) costs."""


class YieldPrice(Frozen):
    """What yielding to one attack costs its target, on average, in pool points."""

    damage: Fraction
    """The expected damage, the yield's and its cunning effects', to every pool, when it
    does not defeat (a defeat costs everything instead: :meth:`price`)."""
    on_track: Fraction
    """The expected yield damage to the yield's own pool (before cunning effects)."""
    defeat: Fraction
    """The chance that the yield, with its cunning damage, defeats the target (G-S-03)."""
    conditions: Fraction
    """The expected cunning effects that deal no damage, each :data:`CONDITION_PRICE`."""

    def price(self, holds: int) -> Fraction:
        """The whole cost to a target that ``holds`` this many points in its pools: the
        damage when it stands, everything it holds when it is defeated, and its conditions."""
        return self.damage + self.conditions * CONDITION_PRICE + self.defeat * holds


def yield_price(
    check: AttackInput,
    pools: dict[Track, int],
    minion: bool,
    cunning: tuple[tuple[Track, int], ...],
    ignores: bool,
) -> YieldPrice:
    """The price of yielding to ``check`` for a target holding ``pools`` (a ``minion`` or
    not), from the yield's exact odds: ``cunning`` is the damage each cunning effect does
    (the pools and amounts of the attacker's first cunning option), ``ignores`` whether
    that option lets the armor's share through (piercing)."""
    options: TacticalOptions = check.options
    track = check.yield_track
    damage = on_track = defeat = conditions = Fraction(0)
    for result, chance in tally_distribution(yield_dice(check), attack_scoring(check)):
        dealt = dict.fromkeys(TRACKS, 0)
        dealt[track] += result.damage
        if result.cunning_effects:
            if ignores:  # the armor's share, once (``effects._flag``)
                dealt[track] += result.damage_before_armor - result.damage
            for pool, amount in cunning:
                dealt[pool] += amount * result.cunning_effects
            if not cunning:
                conditions += chance * result.cunning_effects
        on_track += chance * result.damage
        if _defeats(dealt, pools, minion, options):
            defeat += chance
        else:
            damage += chance * sum(dealt.values())
    return YieldPrice(damage=damage, on_track=on_track, defeat=defeat, conditions=conditions)


def _defeats(
    dealt: dict[Track, int], pools: dict[Track, int], minion: bool, options: TacticalOptions
) -> bool:
    """Whether damage ``dealt`` to each pool defeats (``effects.defeats_holding``: each
    hit beyond what is left defeats, any damage a minion)."""
    return any(defeats_holding(pools[track], dealt[track], minion, options) for track in TRACKS)


def defense_chosen(state: TacticalState, choice: DefenseChoice, offered: Sequence[str]) -> str:
    """The defense an unattended target takes among ``offered`` (module docstring)."""
    use = state.use
    if use is None:
        return offered[0]
    return weighed(state, use, choice.target, choice.threat, offered)[0]


def weighed(
    state: TacticalState, use: Use, target_key: str, threat: int, offered: Sequence[str]
) -> tuple[str, Fraction]:
    """The defense ``target_key`` takes against ``use`` among ``offered`` (module
    docstring), and what it expects to lose by it, in pool points: a pure function of
    the attack's input, the target's pools, the threat and the options. On the fast paths
    it is worked out once for equal values of what the attack's input reads
    (``attack_once.attack_reads``: the skill, and so its first cunning option, among them),
    pools, threat and options (``once.py``), without building the input again."""
    pools = _pools(state, target_key)
    asked = tuple(offered)
    if not fast_paths.enabled():
        return _weighed(state, use, target_key, pools, threat, asked)
    reads = attack_reads(state, use, target_key, "yield")
    return for_catalogue(
        state.catalogue,
        ("tactical policy defense", reads, pools, threat, asked),
        lambda: _weighed(state, use, target_key, pools, threat, asked),
    )


def _weighed(
    state: TacticalState,
    use: Use,
    target_key: str,
    pools: tuple[int, ...],
    threat: int,
    asked: tuple[str, ...],
) -> tuple[str, Fraction]:
    """:func:`weighed` worked out: the attack's input and the first cunning option built."""
    check = attack_input(state, use, target_key)
    first = state.catalogue.cunning_options(state.catalogue.skills[use.skill].tags)[0]
    cunning = tuple(
        (effect.track, effect.amount)
        for effect in first.effects
        if isinstance(effect, DamageEffect) and effect.amount
    )
    ignores = any(
        isinstance(effect, FlagEffect) and effect.type == "ignore_armor" for effect in first.effects
    )
    minion = state.character(target_key).minion
    return _weigh(
        check, dict(zip(TRACKS, pools, strict=True)), minion, (cunning, ignores), threat, asked
    )


def _weigh(
    check: AttackInput,
    pools: dict[Track, int],
    minion: bool,
    first: tuple[tuple[tuple[Track, int], ...], bool],
    threat: int,
    offered: tuple[str, ...],
) -> tuple[str, Fraction]:
    priced = yield_price(check, pools, minion, *first)
    paying = [d for d in offered if d in DEFENSE_TRACK]

    def paid(defense: str) -> int:  # a pool pays what it holds (G-S-03's option)
        return min(threat, pools[DEFENSE_TRACK[defense]])

    def spare(defense: str) -> tuple[int, Fraction]:
        track = DEFENSE_TRACK[defense]
        left = Fraction(pools[track] - paid(defense))
        return -paid(defense), left - priced.on_track if track == check.yield_track else left

    yielding = priced.price(sum(pools.values()))
    cheapest = min((paid(d) for d in paying), default=0)
    cheap = yielding < cheapest and priced.defeat <= RISK_TAKEN
    if "yield" in offered and (cheap or not paying):
        return "yield", yielding
    if not paying:
        return offered[0], yielding
    best = max(paying, key=spare)  # the first offered among equals
    return best, Fraction(paid(best))


def attack_worth(state: TacticalState, command: Command) -> Fraction | None:
    """What an attack ``command`` is expected to cost its targets, each answering it as
    :func:`weighed` does (the threat it pays or the yield's price), less the defense the
    attack itself costs its user (S-DEF-02); ``None`` for any other command.

    On the fast paths the sum is worked out once for equal values of what it reads (the
    user, the skill, and for each target whether it is defeated, what the attack's input
    reads, the zone-of-control banes among them (``attack_once.attack_reads``), and its
    pools), the use it weighs built once for its fields (``once.py``, ``memo.built``): a
    policy weighs every attack offered together, at every command, and trials weigh the
    same blows again and again."""
    if not _is_attack(state, command):
        return None
    order = command.payload_as(cmd.UseSkill)
    skill = state.catalogue.skills[order.skill]
    aimed = targets_for(state, order.character, order.skill, target=order.target, point=order.point)
    banes = len(aimed.zone_of_control_banes) if state.options.zone_banes_automatic else 0
    origin: Literal["action", "other"] = "other" if skill.type == "other" else "action"
    targets = tuple(ActorId(t) for t in aimed.targets)
    if not fast_paths.enabled():
        use = Use(
            user=order.character, skill=order.skill, origin=origin, targets=targets, banes=banes
        )
        return _worth(state, use)
    use = built(
        ("tactical policy use", order.character, order.skill, origin, targets, banes),
        lambda: Use(
            user=order.character, skill=order.skill, origin=origin, targets=targets, banes=banes
        ),
    )
    read = tuple(
        [
            (target, True)
            if state.character(target).defeated
            else (target, False, attack_reads(state, use, target, "yield"), _pools(state, target))
            for target in targets
        ]
    )
    return for_catalogue(
        state.catalogue,
        ("tactical policy worth", order.character, order.skill, read),
        lambda: _worth(state, use),
    )


def _pools(state: TacticalState, key: str) -> tuple[int, ...]:
    """What ``key`` holds in each pool, in the order of ``TRACKS``."""
    character = state.character(key)
    return tuple([character.pool(track) for track in TRACKS])


def _worth(state: TacticalState, use: Use) -> Fraction:
    """:func:`attack_worth` worked out for ``use`` (its targets, its banes)."""
    worth = Fraction(0)
    for target in use.targets:
        if state.character(target).defeated:
            continue
        offered = defenses_open(state, use, target)
        worth += weighed(state, use, target, threat_against(state, use, target), offered)[1]
    skill = state.catalogue.skills[use.skill]
    cost = skill.defense.amount if skill.defense is not None else 0
    return worth + min(0, cost)


def _is_attack(state: TacticalState, command: Command) -> bool:
    """Whether ``command`` uses an attack skill of a character in the encounter."""
    if command.kind != cmd.USE_SKILL:
        return False
    order = command.payload_as(cmd.UseSkill)
    skill = state.catalogue.skills.get(order.skill)
    return skill is not None and skill.is_attack and order.character in state.characters


class TacticalPolicy:
    """The first legal command, the likeliest attack among those offered together; a
    defense weighed threat against yield; else each decision's default."""

    def choose(self, state: TacticalState, actor: ActorId, legal: Sequence[Command]) -> Command:
        """The first legal command; when it is an attack, the one worth the most
        (:func:`attack_worth`) of the attacks that follow it, the first among equals."""
        attacks: list[Command] = []
        for command in legal:
            if not _is_attack(state, command):
                break
            attacks.append(command)
        if len(attacks) < 2:  # nothing to weigh
            return legal[0]
        worths = [attack_worth(state, command) or Fraction(0) for command in attacks]
        return attacks[worths.index(max(worths))]

    def answer(self, state: TacticalState, decision: PendingDecision) -> Command:
        about = state.awaiting
        offered = decision.option_ids
        if isinstance(about, DefenseChoice) and decision.chooser == about.target and offered:
            return decision.answer(defense_chosen(state, about, offered))
        return decision.answer(decision.default)

    def __repr__(self) -> str:
        return "TacticalPolicy()"


POLICY = TacticalPolicy()
"""The ``tactical`` ruleset's default policy."""
