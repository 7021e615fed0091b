"""The encounter routes: start an encounter, read it and its log, play commands, answer
decisions, undo and redo.

Every answer is what the token's viewer may see (the service's view filter): the GM sees
everything; a player sees their own creatures in full, the others' public part only, and
a pending decision's options only when it is theirs. Every committed write is announced
to the live watchers (``WS /api/encounters/{id}/live``) once it is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Body, Header, Request, Response, Security
from fastapi.responses import JSONResponse

from tablekeeper.api.deps import announce
from tablekeeper.api.resources import (
    BEARER,
    AfterQuery,
    CampaignIdPath,
    CampaignViewer,
    CommandIn,
    DecisionIdPath,
    DecisionIn,
    EncounterCreate,
    EncounterIdPath,
    EncounterPublic,
    EncounterState,
    EncounterStep,
    EncounterViewer,
    LogPublic,
    UnitOfWorkDep,
    VersionIn,
)
from tablekeeper.api.table_tries import NEEDS_DIE, NeedsDieOut, needs_die
from tablekeeper.dice.roller import Roller
from tablekeeper.engine.campaigns import Encounter
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import campaigns as campaign_service
from tablekeeper.services import encounters, logs, views
from tablekeeper.services.access import Viewer
from tablekeeper.services.dice import chosen_roller
from tablekeeper.services.encounters import EncounterView
from tablekeeper.services.table_tries import Asked, try_at_table


def encounter_public(encounter: Encounter) -> EncounterPublic:
    """An encounter's id, campaign, ruleset and version."""
    return EncounterPublic(
        id=encounter.id,
        campaign_id=encounter.campaign_id,
        ruleset=encounter.ruleset,
        version=encounter.version,
    )


def step(uow: SqlUnitOfWork, view: EncounterView, viewer: Viewer) -> EncounterStep:
    """An encounter after a write, as ``viewer`` may see it, with what the write stored.

    The records are the ones the write returned (no second read of the log), filtered as
    :func:`~tablekeeper.services.logs.encounter_log` would: an undo's audit record is shown
    to whoever saw the events it took back (the view's ``context``)."""
    log = logs.written_records(view, viewer)
    stored = views.log_json(view, log, viewer)
    document = views.encounter_document(uow, view, viewer)
    return EncounterStep.model_validate({**document, "records": stored})


IdempotencyKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        description="Names this write: sent again (a retry after a timeout), it is not "
        "played twice; the answer is what the first stored, with `Idempotent-Replayed: "
        "true`.",
    ),
]


def replayed(response: Response, view: EncounterView) -> None:
    """Mark an answer to a retried write."""
    if view.replayed:
        response.headers["Idempotent-Replayed"] = "true"


def _played(
    uow: SqlUnitOfWork,
    encounter_id: str,
    body: CommandIn | DecisionIn,
    request: Request,
    response: Response,
    viewer: Viewer,
    write: Callable[[Roller | None, int | None], EncounterView],
) -> EncounterStep | JSONResponse:
    """A command or an answer: played with the roller asked for, or tried at the table
    with the faces so far (the 202 of one more die, :mod:`~tablekeeper.api.table_tries`);
    a stored write is announced and answered with what it stored."""
    if body.at_table:
        done = try_at_table(
            uow,
            encounter_id,
            body.dice,
            write,
            viewer=viewer,
            seed=body.seed,
            expected_version=body.expected_version,
        )
        if isinstance(done, Asked):
            return needs_die(done)
        view = done.view
    else:
        view = write(chosen_roller(seed=body.seed, dice=body.dice), body.expected_version)
    replayed(response, view)
    announce(request, encounter_id, view.version)
    return step(uow, view, viewer)


def _expected(body: VersionIn | None) -> int | None:
    return None if body is None else body.expected_version


def build_router() -> APIRouter:
    """The ``/campaigns/{campaign_id}/encounters`` and ``/encounters/{encounter_id}`` routes."""
    router = APIRouter(tags=["encounters"], dependencies=[Security(BEARER)])

    @router.post(
        "/campaigns/{campaign_id}/encounters",
        status_code=201,
        response_model=EncounterStep,
        summary="Start an encounter",
    )
    def post_encounter(
        campaign_id: CampaignIdPath,
        body: EncounterCreate,
        request: Request,
        viewer: CampaignViewer,
        uow: UnitOfWorkDep,
    ) -> EncounterStep:
        """A new encounter of the campaign's ruleset, with the characters named joining it
        in order (one GM command each, all in one transaction: an unknown character or a
        sheet the rules refuse writes nothing). The GM only."""
        view = encounters.start_encounter(
            uow, campaign_id, characters=body.characters, encounter_id=body.id, viewer=viewer
        )
        announce(request, view.encounter.id, view.version)
        return step(uow, view, viewer)

    @router.get(
        "/campaigns/{campaign_id}/encounters",
        response_model=list[EncounterPublic],
        summary="List encounters",
    )
    def get_encounters(
        campaign_id: CampaignIdPath, viewer: CampaignViewer, uow: UnitOfWorkDep
    ) -> list[EncounterPublic]:
        """The campaign's encounters. The GM or any player."""
        return [
            encounter_public(encounter)
            for encounter in campaign_service.list_encounters(uow, campaign_id)
        ]

    @router.get(
        "/encounters/{encounter_id}", response_model=EncounterState, summary="Read an encounter"
    )
    def get_encounter(
        encounter_id: EncounterIdPath, viewer: EncounterViewer, uow: UnitOfWorkDep
    ) -> EncounterState:
        """The encounter now as the viewer may see it: its state, its pending decision
        and the commands the viewer may give."""
        _, document = views.encounter_as_seen(uow, encounter_id, viewer)
        return EncounterState.model_validate(document)

    @router.get("/encounters/{encounter_id}/log", response_model=LogPublic, summary="Read the log")
    def get_encounter_log(
        encounter_id: EncounterIdPath,
        viewer: EncounterViewer,
        uow: UnitOfWorkDep,
        after: AfterQuery = 0,
    ) -> LogPublic:
        """The encounter's log records after ``after`` that the viewer may see, in order
        (an undo's audit record with the events it took back)."""
        records = logs.encounter_log(uow, encounter_id, viewer=viewer, after=after)
        shown = views.log_json(encounters.load_encounter(uow, encounter_id), records, viewer)
        return LogPublic.model_validate({"records": shown})

    @router.post(
        "/encounters/{encounter_id}/commands",
        response_model=EncounterStep,
        responses={NEEDS_DIE: {"model": NeedsDieOut, "description": "One more die (C-22)."}},
        summary="Submit a command",
    )
    def post_command(
        encounter_id: EncounterIdPath,
        body: CommandIn,
        request: Request,
        response: Response,
        viewer: EncounterViewer,
        uow: UnitOfWorkDep,
        idempotency_key: IdempotencyKey = None,
    ) -> EncounterStep | JSONResponse:
        """Play a command (``{actor, kind, payload}``) and store what it caused. A player
        submits commands only for their own character (403). A command the rules refuse
        is 400, a stale ``expected_version`` 409; neither writes anything. ``dice`` plays
        back faces rolled at the table; ``seed`` makes the roll repeatable. With
        ``at_table`` (the GM's) ``dice`` are the faces rolled so far: while the rules need
        one more die nothing is stored and the answer is 202 naming it (C-22). With an
        ``Idempotency-Key`` a retry is answered, not played again."""

        def write(roller: Roller | None, version: int | None) -> EncounterView:
            return encounters.submit_command(
                uow,
                encounter_id,
                body.command,
                roller=roller,
                expected_version=version,
                viewer=viewer,
                idempotency_key=idempotency_key,
                roll_mode=body.roll_mode,
            )

        return _played(uow, encounter_id, body, request, response, viewer, write)

    @router.post(
        "/encounters/{encounter_id}/decisions/{decision_id}",
        response_model=EncounterStep,
        responses={NEEDS_DIE: {"model": NeedsDieOut, "description": "One more die (C-22)."}},
        summary="Answer a decision",
    )
    def post_decision(
        encounter_id: EncounterIdPath,
        decision_id: DecisionIdPath,
        body: DecisionIn,
        request: Request,
        response: Response,
        viewer: EncounterViewer,
        uow: UnitOfWorkDep,
        idempotency_key: IdempotencyKey = None,
    ) -> EncounterStep | JSONResponse:
        """Answer the pending decision with one of its options, as its chooser. A player
        answers only their own decisions (403); the GM may answer any. A decision not
        pending (answered already) or an option not offered is 400; nothing is written.
        ``dice``, ``seed`` and ``at_table`` as for a command (C-22)."""

        def write(roller: Roller | None, version: int | None) -> EncounterView:
            return encounters.answer_decision(
                uow,
                encounter_id,
                decision_id,
                body.option,
                viewer=viewer,
                roller=roller,
                expected_version=version,
                idempotency_key=idempotency_key,
                roll_mode=body.roll_mode,
            )

        return _played(uow, encounter_id, body, request, response, viewer, write)

    @router.post("/encounters/{encounter_id}/undo", response_model=EncounterStep, summary="Undo")
    def post_undo(
        encounter_id: EncounterIdPath,
        request: Request,
        viewer: EncounterViewer,
        uow: UnitOfWorkDep,
        body: Annotated[VersionIn | None, Body()] = None,
    ) -> EncounterStep:
        """Take back the encounter's last command; its audit record is stored and the
        events stay in the log. Nothing to undo is 400. The GM only."""
        view = encounters.undo(uow, encounter_id, expected_version=_expected(body), viewer=viewer)
        announce(request, encounter_id, view.version)
        return step(uow, view, viewer)

    @router.post("/encounters/{encounter_id}/redo", response_model=EncounterStep, summary="Redo")
    def post_redo(
        encounter_id: EncounterIdPath,
        request: Request,
        viewer: EncounterViewer,
        uow: UnitOfWorkDep,
        body: Annotated[VersionIn | None, Body()] = None,
    ) -> EncounterStep:
        """Play the last undone command's events again, under fresh sequence numbers.
        Nothing undone is 400. The GM only."""
        view = encounters.redo(uow, encounter_id, expected_version=_expected(body), viewer=viewer)
        announce(request, encounter_id, view.version)
        return step(uow, view, viewer)

    return router
