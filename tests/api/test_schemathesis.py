"""Schemathesis against the published OpenAPI schema: no input ever gets a 5xx.

Issue 5: "Test with Schemathesis against the OpenAPI schema: no 5xx for any generated
input." Every operation of ``/api/openapi.json``, drawn by Schemathesis, in two passes on
each database backend (SQLite, and PostgreSQL when one is given): a stranger's requests
(generated ids, no token), and the GM's, aimed at a real campaign, encounter, player and
character (the generated ids replaced by ones that exist) so that the generated bodies
and queries reach the services and the rules rather than stopping at a 401 or a 404.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.core import NotSet  # noqa: E402

from .helpers import REALTIME_NPC, REALTIME_PC, Table, api_client  # noqa: E402

EXAMPLES = 12
"""Generated cases per operation and pass."""


@pytest.fixture
def client(new_database: Callable[[str], str]) -> Iterator[TestClient]:
    with api_client(new_database("fuzz")) as client:
        yield client


def server_errors(client: TestClient, headers: dict[str, str], real: dict[str, str]) -> list[str]:
    """Every generated request, sent with ``headers`` and the ``real`` ids, that got a 5xx."""
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", client.app)
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        def never_5xx(case: Any) -> None:
            path = {**(case.path_parameters or {})}
            path.update({key: value for key, value in real.items() if key in path})
            case.path_parameters = path
            body = None if isinstance(case.body, NotSet) else case.body
            response = client.request(
                case.method,
                case.formatted_path,
                params=case.query,
                json=body,
                headers={**(case.headers or {}), **headers},
            )
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.formatted_path} {body!r}: {response.text}")

        never_5xx()
    assert operations >= 30, "the schema lists every route"
    return failures


def test_no_generated_request_from_a_stranger_gets_a_5xx(client: TestClient) -> None:
    assert server_errors(client, {}, {}) == []


def test_no_generated_request_from_the_gm_gets_a_5xx(client: TestClient) -> None:
    table = Table.open(client, "realtime")
    table.join("ann")
    table.character("aliena", REALTIME_PC, player="ann")
    table.character("balthazar", REALTIME_NPC, kind="npc")
    real = {
        "campaign_id": table.id,
        "encounter_id": table.encounter("aliena", "balthazar")["encounter"]["id"],
        "character_id": "balthazar",
        "player_id": "ann",
    }
    assert server_errors(client, table.gm, real) == []
