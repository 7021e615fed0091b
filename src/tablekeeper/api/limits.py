"""What a request may bring: a body of at most :data:`MAX_BODY_BYTES`, and JSON that
passes :func:`~tablekeeper.services.safe_input.check_document`.

:class:`BodyLimit` reads the body before the app does, refusing past the limit at
once, from ``Content-Length`` when there is one, else as the bytes arrive (a 100 MB body
costs no more than the limit); and parses a JSON body with the same bounds as every
other document (nesting, values, no NaN, Infinity or NUL), answering 413 or 422 in the
error shape of every refusal. The app then reads the body as it was sent.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tablekeeper.api.schemas import ErrorDetail, ErrorOut
from tablekeeper.errors import InvalidInputError
from tablekeeper.services import safe_input

MAX_BODY_BYTES = safe_input.BODY.bytes
"""The largest request body read (a whole campaign's import fits, with room to spare)."""


class BodyTooLargeError(Exception):
    """The body passed the limit (while it was read)."""


class ClientGoneError(Exception):
    """The client went away before sending its whole body."""


async def read_body(receive: Receive, max_bytes: int) -> bytes:
    """The whole request body, refused past ``max_bytes`` as soon as it passes."""
    body = bytearray()
    more = True
    while more:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientGoneError
        body += message.get("body", b"")
        if len(body) > max_bytes:
            raise BodyTooLargeError
        more = message.get("more_body", False)
    return bytes(body)


def replaying(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands ``body`` over once, then waits for what follows (the
    client's disconnect)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def refusal(status: int, field: str, message: str) -> JSONResponse:
    """An error answer in the API's shape."""
    detail = ErrorDetail(field=field, message=message)
    return JSONResponse(ErrorOut(error=detail).model_dump(exclude_none=True), status_code=status)


def too_large(max_bytes: int) -> JSONResponse:
    return refusal(413, "body", f"the request body is larger than the {max_bytes:,} bytes read")


def is_json(headers: Headers) -> bool:
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    return kind == "application/json" or kind.endswith("+json")


class BodyReader:
    """Base of the ASGI middleware that read a request's body before the app does: the
    app, and the most bytes read."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def read(self, scope: Scope, receive: Receive, send: Send) -> bytes | None:
        """The whole body; ``None`` once a 413 was sent for it, or its client left."""
        try:
            return await read_body(receive, self.max_bytes)
        except BodyTooLargeError:
            await too_large(self.max_bytes)(scope, receive, send)
        except ClientGoneError:
            pass
        return None


class BodyLimit(BodyReader):
    """ASGI middleware: bound every request body and check every JSON one."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        length = headers.get("content-length")
        if length is not None and (not length.strip().isdigit() or int(length) > self.max_bytes):
            await too_large(self.max_bytes)(scope, receive, send)
            return
        body = await self.read(scope, receive, send)
        if body is None:
            return
        if body and is_json(headers):
            try:
                safe_input.load_json(body, "", safe_input.BODY)
            except InvalidInputError as error:
                field = error.field or "body"  # paths as FastAPI's own: ``sheet.hp``
                await refusal(422, field, error.message)(scope, receive, send)
                return
        await self.app(scope, replaying(body, receive), send)


def install(app: ASGIApp) -> None:
    """Bound the bodies the app reads (``app.add_middleware``)."""
    app.add_middleware(BodyLimit)  # type: ignore[attr-defined]
