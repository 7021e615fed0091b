"""Defending against a Micro attack, and what the attack then inflicts.

Document 000: a reactive defense subtracts its successes from the incoming action's
(F-CORE-05): Defense against Combat (F-COMBAT-MICRO-03), Etiquette against Social and
Correspondence against attacks in absentia (F-SOCIAL-MICRO-02, F-SOCIAL-MICRO-04),
Partner for oneself or someone in arm's length (F-DANCE-MICRO-02), Arcanism's ward
against spells (F-MAGIC-MICRO-06). Then armor (Combat armor, Social Armor: G-F-30), and
the success level left is read on the attack's table (G-F-04). Minions leave at the
first success, and a cleave takes the margin (F-GM-04, F-GM-05, G-F-31); a boss whose
support network is all Flipped may concede (F-GM-09).
"""

from __future__ import annotations

from tablekeeper.dice.pools import net_successes as margin_of_success
from tablekeeper.dice.purposes import labelled
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.memo import built
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.engine.words import dice as dice_words
from tablekeeper.rulesets.fractal.actions import ActionDef
from tablekeeper.rulesets.fractal.checks import CheckOutcome
from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.ap import available
from tablekeeper.rulesets.fractal.encounter.commands import Act
from tablekeeper.rulesets.fractal.encounter.inflicting import flip, inflict, out
from tablekeeper.rulesets.fractal.encounter.rolling import (
    action_tn,
    best_stat,
    character_check,
    roll,
)
from tablekeeper.rulesets.fractal.encounter.spending import commit, table_and_kind
from tablekeeper.rulesets.fractal.encounter.state import (
    Character,
    FractalState,
    PendingConcession,
    PendingDefense,
)
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.once import for_catalogue
from tablekeeper.rulesets.fractal.stats import STATS, Stat


def defenses(work: Work, defender: str, attack: ActionDef) -> list[ActionDef]:
    """The reactive actions ``defender`` may answer ``attack`` with."""
    return _defenses(work.state, work.state.characters[defender], attack)


def _defenses(state: FractalState, holder: Character, attack: ActionDef) -> list[ActionDef]:
    """A pure function of the catalogue, the attack, the holder's voice, foci and which
    stats it has a die in: built once for them on the fast paths (``once.py``)."""
    spec = holder.spec
    key = (
        "fractal.defenses",
        attack.id,
        spec.voice_free,
        any(t.kind == "focus" for t in spec.tools),
        tuple(bool(holder.die(stat)) for stat in STATS),
    )
    catalogue = state.catalogue
    return list(for_catalogue(catalogue, key, lambda: tuple(_reactions(state, holder, attack))))


def _reactions(state: FractalState, holder: Character, attack: ActionDef) -> list[ActionDef]:
    found = []
    for action in state.catalogue.actions.of(attack.tree, "micro"):
        effect = action.effect
        if effect is None or not action.is_("reactive"):
            continue
        if effect.kind == "defend":
            against = effect.against
            absentia = attack.effect is not None and attack.effect.in_absentia
            if attack.tree not in against or (attack.tree == "social" and absentia):
                continue
        elif attack.tree not in effect.defends or not (attack.effect and attack.effect.in_absentia):
            continue
        if action.tool == "spell" and not (
            holder.spec.voice_free or any(t.kind == "focus" for t in holder.spec.tools)
        ):
            continue
        if action.speaking and not holder.spec.voice_free:
            continue
        if any(holder.die(stat) for stat in action.stats):
            found.append(action)
    return found


def _defender(
    work: Work, pending: PendingDefense, attack: ActionDef
) -> tuple[str, list[ActionDef]] | None:
    state = work.state
    conflict = state.conflicts[pending.conflict]
    candidates = [pending.target]
    if attack.tree == "dancing":  # Partner: yourself or someone in arm's length (F-DANCE-MICRO-02)
        side = conflict.participants[pending.target].side
        candidates += [
            k for k, p in conflict.participants.items() if p.side == side and k != pending.target
        ]
    for key in candidates:
        participant = conflict.participants.get(key)
        holder = state.characters[key]
        if participant is None or not participant.in_play or holder.life != "up":
            continue
        actions = defenses(work, key, attack)
        if key != pending.target:
            actions = [a for a in actions if a.effect is not None and a.effect.arms_length]
        if actions and available(holder, "reactive") >= work.state.options.ap_per_die:
            return key, actions
    return None


def next_defense(work: Work, pending: PendingDefense) -> Decision | None:
    """Offer the target its defense, or resolve at once if it has none to give."""
    attack = work.state.catalogue.actions.action(pending.action)
    found = _defender(work, pending, attack) if pending.successes > 0 else None
    if found is None:  # nothing to defend against, or nobody able to
        return resolve_hit(work, pending, None, None, None)
    defender, actions = found
    work.emit(ev.DEFENSE_AWAITED, ev.DefenseAwaited(pending=pending))
    holder = work.state.characters[defender]
    per_die = work.state.options.ap_per_die
    left = available(holder, "reactive")
    most = left // per_die
    options = _options(tuple((action.id, action.name) for action in actions), most)
    attacker = work.state.characters[pending.attacker]
    return Decision(
        chooser=ActorId(defender),
        prompt=(
            f"{attacker.name}'s {attack.name} on {work.state.characters[pending.target].name}: "
            f"{pending.successes} success{'es' if pending.successes != 1 else ''}. Defend? "
            f"Each die costs {per_die} AP; {holder.name} has {left} AP to defend with."
        ),
        options=options,
        default=f"{actions[0].id}:{max(1, min(most, (pending.dice + 1) // 2))}",
    )


def _options(actions: tuple[tuple[str, str], ...], most: int) -> tuple[Option, ...]:
    """No defense, then each defense (id, name) with 1 to ``most`` dice: built once for
    equal arguments on the fast paths (``engine/memo.built``; options are frozen)."""

    def make() -> tuple[Option, ...]:
        options = [Option(id="none", label="No defense")]
        for action_id, name in actions:
            options += [
                Option(id=f"{action_id}:{n}", label=f"{name} with {dice_words(n)}")
                for n in range(1, most + 1)
            ]
        return tuple(options)

    return built(("fractal.defense_options", actions, most), make)


def answer_defense(
    work: Work, pending: PendingDefense, chooser: ActorId, option: str
) -> Decision | None:
    """The defense chosen: roll it, then resolve the attack."""
    if option == "none":
        return resolve_hit(work, pending, None, None, None)
    action_id, _, count = option.partition(":")
    defender = str(chooser) if chooser != GM else pending.target
    found = _defender(work, pending, work.state.catalogue.actions.action(pending.action))
    if found is not None:
        defender = found[0]
    action = work.state.catalogue.actions.action(action_id)
    dice = int(count)
    commit(work, defender, dice, "reactive", action.tree == "magic", action.name)
    holder = work.state.characters[defender]
    stat = best_stat(holder, action.stats)
    conflict = work.state.conflicts[pending.conflict]
    request = character_check(
        work.state,
        holder,
        stat=stat,
        dice=dice,
        tn=action_tn(holder, action),
        tree=conflict.tree,
        action_type="reactive",
        speaking=action.speaking,
        bonus_dice=conflict.participants[defender].bonus_dice,
    )
    check = roll(work.state, request, labelled(work.roller, action.name, defender))
    return resolve_hit(work, pending, action.id, stat, check)


def armor_of(state: FractalState, attacker: Character, target: Character, attack: ActionDef) -> int:
    """The armor an attack meets: Combat armor, Social Armor (G-F-30)."""
    if attack.tree == "combat":
        return target.spec.armor
    if attack.tree == "social":
        if any(e.ignores_social_armor and e.applies_in("social") for e in attacker.conditions):
            return 0  # Renowned [4] (F-GTAB-SOC-09)
        return target.spec.social_armor
    return 0


def defenses_of(state: FractalState, defender: Character, attack: ActionDef) -> list[ActionDef]:
    """The reactive actions ``defender`` may answer ``attack`` with (G-F-E2)."""
    return _defenses(state, defender, attack)


def resolve_hit(
    work: Work,
    pending: PendingDefense,
    action: str | None,
    stat: Stat | None,
    check: CheckOutcome | None,
) -> Decision | None:
    """The success level after defense and armor, read on the table (F-CORE-05, G-F-04)."""
    attack = work.state.catalogue.actions.action(pending.action)
    defense = check.success_level if check is not None else 0
    armor = armor_of(
        work.state,
        work.state.characters[pending.attacker],
        work.state.characters[pending.target],
        attack,
    )
    level = margin_of_success(pending.successes, defense, armor)
    work.emit(
        ev.DEFENDED,
        ev.Defended(
            conflict=pending.conflict,
            target=pending.target,
            action=action,
            stat=stat,
            check=check,
            level=level,
            technique_succeeded=pending.successes >= 1,
        ),
    )
    order = Act(
        conflict=pending.conflict,
        character=ActorId(pending.attacker),
        action=pending.action,
        dice=max(1, pending.dice),
        kind=pending.kind,
    )
    table, kind = table_and_kind(work.state, attack, order, pending.polarity)
    outcome = lookup(table, kind, level, work.state.options, work.catalogue)
    target = work.state.characters[pending.target]
    if outcome.inflicted:
        if target.spec.minion and outcome.polarity == "negative":
            _cleave(work, pending, level)
        else:
            chosen = Stat(pending.chosen_stat) if pending.chosen_stat else None
            inflict(
                work,
                pending.target,
                outcome,
                conflict=pending.conflict,
                by=pending.attacker,
                chosen_stat=chosen,
            )
            if outcome.flips:
                flip(work, pending.conflict, pending.target, pending.attacker)
    decision = network_decision(work, pending.conflict)
    if decision is not None:
        return decision
    # a target already out (a minion the cleave took: F-GM-05) is not struck again
    participants = work.state.conflicts[pending.conflict].participants
    remaining = tuple(key for key in pending.remaining if participants[key].in_play)
    if remaining:
        following = pending.model_copy(update={"target": remaining[0], "remaining": remaining[1:]})
        return next_defense(work, following)
    return None


def _cleave(work: Work, pending: PendingDefense, level: int) -> None:
    """The minion is removed; the attacker goes on through contiguous minions until the
    margin is spent (F-GM-04, F-GM-05, G-F-31)."""
    conflict = work.state.conflicts[pending.conflict]
    out(work, pending.conflict, pending.target, "minion_removed", "F-GM-04", by=pending.attacker)
    margin = max(0, level - 1) if work.state.options.margin == "beyond_first" else level
    more = margin - 1 if work.state.options.cleave_counts_struck else margin
    side = conflict.participants[pending.target].side
    order = list(conflict.participants)
    after = order[order.index(pending.target) + 1 :] + order[: order.index(pending.target)]
    listed = [k for k in pending.cleave if k in conflict.participants]
    for key in [*listed, *[k for k in after if k not in listed]]:
        if more <= 0:
            break
        participant = work.state.conflicts[pending.conflict].participants[key]
        if (
            participant.side == side
            and participant.in_play
            and work.state.characters[key].spec.minion
        ):
            out(work, pending.conflict, key, "minion_removed", "F-GM-05", by=pending.attacker)
            more -= 1


def network_decision(work: Work, conflict_id: str) -> Decision | None:
    """A boss whose support network is all Flipped may stop opposing (F-GM-09)."""
    conflict = work.state.conflicts[conflict_id]
    for key, participant in conflict.participants.items():
        network = work.state.characters[key].spec.support_network
        members = [conflict.participants[m] for m in network if m in conflict.participants]
        if not participant.in_play or not members or len(members) < len(network):
            continue
        if key in conflict.concessions:
            continue
        if all(m.side != participant.side for m in members) and work.state.awaiting.about is None:
            pending = PendingConcession(conflict=conflict_id, boss=key)
            work.emit(ev.CONCESSION_AWAITED, ev.ConcessionAwaited(pending=pending))
            return Decision(
                chooser=GM,
                prompt=(
                    f"{work.state.characters[key].name}'s whole support network is flipped: "
                    "does the boss stop opposing?"
                ),
                options=(
                    Option(id="concede", label="The boss concedes"),
                    Option(id="fight_on", label="The boss fights on"),
                ),
                default="concede",
            )
    return None


def answer_concession(
    work: Work, pending: PendingConcession, chooser: ActorId, option: str
) -> None:
    concedes = option == "concede"
    work.emit(
        ev.CONCESSION_ANSWERED,
        ev.ConcessionAnswered(conflict=pending.conflict, boss=pending.boss, concedes=concedes),
    )
    if concedes:
        out(work, pending.conflict, pending.boss, "flipped", "F-GM-09")
