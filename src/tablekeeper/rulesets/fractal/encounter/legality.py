"""What the rules allow now: one check per command kind, for ``submit`` and the legal list.

Each refusal is an :class:`~tablekeeper.errors.IllegalCommandError` naming the field and
the reason: not this character's turn, too few AP, a tool already used for another action
this turn (G-F-E3), a spell past the spells per Beat (F-MAGIC-GEN-02, F-MAGIC-GEN-03), a
voice that is gagged, an action Deafening forbids (F-SCENE-07), a target out of range
(F-MAGIC-MICRO-02) or beyond the audience (F-SOCIAL-MICRO-03), a boss whose Social Armor
no assault can pass (F-GM-07), a second project this Downtime (F-DOWN-08).
"""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM
from tablekeeper.engine.words import dice as dice_words
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.derived import (
    spells_breakdown,
)
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.ap import available
from tablekeeper.rulesets.fractal.encounter.macro import MACRO_HEALS_UP_TO, reroller
from tablekeeper.rulesets.fractal.encounter.solo import technique_stats
from tablekeeper.rulesets.fractal.encounter.state import (
    Character,
    CharacterSpec,
    Conflict,
    FractalState,
)
from tablekeeper.rulesets.fractal.encounter.targeting import check_targets
from tablekeeper.rulesets.fractal.stats import Stat

ACTABLE = ("inflict", "grant", "share", "move", "naturalism", "craft")
HANDS = ("weapon", "writing", "both_hands")
"""The tools held in the hands (F-CORE-11, F-COMBAT-GEN-01)."""


def _refuse(message: str, field: str) -> None:
    raise IllegalCommandError(message, field=field)


def character(state: FractalState, key: str, field: str = "character") -> Character:
    if key not in state.characters:
        _refuse(f"no character {key!r} in this encounter", field)
    return state.characters[key]


def conflict(state: FractalState, key: str, *, level: str | None = None) -> Conflict:
    found = state.conflicts.get(key)
    if found is None:
        _refuse(
            f"no conflict {key!r} (open: "
            f"{', '.join(c.id for c in state.open_conflicts()) or 'none'})",
            "conflict",
        )
    assert found is not None
    if found.ended is not None:
        _refuse(f"conflict {key} is over: {found.ended}", "conflict")
    if level is not None and found.level != level:
        _refuse(f"conflict {key} is a {found.level} conflict, not a {level} one", "conflict")
    return found


def authorize(state: FractalState, command: Command, payload: object) -> None:
    """A character's command comes from its player (the actor is the character) or the GM."""
    key = getattr(payload, "character", None)
    if isinstance(payload, cmd.WorkOnProject):
        found = state.conflicts.get(payload.conflict)
        key = found.project.character if found is not None and found.project is not None else None
    if key is None or command.actor == GM:
        return
    if command.actor != key:
        _refuse(f"{command.actor} cannot act for {key}", "actor")


def add(state: FractalState, command: Command, spec: CharacterSpec) -> None:
    if spec.id in state.characters:
        _refuse(f"a character {spec.id!r} is already here", "id")


def open_conflict(state: FractalState, command: Command, order: cmd.OpenConflict) -> None:
    if order.id in state.conflicts:
        _refuse(f"a conflict {order.id!r} is already open", "id")
    for index, seat in enumerate(order.all_seats):
        who = character(state, seat.character, f"seats.{index}.character")
        if who.conflict is not None and state.conflicts[who.conflict].ended is None:
            _refuse(
                f"{who.name} is in conflict {who.conflict}: move them with join_conflict",
                f"seats.{index}",
            )
        if who.life == "dead":
            _refuse(f"{who.name} is dead", f"seats.{index}")
    for index, placed in enumerate(order.scene_elements):
        _element(state, placed.element, f"scene_elements.{index}.element")
    if order.level == "solo":
        _project(state, order)


def _project(state: FractalState, order: cmd.OpenConflict) -> None:
    """A Solo project's checks (G-F-05, F-DOWN-07, F-DOWN-08)."""
    who = state.characters[order.all_seats[0].character]
    if order.downtime and who.id in state.downtime_projects:
        _refuse(f"{who.name} already had a Solo project this Downtime (F-DOWN-08)", "downtime")
    for index, technique in enumerate(order.techniques):
        if technique not in {s.value for s in Stat}:
            try:
                action = state.catalogue.actions.action(technique)
            except Exception:
                _refuse(f"no technique or stat {technique!r}", f"techniques.{index}")
            if action.tree != order.tree:
                _refuse(
                    f"{action.name} is a {action.tree} skill, not {order.tree}",
                    f"techniques.{index}",
                )
    if order.output is not None:
        state.catalogue.outputs.condition(order.output)
    if order.heals is not None:
        entry = who.condition(order.heals)
        if entry is None:
            _refuse(f"{who.name} has no condition {order.heals!r}", "heals")
        assert entry is not None
        need = entry.recovery.solo_successes
        if need is not None and (order.goal or 0) < need:
            _refuse(f"{entry.label} needs a Solo conflict of {need} successes", "goal")


def _element(state: FractalState, element: str, field: str) -> None:
    try:
        state.catalogue.scene.element(element)
    except Exception as error:
        _refuse(str(error), field)


def _turn(state: FractalState, order: cmd.Who | cmd.Act) -> tuple[Conflict, Character]:
    found = conflict(state, order.conflict, level="micro")
    who = character(state, order.character)
    if found.current != order.character:
        if found.current is None:
            _refuse("no turn is being played: the exchange is being resolved", "character")
        assert found.current is not None
        now = state.characters[found.current].name
        _refuse(f"it is {now}'s turn, not {who.name}'s", "character")
    return found, who


def act(state: FractalState, command: Command, order: cmd.Act) -> None:
    found, who = _turn(state, order)
    try:
        action = state.catalogue.actions.action(order.action)
    except Exception as error:
        raise IllegalCommandError(str(error), field="action") from None
    if action.level != "micro":
        _refuse(f"{action.name} is a {action.level} technique, not a Micro action", "action")
    assert action.effect is not None
    if action.effect.kind not in ACTABLE or not any(
        action.is_(t) for t in ("proactive", "neutral", "utility", "action")
    ):
        _refuse(f"{action.name} is used in answer to a trigger, not declared", "action")
    if order.stat is not None and order.stat not in action.stats:
        _refuse(f"{action.name} rolls {' or '.join(s.value for s in action.stats)}", "stat")
    stat = order.stat or max(action.stats, key=lambda s: who.die(s))
    if not who.die(stat):
        _refuse(f"{who.name} has no {stat.value} die", "stat")
    cost = order.dice * state.options.ap_per_die
    pool = available(who, action.primary_type, action.tree == "magic")
    if cost > pool:
        _refuse(
            f"{who.name} has {pool} AP for this, not {cost}",
            "dice",
        )
    rank = who.rank(action.id, action.tree, stat)
    if (state.options.rank_caps_dice or action.rank_caps_dice) and order.dice > rank:
        _refuse(f"{action.name} rolls at most {dice_words(rank)} (its Rank, G-F-01)", "dice")
    participant = found.participants[order.character]
    used = participant.tools_used.get(action.tool)
    if action.tool not in ("none", "body", "spell") and used is not None and used != action.id:
        _refuse(f"{who.name}'s {action.tool} is busy with {used} this turn (F-CORE-11)", "action")
    crafting = any(tool == "both_hands" for tool in participant.tools_used)
    holding = any(tool in HANDS for tool in participant.tools_used if tool != "both_hands")
    if (action.tool == "both_hands" and holding) or (
        action.tool in HANDS and crafting and action.tool != "both_hands"
    ):
        _refuse(
            f"{who.name}'s hands are busy this turn: Art and Cooking need both (F-ART-GEN-06, "
            "F-COOK-GEN-06)",
            "action",
        )
    if action.tool in ("voice",) and not who.spec.voice_free:
        _refuse(f"{who.name} cannot speak (gagged or silenced)", "action")
    if action.is_spell:
        foci = sum(1 for t in who.spec.tools if t.kind == "focus")
        if crafting:
            foci = 0  # a Focus needs a free hand; the Incantation does not
        slots = spells_breakdown(voice_free=who.spec.voice_free, foci=foci).total
        if participant.spells_cast >= slots:
            _refuse(f"{who.name} can cast {slots} spell(s) a turn (F-MAGIC-GEN-02, -03)", "action")
    check_targets(state, found, who, action, order)


def end_turn(state: FractalState, command: Command, order: cmd.Who) -> None:
    _turn(state, order)


def assist(state: FractalState, command: Command, order: cmd.Assist) -> None:
    found = conflict(state, order.conflict, level="micro")
    who = character(state, order.character)
    for key, field in ((order.character, "character"), (order.to, "to")):
        if key not in found.participants:
            _refuse(f"{key} is not in conflict {found.id}", field)
    if found.participants[order.to].side != found.participants[order.character].side:
        _refuse("an Assist helps an ally (F-GM-08)", "to")
    if order.dice * state.options.ap_per_die > available(who, "neutral"):
        _refuse(f"{who.name} has {available(who, 'neutral')} AP", "dice")


def work_on(state: FractalState, command: Command, order: cmd.WorkOnProject) -> None:
    found = conflict(state, order.conflict, level="solo")
    assert found.project is not None
    who = state.characters[found.project.character]
    for technique in order.allocation:
        if technique not in found.project.techniques:
            _refuse(f"{technique} is not one of the project's techniques", "allocation")
        if not any(who.die(s) for s in technique_stats(state, technique)):
            _refuse(f"{who.name} has no die for {technique}", "allocation")
    if any(dice < 0 for dice in order.allocation.values()) or not sum(order.allocation.values()):
        _refuse("commit at least one die", "allocation")
    cost = sum(order.allocation.values()) * state.options.ap_per_die
    if cost > available(who, "utility"):
        _refuse(
            f"{who.name} has {available(who, 'utility')} AP this interval, not {cost}", "allocation"
        )


def finish_project(state: FractalState, command: Command, order: cmd.ConflictOnly) -> None:
    conflict(state, order.conflict, level="solo")


def serve(state: FractalState, command: Command, order: cmd.Serve) -> None:
    found = state.conflicts.get(order.conflict)
    project = found.project if found is not None else None
    if project is None or project.result != "success" or project.output is None:
        _refuse("only a finished, successful project with an output can be served", "conflict")
    assert project is not None
    if project.served:
        _refuse("it was served already", "conflict")
    for index, key in enumerate(order.to):
        character(state, key, f"to.{index}")


def macro(state: FractalState, command: Command, order: cmd.MacroCheck) -> None:
    who = character(state, order.character)
    if who.life != "up":
        _refuse(f"{who.name} is {who.life.replace('_', ' ')}", "character")
    stats = state.catalogue.actions.tree(order.tree).macro.stats if order.tree else ()
    if order.stat is not None and stats and order.stat not in stats:
        _refuse(f"Macro {order.tree} uses {' or '.join(s.value for s in stats)}", "stat")
    stat = order.stat or max(stats, key=lambda s: who.die(s))
    if not who.die(stat):
        _refuse(f"{who.name} has no {stat.value} die", "stat")
    from tablekeeper.rulesets.fractal.encounter.ap import conflict_of, max_ap

    limit = available(who, "neutral") if conflict_of(state, who) else max_ap(state, who).total
    if order.dice * state.options.ap_per_die > limit:
        _refuse(f"{who.name} can commit {limit} AP", "dice")
    if order.for_condition is not None:
        entry = who.condition(order.for_condition)
        if (
            entry is None
            or entry.recovery.macro_check is None
            or entry.severity > MACRO_HEALS_UP_TO
        ):
            _refuse("that condition does not heal with a Macro check (F-DOWN-07)", "for_condition")


def reroll(state: FractalState, command: Command, order: cmd.CharacterOnly) -> None:
    who = character(state, order.character)
    if order.character not in state.last_macro:
        _refuse(f"{who.name} has no failed Macro check to re-roll", "character")
    if reroller(who) is None:
        _refuse(f"{who.name} has no re-roll (Focused [4], F-GTAB-MENT-09)", "character")


def element(state: FractalState, command: Command, order: cmd.PlaceElement) -> None:
    conflict(state, order.conflict)
    _element(state, order.element, "element")


def clear(state: FractalState, command: Command, order: cmd.ClearElement) -> None:
    found = conflict(state, order.conflict)
    if order.index >= len(found.scene_elements):
        _refuse(f"conflict {found.id} has {len(found.scene_elements)} scene elements", "index")


def inflict(state: FractalState, command: Command, order: cmd.Inflict) -> None:
    character(state, order.character)
    from tablekeeper.rulesets.fractal.conditions import lookup

    try:
        lookup(order.table, order.kind, order.successes, state.options, state.catalogue)
    except Exception as error:
        raise IllegalCommandError(str(error), field="kind") from None


def has_condition(
    state: FractalState, command: Command, order: cmd.RemoveCondition | cmd.Dress
) -> None:
    who = character(state, order.character)
    entry = who.condition(order.condition)
    if entry is None:
        _refuse(f"{who.name} has no condition {order.condition!r}", "condition")
    assert entry is not None
    if isinstance(order, cmd.Dress):
        if entry.dressed:
            _refuse(f"{entry.label} is dressed already", "condition")
        if not entry.lethal and entry.id not in who.to_dress:
            _refuse(f"{entry.label} is not a wound to dress (F-COND-20)", "condition")


def in_conflict(
    state: FractalState, command: Command, order: cmd.Who | cmd.Flip | cmd.SetArmor | cmd.Redefine
) -> None:
    found = conflict(state, order.conflict)
    key = getattr(order, "character", None)
    if key is not None and key not in found.participants:
        _refuse(f"{key} is not in conflict {found.id}", "character")


def join(state: FractalState, command: Command, order: cmd.Join) -> None:
    found = conflict(state, order.conflict)
    who = character(state, order.seat.character, "seat.character")
    if who.id in found.participants and found.participants[who.id].in_play:
        _refuse(f"{who.name} is already in conflict {found.id}", "seat")


def close(state: FractalState, command: Command, order: cmd.CloseConflict) -> None:
    conflict(state, order.conflict)
