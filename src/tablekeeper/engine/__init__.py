"""The engine core: the contracts every ruleset uses. Pure: no I/O, no clock, no global dice.

- A person (or a :class:`Policy`) asks with a :class:`Command`; a ruleset's
  :class:`EncounterEngine` answers with a :class:`Step`: :class:`EventDraft` values and,
  when the rules need a choice, a :class:`Decision`.
- The :class:`EventLog` numbers events (:class:`Event`) and keeps them, with undo and
  redo (an :class:`Undone` audit record each time); state is their fold (:func:`replay`).
- A :class:`Session` ties an engine, a log and a roller together; answers, overrides
  (:func:`set_value`, :func:`add_condition`, :func:`remove_condition`), undo and redo
  all go through it.
- Time is a clock in the state: :class:`RoundClock`, :class:`ExchangeClock`,
  :class:`SecondClock`.
- Checks are :class:`Resolver` values in a :class:`ResolverRegistry`; rulesets are found by
  name in a :class:`RulesetRegistry` (:func:`load_ruleset`).
- A ruleset meets the :class:`Ruleset` contract (:class:`RulesetBase` gives defaults): a
  :class:`TableEngine` over one :class:`CommandTable` of :class:`CommandSpec` values, with
  a :class:`ResumeTable` for its decisions; an :class:`ActorCard` per actor as a
  :class:`Sight` may see it; its :class:`Words`; :class:`CommandOdds` before committing;
  its scenarios (:class:`ScenarioFormat`).
"""

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.cards import (
    ActorCard,
    Condition,
    Fact,
    Gauge,
    Section,
    distinct_names,
    names_of,
    next_after,
)
from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.clocks import Clock, ExchangeClock, RoundClock, SecondClock
from tablekeeper.engine.command_table import (
    CommandSpec,
    CommandTable,
    ResumeSpec,
    ResumeTable,
    no_check,
)
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import (
    ANSWER,
    DECISION_ANSWERED,
    DECISION_KINDS,
    DECISION_REQUESTED,
    Answer,
    Decision,
    Option,
    PendingDecision,
    pending_after,
)
from tablekeeper.engine.drafts import Draft
from tablekeeper.engine.encounters import EncounterEngine
from tablekeeper.engine.events import (
    GM_ONLY,
    PUBLIC,
    Event,
    EventDraft,
    LogRecord,
    Undone,
    Visibility,
    visible_to,
)
from tablekeeper.engine.log import EventLog, replay
from tablekeeper.engine.overrides import (
    ADD_CONDITION,
    OVERRIDE_KINDS,
    REMOVE_CONDITION,
    SET_VALUE,
    AddCondition,
    Override,
    RemoveCondition,
    SetValue,
    add_condition,
    apply_override,
    is_override,
    read_override,
    remove_condition,
    set_value,
)
from tablekeeper.engine.policies import DefaultPolicy, Policy, ScriptedPolicy
from tablekeeper.engine.resolvers import (
    RESOLVERS,
    OutcomeOdds,
    Resolution,
    Resolver,
    ResolverRegistry,
    resolver,
)
from tablekeeper.engine.rulesets import (
    ENTRY_POINT_GROUP,
    RULESETS,
    ActorIdentity,
    FollowUp,
    GmCommand,
    Ruleset,
    RulesetBase,
    RulesetRegistry,
    available_rulesets,
    load_ruleset,
    register_ruleset,
)
from tablekeeper.engine.scenarios import Scenario, ScenarioFormat, ScenarioRun
from tablekeeper.engine.session import Session
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.engine.steps import Step
from tablekeeper.engine.table_engine import TableEngine
from tablekeeper.engine.values import (
    GM,
    ActorId,
    CommandId,
    Frozen,
    JsonObject,
    ScopeId,
    actor_field,
    invalid_input,
)
from tablekeeper.engine.words import Words, engine_sentence, kind_words, name_of

__all__ = [
    "ADD_CONDITION",
    "ANSWER",
    "DECISION_ANSWERED",
    "DECISION_KINDS",
    "DECISION_REQUESTED",
    "ENTRY_POINT_GROUP",
    "GM",
    "GM_ONLY",
    "GM_SIGHT",
    "OVERRIDE_KINDS",
    "PUBLIC",
    "REMOVE_CONDITION",
    "RESOLVERS",
    "RULESETS",
    "SET_VALUE",
    "ActorCard",
    "ActorId",
    "ActorIdentity",
    "AddCondition",
    "Answer",
    "Breakdown",
    "Clock",
    "Command",
    "CommandId",
    "CommandOdds",
    "CommandSpec",
    "CommandTable",
    "Condition",
    "Contribution",
    "Decision",
    "DefaultPolicy",
    "Draft",
    "EncounterEngine",
    "Event",
    "EventDraft",
    "EventLog",
    "ExchangeClock",
    "Fact",
    "FollowUp",
    "Frozen",
    "Gauge",
    "GmCommand",
    "JsonObject",
    "LogRecord",
    "Option",
    "OutcomeOdds",
    "Override",
    "PendingDecision",
    "Policy",
    "RemoveCondition",
    "Resolution",
    "Resolver",
    "ResolverRegistry",
    "ResumeSpec",
    "ResumeTable",
    "RoundClock",
    "Ruleset",
    "RulesetBase",
    "RulesetRegistry",
    "Scenario",
    "ScenarioFormat",
    "ScenarioRun",
    "ScopeId",
    "ScriptedPolicy",
    "SecondClock",
    "Section",
    "Session",
    "SetValue",
    "Sight",
    "Step",
    "TableEngine",
    "Undone",
    "Visibility",
    "Words",
    "actor_field",
    "add_condition",
    "apply_override",
    "available_rulesets",
    "distinct_names",
    "engine_sentence",
    "invalid_input",
    "is_override",
    "kind_words",
    "load_ruleset",
    "name_of",
    "names_of",
    "next_after",
    "no_check",
    "pending_after",
    "read_override",
    "register_ruleset",
    "remove_condition",
    "replay",
    "resolver",
    "set_value",
    "visible_to",
]
