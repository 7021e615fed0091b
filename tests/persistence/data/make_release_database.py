"""Write ``release-r0001.db`` and ``release-r0001.json`` with the code of schema r0001.

That is the last commit before the migration r0002 ("characters, players and the
campaign's own log"): commit 3845c63. Run with its code first on the path:

    git archive 3845c63 src | tar -x -C /tmp/previous
    PYTHONPATH=/tmp/previous/src python tests/persistence/data/make_release_database.py

It plays a short realtime encounter (creatures added, seconds advanced, an override, an
undo) and stores snapshots every three records, then exports the campaign with that
release's own export, so the test can compare what the current code reads back.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.overrides import set_value
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.rulesets.realtime.encounter.commands import add_creature, advance
from tablekeeper.services import campaigns, exports

HERE = Path(__file__).parent


def main() -> None:
    database = HERE / "release-r0001.db"
    database.unlink(missing_ok=True)
    engine = campaigns.open_database(f"sqlite:///{database}")

    def uow() -> SqlUnitOfWork:
        return SqlUnitOfWork(engine)

    campaign = campaigns.create_campaign(
        uow(), "Harrowmoor «old» \u2014 \u00e9t\u00e9", "realtime", campaign_id="harrowmoor"
    )
    campaigns.start_encounter(uow(), campaign.id, encounter_id="bridge")
    for creature, side in (("aliena", "party"), ("balthazar", "foes")):
        command = add_creature(id=creature, side=side, hp=12)
        campaigns.submit_command(uow(), "bridge", command, roller=RandomRoller(1), snapshot_every=3)
    for seconds in (1, 2, 1):
        campaigns.submit_command(
            uow(), "bridge", advance(seconds), roller=RandomRoller(2), snapshot_every=3
        )
    note = set_value("clock.second", 9, reason='the bell "tolls" \\ twice')
    campaigns.submit_command(uow(), "bridge", note, roller=RandomRoller(3), snapshot_every=3)
    campaigns.undo(uow(), "bridge")
    campaigns.create_campaign(uow(), "Spirit skirmish", "percentile", campaign_id="skirmish")
    campaigns.start_encounter(uow(), "skirmish", encounter_id="glade")
    documents = {
        c.id: exports.export_campaign(uow(), c.id) for c in campaigns.list_campaigns(uow())
    }
    (HERE / "release-r0001.json").write_text(json.dumps(documents, indent=1, ensure_ascii=False))
    engine.dispose()
    print(f"wrote {database} with {sys.modules['tablekeeper'].__file__}")


if __name__ == "__main__":
    main()
