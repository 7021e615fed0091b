"""Campaign use cases: create one bound to a ruleset and its options, read and list them.

Every interface (CLI, API, console) calls these; each takes a
:class:`~tablekeeper.persistence.unit_of_work.UnitOfWork` (SQL in production, the
in-memory fake in service tests) and commits once, at the end, or not at all. A campaign
plays one ruleset, found by name (``services/rulesets.py``), by that ruleset's ``Options``:
every ruling a table may change is reachable from here.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError

from tablekeeper.engine.campaigns import Campaign, Encounter
from tablekeeper.engine.values import invalid_input
from tablekeeper.errors import ConflictError, UnknownNameError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import safe_input
from tablekeeper.services.access import hash_secret
from tablekeeper.services.rulesets import options_of, ruleset_named


def create_campaign(
    uow: UnitOfWork,
    name: str,
    ruleset: str,
    options: Mapping[str, Any] | None = None,
    *,
    campaign_id: str | None = None,
    gm_secret: str | None = None,
) -> Campaign:
    """A new campaign bound to ``ruleset``, playing by ``options`` (validated by the
    ruleset's ``Options`` model; errors name ``options.<field>``), with ``gm_secret`` (if
    given; see :func:`~tablekeeper.services.access.issue_gm_secret`) stored hashed.
    Writes nothing if anything is wrong."""
    safe_input.check_entry(campaign_id, {"name": name, "options": dict(options or {})})
    rules = ruleset_named(ruleset)
    chosen = options_of(rules, options)
    with uow:
        try:
            campaign = Campaign(
                id=campaign_id or uuid.uuid4().hex,
                name=name,
                ruleset=rules.name,
                options=chosen.model_dump(mode="json"),
                created_sequence=uow.campaigns.next_sequence(),
            )
        except ValidationError as error:
            raise invalid_input(error, prefix="campaign") from None
        refuse_taken(uow.campaigns.get, campaign.id, "campaign_id")
        uow.campaigns.add(campaign)
        if gm_secret is not None:
            uow.campaigns.set_gm_secret_hash(campaign.id, hash_secret(gm_secret))
        uow.commit()
    return campaign


def get_campaign(uow: UnitOfWork, campaign_id: str) -> Campaign:
    """The campaign ``campaign_id`` (:class:`~tablekeeper.errors.UnknownNameError` if none)."""
    with uow:
        return uow.campaigns.get(campaign_id)


def list_campaigns(uow: UnitOfWork) -> list[Campaign]:
    """Every campaign, oldest first."""
    with uow:
        return uow.campaigns.list()


def list_encounters(uow: UnitOfWork, campaign_id: str) -> list[Encounter]:
    """The encounters of a campaign."""
    with uow:
        uow.campaigns.get(campaign_id)
        return uow.encounters.list_for(campaign_id)


def refuse_taken(get: Callable[[str], object], identifier: str, field: str) -> None:
    """Refuse an id ``get`` finds: a :class:`~tablekeeper.errors.ConflictError` naming
    ``field`` (409 over HTTP), so a second creation never overwrites the first."""
    try:
        get(identifier)
    except UnknownNameError:
        return
    raise ConflictError(f"{identifier!r} is already taken", field=field)
