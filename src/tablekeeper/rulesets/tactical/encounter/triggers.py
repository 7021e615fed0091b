"""Who may react to a skill in use, and with what (document 004, "Reactions"; G-S-E4).

An attack's targets (trigger ``targeted``) and their allies (``ally_targeted``) may each
react once to it, with a reaction of theirs that answers that trigger and reaches its
target (S-TYPE-08).
"""

from __future__ import annotations

from collections.abc import Iterator

from tablekeeper.engine import fast_paths
from tablekeeper.rulesets.tactical.encounter.aimed_at import reaches
from tablekeeper.rulesets.tactical.encounter.reach import targets_for, within_bounds
from tablekeeper.rulesets.tactical.encounter.state import TacticalState, Use
from tablekeeper.rulesets.tactical.encounter.traits import available, can_act
from tablekeeper.rulesets.tactical.once import for_catalogue


def reaction_candidates(state: TacticalState, use: Use) -> list[tuple[str, str, tuple[str, ...]]]:
    """(character, trigger id, usable reactions) for each who may react to ``use`` now:
    its targets (``targeted``) and their allies (``ally_targeted``), each once."""
    return list(_reaction_candidates(state, use))


def first_reaction_candidate(
    state: TacticalState, use: Use
) -> tuple[str, str, tuple[str, ...]] | None:
    """The first of :func:`reaction_candidates`, or ``None``: the one the flow offers.

    On the engine's fast paths the characters after the first who may react are not
    looked at (their reactions, availability and targeting); the candidates are a pure
    function of the state, found in the characters' order, so the first is the same."""
    if fast_paths.enabled():
        return next(_reaction_candidates(state, use), None)
    found = reaction_candidates(state, use)
    return found[0] if found else None


def _reaction_candidates(
    state: TacticalState, use: Use
) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    targets = [state.character(key) for key in use.targets if key != use.user]
    for character in state.characters.values():
        if character.id in use.offered or character.id == use.user:
            continue
        if not can_act(state.catalogue, character):
            continue
        if character.id in use.targets:
            kind = "targeted"
        elif any(not character.is_enemy_of(target) for target in targets):
            kind = "ally_targeted"
        else:
            continue
        trigger = f"u{use.number}:{kind}"
        usable = tuple(
            key
            for key in _reactions_known(state, character.id)
            if state.catalogue.skills[key].trigger == kind
            and f"{character.id}:{key}:{trigger}" not in state.reacted
            and available(state, character, key) is None
            and reaction_target(state, character.id, key, use) is not None
        )
        if usable:
            yield (character.id, trigger, usable)


def reaction_target(state: TacticalState, key: str, skill_key: str, use: Use) -> str | None:
    """Whom ``key``'s reaction ``skill_key`` would target: itself (personal), else the
    first target of ``use`` it reaches and sees."""
    skill = state.catalogue.skills[skill_key]
    if skill.target == "personal":
        return key
    # On the fast paths a melee or ranged reaction's legality is read off the state
    # (``aimed_at.reaches``: the targeting rule's checks, no outcome built), when its
    # targeting input would be built unvalidated (``reach.within_bounds``).
    quick = fast_paths.enabled() and skill.target in ("melee", "ranged")
    for target in use.targets:
        if target == key:
            continue
        if quick:
            user = state.character(key)
            if within_bounds(user, skill):
                if reaches(state, user, skill, target):
                    return target
                continue
        if targets_for(state, key, skill_key, target=target, point=None).legal:
            return target
    return None


def _reactions_known(state: TacticalState, key: str) -> tuple[str, ...]:
    """The reactions ``key`` knows, the universal ones first: a pure function of the
    catalogue and its style, built once for them on the fast paths (``once.py``)."""
    style = state.character(key).style
    if not fast_paths.enabled():
        return _known(state, style)
    return for_catalogue(state.catalogue, ("reactions known", style), lambda: _known(state, style))


def _known(state: TacticalState, style: tuple[str, ...]) -> tuple[str, ...]:
    keys = dict.fromkeys([*state.catalogue.universal(), *style])
    return tuple(k for k in keys if state.catalogue.skills[k].type == "reaction")
