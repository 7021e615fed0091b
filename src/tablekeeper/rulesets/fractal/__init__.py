"""The ``fractal`` ruleset: rule document 000 (the Action Pool, the Condition API, scene
elements, healing, Macro checks, Solo and Micro conflicts).

The resolvers ``fractal.check``, ``fractal.condition``, ``fractal.derived`` and
``fractal.downtime``; the data tables in ``data/``; the encounter engine in ``encounter/``
(Micro conflicts, Solo projects, Macro checks, GM tools); the campaign fold in
``campaign.py``; the contract object in ``ruleset.py``.
"""

from tablekeeper.rulesets.fractal.catalogue import Catalogue, default_catalogue, load_catalogue
from tablekeeper.rulesets.fractal.checks import CheckInput, CheckOutcome, check, check_odds
from tablekeeper.rulesets.fractal.conditions import (
    ConditionInput,
    ConditionOutcome,
    condition,
    lookup,
)
from tablekeeper.rulesets.fractal.derived import DerivedInput, DerivedOutcome, derived
from tablekeeper.rulesets.fractal.downtime import DowntimeInput, DowntimeOutcome, downtime
from tablekeeper.rulesets.fractal.options import FractalOptions
from tablekeeper.rulesets.fractal.resolvers import FRACTAL_RESOLVERS, register_resolvers
from tablekeeper.rulesets.fractal.stats import Stat

__all__ = [
    "FRACTAL_RESOLVERS",
    "Catalogue",
    "CheckInput",
    "CheckOutcome",
    "ConditionInput",
    "ConditionOutcome",
    "DerivedInput",
    "DerivedOutcome",
    "DowntimeInput",
    "DowntimeOutcome",
    "FractalOptions",
    "Stat",
    "check",
    "check_odds",
    "condition",
    "default_catalogue",
    "derived",
    "downtime",
    "load_catalogue",
    "lookup",
    "register_resolvers",
]
