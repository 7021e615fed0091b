"""A write's idempotency key: the same key is the same write, answered again."""

from __future__ import annotations

import pytest

from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.realtime.encounter import advance
from tablekeeper.services import encounters

from .tables import memory, seat


def test_a_key_is_checked_and_other_keys_are_other_commands() -> None:
    new_uow = memory()
    seat(new_uow)
    encounters.start_encounter(new_uow(), "k1", characters=["hero"], encounter_id="e1")
    first = encounters.submit_command(new_uow(), "e1", advance(1), idempotency_key="a")
    again = encounters.submit_command(new_uow(), "e1", advance(1), idempotency_key="a")
    other = encounters.submit_command(new_uow(), "e1", advance(1), idempotency_key="b")
    assert (first.replayed, again.replayed, other.replayed) == (False, True, False)
    assert again.records == first.records
    assert other.version > again.version == first.version
    with pytest.raises(InvalidInputError, match="Idempotency-Key"):
        encounters.submit_command(new_uow(), "e1", advance(1), idempotency_key="no spaces")
