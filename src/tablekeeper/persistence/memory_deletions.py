"""Deletions in memory: the fake of :class:`~tablekeeper.persistence.deletions.
SqlDeletionRepository`, over an :class:`~tablekeeper.persistence.memory.InMemoryStore`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablekeeper.engine.campaigns import DeletedKind, Deletion

if TYPE_CHECKING:
    from tablekeeper.persistence.memory import InMemoryStore


class InMemoryDeletionRepository:
    """What a deletion removes from the dicts, and the audit records in a list."""

    def __init__(self, store: InMemoryStore) -> None:
        self.store = store

    def erase(self, kind: DeletedKind, campaign_id: str, target_id: str) -> None:
        """Remove the campaign, or its character, player or encounter."""
        store = self.store
        if kind == "character":
            store.characters.pop((campaign_id, target_id), None)
            return
        if kind == "player":
            store.players.pop((campaign_id, target_id), None)
            store.token_hashes.pop((campaign_id, target_id), None)
            for key, character in list(store.characters.items()):
                if key[0] == campaign_id and character.player == target_id:
                    store.characters[key] = character.model_copy(update={"player": None})
            return
        if kind == "encounter":
            gone = {target_id}
        else:
            gone = {e.id for e in store.encounters.values() if e.campaign_id == campaign_id}
            for table in (store.characters, store.players, store.token_hashes):
                for key in [key for key in table if key[0] == campaign_id]:
                    del table[key]
            store.campaigns.pop(campaign_id, None)
            store.campaign_records.pop(campaign_id, None)
            store.gm_secret_hashes.pop(campaign_id, None)
        for encounter_id in gone:
            store.encounters.pop(encounter_id, None)
            store.records.pop(encounter_id, None)
        for snapshot in [key for key in store.snapshots if key[0] in gone]:
            del store.snapshots[snapshot]
        for command_key in [key for key in store.command_keys if key[0] in gone]:
            del store.command_keys[command_key]

    def add(self, deletion: Deletion) -> Deletion:
        """Append the audit record, numbered."""
        stored = deletion.model_copy(update={"sequence": len(self.store.deletions) + 1})
        self.store.deletions.append(stored)
        return stored

    def list_for(self, campaign_id: str | None = None) -> list[Deletion]:
        """The audit records, oldest first."""
        return [d for d in self.store.deletions if campaign_id in (None, d.campaign_id)]
