"""``tablekeeper backup FILE`` and ``tablekeeper restore FILE`` (``services/backups.py``):
every campaign reads back from a restored backup, a backup taken while commands are
written is one consistent state, and a bad file is refused before anything is replaced.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablekeeper.cli.app import app
from tablekeeper.engine.overrides import set_value
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import access, campaigns, characters, encounters, exports, settings, table

runner = CliRunner()


def everything(url: str) -> dict[str, Any]:
    """Every campaign's export: what a GM must get back."""
    engine = settings.open_database(url)
    try:
        uow = lambda: SqlUnitOfWork(engine)  # noqa: E731
        return {c.id: exports.export_campaign(uow(), c.id) for c in campaigns.list_campaigns(uow())}
    finally:
        engine.dispose()


def stocked(url: str) -> None:
    """Two campaigns with players, characters, a campaign log and a played encounter."""
    engine = settings.open_database(url)
    uow = lambda: SqlUnitOfWork(engine)  # noqa: E731
    for ruleset in ("realtime", "percentile"):
        campaign = campaigns.create_campaign(uow(), f"A {ruleset} «table»", ruleset)
        access.add_player(uow(), campaign.id, "ann", "Ann")
        table.add_note(uow(), campaign.id, access.GM_VIEWER, "the ferry is late — again")
        if ruleset == "realtime":
            sheet = {"side": "party", "hp": 20, "position": [0, 0]}
            characters.create_character(
                uow(), campaign.id, id="aliena", name="Aliena", player="ann", sheet=sheet
            )
            encounters.start_encounter(uow(), campaign.id, characters=["aliena"], encounter_id="e1")
            for second in range(1, 8):
                command = set_value("clock.second", second, reason=f"tick {second}")
                encounters.submit_command(uow(), "e1", command)
    engine.dispose()


def run(*arguments: str) -> Any:
    return runner.invoke(app, list(arguments))


def test_a_restored_backup_gives_every_campaign_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    stocked(url)
    before = everything(url)
    backup_file = tmp_path / "backups" / "monday.db"
    made = run("backup", str(backup_file), "--database-url", url)
    assert made.exit_code == 0, made.output
    assert "Backed up 2 campaign(s)" in made.output
    # The evening goes on: another campaign, more commands. Then the GM restores Monday.
    engine = settings.open_database(url)
    campaigns.create_campaign(SqlUnitOfWork(engine), "Later", "realtime")
    encounters.submit_command(
        SqlUnitOfWork(engine), "e1", set_value("clock.second", 99, reason="x")
    )
    engine.dispose()
    later = everything(url)
    restored = run("restore", str(backup_file), "--database-url", url)
    assert restored.exit_code == 0, restored.output
    assert everything(url) == before
    kept = next(tmp_path.glob("live.db.before-restore-*"))
    assert everything(f"sqlite:///{kept}") == later  # what the restore replaced, kept


def test_a_backup_taken_while_the_table_plays_is_one_consistent_state(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    stocked(url)
    engine = settings.open_database(url)
    stop = threading.Event()
    written: list[int] = []

    def play() -> None:
        second = 100
        while not stop.is_set():
            command = set_value("clock.second", second, reason="while backing up")
            written.append(encounters.submit_command(SqlUnitOfWork(engine), "e1", command).version)
            second += 1

    player = threading.Thread(target=play)
    player.start()
    try:
        for number in range(3):
            made = run("backup", str(tmp_path / f"b{number}.db"), "--database-url", url)
            assert made.exit_code == 0, made.output
    finally:
        stop.set()
        player.join()
        engine.dispose()
    assert written
    for number in range(3):
        copy = f"sqlite:///{tmp_path / f'b{number}.db'}"
        document = everything(copy)
        encounter = next(e for d in document.values() for e in d["encounters"])
        assert encounter["version"] == len(encounter["records"])  # no command in half
        view = encounters.load_encounter(SqlUnitOfWork(settings.open_database(copy)), "e1")
        assert view.version == encounter["version"]


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda path: path.write_text("not a database"), "not a readable database"),
        (lambda path: path.write_bytes(b""), "not a Tablekeeper one"),
        (lambda path: None, "there is no file"),
    ],
)
def test_a_bad_backup_is_refused_and_replaces_nothing(
    tmp_path: Path, make: Callable[[Path], object], reason: str
) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    stocked(url)
    before = everything(url)
    bad = tmp_path / "bad.db"
    make(bad)
    refused = run("restore", str(bad), "--database-url", url)
    assert refused.exit_code == 2
    assert reason in refused.stderr
    assert refused.stderr.startswith("error: FILE: ")
    assert everything(url) == before
    assert not list(tmp_path.glob("live.db.before-restore-*"))


def test_a_backup_is_not_written_over_another_without_force(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    stocked(url)
    target = tmp_path / "b.db"
    assert run("backup", str(target), "--database-url", url).exit_code == 0
    again = run("backup", str(target), "--database-url", url)
    assert again.exit_code == 2
    assert "exists already" in again.stderr
    assert run("backup", str(target), "--database-url", url, "--force").exit_code == 0


def test_postgresql_is_backed_up_with_pg_dump(tmp_path: Path) -> None:
    url = "postgresql://gm:secret@db.example/tablekeeper"
    for command, tool in (("backup", "pg_dump --format=custom"), ("restore", "pg_restore")):
        refused = run(command, str(tmp_path / "x.dump"), "--database-url", url)
        assert refused.exit_code == 2
        assert tool in refused.stderr
        assert "secret" not in refused.stderr
