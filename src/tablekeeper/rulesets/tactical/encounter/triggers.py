"""Who may react to a skill in use, and with what (document 004, "Reactions"; G-S-E4).

An attack's targets (trigger ``targeted``) and their allies (``ally_targeted``) may each
react once to it, with a reaction of theirs that answers that trigger and reaches its
target (S-TYPE-08).
"""

from __future__ import annotations

from tablekeeper.rulesets.tactical.encounter.reach import targets_for
from tablekeeper.rulesets.tactical.encounter.state import TacticalState, Use
from tablekeeper.rulesets.tactical.encounter.traits import available, can_act


def reaction_candidates(state: TacticalState, use: Use) -> list[tuple[str, str, tuple[str, ...]]]:
    """(character, trigger id, usable reactions) for each who may react to ``use`` now:
    its targets (``targeted``) and their allies (``ally_targeted``), each once."""
    found: list[tuple[str, str, tuple[str, ...]]] = []
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
            found.append((character.id, trigger, usable))
    return found


def reaction_target(state: TacticalState, key: str, skill_key: str, use: Use) -> str | None:
    """Whom ``key``'s reaction ``skill_key`` would target: itself (personal), else the
    first target of ``use`` it reaches and sees."""
    skill = state.catalogue.skills[skill_key]
    if skill.target == "personal":
        return key
    for target in use.targets:
        if target == key:
            continue
        outcome = targets_for(state, key, skill_key, target=target, point=None)
        if outcome.legal:
            return target
    return None


def _reactions_known(state: TacticalState, key: str) -> list[str]:
    character = state.character(key)
    keys = dict.fromkeys([*state.catalogue.universal(), *character.style])
    return [k for k in keys if state.catalogue.skills[k].type == "reaction"]
