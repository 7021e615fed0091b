"""The encounter page: the table a GM runs an encounter from, and a player's view of it.

The page (``encounter.html``) wraps the table fragment (``_table.html``) that htmx and
the live updates re-fetch: the ruleset's clock panel, the pending decision, the commands
the viewer may give as buttons, the GM's tools and the log. Every write is a form that
works without JavaScript (a POST, then a 303 back to the page) and answers htmx with the
refreshed fragment; each carries the ``expected_version`` the viewer saw, so a race's
loser is told "someone else moved first" and shown the table as it now stands.

Who asks decides what is shown and allowed (``services/views.py``): a player sees the
state and log filtered for them and the commands of their own creatures; the GM sees
everything, may act for any creature, answer any decision, undo and redo, override the
state with a reason, and give the ruleset's GM commands (forms generated from their
payload models by ``web/forms.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, JsonValue
from starlette.responses import RedirectResponse, Response

from tablekeeper.api.deps import announce, unit_of_work
from tablekeeper.dice.roller import Roller
from tablekeeper.engine import overrides
from tablekeeper.engine.cards import ActorCard
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import ANSWER
from tablekeeper.engine.events import LogRecord
from tablekeeper.engine.log import EventLog
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.values import ACTOR_FORMAT, GM, SIDE_FORMAT
from tablekeeper.engine.words import name_of
from tablekeeper.errors import (
    AuthenticationError,
    ForbiddenError,
    InvalidInputError,
    RulesError,
    UnknownNameError,
)
from tablekeeper.persistence.errors import StaleVersionError
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import (
    boards,
    campaigns,
    encounter_names,
    encounters,
    lab,
    logs,
    outcomes,
    safe_input,
    views,
)
from tablekeeper.services.access import Viewer, require_gm
from tablekeeper.services.command_odds import command_odds, standing_odds
from tablekeeper.services.dice import make_roller
from tablekeeper.services.rulesets import ruleset_named
from tablekeeper.services.table_dice import DieNeeded, Rolled
from tablekeeper.web import access, table_roll
from tablekeeper.web.abbreviations import abbreviations_of
from tablekeeper.web.card_view import card_context
from tablekeeper.web.dice import parse_faces
from tablekeeper.web.form_fields import FormItem
from tablekeeper.web.forms import (
    errors_by_field,
    posted_names,
    read_form,
    sheet_fields,
)
from tablekeeper.web.labels import distinct_labels
from tablekeeper.web.log_view import log_page
from tablekeeper.web.outcome import FOLLOW_UP, follow_up_forms
from tablekeeper.web.pages import Form, PageRoute, key_taken
from tablekeeper.web.templating import is_htmx, render, ruleset_template

STALE = "Someone else moved first: the table was reloaded."
"""What the loser of a race reads above the fresh table."""


@dataclass(frozen=True)
class GmForm:
    """A GM command as a form: its kind, its title and the inputs of its payload."""

    kind: str
    title: str
    items: tuple[FormItem, ...]
    payload: type[BaseModel]

    @property
    def slug(self) -> str:
        """The form's part of its inputs' HTML ids."""
        return self.kind.replace(".", "-")


@cache
def gm_forms(ruleset: str) -> tuple[GmForm, ...]:
    """The forms of the GM commands of ``ruleset`` (its ``gm_commands``), from their
    payload models."""
    return tuple(
        GmForm(item.kind, item.title, sheet_fields(item.payload.model_json_schema()), item.payload)
        for item in ruleset_named(ruleset).gm_commands()
    )


def offered_commands(
    view: encounters.EncounterView,
    viewer: Viewer,
    document: Mapping[str, Any],
    names: Mapping[str, str],
) -> list[dict[str, Any]]:
    """The commands ``viewer`` may give now, each with its label in the ruleset's words,
    its JSON, actor, kind and odds: a player's creatures' commands; for the GM, the GM's
    own and each actor's, each saying whether it rolls dice (``rolls``: only those are
    offered to roll at the table)."""
    if viewer.is_gm:
        found = [
            command
            for actor in (GM, *views.actors_of(view))
            for command in views.legal_commands_for(view, actor)
        ]
    else:
        found = [Command.model_validate(command) for command in document["legal_commands"]]
    words = view.ruleset.words
    offered = []
    seen: set[str] = set()
    # A ruleset may offer a creature's order as the GM's too (fractal's acting
    # character): one button, under the creature that acts.
    creatures = {_order(command) for command in found if command.actor != GM}
    for command in found:
        data = command.model_dump(mode="json")
        text = json.dumps(data, separators=(",", ":"), sort_keys=True)
        if command.kind == ANSWER or text in seen:  # the GM's list and a creature's overlap
            continue
        if command.actor == GM and _order(command) in creatures:
            continue
        seen.add(text)
        offered.append(
            {
                "label": words.command_label(command, view.state, names),
                "json": json.dumps(data, separators=(",", ":")),
                "actor": command.actor,
                "kind": command.kind,
                "odds": command_odds(view, command, viewer),
                "rolls": viewer.is_gm and table_roll.rolls(view, command),
                "payload": data.get("payload") or {},
            }
        )
    return distinct_labels(offered)


def _order(command: Command) -> str:
    """What a command orders, whoever gives it: its kind and payload."""
    return json.dumps([command.kind, command.payload], separators=(",", ":"), sort_keys=True)


def grouped(commands: Sequence[Mapping[str, Any]], names: Mapping[str, str]) -> list[Any]:
    """The commands grouped by actor, in the order offered: ``(actor's id, actor's name,
    commands)``."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for command in commands:
        groups.setdefault(str(command["actor"]), []).append(command)
    return [(actor, name_of(names, actor), items) for actor, items in groups.items()]


def _next_redo(records: Sequence[LogRecord]) -> str | None:
    """The command a redo would give again (the GM reads the whole log), or ``None``."""
    again = EventLog(records).next_redo
    return str(again[0].command_id) if again else None


def table_context(
    request: Request, campaign_id: str, encounter_id: str, viewer: Viewer
) -> dict[str, Any]:
    """Everything the table's templates read, as ``viewer`` may see it."""
    view, document = views.encounter_as_seen(unit_of_work(request), encounter_id, viewer)
    if view.encounter.campaign_id != campaign_id:
        raise UnknownNameError(
            f"no encounter {encounter_id} in campaign {campaign_id}", field="encounter"
        )
    cards = [ActorCard.model_validate(card) for card in document["cards"]]
    names = views.names_for(cards)
    commands = offered_commands(view, viewer, document, names)
    records = logs.encounter_log(unit_of_work(request), encounter_id, viewer=viewer)
    rules = view.ruleset
    people = views.player_names(unit_of_work(request), campaign_id)
    return {
        "campaign": campaigns.get_campaign(unit_of_work(request), campaign_id),
        "viewer": viewer,
        "player_name": people.get(viewer.player or "", viewer.player),
        "encounter": document["encounter"],
        "label": encounter_names.label_of(unit_of_work(request), campaign_id, encounter_id, viewer),
        "state": document["state"],
        "cards": cards,
        "board": boards.board_for(view, viewer),
        "aims": boards.aims_for(view, viewer),
        "clock_words": document["clock"],
        "ended": document["ended"],
        "ruleset_panel": (
            ruleset_template(rules.name, rules.console_panel) if rules.console_panel else None
        ),
        "pending": document["pending"],
        "rolling_options": rolling_options(view) if viewer.is_gm else frozenset(),
        "players": {key: people.get(who, who) for key, who in document["players"].items()},
        "commands": commands,
        "command_groups": grouped(commands, names),
        "standing_odds": standing_odds(view, viewer),
        "log": log_page(
            records,
            lambda chosen: views.log_json(view, chosen, viewer),
            lambda events: rules.words.command_summary(
                events, names, views.sight_for(events, viewer)
            ),
            names,
            _page_number(request.query_params.get("log_page", "")),
            redo=_next_redo(records) if viewer.is_gm else None,
        ),
        "gm_forms": gm_forms(view.encounter.ruleset) if viewer.is_gm else (),
        "lab_scenario": lab_scenario(view.encounter.ruleset) if viewer.is_gm else "",
        "form_pickers": form_pickers(rules, view.state, cards, names) if viewer.is_gm else {},
        "follow_ups": follow_up_forms(
            outcomes.follow_ups(view, records, viewer),
            {form.kind: form.items for form in gm_forms(view.encounter.ruleset)},
        ),
        "override_paths": override_paths(document["state"], cards) if viewer.is_gm else [],
        "override_fields": override_fields(document["state"], cards) if viewer.is_gm else [],
        "names": names,
        "abbreviations": abbreviations_of(rules.words),
        "notice": None,
        "errors": {},
        "field_errors": {},
        "values": {},
        "form_kind": None,
        **card_context(unit_of_work(request), view, viewer, cards, campaign_id),
    }


def lab_scenario(ruleset: str) -> str:
    """The lab's choice (``ruleset/name``) of the first scenario ``ruleset`` ships, which
    the GM's link to the balance lab preselects; empty when it ships none."""
    shipped = lab.scenarios_of(ruleset)
    return f"{ruleset}/{shipped[0]}" if shipped else ""


def rolling_options(view: encounters.EncounterView) -> frozenset[str]:
    """The pending decision's options whose answer rolls dice (the ones the GM is offered
    to roll at the table)."""
    pending = view.pending
    if pending is None:
        return frozenset()
    return frozenset(
        option.id for option in pending.options if table_roll.rolls(view, pending.answer(option.id))
    )


def form_pickers(
    rules: Ruleset, state: Any, cards: Sequence[ActorCard], names: Mapping[str, str]
) -> dict[str, list[tuple[str, str]]]:
    """What a GM form's pickers offer, by the JSON-schema ``format`` a payload field names
    (``engine/values.py``): the encounter's creatures and their sides, read from the cards,
    and what the ruleset offers from its state (its ``form_pickers``: fractal's conflicts)."""
    sides = list(dict.fromkeys(card.side for card in cards if card.side))
    offered = {key: list(values) for key, values in rules.form_pickers(state).items()}
    return {
        **offered,
        ACTOR_FORMAT: [(card.id, name_of(names, card.id)) for card in cards],
        SIDE_FORMAT: [(side, side) for side in sides],
    }


def override_paths(state: Mapping[str, Any], cards: Sequence[ActorCard]) -> list[str]:
    """What the overrides form offers: each actor's state path (for a condition) and
    the path of each of its plain values (numbers, words, yes/no), read from the state
    itself, so no ruleset's keys are guessed."""
    found: list[str] = []
    for card in cards:
        node: Any = state
        for part in card.path.split("."):
            node = node.get(part) if isinstance(node, Mapping) else None
        if not isinstance(node, Mapping):
            continue
        found.append(card.path)
        found += [
            f"{card.path}.{key}"
            for key, value in node.items()
            if isinstance(value, int | float | str | bool) and key != "id"
        ]
    return found


def override_fields(state: Mapping[str, Any], cards: Sequence[ActorCard]) -> list[str]:
    """The values the overrides form offers to change, picked beside a creature: every
    plain value any creature has (``hp``, ``seconds_negative``), in the state's order."""
    found: dict[str, None] = {}
    for path in override_paths(state, cards):
        owner = next((card.path for card in cards if path.startswith(f"{card.path}.")), None)
        if owner is not None:
            found[path.removeprefix(f"{owner}.")] = None
    return list(found)


def _page_number(text: str) -> int:
    """The log page asked for (0, the newest, unless a number says otherwise)."""
    return int(text) if text.isdigit() and len(text) < 7 else 0


def _encounter_in(
    request: Request, campaign_id: str, encounter_id: str
) -> encounters.EncounterView:
    view = encounters.load_encounter(unit_of_work(request), encounter_id)
    if view.encounter.campaign_id != campaign_id:
        raise UnknownNameError(
            f"no encounter {encounter_id} in campaign {campaign_id}", field="encounter"
        )
    return view


def _page(
    request: Request,
    campaign_id: str,
    encounter_id: str,
    viewer: Viewer,
    extra: Mapping[str, Any] | None = None,
    status: int = 200,
) -> Response:
    context = table_context(request, campaign_id, encounter_id, viewer)
    context.update(extra or {})
    return render(request, "encounter.html", context, status_code=status, partial="_table.html")


def _version(form: Mapping[str, str]) -> int | None:
    text = form.get("expected_version", "").strip()
    return int(text) if text.isdigit() else None


Action = Callable[[SqlUnitOfWork, Viewer], object]


def _act(
    request: Request,
    campaign_id: str,
    encounter_id: str,
    action: Action,
    panel: str,
    extra: Mapping[str, Any] | None = None,
    names: set[str] | None = None,
    after: Mapping[str, Any] | None = None,
    form: Mapping[str, str] | None = None,
    aliases: Mapping[str, str] | None = None,
) -> Response:
    """Run ``action`` as the viewer; answer the fresh table (htmx, with ``after`` kept in
    it) or go back to the page. A write rolled at the table (``form``'s) that needs
    another die answers the page asking for it (``web/table_roll.py``).

    A refusal goes back at the top of ``panel`` (or next to its field among ``names``,
    its paths renamed by ``aliases`` first: a sheet's table rows);
    a lost race reloads the table with :data:`STALE`; a missing credential or a player
    asking for the GM's powers is the error page (PageRoute).
    """
    viewer = access.viewer_of(request, campaign_id)
    _encounter_in(request, campaign_id, encounter_id)
    try:
        done = action(unit_of_work(request), viewer)
    except StaleVersionError:
        status = 200 if is_htmx(request) else 409
        return _page(request, campaign_id, encounter_id, viewer, {"notice": STALE}, status)
    except (AuthenticationError, ForbiddenError):
        raise
    except RulesError as error:
        found, general = errors_by_field(
            error, names or set(), aliases=aliases or {"payload": "sheet", "dice": "faces"}
        )
        context: dict[str, Any] = {**(extra or {}), "field_errors": found}
        if general or not found:
            context["errors"] = {panel: "; ".join(general) or error.message}
        status = 200 if is_htmx(request) else 422
        return _page(request, campaign_id, encounter_id, viewer, context, status)
    if isinstance(done, DieNeeded | table_roll.FaceRefused):  # at the table: the next die
        asked = {
            **(extra or {}),
            "table_roll": table_roll.panel(done, form or {}, request.url.path),
        }
        return _page(request, campaign_id, encounter_id, viewer, asked)
    if isinstance(done, Rolled):
        after = {**(after or {}), "table_rolled": done.rolled}
    done = table_roll.rolled_view(done)
    if isinstance(done, encounters.EncounterView):  # live pages hear of it at once
        announce(request, encounter_id, done.version)
    if is_htmx(request):
        return _page(request, campaign_id, encounter_id, viewer, after)
    url = f"/campaigns/{campaign_id}/encounters/{encounter_id}"
    return RedirectResponse(url, status_code=303)


def _roller(form: Mapping[str, str], viewer: Viewer) -> Roller | None:
    """The faces the GM typed in from the table, played back strictly (every one used,
    none missing), or ``None``: the console rolls. Only the GM types faces."""
    faces = parse_faces(form.get("faces", ""))
    if faces is None:
        return None
    require_gm(viewer, "enter the faces rolled at the table")
    return make_roller(dice=faces)


Write = Callable[[SqlUnitOfWork, Viewer, Roller | None], encounters.EncounterView]
"""A write given its roller (``None``: the console rolls)."""


def _rolling(form: Mapping[str, str], write: Write) -> Action:
    """The write ``form`` asks for: rolled at the table die by die, with the faces typed
    all at once, or by the console."""
    if table_roll.wanted(form):
        return table_roll.step(form, write)
    return lambda uow, viewer: write(uow, viewer, _roller(form, viewer))


def _faces_kept(form: Mapping[str, str]) -> tuple[dict[str, Any], set[str]]:
    """What a refused command or answer keeps: the faces typed and the roll mode chosen,
    and the fields they go by."""
    kept = {"faces_typed": form.get("faces", ""), "roll_mode_chosen": form.get("roll_mode", "")}
    return kept, {"faces", "roll_mode"}


def _kept(form: Mapping[str, str]) -> dict[str, Any]:
    """What a write that rolls nothing (undo, redo, an override) gives back: the faces
    typed, still waiting for the next command that rolls."""
    return {"faces_typed": form.get("faces", "")}


def _override(form: Mapping[str, str]) -> Command:
    """The GM override the overrides form describes (a value is JSON, else text)."""
    operation = form.get("operation", "set_value")
    reason, secret = form.get("reason", "").strip(), "secret" in form
    creature, field = form.get("creature", "").strip(), form.get("field", "").strip()
    picked = f"{creature}.{field}" if creature and field else creature
    path = form.get("path", "").strip() or picked  # a typed path wins over the pickers
    raw = form.get("value", "").strip()
    value: JsonValue
    try:  # bounded like every document (safe_input)
        value = safe_input.load_json(raw, "value", safe_input.CHARACTERS)
    except InvalidInputError:
        value = raw
    if operation == "add_condition":
        return overrides.add_condition(path, value, reason=reason, secret=secret)
    if operation == "remove_condition":
        return overrides.remove_condition(path, value, reason=reason, secret=secret)
    return overrides.set_value(path, value, reason=reason, secret=secret)


def build_router() -> APIRouter:
    """The encounter page, its table fragment and the writes it offers."""
    router = APIRouter(route_class=PageRoute, include_in_schema=False)
    base = "/campaigns/{campaign_id}/encounters/{encounter_id}"

    @router.get(base)
    def encounter_page(request: Request, campaign_id: str, encounter_id: str) -> Response:
        if (keyed := key_taken(request, unit_of_work(request), campaign_id)) is not None:
            return keyed  # a demo's GM link opens on its encounter
        viewer = access.viewer_of(request, campaign_id)
        context = table_context(request, campaign_id, encounter_id, viewer)
        return render(request, "encounter.html", context)

    @router.get(base + "/table")
    def table(request: Request, campaign_id: str, encounter_id: str) -> Response:
        viewer = access.viewer_of(request, campaign_id)
        context = table_context(request, campaign_id, encounter_id, viewer)
        return render(request, "_table.html", context)

    @router.post(base + "/commands")
    def command(request: Request, campaign_id: str, encounter_id: str, form: Form) -> Response:
        def submit(
            uow: SqlUnitOfWork, viewer: Viewer, roller: Roller | None
        ) -> encounters.EncounterView:
            data = safe_input.load_json(form.get("command", ""), "command", safe_input.CHARACTERS)
            if not isinstance(data, dict):
                raise RulesError("the command is not a JSON object", field="command")
            return encounters.submit_command(
                uow,
                encounter_id,
                data,
                viewer=viewer,
                roller=roller,
                expected_version=_version(form),
                roll_mode=form.get("roll_mode") or None,
            )

        action = _rolling(form, submit)
        kept, faces = _faces_kept(form)
        return _act(request, campaign_id, encounter_id, action, "commands", kept, faces, form=form)

    @router.post(base + "/decisions/{decision_id}")
    def decide(
        request: Request, campaign_id: str, encounter_id: str, decision_id: str, form: Form
    ) -> Response:
        def answer(
            uow: SqlUnitOfWork, viewer: Viewer, roller: Roller | None
        ) -> encounters.EncounterView:
            return encounters.answer_decision(
                uow,
                encounter_id,
                decision_id,
                form.get("option", ""),
                viewer=viewer,
                roller=roller,
                expected_version=_version(form),
                roll_mode=form.get("roll_mode") or None,
            )

        action = _rolling(form, answer)
        kept, faces = _faces_kept(form)
        return _act(request, campaign_id, encounter_id, action, "decision", kept, faces, form=form)

    _add_gm_routes(router, base)
    return router


def _add_gm_routes(router: APIRouter, base: str) -> None:
    """The GM's writes: undo, redo, overrides and the ruleset's GM commands."""

    @router.post(base + "/undo")
    def undo(request: Request, campaign_id: str, encounter_id: str, form: Form) -> Response:
        def take_back(uow: SqlUnitOfWork, viewer: Viewer) -> object:
            return encounters.undo(
                uow, encounter_id, viewer=viewer, expected_version=_version(form)
            )

        kept = _kept(form)
        return _act(request, campaign_id, encounter_id, take_back, "history", kept, after=kept)

    @router.post(base + "/redo")
    def redo(request: Request, campaign_id: str, encounter_id: str, form: Form) -> Response:
        def play_again(uow: SqlUnitOfWork, viewer: Viewer) -> object:
            return encounters.redo(
                uow, encounter_id, viewer=viewer, expected_version=_version(form)
            )

        kept = _kept(form)
        return _act(request, campaign_id, encounter_id, play_again, "history", kept, after=kept)

    @router.post(base + "/overrides")
    def override(request: Request, campaign_id: str, encounter_id: str, form: Form) -> Response:
        def overrule(uow: SqlUnitOfWork, viewer: Viewer) -> object:
            return encounters.submit_command(
                uow, encounter_id, _override(form), viewer=viewer, expected_version=_version(form)
            )

        kept = {**_kept(form), "values": {"override": dict(form)}}
        return _act(
            request, campaign_id, encounter_id, overrule, "overrides", kept, after=_kept(form)
        )

    @router.post(base + "/gm/{kind}")
    def gm_command(
        request: Request, campaign_id: str, encounter_id: str, kind: str, form: Form
    ) -> Response:
        ruleset = encounters.get_encounter(unit_of_work(request), encounter_id).ruleset
        chosen = next((item for item in gm_forms(ruleset) if item.kind == kind), None)
        if chosen is None:
            raise UnknownNameError(f"no GM form {kind!r} for {ruleset}", field="kind")

        def give(
            uow: SqlUnitOfWork, viewer: Viewer, roller: Roller | None
        ) -> encounters.EncounterView:
            if read.problems:  # with the model's own problems of the rest: all at once
                raise read.refusal(chosen.payload, "payload")
            command = Command(actor=GM, kind=kind, payload=read.values)
            return encounters.submit_command(
                uow,
                encounter_id,
                command,
                viewer=viewer,
                roller=roller,
                expected_version=_version(form),
                roll_mode=form.get("roll_mode") or None,
            )

        read = read_form(chosen.items, form)
        kept, faces = _faces_kept(form)
        extra = {**kept, "values": {kind: dict(form)}, "form_kind": kind}
        panel = f"gm:{kind}"
        asked = form.get(FOLLOW_UP, "")
        if asked.isdigit():  # a follow-up beside the outcome: refused there, not in the tools
            panel = f"{FOLLOW_UP}:{asked}"
            extra = {**kept, "values": {panel: dict(form)}, FOLLOW_UP: int(asked)}
        names = posted_names(chosen.items, form) | set(read.problems) | faces
        action = _rolling(form, give)
        return _act(
            request,
            campaign_id,
            encounter_id,
            action,
            panel,
            extra,
            names,
            form=form,
            aliases={**read.aliases("payload"), "dice": "faces"},
        )
