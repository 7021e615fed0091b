"""The character sheet's form as the console shows and reads it.

The form itself is the ruleset's (``Ruleset.sheet_form``, ``engine/sheet_forms.py``): its
fields in the rules' words, pickers filled from its data. Here the console reads a
posted form into the sheet the services validate (the ruleset's form assembles it; what
no field fills comes from the collapsed "edit as JSON" box, ``sheet_json``), and sends
the services' errors back next to the input each names, a table's row included
(``sheet.stats.skills.Dodge`` is the Dodge row's value).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tablekeeper.engine.campaigns import Campaign
from tablekeeper.engine.sheet_forms import SheetField, SheetForm, merged, row_indices
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.services import safe_input
from tablekeeper.services.rulesets import options_of, ruleset_named
from tablekeeper.web.forms import errors_by_field, readable_help
from tablekeeper.web.pages import FormData

SHEET_JSON = "sheet_json"
"""The "edit as JSON" box: what of the sheet no field fills."""


@dataclass(frozen=True)
class ReadSheet:
    """A posted sheet: the sheet, the inputs that could not be read (by input name), the
    sheet paths a table's rows stand for (``sheet.stats.skills.Dodge`` -> its input)."""

    sheet: dict[str, Any]
    problems: dict[str, str] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)


def sheet_form_of(campaign: Campaign, stored: Mapping[str, Any] | None = None) -> SheetForm:
    """The campaign's ruleset's sheet form under its options (with ``stored``'s items
    offered as they are, on an edit)."""
    rules = ruleset_named(campaign.ruleset)
    form = _for_the_table(rules.sheet_form(options_of(rules, campaign.options)))
    return form if stored is None else form.including(stored)


def _for_the_table(form: SheetForm) -> SheetForm:
    """``form`` with its help written for the table, as every generated form's is
    (``forms.readable_help``: the rule ids the ruleset cites left out)."""
    return replace(
        form,
        sections=tuple(
            replace(
                section,
                help=readable_help(section.help),
                fields=tuple(
                    replace(item, help=readable_help(item.help)) for item in section.fields
                ),
            )
            for section in form.sections
        ),
    )


def posted_of(form: Mapping[str, str]) -> dict[str, list[str]]:
    """Every value of each input of a submitted form."""
    if isinstance(form, FormData):
        return {name: form.all(name) for name in form}
    return {name: [value] for name, value in form.items()}


def read_sheet(sheet_form: SheetForm, form: Mapping[str, str]) -> ReadSheet:
    """The sheet ``form`` describes: the fields over the JSON box."""
    assembled = sheet_form.assemble(posted_of(form))
    problems = dict(assembled.problems)
    extra: dict[str, Any] = {}
    text = form.get(SHEET_JSON, "").strip()
    if text:
        try:  # bounded like every document (safe_input): no NaN, no deep nesting
            loaded = safe_input.load_json(text, SHEET_JSON, safe_input.CHARACTERS)
        except InvalidInputError as error:
            problems[SHEET_JSON] = error.message
        else:
            if isinstance(loaded, dict):
                extra = loaded
            else:
                problems[SHEET_JSON] = "a JSON object ({...}) is expected"
    aliases = {f"sheet.{path}": name for path, name in assembled.inputs.items()}
    return ReadSheet(merged(extra, assembled.sheet), problems, aliases)


def sheet_json(sheet_form: SheetForm, sheet: Mapping[str, Any]) -> str:
    """What the JSON box holds for a stored sheet: all that no field fills."""
    rest = sheet_form.uncovered(sheet)
    return json.dumps(rest, indent=1, ensure_ascii=False) if rest else ""


def sheet_errors(
    error: RulesError, sheet_form: SheetForm, read: ReadSheet, others: set[str]
) -> tuple[dict[str, str], list[str]]:
    """The services' error by input name (and what belongs to none), the form's own
    problems of the same submission beside them: every problem at once."""
    names = sheet_form.input_names() | set(read.aliases.values()) | others | {SHEET_JSON}
    found, general = errors_by_field(error, names, aliases=read.aliases)
    return {**found, **read.problems}, general


def with_problems(
    error: RulesError | None, problems: Mapping[str, str], aliases: Mapping[str, str]
) -> RulesError:
    """The services' ``error`` (if any) and the inputs the form could not read, as one
    error naming each input, so that :func:`~tablekeeper.web.forms.errors_by_field` puts
    every one next to its input at once. What the services miss only because an input
    could not be read (``sheet.stats: Field required`` when a stat's input was unreadable)
    is left out, and an input's own problem stands for the services' on it (as
    :func:`sheet_errors` does): it says it."""
    if error is not None and not problems:
        return error
    parts = [f"{name}: {text}" for name, text in problems.items()]
    if error is not None:
        told = [part for part in str(error).split("; ") if not _follows(part, problems, aliases)]
        parts = [*told, *parts]
    field = error.field if error is not None and error.field else next(iter(problems))
    return InvalidInputError("; ".join(parts), field=field)


def _follows(part: str, problems: Mapping[str, str], aliases: Mapping[str, str]) -> bool:
    """Whether the problem ``part`` (``path: reason``) is about an input that could not be
    read, or a group holding one."""
    path = part.partition(": ")[0]
    path = aliases.get(path, path)
    return path in problems or any(name.startswith(f"{path}.") for name in problems)


def table_rows(item: SheetField, posted: Mapping[str, Any]) -> list[int]:
    """The rows a table shows: those posted or stored with something in them (under their
    own numbers, which their errors name), then ``item.rows`` blank ones."""
    every = row_indices(posted, item.name)
    prefix = f"{item.name}."
    filled = [
        row
        for row in every
        if any(
            name.startswith(f"{prefix}{row}") and any(str(value).strip() for value in values)
            for name, values in posted.items()
            if name == f"{prefix}{row}" or name.startswith(f"{prefix}{row}.")
        )
    ]
    start = every[-1] + 1 if every else 0
    return [*filled, *range(start, start + item.rows)]


def first(posted: Mapping[str, Any], name: str) -> str:
    """The first value posted under ``name`` (empty when none)."""
    values = posted.get(name) or ()
    return str(values[0]) if values else ""
