"""Turn order and actions per turn (P-CMB-02 .. P-CMB-07, P-OPT-01, P-OPT-02, P-OPT-10).

Turn order is initiative + 1D10: combat initiative for a combatant in its body, spirit
initiative for an entity in the Spirit World or manifesting from it (P-CMB-02); with no
relevant characteristic, 1D10 alone (P-CMB-04; the initiatives themselves are
``stats.py``'s). Characters go in descending turn order (P-CMB-06); equal turn orders go
to the higher initiative, then to a 1D10 roll-off (G-P-16). A turn order re-rolled during
a round (discorporating, engaging, disengaging) orders the next round (G-P-E5); a Wait
reorders the rest of this one (P-ACT-24).

Each character gets two actions per turn (P-CMB-07); with High Initiatives, an
initiative above 30 gives initiative / 10, rounded down (P-OPT-01, G-P-17).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tablekeeper.dice.purposes import labelled
from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState, TurnOrder
from tablekeeper.rulesets.percentile.modifiers import REACH_INITIATIVE
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.stats import Reach

D10 = Die(10)
BASE_ACTIONS = 2
"""Actions per turn (P-CMB-07)."""

HIGH_INITIATIVE = 30
"""An initiative above this grants extra actions (P-OPT-01)."""


def initiative(combatant: Combatant) -> tuple[str, int | None]:
    """Which initiative the combatant's turn order uses, and its value (``None``: none).

    >>> from tablekeeper.rulesets.percentile.stats import Characteristics, StatBlock
    >>> stats = StatBlock(name="Kell", characteristics=Characteristics(DEX=14, INT=13,
    ...     POW=16, CHA=9), hit_points=12, mov=8)
    >>> initiative(Combatant(id="kell", side="a", stats=stats, hp=12))
    ('combat', 13)
    >>> initiative(Combatant(id="kell", side="a", stats=stats, hp=12, form="discorporate"))
    ('spirit', 12)
    """
    if combatant.form == "corporeal":
        return "combat", combatant.stats.combat_initiative
    return "spirit", combatant.stats.spirit_initiative


def actions_per_turn(
    initiative_value: int | None, options: PercentileOptions, extra: int = 0
) -> int:
    """Two actions; with High Initiatives, initiative / 10 (rounded down) above 30, plus a
    creature's own extra actions (P-CMB-07, P-OPT-01, G-P-17).

    >>> from tablekeeper.rulesets.percentile.options import DEFAULT_OPTIONS
    >>> [actions_per_turn(value, DEFAULT_OPTIONS) for value in (None, 12, 30, 31, 47)]
    [2, 2, 2, 3, 4]
    """
    if not options.high_initiative_actions:
        return BASE_ACTIONS
    base = BASE_ACTIONS
    if initiative_value is not None and initiative_value > HIGH_INITIATIVE:
        base = initiative_value // 10
    return base + extra


def allotment(state: PercentileState, combatant: Combatant) -> int:
    """The actions ``combatant`` has each turn now."""
    _, value = initiative(combatant)
    return actions_per_turn(value, state.options, combatant.extra_actions)


def roll_turn_order(
    combatant: Combatant, roller: Roller, *, reason: str, reach: Reach | None = None
) -> TurnOrder:
    """Initiative + 1D10, plus the reach modifier of the weapon engaging (P-OPT-10)."""
    kind, value = initiative(combatant)
    return TurnOrder(
        kind="none" if value is None else kind,
        initiative=value,
        die=labelled(
            roller, "turn order" if reason == "start" else "new turn order", combatant.id
        ).roll(D10),
        modifier=REACH_INITIATIVE[reach] if reach is not None else 0,
        reason=reason,
    )


def reroll(
    draft: PercentileDraft,
    combatant_id: ActorId,
    *,
    reason: str,
    rule: str,
    reach: Reach | None = None,
) -> None:
    """Roll the combatant's turn order again (it orders the next round, G-P-E5)."""
    combatant = draft.state.combatant(combatant_id)
    order = roll_turn_order(combatant, draft.roller, reason=reason, reach=reach)
    draft.emit(
        ev.TURN_ORDER_ROLLED, ev.TurnOrderRolled(combatant=combatant_id, order=order, rule=rule)
    )


def effective(combatant: Combatant) -> int:
    """The turn order the combatant acts at: its Wait's, else the rolled one."""
    if combatant.waited is not None:
        return combatant.waited
    return combatant.turn_order.total if combatant.turn_order is not None else 0


def _key(state: PercentileState, combatant: Combatant) -> tuple[int, int, int]:
    by_initiative = state.options.initiative_ties == "initiative_then_roll"
    _, value = initiative(combatant)
    return (
        -effective(combatant),
        combatant.waited is not None,  # a Wait goes after those it ties with
        -(value or 0) if by_initiative else 0,
    )


def descending(
    state: PercentileState, ids: Iterable[ActorId], roller: Roller
) -> tuple[tuple[ActorId, ...], dict[ActorId, tuple[int, ...]]]:
    """``ids`` in descending turn order, and the 1D10 roll-offs that broke the ties."""
    combatants = [state.combatant(key) for key in ids]
    groups: dict[tuple[int, int, int], list[ActorId]] = {}
    for combatant in combatants:
        groups.setdefault(_key(state, combatant), []).append(combatant.id)
    ordered: list[ActorId] = []
    roll_offs: dict[ActorId, tuple[int, ...]] = {}
    for key in sorted(groups):
        tied = groups[key]
        if len(tied) > 1:
            tied, faces = roll_off(tied, roller)
            roll_offs.update(faces)
        ordered.extend(tied)
    return tuple(ordered), roll_offs


def roll_off(
    tied: Sequence[ActorId], roller: Roller
) -> tuple[list[ActorId], dict[ActorId, tuple[int, ...]]]:
    """Highest 1D10 first; those still equal roll again (G-P-16)."""
    faces: dict[ActorId, list[int]] = {key: [] for key in tied}
    pending = [list(tied)]
    ordered: list[ActorId] = []
    while pending:
        group = pending.pop(0)
        if len(group) == 1:
            ordered.append(group[0])
            continue
        rolled = {key: labelled(roller, "turn order roll-off", key).roll(D10) for key in group}
        for key, face in rolled.items():
            faces[key].append(face)
        by_face: dict[int, list[ActorId]] = {}
        for key in group:
            by_face.setdefault(rolled[key], []).append(key)
        pending[:0] = [by_face[face] for face in sorted(by_face, reverse=True)]
    return ordered, {key: tuple(value) for key, value in faces.items()}


def wait_order(state: PercentileState, waiter: ActorId) -> tuple[ActorId, ...]:
    """This round's order after ``waiter`` (whose turn it is) lowered its turn order:
    those who already had their turn, then the rest by turn order (P-ACT-24)."""
    clock = state.clock
    assert clock is not None
    done, rest = clock.order[: clock.turn], clock.order[clock.turn :]
    ranked = sorted(rest, key=lambda key: _key(state, state.combatant(key)))
    return (*done, *ranked)
