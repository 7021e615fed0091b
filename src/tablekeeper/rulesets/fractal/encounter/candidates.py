"""The commands worth offering an actor now, best first (a policy takes the first).

In a Micro conflict, the character whose turn it is: each Micro action of the conflict's
tree (and of the trees it has a Rank in), its best-ranked first and those whose Specific
conditions would count for nothing here last, against each sensible target, committing
half its AP (rounded up, so some is left to defend with), then ending its turn. In a Solo
conflict, its character: this Interval's work spread over the techniques. The GM is
offered what the character whose turn it is may do, a successful project's output to
serve, and, with no conflict open, a Micro conflict of everyone free (G-F-E12).
"""

from __future__ import annotations

from collections.abc import Iterator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.rulesets.fractal.actions import ActionDef, ActionType
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.ap import available
from tablekeeper.rulesets.fractal.encounter.nano_candidates import duel_in_order
from tablekeeper.rulesets.fractal.encounter.offers import command, payload
from tablekeeper.rulesets.fractal.encounter.state import Conflict, FractalState
from tablekeeper.rulesets.fractal.once import for_catalogue

DECLARED: tuple[ActionType, ...] = ("proactive", "neutral", "utility", "action")


def _usable_trees(state: FractalState, conflict: Conflict, key: str) -> list[str]:
    ranks = state.characters[key].spec.ranks
    trees: list[str] = [conflict.tree]
    for action in state.catalogue.actions.actions:
        if action.tree not in trees and (ranks.get(action.tree) or ranks.get(action.id)):
            trees.append(action.tree)
    return trees


def orders_for(
    state: FractalState, conflict: Conflict, key: str, action: ActionDef, dice: int
) -> Iterator[cmd.Act]:
    """The orders of ``action`` offered ``key``, each built when the reader comes to it
    (a policy taking the first legal command builds the first alone: an action at one
    foe of several)."""
    effect = action.effect
    assert effect is not None
    me = conflict.participants[key]
    foes = [k for k, p in conflict.participants.items() if p.in_play and p.side != me.side]
    base = {"conflict": conflict.id, "character": key, "action": action.id, "dice": dice}
    if effect.kind == "inflict":
        if effect.area == "always":
            if foes:
                kind = effect.kinds[0] if effect.kinds else None
                yield payload(cmd.Act, {**base, "targets": foes, "kind": kind})
            return
        for foe in foes:
            yield payload(cmd.Act, {**base, "targets": [foe]})
        return
    allies = [
        k for k, p in conflict.participants.items() if p.in_play and p.side == me.side and k != key
    ]
    if effect.kind == "grant":
        targets = [] if effect.to == "self" else [key, *allies][:2]
        yield payload(cmd.Act, {**base, "targets": targets})
    elif effect.kind == "share":
        if allies:
            yield payload(cmd.Act, {**base, "targets": allies})
    elif effect.kind in ("move", "craft"):
        yield payload(cmd.Act, {**base, "dice": 1})
    elif effect.kind == "naturalism":
        yield payload(cmd.Act, {**base, "targets": [key], "kind": "refreshed"})


def _elsewhere(state: FractalState, conflict: Conflict, action: ActionDef) -> bool:
    """Whether the action inflicts another tree's Specific conditions (which count for
    nothing here, F-COND-02): offered last."""
    table = action.effect.table if action.effect is not None else None
    if table is None or not table.endswith("_micro"):
        return False
    return state.catalogue.conditions.micro_table(table).tree != conflict.tree


def _turn_actions(state: FractalState, conflict: Conflict, key: str) -> tuple[ActionDef, ...]:
    """The Micro actions ``key`` may declare in ``conflict``, in the order offered: its
    best-ranked first, those whose Specific conditions count for nothing here last.

    A pure function of the catalogue, the conflict's tree and the character's Ranks, so it
    is built once for them on the fast paths (``once.py``)."""
    character = state.characters[key]
    catalogue = state.catalogue

    def make() -> tuple[ActionDef, ...]:
        actions = [
            a
            for tree in _usable_trees(state, conflict, key)
            for a in catalogue.actions.of(tree, "micro")
        ]
        actions.sort(key=lambda a: (_elsewhere(state, conflict, a), -character.rank(a.id, a.tree)))
        return tuple(
            action
            for action in actions
            if action.effect is not None
            and action.effect.kind not in ("defend", "sustain")
            and any(action.is_(kind) for kind in DECLARED)
        )

    ranks = tuple(character.spec.ranks.items())
    return for_catalogue(catalogue, ("fractal.turn_actions", conflict.tree, ranks), make)


def _turn(state: FractalState, conflict: Conflict, key: str, actor: ActorId) -> Iterator[Command]:
    """The turn's candidates, each action's built when the reader comes to it."""
    character = state.characters[key]
    for action in _turn_actions(state, conflict, key):
        pool = (
            available(character, action.primary_type, action.tree == "magic")
            // state.options.ap_per_die
        )
        if not pool:
            continue
        dice = max(1, (pool + 1) // 2)
        for order in orders_for(state, conflict, key, action, dice):
            yield command(actor, cmd.ACT, order)
    yield cmd.end_turn(actor, conflict.id, key)


def _project(state: FractalState, conflict: Conflict, actor: ActorId) -> list[Command]:
    project = conflict.project
    assert project is not None
    character = state.characters[project.character]
    pool = available(character, "utility") // state.options.ap_per_die
    found: list[Command] = []
    if pool:
        techniques = project.techniques
        share, extra = divmod(pool, len(techniques))
        allocation = {t: share + (1 if i < extra else 0) for i, t in enumerate(techniques)}
        allocation = {t: n for t, n in allocation.items() if n}
        found.append(
            Command.of(
                actor, cmd.SOLO_ROLL, cmd.WorkOnProject(conflict=conflict.id, allocation=allocation)
            )
        )
    found.append(Command.of(actor, cmd.FINISH_PROJECT, cmd.ConflictOnly(conflict=conflict.id)))
    return found


OPENED_FIRST = ("combat", "social", "dancing", "magic")
"""The trees the GM is offered a Micro conflict of, with everyone free, in this order."""


DUELLED = ("combat", "social", "dancing")
"""The trees the GM is offered a Nano duel of, too: a combat duel, a debate, a dance-off
(F-CORE-08; with more than two, Momentum per pair, F-GM-11)."""


def _last_out(state: FractalState, key: str) -> str | None:
    seats = [c.participants[key] for c in state.conflicts.values() if key in c.participants]
    return seats[-1].out if seats else None


def _gm(state: FractalState) -> list[Command]:
    """The GM's own: a finished project's output served to everyone, and, with nothing
    open, a Micro conflict of everyone not in one (G-F-E12)."""
    found: list[Command] = []
    for conflict in state.conflicts.values():
        project = conflict.project
        if (
            project is not None
            and project.result == "success"
            and project.output
            and not project.served
        ):
            everyone = tuple(ActorId(k) for k, c in state.characters.items() if c.life != "dead")
            found.append(Command.of(GM, cmd.SERVE, cmd.Serve(conflict=conflict.id, to=everyone)))
    free = [
        ActorId(key)
        for key, character in state.characters.items()
        if character.life == "up"
        and (character.conflict is None or state.conflicts[character.conflict].ended is not None)
        and _last_out(state, key) != "minion_removed"  # a minion removed is gone (F-GM-04)
    ]
    sides = {state.characters[key].spec.side for key in free}
    if not state.open_conflicts() and len(free) >= 2 and len(sides) >= 2:
        number = len(state.conflicts) + 1
        for tree in OPENED_FIRST:
            order = cmd.OpenConflict(
                id=f"{tree}-{number}",
                title=f"{tree.capitalize()} {number}",
                level="micro",
                tree=tree,
                characters=tuple(free),
            )
            found.append(Command.of(GM, cmd.OPEN_CONFLICT, order))
        for tree in DUELLED:  # after the Micro ones: the policy keeps to those
            order = cmd.OpenConflict(
                id=f"{tree}-duel-{number}",
                title=f"{tree.capitalize()} duel {number}",
                level="nano",
                tree=tree,
                characters=tuple(free),
            )
            found.append(Command.of(GM, cmd.OPEN_CONFLICT, order))
    return found


def in_order(state: FractalState, actor: ActorId) -> Iterator[Command]:
    """What ``actor`` may sensibly do now, best first (the engine keeps the legal ones),
    each built when the reader comes to it: a policy taking the first legal command
    (``TableEngine.legal_lazily``) builds and checks the candidates up to that one only."""
    if state.awaiting.about is not None:
        return
    if actor == GM:
        yield from _gm(state)
    for conflict in state.open_conflicts():
        if conflict.level == "micro":
            current = conflict.current
            if current is not None and actor in (current, GM):
                yield from _turn(state, conflict, current, actor)
        elif conflict.level == "nano":
            yield from duel_in_order(state, conflict, actor)
        elif (
            conflict.level == "solo"
            and conflict.project is not None
            and actor in (conflict.project.character, GM)
        ):
            yield from _project(state, conflict, actor)


def candidates(state: FractalState, actor: ActorId) -> list[Command]:
    """What ``actor`` may sensibly do now, best first (the engine keeps the legal ones)."""
    return list(in_order(state, actor))
