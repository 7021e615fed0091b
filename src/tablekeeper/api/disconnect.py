"""Work a client may walk away from: run it in a thread, and tell it when the client left.

Exact odds run in a worker process (``services/odds_worker.py``); while a request waits
for them, :func:`until_disconnected` asks every :data:`CHECK_SECONDS` whether the client
is still there, and when it is not, the job's ``cancelled()`` turns true and its worker
is killed: a closed tab costs nothing more.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

T = TypeVar("T")

CHECK_SECONDS = 0.1
"""How often a waiting request looks whether its client went away."""


async def until_disconnected(request: Request, function: Callable[..., T], *args: Any) -> T:
    """``function(*args, cancelled=...)`` in a thread; ``cancelled()`` is true once the
    client has disconnected (or the request itself was cancelled)."""
    gone = threading.Event()
    task = asyncio.ensure_future(run_in_threadpool(function, *args, cancelled=gone.is_set))
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=CHECK_SECONDS)
            if done:
                return task.result()
            if not gone.is_set() and await request.is_disconnected():
                gone.set()
    finally:
        gone.set()
