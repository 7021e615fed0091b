"""The console's dice tray: an expression's exact odds before rolling, the roll into the
campaign log, and that log as the viewer may see it.

The tray (``_dice_tray.html``) sits on the campaign and encounter pages; these routes
answer its parts for htmx (the odds chart, the result, the log) and, without
JavaScript, the whole tray as a page of its own (``dice.html``). A roll goes through
:func:`~tablekeeper.services.table.roll_into_log`, so every roll (random or the faces
rolled at the table) lands in the campaign's log; a secret roll is the GM's and is shown
to the GM only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import RedirectResponse, Response

from tablekeeper.api.deps import unit_of_work
from tablekeeper.api.disconnect import until_disconnected
from tablekeeper.api.errors import CLIENT_CLOSED
from tablekeeper.dice.distribution import Distribution
from tablekeeper.dice.limits import RollLimits
from tablekeeper.dice.odds import compute
from tablekeeper.dice.render import render as render_notation
from tablekeeper.dice.syntax import Expression
from tablekeeper.engine.roll_modes import ROLL_MODES
from tablekeeper.errors import DiceSyntaxError, ForbiddenError, InvalidInputError, RulesError
from tablekeeper.services import (
    campaigns,
    encounter_names,
    roll_modes,
    server_odds,
    table,
    views,
)
from tablekeeper.services.access import Viewer, require_gm
from tablekeeper.services.odds_worker import OddsCancelledError, OddsWorkersBusyError
from tablekeeper.web import access
from tablekeeper.web.forms import errors_by_field
from tablekeeper.web.pages import Form, PageRoute
from tablekeeper.web.templating import is_htmx, render

MAX_BARS = 60
"""The most bars the odds chart draws; a wider distribution shows its likeliest run of
outcomes and says how much lies outside it."""

MAX_LOG_ENTRIES = 50
"""How many of the campaign log's latest entries the tray lists."""

FIELDS = frozenset({"expression", "label", "faces", "secret"})
"""The tray's inputs, which an error may belong to."""


@dataclass(frozen=True)
class Bar:
    """One outcome of the chart: its value, exact probability and bar length."""

    value: int
    probability: Fraction
    width: float
    """Percent of the chart's width (the likeliest outcome fills it)."""

    @property
    def percent(self) -> str:
        """The probability as a percentage with one decimal."""
        return percent(self.probability)


@dataclass(frozen=True)
class OddsChart:
    """An expression's exact distribution as the bars the tray draws."""

    expression: str
    """The canonical notation the odds are of."""
    bars: tuple[Bar, ...]
    outcomes: int
    """How many outcomes the distribution has (more than ``len(bars)`` when capped)."""
    below: Fraction
    """The probability of the outcomes left of the bars (0 unless capped)."""
    above: Fraction
    """The probability of the outcomes right of the bars."""
    mean: Fraction
    sd: float

    @property
    def capped(self) -> bool:
        """Whether some outcomes are not drawn."""
        return len(self.bars) < self.outcomes

    @property
    def below_text(self) -> str:
        """The chance of an outcome left of the bars, as a percentage."""
        return percent(self.below)

    @property
    def above_text(self) -> str:
        """The chance of an outcome right of the bars, as a percentage."""
        return percent(self.above)

    @property
    def mean_text(self) -> str:
        """The mean with two decimals."""
        return f"{float(self.mean):.2f}"

    @property
    def sd_text(self) -> str:
        """The standard deviation with two decimals."""
        return f"{self.sd:.2f}"


@dataclass(frozen=True)
class Tray:
    """What the tray shows besides the form's defaults: the values typed, errors by
    field, the odds, a result (a ``table.rolled`` payload) and the log."""

    expression: str = ""
    label: str = ""
    faces: str = ""
    secret: bool = False
    errors: Mapping[str, str] = field(default_factory=dict)
    general: Sequence[str] = ()
    odds: OddsChart | None = None
    result: RollShown | None = None
    log: Sequence[LogEntry] | None = None


@dataclass(frozen=True)
class DieShown:
    """One die of a roll as the tray shows it: the face, and in words what happened to
    it (text, so no flag is told by colour alone)."""

    name: str
    face: int
    notes: tuple[str, ...]
    kept: bool
    exploded: bool
    success: bool
    failure: bool


@dataclass(frozen=True)
class RollShown:
    """A ``table.rolled`` entry: what was rolled, by whom, the total and every die."""

    expression: str
    total: int
    label: str | None
    by: str
    dice: tuple[DieShown, ...]
    secret: bool


@dataclass(frozen=True)
class LogEntry:
    """One entry of the campaign log as a viewer reads it."""

    sequence: int
    kind: str
    by: str | None
    secret: bool
    text: str
    roll: RollShown | None = None
    faces: tuple[int, ...] = ()


def die_shown(die: Mapping[str, Any]) -> DieShown:
    """A die of a roll document (``Roll.to_dict``) with its flags in words."""
    face, value = int(die["face"]), int(die["value"])
    rerolled = [str(f) for f in die.get("rerolled") or ()]
    compounded = [str(f) for f in die.get("compounded") or ()]
    flags = (
        (not die["kept"], "dropped"),
        (die["exploded"], "exploded"),
        (die["from_explosion"], "from an explosion"),
        (rerolled, "rerolled from " + ", ".join(rerolled)),
        (compounded, "compounded with " + ", ".join(compounded)),
        (die["penetrated"], "penetrating"),
        (value != face or die["clamped"], f"counts as {value}"),
        (die["success"], "success"),
        (die["failure"], "failure"),
    )
    notes = tuple(note for flag, note in flags if flag) or ("kept",)
    return DieShown(
        name=str(die["die"]),
        face=face,
        notes=notes,
        kept=bool(die["kept"]),
        exploded=bool(die["exploded"]),
        success=bool(die["success"]),
        failure=bool(die["failure"]),
    )


def roll_shown(payload: Mapping[str, Any], *, secret: bool) -> RollShown:
    """A ``table.rolled`` payload as the tray shows it."""
    label = payload.get("label")
    return RollShown(
        expression=str(payload["expression"]),
        total=int(payload["total"]),
        label=str(label) if label else None,
        by=str(payload.get("by", "")),
        dice=tuple(die_shown(die) for die in payload.get("dice") or ()),
        secret=secret,
    )


def log_entry(
    record: Mapping[str, Any], names: Mapping[str, str] | None = None, was: str | None = None
) -> LogEntry:
    """A record of :func:`~tablekeeper.services.views.records_json` in words: an encounter
    by its name in ``names`` (without one, by its first eight characters, as its page's
    title shows it); a renaming with the name it replaces, ``was``."""
    payload: Mapping[str, Any] = record.get("payload") or {}
    kind = str(record.get("kind", "undone"))
    visibility = record.get("visibility") or {}
    secret = visibility.get("audience") == "gm"
    by = payload.get("by")
    entry = LogEntry(
        sequence=int(record["sequence"]),
        kind=kind,
        by=str(by) if by else None,
        secret=secret,
        text=_entry_text(kind, payload, record, names or {}, was),
    )
    if kind == table.ROLLED:
        return replace(entry, roll=roll_shown(payload, secret=secret))
    if kind == table.RESOLVED:
        faces = tuple(int(f) for f in payload.get("dice") or () if isinstance(f, int))
        return replace(entry, faces=faces)
    return entry


def _entry_text(
    kind: str,
    payload: Mapping[str, Any],
    record: Mapping[str, Any],
    names: Mapping[str, str],
    was: str | None,
) -> str:
    if kind == table.ROLLED:
        return str(payload.get("label") or "")
    if kind == table.RESOLVED:
        outcome = payload.get("outcome") or {}
        shown = [
            f"{key.replace('_', ' ')} {value}"
            for key, value in outcome.items()
            if isinstance(value, str | int | float | bool) and value is not None
        ]
        return f"{payload.get('resolver', '')}: " + ", ".join(shown)
    if kind == table.DOWNTIME:
        note = payload.get("note") or ""
        return f"{payload.get('days')} days of downtime" + (f": {note}" if note else "")
    if kind == table.NOTE:
        return str(payload.get("text", ""))
    encounter = str(payload.get("encounter"))
    named = names.get(encounter)
    if kind == table.ENCOUNTER_STARTED:
        return f"{named or 'Encounter ' + _short(encounter)} begins"
    if kind == encounter_names.ENCOUNTER_NAMED:
        name = str(payload.get("name") or "")
        if not name:
            return (
                f"Encounter {was!r} left without a name"
                if was
                else f"Encounter {_short(encounter)} left unnamed"
            )
        if was:
            return f"Encounter {was!r} renamed {name!r}"
        return f"Encounter {_short(encounter)} named {name!r}"
    if kind == encounter_names.ENCOUNTER_NOTES:
        return f"Notes on {named or 'encounter ' + _short(encounter)}: {payload.get('notes')}"
    if kind == roll_modes.ROLL_MODE_SET:
        mode = str(payload.get("mode"))
        words = next((said for known, said in ROLL_MODES.items() if known == mode), mode)
        return f"{payload.get('actor')}'s rolls are seen by: {words}"
    if kind == table.CHARACTER_EDITED:
        fields = ", ".join(str(f) for f in payload.get("fields") or ())
        reason = payload.get("reason") or ""
        text = f"{payload.get('character')} edited ({fields})"
        return text + (f": {reason}" if reason else "")
    if "events" in record:
        taken = ", ".join(str(n) for n in record["events"])
        return f"entries {taken} taken back"
    return kind


def _short(encounter: object) -> str:
    """An encounter's id as its page's title shows it: its first eight characters."""
    return str(encounter)[:8]


def percent(probability: Fraction) -> str:
    """``probability`` as a percentage with one decimal; a chance too small to show so
    (but not nil) is ``<0.1%``."""
    if 0 < probability < Fraction(1, 2000):
        return "<0.1%"
    return f"{float(probability) * 100:.1f}%"


def odds_chart(expression: str, distribution: Distribution) -> OddsChart:
    """The chart of ``distribution``: every outcome, or at most :data:`MAX_BARS`
    consecutive ones (the run holding the most probability) when there are more."""
    outcomes = list(distribution)
    start = _likeliest_run(outcomes, MAX_BARS)
    shown = outcomes[start : start + MAX_BARS]
    tallest = max((probability for _, probability in shown), default=Fraction(1))
    bars = tuple(
        Bar(value, probability, float(probability / tallest) * 100) for value, probability in shown
    )
    return OddsChart(
        expression=expression,
        bars=bars,
        outcomes=len(outcomes),
        below=sum((p for _, p in outcomes[:start]), Fraction(0)),
        above=sum((p for _, p in outcomes[start + MAX_BARS :]), Fraction(0)),
        mean=distribution.mean,
        sd=distribution.sd,
    )


def _likeliest_run(outcomes: Sequence[tuple[int, Fraction]], width: int) -> int:
    """Where the run of ``width`` consecutive outcomes with the most probability starts
    (the first such run on a tie)."""
    if len(outcomes) <= width:
        return 0
    total = sum((p for _, p in outcomes[:width]), Fraction(0))
    best, best_start = total, 0
    for start in range(1, len(outcomes) - width + 1):
        total += outcomes[start + width - 1][1] - outcomes[start - 1][1]
        if total > best:
            best, best_start = total, start
    return best_start


def parse_faces(text: str) -> list[int] | None:
    """The faces the GM typed (``3, 5, 6``), or ``None`` when the field is empty (a roll
    of fresh random dice)."""
    parts = [part.strip() for part in text.replace(" ", ",").split(",")]
    parts = [part for part in parts if part]
    if not parts:
        return None
    wrong = [part for part in parts if not part.lstrip("-").isdigit()]
    if wrong:
        raise InvalidInputError(
            f"each face is a whole number, separated by commas; not {wrong[0]!r}",
            field="faces",
        )
    return [int(part) for part in parts]


def tray_errors(error: RulesError) -> tuple[dict[str, str], list[str]]:
    """The error next to the tray's input it is about (the services call the faces
    ``dice`` and the label ``roll.label``); a syntax error names its position, odds too
    costly what a simulation says."""
    if isinstance(error, DiceSyntaxError):
        return {"expression": f"{error.message} (at character {error.position + 1})"}, []
    if isinstance(error, server_odds.TooCostlyError):
        return {"expression": too_costly_text(error)}, []
    return errors_by_field(
        error, set(FIELDS), aliases={"dice": "faces", "roll.label": "label", "roll": "label"}
    )


def visible_log(request: Request, campaign_id: str, viewer: Viewer) -> list[LogEntry]:
    """The latest entries of the campaign log the viewer may see, newest first."""
    records = table.campaign_log(unit_of_work(request), campaign_id, viewer)
    shown = views.records_json(records, viewer)
    names, replaced = encounter_names.names_in(records)
    return [
        log_entry(record, names, replaced.get(int(str(record["sequence"]))))
        for record in shown[::-1][:MAX_LOG_ENTRIES]
    ]


def log_unmoved(request: Request, campaign_id: str) -> bool:
    """Whether htmx polls the log after the version it already shows (L-04): one row read."""
    after = request.query_params.get("after")
    if after is None or not is_htmx(request):
        return False
    return after == str(campaigns.get_campaign(unit_of_work(request), campaign_id).version)


def chart_of(
    request: Request, expression: str, cancelled: Callable[[], bool] = lambda: False
) -> OddsChart:
    """The odds chart of ``expression``, within the server's bounds (``server_odds``: the
    cost model, then a worker killed past its budget, or when ``cancelled()``); its
    :class:`RulesError` when it has none."""
    workers = request.app.state.odds_workers
    _, chart = server_odds.exact(workers, expression, chart_job, cancelled=cancelled)
    return chart


def chart_job(tree: Expression, limits: RollLimits) -> OddsChart:
    """The chart of a tree's exact odds: an odds worker's job (it reduces every fraction,
    which costs as much as the odds)."""
    return odds_chart(render_notation(tree), compute(tree, limits))


def too_costly_text(error: server_odds.TooCostlyError) -> str:
    """The refusal, with what a simulation says when one was made."""
    estimate = error.simulation
    if estimate is None:
        return error.message
    low, high = estimate.percentiles["5"], estimate.percentiles["95"]
    return (
        f"{error.message}. A simulation of {estimate.samples:,} rolls: mean "
        f"{estimate.mean:,.2f}, 90% of rolls between {low:,} and {high:,}."
    )


def build_router() -> APIRouter:
    """The dice tray's routes under ``/campaigns/{campaign_id}``."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)

    @router.get("/campaigns/{campaign_id}/dice")
    def tray_page(request: Request, campaign_id: str) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        rolled = request.query_params.get("rolled", "")
        log = visible_log(request, campaign_id, viewer)
        # Only a roll the viewer's own log holds: a player asking for a secret roll's
        # number finds nothing.
        result = next((e.roll for e in log if str(e.sequence) == rolled and e.roll), None)
        tray = Tray(log=log, result=result)
        if result is not None:
            tray = replace(
                tray, expression=result.expression, odds=_chart_or_none(request, result.expression)
            )
        return _page(request, campaign_id, viewer, tray)

    @router.get("/campaigns/{campaign_id}/dice/odds")
    async def odds(request: Request, campaign_id: str) -> Response:
        # Async so that a client that goes away (a keystroke that replaced this request)
        # stops its worker: the database reads run in the thread pool.
        viewer = await run_in_threadpool(access.viewer_of, request, campaign_id)
        expression = request.query_params.get("expression", "").strip()
        tray = Tray(expression=expression)
        if is_htmx(request) and not expression:
            # The field was emptied while typing: nothing to chart, nothing wrong yet.
            return await run_in_threadpool(
                _fragment, request, "_dice_odds.html", campaign_id, viewer, tray
            )
        charted = await _charted(request, tray)
        if isinstance(charted, Response):
            return charted
        tray, status = charted
        if is_htmx(request):
            return await run_in_threadpool(
                _fragment, request, "_dice_odds.html", campaign_id, viewer, tray, status
            )
        return await run_in_threadpool(_page, request, campaign_id, viewer, tray, status)

    @router.post("/campaigns/{campaign_id}/dice/rolls")
    def roll(request: Request, campaign_id: str, form: Form) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        tray = Tray(
            expression=form.text("expression"),
            label=form.text("label"),
            faces=form.text("faces"),
            secret=bool(form.text("secret")),
        )
        try:
            if tray.faces and not viewer.is_gm:
                require_gm(viewer, "enter the faces rolled at the table")
            events = table.roll_into_log(
                unit_of_work(request),
                campaign_id,
                viewer,
                tray.expression,
                secret=tray.secret,
                label=tray.label or None,
                dice=parse_faces(tray.faces),
            )
        except ForbiddenError:
            raise  # not the form's fault: the page for a refusal (PageRoute)
        except RulesError as error:
            found, general = tray_errors(error)
            tray = replace(tray, errors=found, general=general)
            if not is_htmx(request):
                return _page(request, campaign_id, viewer, tray, 422)
            response = _fragment(request, "_dice_form.html", campaign_id, viewer, tray, 422)
            response.headers["HX-Retarget"] = "#dice-form"
            response.headers["HX-Reswap"] = "outerHTML"
            return response
        rolled = events[0]
        if not is_htmx(request):
            return RedirectResponse(
                f"/campaigns/{campaign_id}/dice?rolled={rolled.sequence}", status_code=303
            )
        # The form comes back (errors cleared, the faces emptied for the next roll) and
        # the log refreshed, both out of band.
        tray = replace(
            tray,
            faces="",
            result=roll_shown(rolled.payload, secret=tray.secret),
            odds=_chart_or_none(request, tray.expression),
            log=visible_log(request, campaign_id, viewer),
        )
        return _fragment(
            request, "_dice_result.html", campaign_id, viewer, tray, 201, out_of_band=True
        )

    _add_log_route(router)
    return router


def _add_log_route(router: APIRouter) -> None:
    """The campaign log: its page, its fragment, and the fragment's live poll (L-04)."""

    @router.get("/campaigns/{campaign_id}/log")
    def log(request: Request, campaign_id: str) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        if log_unmoved(request, campaign_id):
            return Response(status_code=204)  # the poll of a live log: nothing new
        tray = Tray(log=visible_log(request, campaign_id, viewer))
        if is_htmx(request):
            return _fragment(request, "_campaign_log.html", campaign_id, viewer, tray)
        return _page(request, campaign_id, viewer, tray)


async def _charted(request: Request, tray: Tray) -> tuple[Tray, int] | Response:
    """The tray with its expression's chart (200), or with why there is none (422, 503);
    the bare answer when the client went away."""
    try:
        chart = await until_disconnected(request, chart_of, request, tray.expression)
    except OddsCancelledError:
        return Response(status_code=CLIENT_CLOSED)
    except OddsWorkersBusyError as error:
        return replace(tray, errors={"expression": str(error)}), 503
    except RulesError as error:
        found, general = tray_errors(error)
        return replace(tray, errors=found, general=general), 422
    return replace(tray, odds=chart), 200


def _context(request: Request, campaign_id: str, viewer: Viewer, tray: Tray) -> dict[str, Any]:
    campaign = campaigns.get_campaign(unit_of_work(request), campaign_id)
    return {"campaign": campaign, "viewer": viewer, "dice_tray": tray}


def _fragment(
    request: Request,
    template: str,
    campaign_id: str,
    viewer: Viewer,
    tray: Tray,
    status: int = 200,
    *,
    out_of_band: bool = False,
) -> Response:
    """One part of the tray for htmx; ``out_of_band``: with the form and the log swapped
    in besides (after a roll)."""
    context = _context(request, campaign_id, viewer, tray)
    context["out_of_band"] = out_of_band
    return render(request, template, context, status_code=status)


def _chart_or_none(request: Request, expression: str) -> OddsChart | None:
    try:
        return chart_of(request, expression)
    except (RulesError, OddsWorkersBusyError):
        return None


def _page(
    request: Request, campaign_id: str, viewer: Viewer, tray: Tray, status: int = 200
) -> Response:
    """The tray as a page of its own (the forms' answer without JavaScript)."""
    if tray.log is None:
        tray = replace(tray, log=visible_log(request, campaign_id, viewer))
    context = _context(request, campaign_id, viewer, tray)
    return render(request, "dice.html", context, status_code=status)
