"""A tiny duel that proves the engine core; it lives with the tests and is never shipped.

Two fighters take turns (a round clock). On your turn you attack the other fighter or
wait. An attack rolls 1d20 (``duel.attack``): a face at least the target's defense hits;
a prone target's defense counts 5 lower. A hit hands the defender a decision: block
(take half of 1d6 damage, rounded down) or dodge (roll 1d20: 11 or more avoids all the
damage, else take the full 1d6). A fighter at 0 HP or less loses the duel.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine import (
    ANSWER,
    ActorId,
    Answer,
    Command,
    Decision,
    Event,
    EventDraft,
    Frozen,
    Option,
    OutcomeOdds,
    ResolverRegistry,
    RoundClock,
    Session,
    Step,
    apply_override,
    is_override,
    resolver,
)
from tablekeeper.errors import IllegalCommandError

D20 = Die(20)
D6 = Die(6)
PRONE_PENALTY = 5
DODGE_TN = 11

ATTACK = "duel.attack"
WAIT = "duel.wait"
ATTACK_ROLLED = "duel.attack_rolled"
DEFENDED = "duel.defended"
DAMAGED = "duel.damaged"
WON = "duel.won"
TURN_ENDED = "duel.turn_ended"


class DuelOptions(Frozen):
    """The duel's one ruling a table may change."""

    dodge_tn: int = DODGE_TN


class Fighter(Frozen):
    hp: int
    defense: int = 10
    conditions: tuple[str, ...] = ()

    @property
    def effective_defense(self) -> int:
        return self.defense - (PRONE_PENALTY if "prone" in self.conditions else 0)


class PendingAttack(Frozen):
    attacker: ActorId
    target: ActorId
    roll: int


class DuelState(Frozen):
    options: DuelOptions = DuelOptions()
    fighters: dict[ActorId, Fighter]
    clock: RoundClock
    attack: PendingAttack | None = None
    winner: ActorId | None = None


def new_duel(alice_hp: int = 10, bob_hp: int = 10, **options: int) -> DuelState:
    """Alice against Bob, Alice first."""
    return DuelState(
        options=DuelOptions.model_validate(options),
        fighters={ActorId("alice"): Fighter(hp=alice_hp), ActorId("bob"): Fighter(hp=bob_hp)},
        clock=RoundClock.start(["alice", "bob"]),
    )


# The check, defined once: the engine rolls it, the odds count it.


class AttackCheck(Frozen):
    defense: int


class AttackOutcome(Frozen):
    roll: int
    hit: bool


def _hits(face: int, check: AttackCheck) -> bool:
    return face >= check.defense


def attack_odds(check: AttackCheck) -> OutcomeOdds:
    hits = sum(_hits(face, check) for face in D20.faces)
    return OutcomeOdds.of({"hit": Fraction(hits, 20), "miss": Fraction(20 - hits, 20)})


@resolver("duel.attack", summary="Roll 1d20 against a defense.", odds=attack_odds)
def attack_check(check: AttackCheck, roller: Roller) -> AttackOutcome:
    face = roller.roll(D20)
    return AttackOutcome(roll=face, hit=_hits(face, check))


# Event payloads.


class Target(Frozen):
    target: ActorId


class AttackRolled(Frozen):
    attacker: ActorId
    target: ActorId
    roll: int
    hit: bool


class Defended(Frozen):
    defender: ActorId
    option: str
    roll: int | None = None


class Damaged(Frozen):
    fighter: ActorId
    amount: int


class Won(Frozen):
    winner: ActorId


class TurnEnded(Frozen):
    actor: ActorId


class DuelEngine:
    """The duel's encounter engine."""

    def legal_commands(self, state: DuelState, actor: ActorId) -> Sequence[Command]:
        candidates = [
            *(Command.of(actor, ATTACK, Target(target=other)) for other in state.fighters),
            Command(actor=actor, kind=WAIT),
        ]
        return [command for command in candidates if _why_illegal(state, command) is None]

    def submit(self, state: DuelState, command: Command, roller: Roller) -> Step:
        if command.kind == ANSWER:
            return _defend(state, Answer.of(command).option, roller)
        reason = _why_illegal(state, command)
        if reason is not None:
            raise IllegalCommandError(reason, field="command")
        if command.kind == WAIT:
            return Step(events=(EventDraft.of(TURN_ENDED, TurnEnded(actor=command.actor)),))
        target = command.payload_as(Target).target
        outcome = attack_check(
            AttackCheck(defense=state.fighters[target].effective_defense), roller
        )
        rolled = EventDraft.of(
            ATTACK_ROLLED,
            AttackRolled(attacker=command.actor, target=target, roll=outcome.roll, hit=outcome.hit),
        )
        if not outcome.hit:
            return Step(events=(rolled, EventDraft.of(TURN_ENDED, TurnEnded(actor=command.actor))))
        decision = Decision(
            chooser=target,
            prompt=f"{command.actor} hits you with {outcome.roll}: block or dodge?",
            options=(
                Option(id="block", label="Block: take half damage"),
                Option(id="dodge", label=f"Dodge: {state.options.dodge_tn}+ on 1d20 avoids it"),
            ),
            default="block",
        )
        return Step(events=(rolled,), decision=decision)

    def apply(self, state: DuelState, event: Event) -> DuelState:
        if is_override(event):
            return apply_override(state, event)
        if event.kind == ATTACK_ROLLED:
            rolled = event.payload_as(AttackRolled)
            if not rolled.hit:
                return state
            attack = PendingAttack(attacker=rolled.attacker, target=rolled.target, roll=rolled.roll)
            return state.model_copy(update={"attack": attack})
        if event.kind == DEFENDED:
            return state.model_copy(update={"attack": None})
        if event.kind == DAMAGED:
            damaged = event.payload_as(Damaged)
            fighter = state.fighters[damaged.fighter]
            hurt = fighter.model_copy(update={"hp": fighter.hp - damaged.amount})
            return state.model_copy(update={"fighters": {**state.fighters, damaged.fighter: hurt}})
        if event.kind == WON:
            return state.model_copy(update={"winner": event.payload_as(Won).winner})
        if event.kind == TURN_ENDED:
            return state.model_copy(update={"clock": state.clock.next_turn()})
        raise ValueError(f"a duel has no event {event.kind!r}")


def _why_illegal(state: DuelState, command: Command) -> str | None:
    """Why the rules refuse ``command`` now, or ``None``: one definition for list and check."""
    if state.winner is not None:
        return f"the duel is over: {state.winner} won"
    if state.attack is not None:
        return f"{state.attack.target} must first answer {state.attack.attacker}'s attack"
    if command.actor not in state.fighters:
        return f"{command.actor} is not in this duel"
    if command.actor != state.clock.current:
        return f"it is {state.clock.current}'s turn, not {command.actor}'s"
    if command.kind == WAIT:
        return None
    if command.kind != ATTACK:
        return f"a duel has no command {command.kind!r}"
    target = command.payload_as(Target).target
    if target not in state.fighters:
        return f"there is no {target} to attack"
    if target == command.actor:
        return f"{command.actor} cannot attack themself"
    return None


def _defend(state: DuelState, option: str, roller: Roller) -> Step:
    attack = state.attack
    if attack is None:
        raise IllegalCommandError("no attack is waiting for a defense", field="command")
    damage = roller.roll(D6)
    dodge_roll: int | None = None
    if option == "block":
        damage //= 2
    else:
        dodge_roll = roller.roll(D20)
        if dodge_roll >= state.options.dodge_tn:
            damage = 0
    events = [
        EventDraft.of(DEFENDED, Defended(defender=attack.target, option=option, roll=dodge_roll))
    ]
    if damage:
        events.append(EventDraft.of(DAMAGED, Damaged(fighter=attack.target, amount=damage)))
    if state.fighters[attack.target].hp - damage <= 0:
        events.append(EventDraft.of(WON, Won(winner=attack.attacker)))
    else:
        events.append(EventDraft.of(TURN_ENDED, TurnEnded(actor=attack.attacker)))
    return Step(events=tuple(events))


class Duel:
    """The duel as a ruleset plugin."""

    name = "duel"
    summary = "A two-fighter duel, for the engine's tests."
    Options = DuelOptions
    engine = DuelEngine()

    def register_resolvers(self, registry: ResolverRegistry) -> None:
        registry.register(attack_check)


DUEL = Duel()


def duel_session(roller: Roller, state: DuelState | None = None) -> Session[DuelState]:
    """A session of the duel from ``state`` (a fresh 10-HP duel by default)."""
    return Session(DUEL.engine, state or new_duel(), roller=roller)
