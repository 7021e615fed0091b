"""The Dask backend gives the local backend's results for the same seed.

CI runs it on ``LocalCluster``s started in this process (worker threads: they start in
a second or two); a real cluster is the same call with ``--scheduler tcp://host:8786``
(docs/analysis.md, "Backends").
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tablekeeper.analysis import backends
from tablekeeper.analysis.simulation import without_timing
from tablekeeper.errors import InvalidInputError
from tablekeeper.services import lab

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A two-worker cluster, as a real one is reached: by its scheduler's address."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize(
    ("ruleset", "name"), [("duel", "first_blood"), ("percentile", "river_ambush")]
)
def test_dask_gives_the_local_result_for_the_same_seed(
    scheduler: str, ruleset: str, name: str
) -> None:
    local = lab.simulate(name, ruleset=ruleset, trials=12, seed=9, workers=2)
    remote = lab.simulate(
        name, ruleset=ruleset, trials=12, seed=9, backend="dask", scheduler=scheduler, workers=2
    )
    assert without_timing(remote) == without_timing(local)
    assert remote["timing"]["backend"] == "dask"


def test_without_a_scheduler_dask_starts_a_local_cluster() -> None:
    seen: list[int] = []
    started = lab.simulate(
        "first_blood", trials=8, seed=9, backend="dask", workers=1, progress=seen.append
    )
    local = lab.simulate("first_blood", trials=8, seed=9, workers=1)
    assert without_timing(started) == without_timing(local)
    assert sum(seen) == 8


def test_a_scheduler_nobody_listens_at_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "CONNECT_SECONDS", 1)
    with pytest.raises(InvalidInputError, match="cannot reach the Dask scheduler") as caught:
        lab.simulate(
            "first_blood", trials=2, backend="dask", scheduler="tcp://127.0.0.1:9", workers=1
        )
    assert caught.value.field == "scheduler"


def test_a_scheduler_is_only_for_dask() -> None:
    with pytest.raises(InvalidInputError, match="for --backend dask"):
        lab.simulate("first_blood", trials=2, scheduler="tcp://127.0.0.1:9")
