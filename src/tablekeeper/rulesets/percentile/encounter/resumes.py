"""Resuming play once a decision is answered: one :class:`ResumeSpec` per thing it is about.

A decision put to a player (the attacker's critical, the target's defense, a fumble's
item, a spirit's block...) is recorded in the state first (``PercentileDraft.ask``: an
``awaiting_set`` event holding one of the :data:`~.pending.Awaiting` models), so it
survives undo, replay and a restart. When the answer comes, the engine records the
choice (:func:`answered`: a ``choice_made`` event, which clears what the state awaited)
and calls the resume registered in :data:`RESUMES` for the model's type; then
``flow.proceed`` plays on.
"""

from __future__ import annotations

from tablekeeper.engine.command_table import ResumeSpec, ResumeTable
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.attack_input import CriticalChoice
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import grapple as grappling
from tablekeeper.rulesets.percentile.encounter import magic, spirit
from tablekeeper.rulesets.percentile.encounter.attack_in_play import (
    declare,
    defend_or_resolve,
    resolve,
)
from tablekeeper.rulesets.percentile.encounter.defending import Choice
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.followups import follow_up, get_up
from tablekeeper.rulesets.percentile.encounter.fumbling import apply as apply_fumble
from tablekeeper.rulesets.percentile.encounter.fumbling import queue_free_attack
from tablekeeper.rulesets.percentile.encounter.pending import (
    Awaiting,
    CriticalBlow,
    DefenseChoice,
    DodgeFollowUp,
    FreeAttacker,
    FumbleItem,
    GetUp,
    HoldGrapple,
    ResistMagic,
    SpiritBlock,
    SpiritCritical,
    SpiritResponse,
    TakeFreeAttack,
)
from tablekeeper.rulesets.percentile.encounter.social import arguing, provocation
from tablekeeper.rulesets.percentile.encounter.social.pending import ArgumentChoice, ProvokeChoice

Resumed = Decision | None


def critical_blow(
    draft: PercentileDraft, about: CriticalBlow, chooser: ActorId, option: str
) -> Resumed:
    """A Devastating or a Precise Blow (P-ATK-03); then the target's defense."""
    critical: CriticalChoice = "precise" if option == "precise" else "devastating"
    return defend_or_resolve(draft, about.attack, about.roll, critical)


def defense(draft: PercentileDraft, about: DefenseChoice, chooser: ActorId, option: str) -> Resumed:
    """The target's defense (or none): the attack is resolved (P-ATK-04, P-ATK-05)."""
    return resolve(draft, about.attack, about.roll, about.critical, Choice.parse(option))


def dodge_follow_up(
    draft: PercentileDraft, about: DodgeFollowUp, chooser: ActorId, option: str
) -> Resumed:
    """A critical Dodge's counter-attack or Disengage (P-ATK-14)."""
    follow_up(draft, about, option)
    return None


def fumble_item(
    draft: PercentileDraft, about: FumbleItem, chooser: ActorId, option: str
) -> Resumed:
    """The item a fumble row acts on (P-ATK-13)."""
    return apply_fumble(draft, about.fumbler, about.face, option, about.during)


def free_attacker(
    draft: PercentileDraft, about: FreeAttacker, chooser: ActorId, option: str
) -> Resumed:
    """Fumble 07: the enemy who gets the free attack."""
    queue_free_attack(draft, ActorId(option), about.fumbler)
    return None


def take_free_attack(
    draft: PercentileDraft, about: TakeFreeAttack, chooser: ActorId, option: str
) -> Resumed:
    """A free attack on a character leaving melee, taken or let go (P-ACT-20)."""
    if option != "attack":
        return None
    return declare(draft, about.attack.model_copy(update={"optional": False}))


def get_up_choice(draft: PercentileDraft, about: GetUp, chooser: ActorId, option: str) -> Resumed:
    """After a Dive Dodge: the Athletics roll to get up, or stay prone (P-OPT-18)."""
    get_up(draft, about.combatant, option)
    return None


def hold_grapple(
    draft: PercentileDraft, about: HoldGrapple, chooser: ActorId, option: str
) -> Resumed:
    """The grappler holds (Hold Grapple, P-REA-01) or lets the escaper go."""
    grappling.escape(draft, about.escaper, hold=option == "hold")
    return None


def resist_magic(
    draft: PercentileDraft, about: ResistMagic, chooser: ActorId, option: str
) -> Resumed:
    """The target resists the spell with POW, or not (P-ACT-04)."""
    magic.resisted(draft, about, option)
    return None


def spirit_critical(
    draft: PercentileDraft, about: SpiritCritical, chooser: ActorId, option: str
) -> Resumed:
    """Spirit Blast or Spirit Sting (P-SPC-02)."""
    return spirit.chose_blow(draft, about, option)


def spirit_response(
    draft: PercentileDraft, about: SpiritResponse, chooser: ActorId, option: str
) -> Resumed:
    """A corporeal being answers a spirit with Spirit Combat, or not (P-ACT-23)."""
    return spirit.respond(draft, about, option)


def spirit_block(
    draft: PercentileDraft, about: SpiritBlock, chooser: ActorId, option: str
) -> Resumed:
    """The winner of opposed spirit combat blocks, or not (P-SPC-05)."""
    return spirit.blocked(draft, about, option)


def argument_choice(
    draft: PercentileDraft, about: ArgumentChoice, chooser: ActorId, option: str
) -> Resumed:
    """The winner of a defended argument deals directly or blocks (P-ARG-06, P-ARG-07)."""
    arguing.choose(draft, about, option)
    return None


def provoke_choice(
    draft: PercentileDraft, about: ProvokeChoice, chooser: ActorId, option: str
) -> Resumed:
    """A provoked interlocutor acts as desired or takes the social damage (P-SOC-21)."""
    provocation.provoke_answered(draft, about, option)
    return None


RESUMES: ResumeTable[PercentileDraft] = ResumeTable(
    [
        ResumeSpec(CriticalBlow, critical_blow),
        ResumeSpec(DefenseChoice, defense),
        ResumeSpec(DodgeFollowUp, dodge_follow_up),
        ResumeSpec(FumbleItem, fumble_item),
        ResumeSpec(FreeAttacker, free_attacker),
        ResumeSpec(TakeFreeAttack, take_free_attack),
        ResumeSpec(GetUp, get_up_choice),
        ResumeSpec(HoldGrapple, hold_grapple),
        ResumeSpec(ResistMagic, resist_magic),
        ResumeSpec(SpiritCritical, spirit_critical),
        ResumeSpec(SpiritResponse, spirit_response),
        ResumeSpec(SpiritBlock, spirit_block),
        ResumeSpec(ArgumentChoice, argument_choice),
        ResumeSpec(ProvokeChoice, provoke_choice),
    ]
)
"""What a pending decision can be about (every model of :data:`~.pending.Awaiting`), and
how play resumes once it is answered."""


def answered(draft: PercentileDraft, about: Awaiting, chooser: ActorId, option: str) -> None:
    """Record the choice; its event clears what the state was awaiting."""
    draft.emit(ev.CHOICE_MADE, ev.ChoiceMade(chooser=chooser, about=about.kind, option=option))
