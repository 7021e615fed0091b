"""Secrets out of the logs: the access log never holds a GM secret or a player token.

A GM opens ``/campaigns/{id}?key=<secret>``, a player ``/join/{campaign}/{token}``, and
a WebSocket may carry ``?token=<token>``; uvicorn logs each request line (and each
WebSocket) as it came. :class:`RedactSecrets`, on uvicorn's loggers, replaces those
values with :data:`REDACTED` before any handler writes them, in every worker.
"""

from __future__ import annotations

import logging
import re

REDACTED = "[redacted]"

LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn")
"""Where uvicorn writes request lines (``access``) and WebSocket ones (``error``)."""

_QUERY_SECRET = re.compile(r"(?i)([?&;](?:key|token|secret|gm_secret|csrf_token)=)[^&#\s\"']*")
_JOIN_TOKEN = re.compile(r"(/join/[^/\s\"'?#]+/)[^/\s\"'?#]+")


def redact(text: str) -> str:
    """``text`` with every secret in a URL replaced by :data:`REDACTED`."""
    return _JOIN_TOKEN.sub(rf"\g<1>{REDACTED}", _QUERY_SECRET.sub(rf"\g<1>{REDACTED}", text))


class RedactSecrets(logging.Filter):
    """Redact the message and every string argument of each record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        return True


def install() -> None:
    """Put the filter on uvicorn's loggers (once each)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
