"""Seeds: one independent, reproducible stream of dice per trial.

Trial ``i`` of a simulation seeded ``s`` rolls with the ``i``-th child of
``numpy.random.SeedSequence(s)``, so its dice depend on ``s`` and ``i`` alone: whichever
backend or worker plays it, and in whatever order, the results are the same. Every
variation point replays the same trial seeds (common random numbers: a change of a
field is compared on the same dice, which narrows the difference between points).
"""

from __future__ import annotations

import numpy as np


def trial_seeds(seed: int, trials: int) -> list[int]:
    """The seed of each of ``trials`` trials of a simulation seeded ``seed``."""
    children = np.random.SeedSequence(seed).spawn(trials)
    return [int(child.generate_state(1, dtype=np.uint64)[0]) for child in children]
