"""The entries a sheet form picks from, read from a ruleset's ``data/*.yaml``.

Each ruleset's ``sheet_form`` offers its skills, weapons and armour from its own data; this
module reads such a file once and turns entries into :class:`Choice` values whose
``sheet`` is the entry as the ruleset's own model validates and stores it (defaults left
out, as a stored sheet holds them), so a picked weapon is exactly a weapon of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

import yaml
from pydantic import BaseModel

from tablekeeper.engine.sheet_forms import Choice
from tablekeeper.rulesets.common.tables import packaged_text


@cache
def sheet_data(package: str, file: str) -> Mapping[str, Any]:
    """The parsed ``data/<file>`` of ``package`` (read once)."""
    loaded = yaml.safe_load(packaged_text(package, file))
    if not isinstance(loaded, Mapping):
        raise ValueError(f"{file}: a mapping is expected")
    return loaded


def named_choices(names: Iterable[str]) -> tuple[Choice, ...]:
    """A choice per name, posted and shown as itself."""
    return tuple(Choice(name, name) for name in names)


def item_choices(
    entries: Iterable[Mapping[str, Any]],
    model: type[BaseModel],
    label: Callable[[BaseModel], str],
    *,
    drop: tuple[str, ...] = (),
) -> tuple[Choice, ...]:
    """A choice per entry: validated by ``model`` (a bad entry is a load error), shown as
    ``label(item)``, posted by its position, standing for the item as a sheet stores it
    (``drop``: the entry's keys that name it but are no part of the model)."""
    choices = []
    for index, entry in enumerate(entries):
        item = model.model_validate({key: value for key, value in entry.items() if key not in drop})
        shown = label(item) if not drop else f"{entry[drop[0]]}: {label(item)}"
        choices.append(
            Choice(str(index), shown, item.model_dump(mode="json", exclude_defaults=True))
        )
    return tuple(choices)
