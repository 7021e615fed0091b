"""The Action Pool (document 000, F-CORE-07; rulings G-F-02, G-F-33).

Max AP is the stat dice's (G-F-02) moved by every condition that counts in the conflict
the character is in: a Generic condition everywhere, a Specific one in its own tree
(F-COND-02, F-COND-04), a negative Social one in social conflicts only (G-F-15), and
Tainted [S] takes S while the character is inside it (F-SCENE-12). Never below 0.
Temporary AP sits above the maximum and is spent first, as its source allows (G-F-33):
Vitalized's for Proactive actions only (G-F-13).
"""

from __future__ import annotations

from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.memo import built
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.derived import max_ap_breakdown
from tablekeeper.rulesets.fractal.encounter.state import Character, Conflict, FractalState, TempAp
from tablekeeper.rulesets.fractal.once import for_the_very
from tablekeeper.rulesets.fractal.scene import SceneElement


def conflict_of(state: FractalState, character: Character) -> Conflict | None:
    """The open conflict the character is in, if any."""
    if character.conflict is None:
        return None
    found = state.conflicts.get(character.conflict)
    return found if found is not None and found.ended is None else None


def elements_around(conflict: Conflict | None, character_id: str) -> tuple[SceneElement, ...]:
    """The scene elements the character is inside: those of its conflict with no zone,
    and those of the zone it stands in."""
    if conflict is None:
        return ()
    participant = conflict.participants.get(character_id)
    zone = participant.zone if participant is not None else None
    return tuple(e for e in conflict.scene_elements if e.zone is None or e.zone == zone)


def max_ap(state: FractalState, character: Character, *, pending_too: bool = False) -> Breakdown:
    """Max AP now, in the conflict the character is in, with its breakdown: a pure
    function of the character's sheet (its dice and kind), the die sizes it lost, its
    conditions, its conflict's tree, the scene elements it is inside (its conflict's
    elements and the zone it stands in), the options and the catalogue.

    On the fast paths it is built once for the very sheet, lost sizes, conditions,
    elements, options and catalogue (``once.for_the_very``) and the tree and zone: a
    character's AP changes at almost every event, copying the character, while these
    values are handed on unchanged from copy to copy, so a Max AP asked again after AP
    was spent (a refresh, a Beat's end) is not worked out again."""
    conflict = conflict_of(state, character)
    tree = conflict.tree if conflict is not None else None
    if not fast_paths.enabled():
        around = elements_around(conflict, character.id)
        return _max_ap(state, character, tree, around, pending_too)
    if conflict is None:
        elements: tuple[SceneElement, ...] = ()
        zone = None
    else:
        elements = conflict.scene_elements
        participant = conflict.participants.get(character.id)
        zone = participant.zone if participant is not None else None
    sources = (
        character.spec,
        character.reduced,
        character.conditions,
        elements,
        state.options,
        state.catalogue,
    )
    return for_the_very(
        sources,
        ("fractal.max_ap", pending_too, tree, zone),
        lambda: _max_ap(
            state, character, tree, elements_around(conflict, character.id), pending_too
        ),
    )


def _max_ap(
    state: FractalState,
    character: Character,
    tree: str | None,
    around: tuple[SceneElement, ...],
    pending_too: bool,
) -> Breakdown:
    social_only = state.options.social_scene_ap == "social_conflicts"
    kind, options = character.spec.kind, state.options
    sheet, lost = tuple(character.spec.stats.items()), tuple(character.reduced.items())
    base = built(  # a pure function of the dice now (the sheet's, less the sizes lost):
        ("fractal.max_ap_breakdown", sheet, lost, kind, options),  # built once (engine/memo)
        lambda: max_ap_breakdown(character.stats, kind=kind, options=options),
    )
    terms = list(base.contributions)
    fast = fast_paths.enabled()
    for entry in character.conditions:
        if fast and not entry.max_ap_change:
            continue  # max_ap_in answers its max_ap_change or 0: no term either way
        # in effect as if not pending: a copy on the reference path; on the fast paths the
        # entry itself when it is not pending (the copy would equal it)
        counted = (
            entry.model_copy(update={"pending": False})
            if pending_too and (entry.pending or not fast)
            else entry
        )
        change = counted.max_ap_in(tree, social_scenes_only_ruling=social_only)
        if change:
            terms.append(
                Contribution(amount=change, label=entry.label, source=entry.rule or "condition")
            )
    for placed in around:
        for effect in state.catalogue.scene.element(placed.element).effects_of(
            "max_ap", placed.severity
        ):
            terms.append(
                Contribution(
                    amount=effect.per_severity * placed.severity,
                    label=f"{placed.element.capitalize()} [{placed.severity}]",
                    source=effect.rule,
                )
            )
    total = sum(term.amount for term in terms)
    if total < 0:
        terms.append(Contribution(amount=-total, label="no less than 0", source="F-CORE-07"))
    return Breakdown.of(*terms)


def usable(temp: TempAp, action_type: str | None, magical: bool) -> bool:
    """Whether temporary AP from this source may pay for the action (G-F-13, G-F-33)."""
    if temp.use == "proactive":
        return action_type == "proactive"
    if temp.use == "magical_or_proactive":
        return action_type == "proactive" or magical
    return True


def available(character: Character, action_type: str | None, magical: bool = False) -> int:
    """The AP the character may spend on such an action: its pool and usable temporary AP."""
    return character.ap + sum(
        t.amount for t in character.temporary if usable(t, action_type, magical)
    )


def spend(
    character: Character, amount: int, action_type: str | None, magical: bool = False
) -> tuple[int, tuple[TempAp, ...]]:
    """The pool and temporary AP after spending ``amount`` (temporary AP first)."""
    if amount > available(character, action_type, magical):
        raise IllegalCommandError(
            f"{character.name} has {available(character, action_type, magical)} AP for this, "
            f"not {amount}",
            field="dice",
        )
    left = amount
    temporary: list[TempAp] = []
    for temp in character.temporary:
        if left and usable(temp, action_type, magical):
            used = min(left, temp.amount)
            left -= used
            if temp.amount > used:
                temporary.append(temp.model_copy(update={"amount": temp.amount - used}))
        else:
            temporary.append(temp)
    return character.ap - left, tuple(temporary)
