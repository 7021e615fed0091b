"""Each creature's roll mode: who sees its rolls unless the GM says otherwise for one
command (rulings C-16, C-20; :mod:`tablekeeper.engine.roll_modes`): in public, dice only
(targets hidden) or the GM only.

The GM sets a campaign character's default (``campaign.roll_mode_set``, GM only: the
players are not told whose rolls are secret) in the campaign's own log, so it holds in
every encounter the character joins and travels with the export; the latest setting
stands. A creature without one rolls in public. Only the GM sets a mode, or chooses one
for a command.
"""

from __future__ import annotations

from collections.abc import Mapping

from tablekeeper.engine.events import GM_ONLY, Event, EventDraft
from tablekeeper.engine.roll_modes import ROLL_MODES, RollMode
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import InvalidInputError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.access import GM_VIEWER, Viewer, require_gm
from tablekeeper.services.table import record_campaign_events

ROLL_MODE_SET = "campaign.roll_mode_set"

DEFAULT_MODE: RollMode = "public"
"""A creature's roll mode until the GM sets one (C-16)."""


class RollModeSet(Frozen):
    """The GM's default roll mode for one creature (a campaign character's id)."""

    actor: str
    mode: RollMode


def set_roll_mode(
    uow: UnitOfWork, campaign_id: str, actor: str, mode: str, *, viewer: Viewer = GM_VIEWER
) -> RollModeSet:
    """Make ``mode`` the default of ``actor``'s rolls (one record in the campaign log); the
    GM only. A mode that is none of ``public``, ``dice_only``, ``gm_only`` names
    ``roll_mode``."""
    require_gm(viewer, "choose who sees a creature's rolls")
    chosen = RollModeSet(actor=actor, mode=checked_mode(mode))
    with uow:
        uow.campaigns.get(campaign_id)
        record_campaign_events(uow, campaign_id, [EventDraft.of(ROLL_MODE_SET, chosen, GM_ONLY)])
        uow.commit()
    return chosen


def roll_modes(uow: UnitOfWork, campaign_id: str) -> Mapping[str, RollMode]:
    """Each creature's default roll mode that the GM set (the latest stands); the others
    roll in public. For the services and the GM's pages: a player is never shown it."""
    with uow:
        return modes_in(uow, campaign_id)


def modes_in(uow: UnitOfWork, campaign_id: str) -> dict[str, RollMode]:
    """:func:`roll_modes`, read inside the caller's open unit of work."""
    modes: dict[str, RollMode] = {}
    for record in uow.campaigns.records(campaign_id):
        if isinstance(record, Event) and record.kind == ROLL_MODE_SET:
            chosen = RollModeSet.model_validate(record.payload)
            modes[chosen.actor] = chosen.mode
    return modes


def mode_for(
    uow: UnitOfWork, campaign_id: str, actor: str, chosen: str | None, viewer: Viewer
) -> RollMode:
    """The mode a command of ``actor`` rolls in (read inside the caller's open unit of
    work): the GM's choice for it, else the creature's default. A player may not choose
    (``roll_mode`` named)."""
    if chosen is None or chosen == "":
        return modes_in(uow, campaign_id).get(actor, DEFAULT_MODE)
    require_gm(viewer, "choose who sees a roll")
    return checked_mode(chosen)


def checked_mode(mode: str) -> RollMode:
    """``mode`` as a roll mode; anything else an error naming ``roll_mode``."""
    for known in ROLL_MODES:
        if mode == known:
            return known
    raise InvalidInputError(
        f"{mode!r} is no roll mode; choose one of {', '.join(ROLL_MODES)}", field="roll_mode"
    )
