"""The table routes: the campaign's own log (rolls, resolver runs, downtime, notes).

What happens at the table outside an encounter is logged in the campaign's own scope,
numbered in its own sequence. A player may roll and resolve in the open; the GM may also
roll in secret (a player never sees that roll), record downtime and write notes. A
resolver whose outcome has a player's view (a hidden modifier) is
logged twice: in full for the GM, the player's view for everyone.
"""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import APIRouter, Security

from tablekeeper.api.resources import (
    BEARER,
    AfterQuery,
    CampaignIdPath,
    CampaignViewer,
    DowntimeIn,
    LogPublic,
    NoteIn,
    ResolverNamePath,
    TableRecords,
    TableResolveIn,
    TableRollIn,
    UnitOfWorkDep,
)
from tablekeeper.engine.events import LogRecord
from tablekeeper.services import table, views
from tablekeeper.services.access import Viewer


def records_public(records: Sequence[LogRecord], viewer: Viewer) -> TableRecords:
    """Campaign log records as the viewer may see them."""
    return TableRecords.model_validate({"records": views.records_for(records, viewer)})


def build_router() -> APIRouter:
    """The ``/campaigns/{campaign_id}/...`` routes of the table log."""
    router = APIRouter(tags=["table"], dependencies=[Security(BEARER)])
    base = "/campaigns/{campaign_id}"

    @router.post(
        f"{base}/rolls", status_code=201, response_model=TableRecords, summary="Roll at the table"
    )
    def post_table_roll(
        campaign_id: CampaignIdPath,
        body: TableRollIn,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> TableRecords:
        """Roll a dice expression into the campaign log, with every die. ``secret``: only
        the GM may roll in secret, and no player ever sees that roll. ``dice`` plays back
        faces rolled at the table; ``seed`` makes the roll repeatable."""
        events = table.roll_into_log(
            uow,
            campaign_id,
            viewer,
            body.expression,
            secret=body.secret,
            label=body.label,
            seed=body.seed,
            dice=body.dice,
        )
        return records_public(events, viewer)

    @router.post(
        f"{base}/resolve/{{name}}",
        status_code=201,
        response_model=TableRecords,
        summary="Resolve at the table",
    )
    def post_table_resolve(
        campaign_id: CampaignIdPath,
        name: ResolverNamePath,
        body: TableResolveIn,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> TableRecords:
        """Run a resolver (the same contract as ``POST /api/resolve/{name}``) into the
        campaign log. A hidden modifier goes into the GM's record
        only; everyone sees the player's view. An unknown resolver is 404."""
        events = table.resolve_into_log(
            uow, campaign_id, viewer, name, body.input, seed=body.seed, dice=body.dice
        )
        return records_public(events, viewer)

    @router.post(
        f"{base}/downtime",
        status_code=201,
        response_model=TableRecords,
        summary="Record downtime",
    )
    def post_downtime(
        campaign_id: CampaignIdPath,
        body: DowntimeIn,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> TableRecords:
        """Days that pass between sessions, and what happened in them. The GM only."""
        event = table.record_downtime(uow, campaign_id, viewer, body.days, body.note)
        return records_public([event], viewer)

    @router.post(
        f"{base}/notes", status_code=201, response_model=TableRecords, summary="Write a note"
    )
    def post_note(
        campaign_id: CampaignIdPath,
        body: NoteIn,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> TableRecords:
        """A note in the campaign log. The GM only."""
        event = table.add_note(uow, campaign_id, viewer, body.text)
        return records_public([event], viewer)

    @router.get(f"{base}/log", response_model=LogPublic, summary="Read the campaign log")
    def get_campaign_log(
        campaign_id: CampaignIdPath,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
        after: AfterQuery = 0,
    ) -> LogPublic:
        """The campaign log's records after ``after`` that the viewer may see, in order
        (a player never sees a secret roll or a hidden modifier)."""
        records = table.campaign_log(uow, campaign_id, viewer, after=after)
        return LogPublic.model_validate({"records": views.records_json(records, viewer)})

    return router
