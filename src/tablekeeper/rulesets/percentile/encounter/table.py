"""The command table of a ``percentile`` encounter: every kind, once.

Each :class:`~tablekeeper.engine.command_table.CommandSpec` pairs a kind (a named
constant of ``commands.py``) with its payload model, its check (``command_checks.py``; what
every command shares is the engine's ``admit``, ``admit.py``), its play (``flow.py``
or the module of its action), whether only the GM gives it, whether it is a free action
(it spends none of the turn's actions: the free actions of P-REA-02 .. P-REA-04,
releasing a grapple or a stuck weapon, Wait and ending the turn), and, for a GM tool the
console offers as a form, its title. :func:`order` builds any command of the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from tablekeeper.engine import fast_paths
from tablekeeper.engine.command_table import CommandSpec, CommandTable, no_check
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.values import GM, parse_payload
from tablekeeper.rulesets.percentile.encounter import (
    actions,
    flow,
    impaling,
    leaving,
    magic,
    manifesting,
    movement,
)
from tablekeeper.rulesets.percentile.encounter import command_checks as req
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.roster import add
from tablekeeper.rulesets.percentile.encounter.social import actions as social
from tablekeeper.rulesets.percentile.encounter.social import arguing, provocation, setup
from tablekeeper.rulesets.percentile.encounter.social import checks as talk
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.state import PercentileState

Spec = CommandSpec[PercentileState, PercentileDraft, Any]
Play = Callable[[PercentileDraft, Any], Decision | None]
Check = Callable[[PercentileState, Command, Any], None]


def _gm(kind: str, payload: type[BaseModel], play: Play, check: Check, title: str = "") -> Spec:
    """A command only the GM gives; with a ``title``, a form of the GM's tools."""
    return CommandSpec(kind, payload, play, check, gm_only=True, title=title)


def _free(kind: str, payload: type[BaseModel], play: Play, check: Check = no_check) -> Spec:
    """A command that spends no action."""
    return CommandSpec(kind, payload, play, check, free_action=True)


COMMANDS: CommandTable[PercentileState, PercentileDraft] = CommandTable(
    "percentile",
    [
        _gm(cmd.ADD_COMBATANT, cmd.CombatantSpec, add, req.add),
        CommandSpec(
            cmd.REMOVE_COMBATANT,
            cmd.Who,
            leaving.remove,
            leaving.check_remove,
            gm_only=True,
            withdraws=True,
        ),
        _gm(cmd.START, cmd.Nothing, flow.start, req.start),
        _gm(cmd.DAMAGE, cmd.GmDamage, flow.damage, req.damage, "Deal damage by ruling"),
        _gm(cmd.ENGAGE, cmd.Engage, flow.engage, req.engage, "Rule two combatants engaged"),
        _gm(cmd.END, cmd.Nothing, flow.end, req.end, "End the encounter"),
        _free(cmd.END_TURN, cmd.Who, actions.end_turn),
        CommandSpec(cmd.ABILITY, cmd.Ability, actions.ability, req.ability),
        CommandSpec(cmd.AIM, cmd.Target, actions.aim, req.aim),
        CommandSpec(cmd.ATTACK, cmd.Attack, flow.attack, req.attack),
        CommandSpec(cmd.CAST, cmd.Cast, magic.cast, req.cast),
        CommandSpec(cmd.CONCENTRATE, cmd.Concentrate, actions.concentrate),
        CommandSpec(cmd.DEFEND, cmd.Defend, actions.defend, req.defend),
        CommandSpec(cmd.DISENGAGE, cmd.Who, actions.disengage, req.in_melee),
        CommandSpec(cmd.DISENGAGE_SPIRIT, cmd.Who, actions.disengage_spirit, req.in_spirit_combat),
        CommandSpec(cmd.EQUIP, cmd.Equip, actions.equip, req.equip),
        CommandSpec(cmd.GRAPPLE, cmd.Grapple, flow.grapple, req.grapple),
        CommandSpec(cmd.ESCAPE, cmd.Who, flow.escape, req.escape),
        _free(cmd.RELEASE, cmd.Who, flow.release, req.release),
        CommandSpec(cmd.HELP, cmd.Help, actions.help_ally, req.help),
        CommandSpec(cmd.MANIFEST, cmd.Who, manifesting.manifest, req.manifest),
        CommandSpec(cmd.DISCORPORATE, cmd.Who, manifesting.discorporate, req.discorporate),
        CommandSpec(cmd.MOVE, cmd.Move, movement.move, req.move),
        CommandSpec(cmd.RALLY, cmd.Who, actions.rally),
        CommandSpec(cmd.SPIRIT_COMBAT, cmd.SpiritCombat, flow.spirit_combat, req.spirit_combat),
        _free(cmd.WAIT, cmd.Wait, actions.wait, req.wait),
        CommandSpec(cmd.STAND_UP, cmd.Who, actions.stand_up, req.stand_up),
        CommandSpec(cmd.PULL_WEAPON, cmd.Target, impaling.pull, req.pull),
        CommandSpec(cmd.REMOVE_WEAPON, cmd.Target, impaling.remove, req.remove),
        _free(cmd.LET_GO, cmd.Target, impaling.let_go, req.pull),
        CommandSpec(cmd.REGRAB, cmd.Target, flow.regrab, req.regrab),
        _free(cmd.DROP, cmd.Item, actions.drop, req.drop),
        _free(cmd.SPEAK, cmd.Speak, actions.speak),
        _free(cmd.STEP, cmd.Step, actions.step, req.step),
        _free(cmd.USE_PASSION, cmd.Passion, actions.use_passion, req.passion),
        # -- a social encounter (encounter/social/) --------------------------------------
        _gm(
            scmd.START_SOCIAL, scmd.StartSocial, setup.start, talk.start, "Start a social encounter"
        ),
        _gm(
            scmd.RULE_TARGET,
            scmd.RuleTarget,
            setup.rule,
            talk.rule_target,
            "Rule a party's target DP (the GM's final say)",
        ),
        _gm(
            scmd.GM_GRUDGE,
            scmd.GmGrudge,
            social.gm_grudge,
            talk.gm_grudge,
            "Use a grudge: -20% to a character's next roll",
        ),
        _gm(
            scmd.TO_COMBAT,
            cmd.Nothing,
            setup.to_combat,
            talk.to_combat,
            "Turn the social encounter into combat",
        ),
        CommandSpec(scmd.ARGUE, scmd.Argue, arguing.argue, talk.argue),
        CommandSpec(scmd.AD_HOMINEM, scmd.AdHominem, provocation.ad_hominem, talk.ad_hominem),
        CommandSpec(scmd.APPEAL, scmd.Appeal, social.appeal, talk.appeal),
        CommandSpec(scmd.SOCIAL_ABILITY, scmd.SocialAbility, social.ability, talk.ability),
        CommandSpec(scmd.SOCIAL_HELP, scmd.SocialHelp, social.help_character, talk.help_character),
        CommandSpec(scmd.IDENTIFY, scmd.Identify, social.identify, talk.identify),
        CommandSpec(scmd.INVESTIGATE, scmd.Investigate, social.investigate, talk.investigate),
        CommandSpec(scmd.PROVOKE, scmd.Provoke, provocation.provoke, talk.provoke),
        CommandSpec(scmd.USE_FAVOR, scmd.UseFavor, social.use_favor, talk.use_favor),
        _free(scmd.SOCIAL_CAST, scmd.SocialCast, social.cast, talk.cast),
        _free(scmd.SOCIAL_PASSION, scmd.SocialPassion, social.passion, talk.passion),
        _free(scmd.SOCIAL_END_TURN, cmd.Who, social.end_turn),
    ],
)
"""Every command kind, its payload model, its check and how it is played (a combat
encounter's, then a social encounter's)."""


def order(
    kind: str, combatant: str | None = None, *, actor: str | None = None, **fields: Any
) -> Command:
    """The command ``kind`` (``ATTACK``...) with ``fields`` validated into its payload; the
    actor is ``actor``, else the combatant, else the GM. Errors name ``payload.<field>``;
    an unknown kind is refused, naming the known ones."""
    if not fast_paths.enabled():
        return _order(kind, combatant, actor, fields)
    try:
        key = (kind, combatant, actor, *((name, _frozen(value)) for name, value in fields.items()))
        hash(key)
    except TypeError:  # a field that is no plain value: built afresh
        return _order(kind, combatant, actor, fields)
    known = _ORDERS.get(key)
    if known is None:
        if len(_ORDERS) >= _ORDERS_LIMIT:
            _ORDERS.clear()
        known = _ORDERS[key] = _order(kind, combatant, actor, fields)
    return known


_ORDERS_LIMIT = 4096
_ORDERS: dict[tuple[Any, ...], Command] = {}
"""On the engine's fast paths (``engine/fast_paths.py``), the commands :func:`order` built,
by their arguments: a command is a frozen value of its arguments alone, so the
candidates offered turn after turn (attack this enemy, end the turn) are built once."""


def _frozen(value: Any) -> Any:
    """A value as a key, with its type (``1``, ``True`` and ``1.0`` are equal keys else)."""
    if type(value) is list or type(value) is tuple:
        return type(value), tuple(_frozen(item) for item in value)
    return type(value), value


def _order(kind: str, combatant: str | None, actor: str | None, fields: dict[str, Any]) -> Command:
    model = COMMANDS.spec(kind).payload
    payload: dict[str, Any] = {key: value for key, value in fields.items() if value is not None}
    if combatant is not None:
        payload["combatant"] = combatant
    validated: BaseModel = parse_payload(payload, model)
    return Command.of(actor or combatant or GM, kind, validated)
