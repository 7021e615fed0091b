"""A skill in use, step by step: reactions, every target's defense, then the outcomes.

Document 004, "Attacks" and "Defending" (G-S-03): the targets are chosen first (S-TGT-01);
each target may react (S-TYPE-08: a reaction interrupts the skill) and each chooses its
defense, all before any outcome resolves (S-TGT-04); then each target in turn takes the
threat to the pool its defense names, or yields: the yield's dice are rolled
(``tactical.attack``), the damage dealt, the doom gained for an immune target (S-TAG-25),
and the attacker picks a cunning effect per success (S-CUN-02) while the GM describes
each critical one (S-CUN-03). A utility action rolls its 2d8 once (S-TGT-03).

:func:`advance` reads what the state says is next (``state.use``) and plays until a
person must choose; each answer resumes it (``engine.py``'s resumes).
"""

from __future__ import annotations

from tablekeeper.dice.purposes import labelled
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.rulesets.tactical.attack import AttackInput, TargetTraits, allowed_defenses
from tablekeeper.rulesets.tactical.catalogue import DEFENSE_TRACK, Defense, SkillDef
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.asking import defense_decision, reaction_decision
from tablekeeper.rulesets.tactical.encounter.attack_once import rolled_attack
from tablekeeper.rulesets.tactical.encounter.cunning_worth import default_cunning
from tablekeeper.rulesets.tactical.encounter.effects import (
    apply_effects,
    change_pool,
    damage,
    defeat,
)
from tablekeeper.rulesets.tactical.encounter.state import (
    CriticalNote,
    CunningChoice,
    DefenseChoice,
    ReactionOffer,
    TacticalState,
    Trigger,
    Use,
)
from tablekeeper.rulesets.tactical.encounter.traits import (
    armor_of,
    boons_against,
    own_boons,
)
from tablekeeper.rulesets.tactical.encounter.triggers import first_reaction_candidate
from tablekeeper.rulesets.tactical.encounter.utility_once import rolled_utility
from tablekeeper.rulesets.tactical.encounter.work import Work
from tablekeeper.rulesets.tactical.threat import threat_of
from tablekeeper.rulesets.tactical.utility import UtilityInput


def _set_use(work: Work, use: Use | None) -> None:
    work.emit(ev.USE_CHANGED, ev.UseChanged(use=use))


def _await(work: Work, about: ReactionOffer | DefenseChoice | CunningChoice | CriticalNote) -> None:
    work.emit(ev.AWAITING, ev.AwaitingSet(awaiting=about))


def skill_of(state: TacticalState, use: Use) -> SkillDef:
    return state.catalogue.skills[use.skill]


def attack_input(
    state: TacticalState, use: Use, target: str, defense: Defense = "yield"
) -> AttackInput:
    """The ``tactical.attack`` input for ``use`` against ``target`` now."""
    skill = skill_of(state, use)
    user = state.character(use.user)
    aimed = state.character(target)
    assert skill.yield_ is not None
    assert skill.threat is not None
    own_up, own_down = own_boons(state.catalogue, user)
    against_up, against_down = boons_against(state.catalogue, aimed)
    is_action = use.origin in ("action", "other")
    return AttackInput(
        yield_dice=skill.yield_.dice,
        delivery=skill.delivery,
        yield_track=skill.yield_.track,
        brawn=user.brawn,
        cunning=user.cunning,
        agility=user.agility,
        base_threat=skill.threat,
        armor=armor_of(state.catalogue, aimed),
        boons=use.boons + own_up + (against_up if is_action else 0),
        banes=use.banes + own_down + (against_down if is_action else 0),
        tags=skill.tags,
        is_action=is_action,
        target=TargetTraits(
            vulnerable=aimed.vulnerable,
            resistant=aimed.resistant,
            immune=aimed.immune,
            minion=aimed.minion,
        ),
        defense=defense,
        options=state.options,
    )


def threat_against(state: TacticalState, use: Use, target: str) -> int:
    skill = skill_of(state, use)
    user, aimed = state.character(use.user), state.character(target)
    return threat_of(skill.threat or 0, user.agility, skill.tags, aimed.immune).threat


def defenses_open(state: TacticalState, use: Use, target: str) -> tuple[Defense, ...]:
    """What ``target`` may choose: what the tags and minion status allow (S-TAG-07..09),
    and, by the default ruling, only pools that hold the whole threat (G-S-03)."""
    skill = skill_of(state, use)
    aimed = state.character(target)
    threat = threat_against(state, use, target)
    allowed = allowed_defenses(skill.tags, aimed.minion, state.catalogue)
    if not state.options.defend_needs_full_pool:
        return allowed
    return tuple(
        defense
        for defense in allowed
        if defense == "yield" or aimed.pool(DEFENSE_TRACK[defense]) >= threat
    )


def advance(work: Work) -> Decision | None:
    """Play the skill in use on until a decision is needed or it is over."""
    for _ in range(1000):
        state = work.state
        use = state.use
        if use is None or state.awaiting is not None:
            return None
        if state.ended is not None:
            _set_use(work, None)
            return None
        skill = skill_of(state, use)
        if use.phase == "reactions":
            decision = _offer_reaction(work, use)
            if decision is not None:
                return decision
            continue
        if use.phase == "defenses":
            decision = _next_defense(work, use, skill)
            if decision is not None:
                return decision
            continue
        decision = _resolve(work, use, skill)
        if decision is not None:
            return decision
        if work.state.use is use:  # nothing moved: finished
            return None
    raise RuntimeError("a skill's resolution did not settle")


def _offer_reaction(work: Work, use: Use) -> Decision | None:
    state = work.state
    skill = skill_of(state, use)
    candidate = first_reaction_candidate(state, use) if skill.is_attack else None
    if candidate is None:
        phase = "defenses" if skill.is_attack else "resolve"
        _set_use(work, use.model_copy(update={"phase": phase}))
        return None
    character, trigger, usable = candidate
    _set_use(work, use.model_copy(update={"offered": (*use.offered, ActorId(character))}))
    if all(known.id != trigger for known in state.triggers):
        kind = trigger.split(":")[1]
        work.emit(
            ev.TRIGGER_OPENED,
            ev.TriggerOpened(
                trigger=Trigger(id=trigger, kind=kind, source=use.user, description=skill.name)
            ),
        )
    offer = ReactionOffer(character=ActorId(character), trigger=trigger, skills=usable)
    _await(work, offer)
    names = state.catalogue.skills
    return reaction_decision(
        character,
        f"{state.character(use.user).name}'s {skill.name}: react?",
        tuple([(key, names[key].name) for key in usable]),
    )


def _next_defense(work: Work, use: Use, skill: SkillDef) -> Decision | None:
    state = work.state
    for target in use.targets:
        if target in use.choices:
            continue
        aimed = state.character(target)
        if aimed.defeated:
            work.emit(
                ev.DEFENSE_CHOSEN, ev.DefenseChosen(target=target, defense="yield", forced=True)
            )
            return None
        open_ = defenses_open(state, use, target)
        if open_ == ("yield",):
            work.emit(
                ev.DEFENSE_CHOSEN, ev.DefenseChosen(target=target, defense="yield", forced=True)
            )
            return None
        threat = threat_against(state, use, target)
        _await(work, DefenseChoice(target=target, threat=threat, options=open_))
        return defense_decision(
            target,
            f"{state.character(use.user).name}'s {skill.name}: threat {threat}. Defend or yield?",
            tuple([(d, defense_label(state, target, d, threat)) for d in open_]),
            default_defense(state, target, open_),
        )
    _set_use(
        work, work.state.use.model_copy(update={"phase": "resolve"}) if work.state.use else None
    )
    return None


def defense_label(state: TacticalState, target: str, defense: Defense, threat: int) -> str:
    if defense == "yield":
        return "Yield: take the yield"
    return f"{defense.capitalize()}: pay {threat} {DEFENSE_TRACK[defense]}"


def default_defense(state: TacticalState, target: str, open_: tuple[Defense, ...]) -> str:
    """The default: the defense paid from the fullest pool, else yield."""
    paying = [d for d in open_ if d != "yield"]
    if not paying:
        return "yield"
    aimed = state.character(target)
    return max(paying, key=lambda d: aimed.pool(DEFENSE_TRACK[d]))


def _resolve(work: Work, use: Use, skill: SkillDef) -> Decision | None:
    if use.current is not None and (use.cunning_left or use.critical_left):
        return _effects_choice(work, use, skill)
    if use.current is not None:
        _set_use(
            work,
            use.model_copy(update={"resolved": (*use.resolved, use.current), "current": None}),
        )
        return None
    aimed = use.targets if skill.is_attack else (use.targets[:1] or (use.user,))
    pending = [t for t in aimed if t not in use.resolved]
    if not pending:
        finish(work, use)
        return None
    target = pending[0]
    if skill.is_attack:
        _resolve_attack(work, use, target)
    elif use.origin in ("action", "other"):
        _resolve_utility(work, use, target, skill)
    else:  # a utility maneuver or reaction rolls nothing (S-TGT-03)
        _set_use(work, use.model_copy(update={"resolved": (*use.resolved, ActorId(target))}))
    return None


def _resolve_attack(work: Work, use: Use, target: str) -> None:
    state = work.state
    defense = use.choices.get(target, "yield")
    if state.character(target).defeated:
        _set_use(work, use.model_copy(update={"resolved": (*use.resolved, ActorId(target))}))
        return
    roller = labelled(work.roller, f"{use.skill} yield", use.user)
    check, outcome = rolled_attack(state, use, target, defense, roller, attack_input)
    if outcome.doom:
        work.emit(
            ev.DOOM_CHANGED,
            ev.DoomChanged(
                before=state.doom, after=state.doom + outcome.doom, reason=f"{target} is immune"
            ),
        )
    work.emit(
        ev.YIELD_ROLLED,
        ev.YieldRolled(user=use.user, target=ActorId(target), skill=use.skill, outcome=outcome),
    )
    if outcome.defense_track is not None:
        change_pool(work, target, outcome.defense_track, -outcome.threat, "threat")
    else:
        damage(work, target, check.yield_track, outcome.damage)


def utility_input(state: TacticalState, use: Use) -> UtilityInput:
    """The ``tactical.utility`` input for ``use``, an action, now."""
    user = state.character(use.user)
    up, down = own_boons(state.catalogue, user)
    return UtilityInput(
        cunning=user.cunning,
        boons=use.boons + up,
        banes=use.banes + down,
        kind="action",
        options=state.options,
    )


def _resolve_utility(work: Work, use: Use, target: str, skill: SkillDef) -> None:
    roller = labelled(work.roller, f"{use.skill} utility roll", use.user)
    _, outcome = rolled_utility(work.state, use, roller, utility_input)
    work.emit(
        ev.UTILITY_ROLLED,
        ev.UtilityRolled(user=use.user, target=ActorId(target), skill=use.skill, outcome=outcome),
    )


def _effects_choice(work: Work, use: Use, skill: SkillDef) -> Decision | None:
    state = work.state
    assert use.current is not None
    if use.cunning_left:
        options = state.catalogue.cunning_options(skill.tags)
        _await(
            work,
            CunningChoice(user=use.user, target=use.current, options=tuple(o.id for o in options)),
        )
        return Decision(
            chooser=use.user,
            prompt=(
                f"Cunning effect on {state.character(use.current).name} "
                f"({use.cunning_left} to choose)"
            ),
            options=tuple(Option(id=o.id, label=o.label) for o in options),
            default=default_cunning(state, use.user, use.current, options),
        )
    _await(work, CriticalNote(user=use.user, target=use.current, count=use.critical_left))
    return Decision(
        chooser=GM,
        prompt=(
            f"{state.character(use.user).name} earns {use.critical_left} critical effect(s) on "
            f"{state.character(use.current).name}: describe what extraordinary thing happens"
        ),
        options=(Option(id="described", label="Described at the table"),),
        default="described",
    )


def choose_cunning(work: Work, about: CunningChoice, option: str) -> None:
    """Carry out the cunning option the user chose (S-CUN-02)."""
    state = work.state
    use = state.use
    skill = state.catalogue.skills[use.skill] if use else None
    options = {o.id: o for o in state.catalogue.cunning_options(skill.tags if skill else ())}
    chosen = options[option]
    work.emit(
        ev.CUNNING_CHOSEN,
        ev.CunningChosen(user=about.user, target=about.target, option=option, label=chosen.label),
    )
    apply_effects(work, about.user, about.target, chosen.effects, use.skill if use else option)


def finish(work: Work, use: Use) -> None:
    """The skill is over: temporary conditions held before an action go (S-TYPE-03);
    a final gambit defeats its user (S-DEF-03)."""
    from tablekeeper.rulesets.tactical.encounter.turns import after_action

    _set_use(work, None)
    if use.origin in ("action", "maneuver") and work.state.turn is not None:
        after_action(work, use.user, use.held_temporary, use.origin)
    if use.final_gambit:
        from tablekeeper.rulesets.tactical.encounter.effects import add_condition

        add_condition(work, use.user, "drained", "final gambit")
        defeat(work, use.user, "final_gambit")
