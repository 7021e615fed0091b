"""A duel fighter's sheet as a form in the duel's words: side, hit points, defense."""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.sheet_forms import SheetField, SheetForm, SheetSection


def sheet_form(options: Any) -> SheetForm:
    """The fighter's sheet as the GM fills it."""
    return SheetForm(
        (
            SheetSection(
                "The fighter",
                (
                    SheetField("side", "Side", "text", help="Empty: the fighter's own."),
                    SheetField("hp", "Hit points", minimum=1, maximum=1000, default=10),
                    SheetField(
                        "defense",
                        "Defense",
                        minimum=1,
                        maximum=30,
                        default=10,
                        help="An attack hits on a 1d20 face at least this.",
                    ),
                ),
            ),
        )
    )
