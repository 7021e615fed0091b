"""``tablekeeper console``: the GM console (and the HTTP API under it) in one process.

Migrates the database, loads a demo campaign per ruleset into a database that has no
campaign (``services/demo_campaigns.py``), prints the console's address and each demo's
GM link, and serves ``create_console_app()`` with uvicorn. The GM secret is stored
hashed, so a link is printed only when its campaign is made; ``--new-gm-link`` issues
a fresh one (the old link then stops working).
"""

from __future__ import annotations

import os
from typing import Annotated

import typer
from rich.console import Console

from tablekeeper.cli.errors import user_errors
from tablekeeper.cli.serve import DatabaseUrl, Host, Port, open_migrated

out = Console(highlight=False, soft_wrap=True)


def console(
    host: Host = "127.0.0.1",
    port: Port = 8000,
    database_url: DatabaseUrl = None,
    no_demo: Annotated[
        bool,
        typer.Option("--no-demo", help="Do not load the demo campaigns into an empty database."),
    ] = False,
    new_gm_link: Annotated[
        str | None,
        typer.Option(
            "--new-gm-link",
            metavar="CAMPAIGN_ID",
            help="Issue a new GM link for this campaign (the old one stops working).",
        ),
    ] = None,
) -> None:
    """Serve the GM console: campaigns, characters, players' join links, encounters."""
    import uvicorn

    from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
    from tablekeeper.services import campaigns, settings
    from tablekeeper.services.access import issue_gm_secret
    from tablekeeper.services.demo_campaigns import demo_encounter, ensure_demo_campaigns

    with user_errors():
        url = database_url or settings.database_url()
        engine = open_migrated(url)
        try:
            made = [] if no_demo else ensure_demo_campaigns(lambda: SqlUnitOfWork(engine))
            demos = [
                (campaign, secret, demo_encounter(SqlUnitOfWork(engine), campaign.id))
                for campaign, secret in made
            ]
            fresh = None
            if new_gm_link is not None:
                fresh = (new_gm_link, issue_gm_secret(SqlUnitOfWork(engine), new_gm_link))
            existing = campaigns.list_campaigns(SqlUnitOfWork(engine))
        finally:
            engine.dispose()
    base = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    out.print(f"The GM console: {base}/")
    for campaign, secret, encounter in demos:
        opens = f"/encounters/{encounter}" if encounter else ""
        out.print(
            f"  {campaign.name} ({campaign.ruleset}), "
            f"GM link: {base}/campaigns/{campaign.id}{opens}?key={secret}"
        )
    if fresh is not None:
        out.print(f"  New GM link: {base}/campaigns/{fresh[0]}?key={fresh[1]}")
    if not demos and existing:
        out.print(
            f"  {len(existing)} campaign(s) stored; GM links are shown once, when a campaign "
            "is made (--new-gm-link CAMPAIGN_ID issues a new one)."
        )
    from tablekeeper.services.odds_worker import WARM_ODDS_VARIABLE
    from tablekeeper.web.app import create_console_app  # the web stack only when serving

    os.environ[WARM_ODDS_VARIABLE] = "1"
    uvicorn.run(create_console_app(url), host=host, port=port)
