"""Who is in a running encounter: the GM adds combatants mid-encounter and takes them out.

An encounter starts with the characters the GM chose (``encounters.start_encounter``);
at the table a reinforcement arrives, a fresh NPC walks in, a goblin flees. Each is one
GM command through the ruleset's contract, logged and undone like any other:

- :func:`add_characters`: campaign characters (by id), each the ruleset's ``add_actor``
  of its sheet with what the campaign carries for it (``carry``), one command each;
- :func:`add_new_actor`: a fresh NPC from a sheet typed at the table (not stored as a
  campaign character: it lives in this encounter's log);
- :func:`remove_actor`: the ruleset's ``remove_actor`` (a ruleset that keeps every actor
  refuses, naming the field ``actor``);
- :func:`removable`: the actors the ruleset would take out now (what the console offers).

Only the GM changes who is in an encounter (C-18).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine.campaigns import Encounter
from tablekeeper.engine.commands import Command
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.values import invalid_input
from tablekeeper.errors import RulesError
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import safe_input
from tablekeeper.services.access import GM_VIEWER, Viewer, require_gm
from tablekeeper.services.encounter_store import (
    SNAPSHOT_EVERY,
    EncounterView,
    StoredSession,
    expect,
    played,
)
from tablekeeper.services.encounters import character_command
from tablekeeper.services.problems import Problems
from tablekeeper.services.rulesets import ruleset_named
from tablekeeper.services.table import campaign_events


def add_characters(
    uow: UnitOfWork,
    encounter_id: str,
    characters: Sequence[str],
    *,
    viewer: Viewer = GM_VIEWER,
    expected_version: int | None = None,
) -> EncounterView:
    """Add the campaign's ``characters`` (ids) to the running encounter, in that order, one
    GM command each (each undone on its own). An unknown character, one already in the
    encounter or a sheet the rules refuse writes nothing."""
    require_gm(viewer, "add a combatant")
    if not characters:
        raise RulesError("choose at least one character to add", field="characters")

    def act(encounter: Encounter, session: StoredSession[Any]) -> None:
        expect(encounter, expected_version)
        rules = ruleset_named(encounter.ruleset)
        carried = rules.campaign_state(campaign_events(uow, encounter.campaign_id))
        for index, character in enumerate(characters):
            command = character_command(
                rules, uow, encounter.campaign_id, character, index, carried
            )
            _submit(session, command, f"characters.{index}")

    with uow:
        return played(uow, encounter_id, RandomRoller(), act, SNAPSHOT_EVERY)


def add_new_actor(
    uow: UnitOfWork,
    encounter_id: str,
    sheet: Mapping[str, Any],
    *,
    id: str,
    name: str,
    viewer: Viewer = GM_VIEWER,
    expected_version: int | None = None,
) -> EncounterView:
    """Add a fresh NPC to the running encounter from ``sheet`` (the ruleset's actor spec
    without its id), under ``id`` and ``name``; every problem (the id, the name, each of
    the sheet's fields) is told at once."""
    require_gm(viewer, "add a combatant")

    def act(encounter: Encounter, session: StoredSession[Any]) -> None:
        expect(encounter, expected_version)
        spec = _new_spec(ruleset_named(encounter.ruleset), sheet, id, name)
        _submit(session, ruleset_named(encounter.ruleset).add_actor(spec), "sheet", keep=True)

    with uow:
        return played(uow, encounter_id, RandomRoller(), act, SNAPSHOT_EVERY)


def check_new_actor(
    uow: UnitOfWork,
    encounter_id: str,
    sheet: Mapping[str, Any],
    *,
    id: str,
    name: str,
    viewer: Viewer = GM_VIEWER,
) -> None:
    """Refuse, as :func:`add_new_actor` would, what is wrong with a fresh NPC, writing
    nothing (a form with an input it could not read still hears of everything else)."""
    require_gm(viewer, "add a combatant")
    with uow:
        encounter = uow.encounters.get(encounter_id)
        _new_spec(ruleset_named(encounter.ruleset), sheet, id, name)


def _new_spec(rules: Ruleset, sheet: Mapping[str, Any], id: str, name: str) -> BaseModel:
    """The actor spec of a fresh NPC; every problem at once."""
    problems = Problems()
    if not id.strip():
        problems.add(RulesError("give the new combatant an id", field="id"))
    else:
        problems.check(lambda: safe_input.check_id(id.strip(), "id"))
    if not name.strip():
        problems.add(RulesError("give the new combatant a name", field="name"))
    problems.check(lambda: safe_input.check_document(dict(sheet), "sheet"))
    try:
        spec = rules.actor_spec(sheet, id=id.strip() or _ANY_ID, name=name.strip() or _ANY_ID)
    except ValidationError as error:
        problems.add(invalid_input(error, prefix="sheet"))
    except RulesError as error:
        problems.add(error)
    problems.raise_any()
    return spec


_ANY_ID = "new-combatant"
"""An id the sheet is checked under while the GM's own is missing."""


def remove_actor(
    uow: UnitOfWork,
    encounter_id: str,
    actor: str,
    *,
    viewer: Viewer = GM_VIEWER,
    expected_version: int | None = None,
) -> EncounterView:
    """Take ``actor`` out of the running encounter: the ruleset's ``remove_actor``, one GM
    command (undo puts it back as it was)."""
    require_gm(viewer, "remove a combatant")

    def act(encounter: Encounter, session: StoredSession[Any]) -> None:
        expect(encounter, expected_version)
        rules = ruleset_named(encounter.ruleset)
        _submit(session, rules.remove_actor(session.state, actor), "actor")

    with uow:
        return played(uow, encounter_id, RandomRoller(), act, SNAPSHOT_EVERY)


def removable(view: EncounterView, actors: Sequence[str]) -> frozenset[str]:
    """Those of ``actors`` the ruleset would take out of the encounter now (the command
    itself may still be refused, say mid-second)."""
    found = set()
    for actor in actors:
        try:
            view.ruleset.remove_actor(view.state, actor)
        except RulesError:
            continue
        found.add(actor)
    return frozenset(found)


def _submit(
    session: StoredSession[Any], command: Command, field: str, *, keep: bool = False
) -> None:
    """Play the GM's ``command``; a refusal names ``field`` (the form's), or keeps the
    field it names (``keep``: a sheet's own field)."""
    try:
        session.submit(command)
    except RulesError as error:
        if not (keep and error.field):
            error.field = field
        raise
