"""Who chooses for a ``fractal`` actor when nobody does: unattended play, simulations.

The engine's candidates are already ordered best first for that purpose
(``encounter/candidates.py``: each Micro action against each sensible target, best-
ranked first, committing half the AP so that some is left to defend with; a Solo
project's work spread over its techniques), so the policy takes the first legal command
and answers every decision with its default (the defense the rules offer first). The
balance lab and the terminal runner use it; a table that wants another plays with its
own ``Policy`` (the lab takes one from Python).
"""

from __future__ import annotations

from tablekeeper.engine.policies import DefaultPolicy, Policy
from tablekeeper.rulesets.fractal.encounter.state import FractalState

POLICY: Policy[FractalState] = DefaultPolicy()
"""The ``fractal`` ruleset's default policy."""
