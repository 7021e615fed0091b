"""Roll modes: who sees a command's rolls, as Foundry VTT's roll modes (issue 13).

The GM chooses, per creature (a default kept in the campaign) and per command, whether
what a command rolls is seen as the rules show it (``public``: each viewer sees what the
ruleset lets them, C-03) or by the GM alone (``gm_only``: a secret roll, the players see
its consequences on the cards but not the roll). A mode is laid over a command's event
drafts before the log numbers them (:func:`with_roll_mode`), so it is kept in the log as
each event's visibility and every view (state, log, live feed, export) honours it by the
one filter there is. A decision the command raises stays its chooser's to see: a player
must be able to answer it (C-04).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

from tablekeeper.engine.decisions import DECISION_ANSWERED, DECISION_REQUESTED, DECISION_WITHDRAWN
from tablekeeper.engine.events import GM_ONLY, EventDraft

RollMode: TypeAlias = Literal["public", "gm_only"]
"""How a command's rolls are seen: as the rules show them, or by the GM alone."""

ROLL_MODES: dict[RollMode, str] = {
    "public": "Everyone, as the rules show it",
    "gm_only": "The GM only (a secret roll)",
}
"""Each roll mode, in words for a form."""

KEPT_VISIBLE = frozenset({DECISION_REQUESTED, DECISION_ANSWERED, DECISION_WITHDRAWN})
"""Event kinds a mode never hides: a decision is its chooser's to see and answer."""


def with_roll_mode(drafts: Sequence[EventDraft], mode: RollMode) -> list[EventDraft]:
    """``drafts`` as ``mode`` shows them: unchanged when public; for ``gm_only`` every
    event the players would see made the GM's alone, but a decision and its answer.

    >>> from tablekeeper.engine.events import PUBLIC
    >>> rolled = EventDraft(kind="attack_rolled", payload={"roll": 14})
    >>> [d.visibility.audience for d in with_roll_mode([rolled], "gm_only")]
    ['gm']
    >>> with_roll_mode([rolled], "public") == [rolled]
    True
    """
    if mode == "public":
        return list(drafts)
    return [
        draft
        if draft.kind in KEPT_VISIBLE or draft.visibility.audience == "gm"
        else draft.model_copy(update={"visibility": GM_ONLY})
        for draft in drafts
    ]
