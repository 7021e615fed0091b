"""Write a database as release 0.1.0 (commit 31315f7) stores it, with what it read back.

Run with that release's code first on the path (not collected by pytest)::

    git worktree add /tmp/old 31315f7
    PYTHONPATH=/tmp/old/src .venv/bin/python tests/persistence/previous/make_previous.py \\
        tests/persistence/previous

It loads the demo campaigns, starts an encounter of each and plays 70 commands and answers
(one undo among them; past 50 records, so the database holds snapshots), then writes the
database and, beside it, the version, state and pending decision each encounter read back.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.values import GM
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import campaigns, characters
from tablekeeper.services.demo_campaigns import ensure_demo_campaigns
from tablekeeper.services.views import legal_commands_for

STEPS = 70


def _actors(view: Any) -> list[str]:
    state = view.state.model_dump(mode="json")
    return [GM, *(state.get("creatures") or state.get("combatants") or {})]


def main(out: Path) -> None:
    db = out / "release-0.1.0.db"
    db.unlink(missing_ok=True)
    engine = campaigns.open_database(f"sqlite:///{db}")

    def uow() -> SqlUnitOfWork:
        return SqlUnitOfWork(engine)

    expected: dict[str, Any] = {}
    for campaign, _ in ensure_demo_campaigns(uow):
        cast = [c.id for c in characters.list_characters(uow(), campaign.id)]
        name = f"{campaign.ruleset}-fight"
        view = campaigns.start_encounter(
            uow(), campaign.id, characters=cast, encounter_id=name, roller=RandomRoller(5)
        )
        roller = RandomRoller(9)
        for step in range(1, STEPS + 1):
            view = campaigns.load_encounter(uow(), name)
            if view.pending is not None:
                pending = view.pending
                view = campaigns.answer_decision(
                    uow(), name, pending.id, pending.default, roller=roller
                )
            else:
                legal = [c for a in _actors(view) for c in legal_commands_for(view, a)]
                if not legal:
                    break
                chosen = legal[-1] if step % 3 else legal[0]
                view = campaigns.submit_command(uow(), name, chosen, roller=roller)
            if step == 20:
                view = campaigns.undo(uow(), name)
        pending_dump = None if view.pending is None else view.pending.model_dump(mode="json")
        expected[name] = {
            "version": view.version,
            "state": view.state.model_dump(mode="json"),
            "pending": pending_dump,
        }
    text = json.dumps(expected, indent=1, sort_keys=True) + "\n"
    (out / "release-0.1.0.expected.json").write_text(text)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
