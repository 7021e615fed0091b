"""What a server process and the workers it forked hold: their memory, their ids."""

from __future__ import annotations

import os
from pathlib import Path


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[-1].split()
        if len(fields) > 1 and int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def family(pid: int) -> set[int]:
    """``pid`` and every process below it."""
    every = {pid}
    frontier = [pid]
    while frontier:
        below = children(frontier.pop())
        frontier += list(below - every)
        every |= below
    return every


def memory_bytes(pid: int) -> int:
    """The proportional set size (PSS) of ``pid`` and the processes below it: the memory
    they hold, shared pages counted once in all (a forked worker shares most of the
    server's)."""
    total = 0
    for member in family(pid):
        try:
            rollup = Path(f"/proc/{member}/smaps_rollup").read_text()
        except OSError:
            continue
        for line in rollup.splitlines():
            if line.startswith("Pss:"):
                total += int(line.split()[1]) * 1024
                break
    return total


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (not gone, not a zombie)."""
    try:
        os.kill(pid, 0)
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    except (ProcessLookupError, FileNotFoundError):
        return False
    return state != "Z"
