"""Every problem of one submission at once, instead of one per submit.

A use case that checks several things (a character's entry, its sheet, its player, its
id) records each refusal in a :class:`Problems` and raises them together at the end, as
one error whose message names each field (``id: ...; sheet.hp: ...``), the form the
interfaces already split back onto their fields (``web/forms.errors_by_field``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from tablekeeper.errors import InvalidInputError, RulesError

T = TypeVar("T")


class Problems:
    """The refusals found so far; :meth:`raise_any` raises them as one error."""

    def __init__(self) -> None:
        self.found: list[RulesError] = []

    def add(self, error: RulesError) -> None:
        """Record ``error``."""
        self.found.append(error)

    def check(self, work: Callable[[], T]) -> T | None:
        """``work()``, or ``None`` with its refusal recorded."""
        try:
            return work()
        except RulesError as error:
            self.add(error)
            return None

    def raise_any(self) -> None:
        """Raise what was found: the one error as it is; several as one
        :class:`~tablekeeper.errors.InvalidInputError` naming each field."""
        if len(self.found) == 1:
            raise self.found[0]
        if self.found:
            raise InvalidInputError(
                "; ".join(str(error) for error in self.found), field=self.found[0].field
            )
