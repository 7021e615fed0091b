"""Real servers for tests: a free port, an ASGI app served by uvicorn in a thread, and
``tablekeeper serve`` (or ``console``) in a subprocess."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest


def free_port() -> int:
    """A TCP port on 127.0.0.1 nothing listens on (now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served_in_thread(app: Any, what: str = "the server") -> Iterator[str]:
    """``app`` served by uvicorn on a free port in a daemon thread; yields its base URL
    once it listens, and stops it afterwards."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail(f"{what} did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


STARTUP_SECONDS = 60.0
"""Generous: a start is mostly imports (about 2 s), far slower on a loaded machine."""


@contextmanager
def served(*options: str) -> Iterator[str]:
    """``tablekeeper serve`` with ``options`` on a free port; yields its base URL once
    ``GET /api/odds?expr=1d6`` answers 200, and stops it afterwards."""
    with serving(*options) as (base, _):
        yield base


@contextmanager
def serving(
    *options: str, command: str = "serve", log: Path | None = None
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """As :func:`served`, with the server's process (to kill it); ``command``: ``serve``
    or ``console``; ``log``: a file its output (the access log) goes to, to read after."""
    port = free_port()
    python = [sys.executable, "-c", "from tablekeeper.cli.main import main; main()"]
    output = log.open("w") if log is not None else None
    server = subprocess.Popen(
        [*python, command, "--port", str(port), *options],
        stdout=output or subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            assert server.poll() is None, f"serve exited: {_output(server, log)}"
            try:
                if httpx.get(f"{base}/api/odds", params={"expr": "1d6"}).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "serve did not answer in time"
            time.sleep(0.1)
        yield base, server
    finally:
        if server.poll() is None:
            server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if server.stdout is not None:
            server.stdout.close()
        if output is not None:
            output.close()


def _output(server: subprocess.Popen[str], log: Path | None) -> str:
    return log.read_text() if log is not None else server.communicate()[0]
