"""The errors the persistence layer raises for something a user (or a race) caused."""

from __future__ import annotations

from tablekeeper.errors import ConflictError


class StaleVersionError(ConflictError):
    """A write expected an encounter (or a campaign's own log: ``what="campaign"``) at one
    version and found it at another.

    Another command was stored first; nothing of this one was written. Reload and try
    again (the API answers 409 Conflict).
    """

    def __init__(
        self, encounter_id: str, expected: int, found: int | None, *, what: str = "encounter"
    ) -> None:
        now = "it is gone" if found is None else f"it is at version {found}"
        super().__init__(
            f"{what} {encounter_id} changed: expected version {expected}, but {now}; "
            "nothing was written, reload and try again",
            field="version",
        )
        self.encounter_id = encounter_id
        self.expected = expected
        self.found = found
