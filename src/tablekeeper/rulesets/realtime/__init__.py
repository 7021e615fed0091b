"""The ``realtime`` ruleset (rule document 003): seconds, d20 roll-under checks, critical
injuries, treatment, price negotiation and rest.

This package exports the checks: pure resolvers and the values that go with them, each
module naming the section of the document it implements.

- :mod:`.checks`: Test Resolution (``realtime.check``, :func:`resolve_test`).
- :mod:`.injuries`: critical injury roll and table, sections 2-3 (``realtime.critical_injury``).
- :mod:`.treatment`: treating critical injuries, section 6 (``realtime.treatment``).
- :mod:`.negotiation`: Price Negotiation (``realtime.negotiate``).
- :mod:`.rest`: Rest (``realtime.rest``, ``realtime.rest_simple``).
- :mod:`.tables`: the YAML tables in ``data/``, validated at load.
- :mod:`.options`: the rulings a table may change (:class:`RealtimeOptions`).

The ruleset object and its encounter engine live in :mod:`.ruleset` and
:mod:`.encounter`, which are not imported here (they import the checks).
"""

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.rulesets.realtime.checks import (
    CheckInput,
    CheckOutcome,
    CheckResult,
    PlayerCheckView,
    check,
    check_odds,
    check_outcome,
    resolve_test,
    roll_check,
    success_chance,
    threshold_odds,
)
from tablekeeper.rulesets.realtime.injuries import (
    AUTOMATIC_DEATH_SECONDS,
    CriticalInjuryInput,
    CriticalInjuryOutcome,
    critical_injury,
    critical_injury_odds,
    critical_injury_result,
    death_chance,
    injury_check_penalties,
)
from tablekeeper.rulesets.realtime.negotiation import (
    NegotiationInput,
    NegotiationLedger,
    NegotiationOutcome,
    negotiate,
    negotiation_odds,
    negotiation_result,
)
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.resolvers import REALTIME_RESOLVERS, register_resolvers
from tablekeeper.rulesets.realtime.rest import (
    RestInput,
    RestLedger,
    RestOutcome,
    SimpleRestInput,
    rest,
    rest_outcome,
    rest_simple,
)
from tablekeeper.rulesets.realtime.tables import (
    CriticalInjuryRow,
    CriticalInjuryTable,
    critical_injury_table,
    parse_critical_injury_table,
)
from tablekeeper.rulesets.realtime.treatment import (
    TreatmentAttempt,
    TreatmentInput,
    TreatmentLedger,
    TreatmentOutcome,
    treatment,
    treatment_odds,
)

__all__ = [
    "AUTOMATIC_DEATH_SECONDS",
    "REALTIME_RESOLVERS",
    "Breakdown",
    "CheckInput",
    "CheckOutcome",
    "CheckResult",
    "Contribution",
    "CriticalInjuryInput",
    "CriticalInjuryOutcome",
    "CriticalInjuryRow",
    "CriticalInjuryTable",
    "NegotiationInput",
    "NegotiationLedger",
    "NegotiationOutcome",
    "PlayerCheckView",
    "RealtimeOptions",
    "RestInput",
    "RestLedger",
    "RestOutcome",
    "SimpleRestInput",
    "TreatmentAttempt",
    "TreatmentInput",
    "TreatmentLedger",
    "TreatmentOutcome",
    "check",
    "check_odds",
    "check_outcome",
    "critical_injury",
    "critical_injury_odds",
    "critical_injury_result",
    "critical_injury_table",
    "death_chance",
    "injury_check_penalties",
    "negotiate",
    "negotiation_odds",
    "negotiation_result",
    "parse_critical_injury_table",
    "register_resolvers",
    "resolve_test",
    "rest",
    "rest_outcome",
    "rest_simple",
    "roll_check",
    "success_chance",
    "threshold_odds",
    "treatment",
    "treatment_odds",
]
