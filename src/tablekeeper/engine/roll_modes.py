"""Roll modes: who sees a command's rolls, as Foundry VTT's roll modes (issue 13).

The GM chooses, per creature (a default kept in the campaign) and per command, whether
what a command rolls is seen as the rules show it (``public``: each viewer sees what the
ruleset lets them, C-03), with its dice but not its targets (``dice_only``: the players
see that it was rolled, its faces, totals and outcome, not the skill, threshold, TN or
margin it was rolled against, C-20), or by the GM alone (``gm_only``: a secret roll, the
players see its consequences on the cards but not the roll). A mode is laid over a
command's event drafts before the log numbers them (:func:`with_roll_mode`), so it is
kept in the log as each event's visibility and every view (state, log, live feed,
export) honours it by the one filter there is (``services/views.public_payload``, which
asks the ruleset's ``hide_targets``, and a sentence read with
:meth:`~tablekeeper.engine.sight.Sight.hiding_targets`). A decision the command raises
stays its chooser's to see: a player must be able to answer it (C-04).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

from tablekeeper.engine.decisions import DECISION_ANSWERED, DECISION_REQUESTED, DECISION_WITHDRAWN
from tablekeeper.engine.events import GM_ONLY, EventDraft, Visibility
from tablekeeper.engine.values import GM

RollMode: TypeAlias = Literal["public", "dice_only", "gm_only"]
"""How a command's rolls are seen: as the rules show them, their dice without their
targets, or by the GM alone."""

ROLL_MODES: dict[RollMode, str] = {
    "public": "Everyone, as the rules show it",
    "dice_only": "Dice only, targets hidden",
    "gm_only": "The GM only (a secret roll)",
}
"""Each roll mode, in words for a form."""

KEPT_VISIBLE = frozenset({DECISION_REQUESTED, DECISION_ANSWERED, DECISION_WITHDRAWN})
"""Event kinds a mode never hides from their chooser: a decision is theirs to see and
answer."""


def with_roll_mode(
    drafts: Sequence[EventDraft], mode: RollMode, *, answering: str | None = None
) -> list[EventDraft]:
    """``drafts`` as ``mode`` shows them: unchanged when public; for ``dice_only`` every
    event the players would see marked as hiding its targets from them; for ``gm_only``
    every such event made the GM's alone. A decision and its answer are left as they are,
    except that a secret answer is seen by no one but ``answering``, the actor who
    answers it, and the GM (which option an NPC chose is a roll of its own: fractal's
    defense dice, say).

    >>> rolled = EventDraft(kind="attack_rolled", payload={"roll": 14})
    >>> [d.visibility.audience for d in with_roll_mode([rolled], "gm_only")]
    ['gm']
    >>> [d.visibility.targets_hidden for d in with_roll_mode([rolled], "dice_only")]
    [True]
    >>> with_roll_mode([rolled], "public") == [rolled]
    True
    """
    if mode == "public":
        return list(drafts)
    return [_laid(draft, mode, answering) for draft in drafts]


def _laid(draft: EventDraft, mode: RollMode, answering: str | None) -> EventDraft:
    if draft.visibility.audience == "gm":
        return draft
    if draft.kind == DECISION_ANSWERED and mode == "gm_only":
        if draft.visibility.audience == "player":
            return draft
        seen = GM_ONLY if answering in (None, GM) else Visibility.for_player(str(answering))
        return draft.model_copy(update={"visibility": seen})
    if draft.kind in KEPT_VISIBLE:
        return draft
    return draft.model_copy(update={"visibility": _seen(draft.visibility, mode)})


def _seen(visibility: Visibility, mode: RollMode) -> Visibility:
    if mode == "gm_only":
        return GM_ONLY
    return visibility.model_copy(update={"targets_hidden": True})
