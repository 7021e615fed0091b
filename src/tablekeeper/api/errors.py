"""Every error a user can cause, as a 4xx JSON answer; never a 500 for bad input."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from tablekeeper.api.schemas import ErrorDetail, ErrorOut
from tablekeeper.errors import (
    AuthenticationError,
    ConflictError,
    DiceSupplyError,
    DiceSyntaxError,
    ForbiddenError,
    InvalidInputError,
    OddsUnavailableError,
    RollLimitError,
    RulesError,
    UnknownNameError,
)
from tablekeeper.services.odds_worker import OddsCancelledError, OddsWorkersBusyError
from tablekeeper.services.server_odds import TooCostlyError

UNPROCESSABLE = (
    InvalidInputError,
    DiceSyntaxError,
    RollLimitError,
    DiceSupplyError,
    OddsUnavailableError,
)
"""422: the request is understood and refused as it stands, naming the field. An
expression whose exact odds are too costly (or that has none) is one of them, on every
interface (``docs/rulings.md``, S-01)."""

CLIENT_CLOSED = 499
"""What a request whose client went away is answered (nobody reads it; nginx's code)."""

ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    400: {"model": ErrorOut, "description": "The rules do not allow the request."},
    401: {"model": ErrorOut, "description": "No GM secret or player token, or a wrong one."},
    403: {"model": ErrorOut, "description": "The GM secret or token does not allow this."},
    404: {"model": ErrorOut, "description": "No such resolver."},
    409: {"model": ErrorOut, "description": "Changed since last read: reload and retry."},
    413: {"model": ErrorOut, "description": "The request body is larger than the server reads."},
    422: {"model": ErrorOut, "description": "Invalid input: the field and the reason."},
}


def status_of(error: RulesError) -> int:
    """401 without valid credentials, 403 for what they do not allow, 409 for a conflict,
    422 for bad input (and odds too costly), 404 for an unknown name, 400 for anything
    else the rules refuse."""
    if isinstance(error, AuthenticationError):
        return 401
    if isinstance(error, ForbiddenError):
        return 403
    if isinstance(error, ConflictError):
        return 409
    if isinstance(error, UnknownNameError):
        return 404
    if isinstance(error, UNPROCESSABLE):
        return 422
    return 400


def error_body(
    field: str | None,
    message: str,
    position: int | None = None,
    simulation: dict[str, object] | None = None,
) -> dict[str, object]:
    """The JSON of one error."""
    detail = ErrorDetail(field=field, message=message, position=position, simulation=simulation)
    return ErrorOut(error=detail).model_dump(exclude_none=True)


def rules_error_body(error: RulesError) -> dict[str, object]:
    """A ``RulesError`` as JSON; a syntax error also names its (1-based) position, and
    odds too costly carry a Monte Carlo estimate when one was cheap to make."""
    if isinstance(error, DiceSyntaxError):
        message = f"{error.message} at position {error.position + 1}"
        return error_body(error.field, message, error.position + 1)
    if isinstance(error, TooCostlyError) and error.simulation is not None:
        return error_body(error.field, error.message, simulation=error.simulation.to_dict())
    return error_body(error.field, error.message)


def field_path(location: Sequence[int | str]) -> str:
    """A request-validation location as a dotted path, without ``body``/``query``."""
    parts = list(location)
    if parts and parts[0] in ("body", "query", "path", "header", "cookie"):
        parts = parts[1:]
    return ".".join(str(part) for part in parts) or "body"


async def on_rules_error(request: Request, error: Exception) -> JSONResponse:
    """Answer a ``RulesError`` with its status and the error JSON."""
    assert isinstance(error, RulesError)
    return JSONResponse(rules_error_body(error), status_code=status_of(error))


async def on_validation_error(request: Request, error: Exception) -> JSONResponse:
    """Answer FastAPI's own validation errors with 422 and the first field path."""
    assert isinstance(error, RequestValidationError)
    problems = list(error.errors())
    if not problems:
        return JSONResponse(error_body(None, "invalid request"), status_code=422)
    first = problems[0]
    return JSONResponse(
        error_body(field_path(first.get("loc", ())), str(first.get("msg", "invalid"))),
        status_code=422,
    )


async def on_http_error(request: Request, error: Exception) -> JSONResponse:
    """Starlette's own refusals (no such route, a method the route does not take, a body
    that is not JSON) in the same shape as every other error."""
    assert isinstance(error, HTTPException)
    field = "body" if error.status_code == 400 else None
    message = str(error.detail)
    if error.status_code == 400 and "parsing the body" in message:
        message = "the body is not valid JSON"
    return JSONResponse(
        error_body(field, message), status_code=error.status_code, headers=error.headers
    )


async def on_busy(request: Request, error: Exception) -> JSONResponse:
    """Every odds worker busy: 503, to try again in a moment."""
    return JSONResponse(
        error_body("expression", str(error)), status_code=503, headers={"Retry-After": "1"}
    )


async def on_cancelled(request: Request, error: Exception) -> JSONResponse:
    """The client went away while its odds were computed (the worker was killed)."""
    return JSONResponse(error_body("expression", "cancelled"), status_code=CLIENT_CLOSED)


def install(app: FastAPI) -> None:
    """Register the error handlers on an app."""
    app.add_exception_handler(RulesError, on_rules_error)
    app.add_exception_handler(RequestValidationError, on_validation_error)
    app.add_exception_handler(HTTPException, on_http_error)
    app.add_exception_handler(OddsWorkersBusyError, on_busy)
    app.add_exception_handler(OddsCancelledError, on_cancelled)
