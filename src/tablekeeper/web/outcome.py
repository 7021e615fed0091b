"""What the table shows after a command, next to the commands (``_outcome.html``).

The outcome is the log's newest entry as the viewer reads it (its heading, the ruleset's
``command_summary``: hit, location, damage, new state; then its sentences), with the
faces rolled at the table and what each was for when the command was rolled there. When
the rules leave the GM a ruling (``services/outcomes.py``: a reaction that hit waits for
its damage), the GM command that makes it is a form right there: the follow-up's payload
as hidden inputs, its question as the one input to fill (sent to the GM tool's route,
with :data:`FOLLOW_UP` naming it, so that a refusal, a bad damage, is told beside it and
not in the GM tool's own form).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablekeeper.engine.rulesets import FollowUp
from tablekeeper.web.form_fields import FormField, FormItem

FOLLOW_UP = "follow_up"
"""The field a follow-up's form sends its number in; the refusal's panel is
``follow_up:<number>`` and the table's context names the refused one under it."""


@dataclass(frozen=True)
class FollowUpForm:
    """A follow-up as a form: the GM tool it gives, its hidden inputs, the input asked."""

    number: int
    question: str
    kind: str
    hidden: dict[str, str]
    ask: str
    number_input: bool


def follow_up_forms(
    asked: Sequence[FollowUp], forms: Mapping[str, Sequence[FormItem]]
) -> list[FollowUpForm]:
    """The forms of the follow-ups asked whose GM tool is among ``forms`` (its inputs by
    kind), each payload field given to the input named for it."""
    found = []
    for number, follow_up in enumerate(asked):
        found_items = forms.get(follow_up.kind, ())
        items = {item.path: item for item in found_items if isinstance(item, FormField)}
        ask = items.get(follow_up.ask)
        if ask is None:
            continue
        hidden = {
            items[key].name: _text(value)
            for key, value in follow_up.payload.items()
            if key in items and key != follow_up.ask
        }
        found.append(
            FollowUpForm(
                number,
                follow_up.question,
                follow_up.kind,
                hidden,
                ask.name,
                ask.widget == "number",
            )
        )
    return found


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else ""
    return "" if value is None else str(value)
