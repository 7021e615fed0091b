"""Sight: who is looking at an encounter, as the rules need to know it.

Hidden information is enforced, not hoped for (ARCHITECTURE.md, idea 9). A ruleset never
sees accounts, tokens or campaigns; it is told only whether the viewer is the GM and
which actors the viewer controls, and from that alone decides what a card, a state, an
event's payload, a sentence or an odds may show. The services turn their ``Viewer`` into
a :class:`Sight`; simulations and the terminal runner look as the GM. A player reading a
roll made in the "dice only" mode (``engine/roll_modes.py``) looks with
:meth:`Sight.hiding_targets`: its dice and outcome, not the numbers it was rolled against.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tablekeeper.engine.values import GM


@dataclass(frozen=True, slots=True)
class Sight:
    """The GM (``gm=True``: everything), or a player controlling ``controlled``;
    ``targets_hidden``: reading a roll whose targets are hidden from every player (the
    "dice only" roll mode).

    >>> player = Sight.player({"brenna"})
    >>> player.sees("brenna"), player.sees("wolf"), GM_SIGHT.sees("wolf")
    (True, False, True)
    >>> player.sees_targets("brenna"), player.hiding_targets().sees_targets("brenna")
    (True, False)
    """

    gm: bool = False
    controlled: frozenset[str] = field(default_factory=frozenset)
    targets_hidden: bool = False

    @classmethod
    def player(cls, controlled: Iterable[str]) -> Sight:
        """A player controlling ``controlled`` (actor ids)."""
        return cls(gm=False, controlled=frozenset(controlled))

    def sees(self, actor: str) -> bool:
        """Whether the viewer may read ``actor``'s hidden numbers: the GM, or its controller."""
        return self.gm or actor in self.controlled

    def sees_all(self, actors: Iterable[str]) -> bool:
        """Whether the viewer may read the hidden numbers of every one of ``actors``."""
        return self.gm or all(actor in self.controlled for actor in actors)

    @property
    def shows_targets(self) -> bool:
        """Whether the numbers a roll is rolled against may be shown at all (the GM's
        always; a player's unless the roll is "dice only")."""
        return self.gm or not self.targets_hidden

    def sees_targets(self, actor: str) -> bool:
        """Whether the viewer may read the numbers ``actor``'s roll is rolled against (its
        skill, threshold, TN): :meth:`sees`, unless the roll's targets are hidden."""
        return self.sees(actor) and self.shows_targets

    def hiding_targets(self) -> Sight:
        """This sight reading a "dice only" roll: the GM's unchanged, a player's without
        the roll's targets."""
        if self.gm:
            return self
        return Sight(gm=False, controlled=self.controlled, targets_hidden=True)

    def controls(self, actor: str) -> bool:
        """Whether the viewer may act for ``actor`` (the GM acts for anyone, and as the GM)."""
        return self.gm or (actor != GM and actor in self.controlled)


GM_SIGHT = Sight(gm=True)
"""The GM's sight: everything."""
