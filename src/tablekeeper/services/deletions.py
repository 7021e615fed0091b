"""Deleting: the GM deletes a campaign, or a character, player or encounter of it.

:func:`what_goes` is the confirmation step's answer (what will go, named and counted,
before anything is deleted); :func:`delete` deletes it and writes the audit record in
the same transaction, so a deletion is never without its record, nor a record without
its deletion. Players may delete nothing (C-13).
"""

from __future__ import annotations

from tablekeeper.engine.campaigns import DeletedKind, Deletion
from tablekeeper.errors import UnknownNameError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services.access import GM_VIEWER, Viewer, require_gm

KINDS: tuple[DeletedKind, ...] = ("campaign", "character", "player", "encounter")
"""What may be deleted."""


def what_goes(
    uow: UnitOfWork,
    campaign_id: str,
    kind: str,
    target_id: str,
    *,
    viewer: Viewer = GM_VIEWER,
) -> Deletion:
    """What deleting would remove (not numbered, nothing deleted); the GM only."""
    require_gm(viewer, f"delete a {kind}")
    with uow:
        return _measure(uow, campaign_id, _kind(kind), target_id)


def delete(
    uow: UnitOfWork,
    campaign_id: str,
    kind: str,
    target_id: str,
    *,
    viewer: Viewer = GM_VIEWER,
) -> Deletion:
    """Delete it, and store the audit record of what went; the GM only."""
    require_gm(viewer, f"delete a {kind}")
    with uow:
        deletion = _measure(uow, campaign_id, _kind(kind), target_id)
        uow.deletions.erase(deletion.kind, campaign_id, target_id)
        stored = uow.deletions.add(deletion)
        uow.commit()
    return stored


def deletions(uow: UnitOfWork, campaign_id: str, *, viewer: Viewer = GM_VIEWER) -> list[Deletion]:
    """The audit records of the campaign's deletions, oldest first; the GM only."""
    require_gm(viewer, "read what was deleted")
    with uow:
        return uow.deletions.list_for(campaign_id)


def deleted_campaigns(uow: UnitOfWork) -> list[Deletion]:
    """The audit records of every deleted campaign (ids and names, as the campaign list
    shows them to anyone), oldest first."""
    with uow:
        return [d for d in uow.deletions.list_for() if d.kind == "campaign"]


def _kind(kind: str) -> DeletedKind:
    for each in KINDS:
        if each == kind:
            return each
    raise UnknownNameError(f"{kind!r} is none of {', '.join(KINDS)}", field="kind")


def _measure(uow: UnitOfWork, campaign_id: str, kind: DeletedKind, target_id: str) -> Deletion:
    campaign = uow.campaigns.get(campaign_id)
    contents: dict[str, int]
    if kind == "campaign":
        if target_id != campaign_id:
            raise UnknownNameError(f"no campaign {target_id!r}", field="campaign")
        encounters = uow.encounters.list_for(campaign_id)
        contents = {
            "encounters": len(encounters),
            "records": len(uow.campaigns.records(campaign_id))
            + sum(encounter.version for encounter in encounters),
            "characters": len(uow.characters.list_for(campaign_id)),
            "players": len(uow.players.list_for(campaign_id)),
        }
        name = campaign.name
    elif kind == "encounter":
        encounter = uow.encounters.get(target_id)
        if encounter.campaign_id != campaign_id:
            raise UnknownNameError(f"no encounter {target_id!r}", field="encounter")
        contents, name = {"records": encounter.version}, target_id
    elif kind == "character":
        name, contents = uow.characters.get(campaign_id, target_id).name, {}
    else:
        name = uow.players.get(campaign_id, target_id).name
        owned = [c for c in uow.characters.list_for(campaign_id) if c.player == target_id]
        contents = {"characters unowned": len(owned)}
    return Deletion(
        campaign_id=campaign_id, kind=kind, target_id=target_id, name=name, contents=contents
    )
