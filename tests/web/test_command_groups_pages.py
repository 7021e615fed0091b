"""The GM's commands, each once (found on game night, issue 13): in a fractal Micro
conflict the ruleset offers the acting character's actions both as the GM's and as the
character's, and the console showed each button twice, under "GM" and under "Brenna"."""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient

from tablekeeper.api.deps import engine_of
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import demo_campaigns


def test_the_gm_sees_each_command_of_the_acting_character_once(client: TestClient) -> None:
    engine = engine_of(client.app)  # type: ignore[arg-type]
    made = demo_campaigns.ensure_demo_campaigns(lambda: SqlUnitOfWork(engine))
    campaign, secret = next(pair for pair in made if pair[0].ruleset == "fractal")
    encounter = demo_campaigns.demo_encounter(SqlUnitOfWork(engine), campaign.id)
    url = f"/campaigns/{campaign.id}/encounters/{encounter}"
    client.get(f"{url}?key={secret}")
    page = client.get(url).text
    opening = re.search(r"name=\"command\" value=\"([^\"]*open_conflict[^\"]*)\"", page)
    assert opening is not None
    opened = client.post(f"{url}/commands", data={"command": html.unescape(opening.group(1))})
    assert opened.status_code in (200, 303), opened.text
    page = client.get(url).text
    labels = re.findall(r"<button type=\"submit\">(Brenna: [^<]+)</button>", page)
    assert labels, "no command of Brenna's offered"
    assert len(labels) == len(set(labels)), labels
