"""Every error a user can cause, as a 4xx JSON answer; never a 500 for bad input."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from tablekeeper.api.schemas import ErrorDetail, ErrorOut
from tablekeeper.errors import (
    AuthenticationError,
    ConflictError,
    DiceSupplyError,
    DiceSyntaxError,
    ForbiddenError,
    InvalidInputError,
    RollLimitError,
    RulesError,
    UnknownNameError,
)

UNPROCESSABLE = (InvalidInputError, DiceSyntaxError, RollLimitError, DiceSupplyError)

ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    400: {"model": ErrorOut, "description": "The rules do not allow the request."},
    401: {"model": ErrorOut, "description": "No GM secret or player token, or a wrong one."},
    403: {"model": ErrorOut, "description": "The GM secret or token does not allow this."},
    404: {"model": ErrorOut, "description": "No such resolver."},
    409: {"model": ErrorOut, "description": "Changed since last read: reload and retry."},
    422: {"model": ErrorOut, "description": "Invalid input: the field and the reason."},
}


def status_of(error: RulesError) -> int:
    """401 without valid credentials, 403 for what they do not allow, 409 for a conflict,
    422 for bad input, 404 for an unknown name, 400 for anything else the rules refuse."""
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


def error_body(field: str | None, message: str, position: int | None = None) -> dict[str, object]:
    """The JSON of one error."""
    detail = ErrorDetail(field=field, message=message, position=position)
    return ErrorOut(error=detail).model_dump(exclude_none=True)


def rules_error_body(error: RulesError) -> dict[str, object]:
    """A ``RulesError`` as JSON; a syntax error also names its (1-based) position."""
    if isinstance(error, DiceSyntaxError):
        message = f"{error.message} at position {error.position + 1}"
        return error_body(error.field, message, error.position + 1)
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


def install(app: FastAPI) -> None:
    """Register the error handlers on an app."""
    app.add_exception_handler(RulesError, on_rules_error)
    app.add_exception_handler(RequestValidationError, on_validation_error)
