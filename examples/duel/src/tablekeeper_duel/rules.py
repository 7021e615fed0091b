"""The duel's rules: a tiny encounter that proves the engine core and the ruleset contract.

Fighters take turns (a round clock, in the order they joined). On your turn you attack
another fighter or wait. An attack rolls 1d20 (``duel.attack``): a face at least the
target's defense hits; a prone target's defense counts 5 lower. A hit hands the defender
a decision: block (take half of 1d6 damage, rounded down) or dodge (roll 1d20: the
``dodge_tn`` option, 11 by default, or more avoids all the damage, else take the full
1d6). A fighter at 0 HP or less loses the duel.

The engine is a :class:`~tablekeeper.engine.table_engine.TableEngine`: one command
table, and one resume (the attack waiting for its defense).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import partial
from typing import Any

from pydantic import BaseModel, Field, model_validator

from tablekeeper.dice.purposes import labelled
from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine import (
    GM,
    ActorId,
    Command,
    CommandSpec,
    CommandTable,
    Decision,
    Draft,
    Event,
    Frozen,
    Option,
    OutcomeOdds,
    ResumeSpec,
    ResumeTable,
    RoundClock,
    Session,
    TableEngine,
    actor_field,
    resolver,
)
from tablekeeper.engine.memo import built
from tablekeeper.errors import IllegalCommandError

D20 = Die(20)
D6 = Die(6)
PRONE_PENALTY = 5
DODGE_TN = 11

ADD_FIGHTER = "duel.add_fighter"
ATTACK = "duel.attack"
WAIT = "duel.wait"
DEAL_DAMAGE = "duel.deal_damage"
REMOVE_FIGHTER = "duel.remove_fighter"

FIGHTER_ADDED = "duel.fighter_added"
ATTACK_ROLLED = "duel.attack_rolled"
DEFENDED = "duel.defended"
DAMAGED = "duel.damaged"
WON = "duel.won"
TURN_ENDED = "duel.turn_ended"
FIGHTER_REMOVED = "duel.fighter_removed"

Id = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")


class DuelOptions(Frozen):
    """The duel's one ruling a table may change."""

    dodge_tn: int = Field(default=DODGE_TN, ge=1, le=21, description="A dodge's 1d20 target.")


class Fighter(Frozen):
    name: str = ""
    side: str = ""
    hp: int
    max_hp: int = Field(default=10, ge=1)
    defense: int = 10
    conditions: tuple[str, ...] = ()

    @property
    def effective_defense(self) -> int:
        return self.defense - (PRONE_PENALTY if "prone" in self.conditions else 0)


class FighterSpec(Frozen):
    """A fighter as the GM adds it: a stored character's sheet is this without its id."""

    id: str = Id
    name: str | None = Field(default=None, max_length=80)
    side: str = Field(default="", max_length=40, description="Default: the fighter's own id.")
    hp: int = Field(default=10, ge=1, le=1000)
    defense: int = Field(default=10, ge=1, le=30)

    @model_validator(mode="after")
    def _not_the_gm(self) -> FighterSpec:
        if self.id == GM:
            raise ValueError(f"{GM!r} is the GM's id, not a fighter's")
        return self


class PendingAttack(Frozen):
    attacker: ActorId
    target: ActorId
    roll: int


class DuelState(Frozen):
    options: DuelOptions = DuelOptions()
    fighters: dict[ActorId, Fighter] = Field(default_factory=dict)
    clock: RoundClock | None = None
    attack: PendingAttack | None = None
    winner: ActorId | None = None


def new_duel(alice_hp: int = 10, bob_hp: int = 10, **options: int) -> DuelState:
    """Alice against Bob, Alice first."""
    return DuelState(
        options=DuelOptions.model_validate(options),
        fighters={
            ActorId("alice"): Fighter(
                name="Alice", side="alice", hp=alice_hp, max_hp=max(alice_hp, 1)
            ),
            ActorId("bob"): Fighter(name="Bob", side="bob", hp=bob_hp, max_hp=max(bob_hp, 1)),
        },
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


@resolver(
    "duel.attack",
    summary="Roll 1d20 against a defense.",
    odds=attack_odds,
    example={"defense": 12},
)
def attack_check(check: AttackCheck, roller: Roller) -> AttackOutcome:
    face = roller.roll(D20)
    return AttackOutcome(roll=face, hit=_hits(face, check))


# Command and event payloads.


class Target(Frozen):
    target: ActorId


class Nothing(Frozen):
    pass


class DealDamage(Frozen):
    """The GM's ruling: ``fighter`` loses ``amount`` HP."""

    fighter: ActorId = actor_field()
    amount: int = Field(ge=0, le=1000)


class FighterAdded(Frozen):
    id: ActorId
    fighter: Fighter


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


class Fighting(Frozen):
    """A fighter named by the GM (one leaving the duel)."""

    fighter: ActorId = actor_field()


class FighterRemoved(Frozen):
    fighter: ActorId


class Work(Draft[DuelState]):
    """The duel's work pad."""

    def __init__(self, state: DuelState, roller: Roller) -> None:
        super().__init__(state, roller, fold)


# Checks: one definition for submit and legal_commands.


def _check_add(state: DuelState, command: Command, spec: FighterSpec) -> None:
    if spec.id in state.fighters:
        raise IllegalCommandError(f"a fighter {spec.id!r} is already here", field="id")


def _check_attack(state: DuelState, command: Command, order: Target) -> None:
    if order.target not in state.fighters:
        raise IllegalCommandError(f"there is no {order.target} to attack", field="target")
    if order.target == command.actor:
        raise IllegalCommandError(f"{command.actor} cannot attack themself", field="target")


def _check_damage(state: DuelState, command: Command, order: DealDamage | Fighting) -> None:
    if order.fighter not in state.fighters:
        raise IllegalCommandError(f"there is no {order.fighter} here", field="fighter")


# Plays.


def _add(work: Work, spec: FighterSpec) -> None:
    fighter = Fighter(
        name=spec.name or spec.id.capitalize(),
        side=spec.side or spec.id,
        hp=spec.hp,
        max_hp=spec.hp,
        defense=spec.defense,
    )
    work.emit(FIGHTER_ADDED, FighterAdded(id=ActorId(spec.id), fighter=fighter))


def _wait(work: Work, order: Nothing) -> None:
    assert work.state.clock is not None
    work.emit(TURN_ENDED, TurnEnded(actor=work.state.clock.current))


def _attack(work: Work, order: Target) -> Decision | None:
    state = work.state
    assert state.clock is not None
    attacker = state.clock.current
    outcome = attack_check(
        AttackCheck(defense=state.fighters[order.target].effective_defense),
        labelled(work.roller, "attack", attacker),
    )
    work.emit(
        ATTACK_ROLLED,
        AttackRolled(attacker=attacker, target=order.target, roll=outcome.roll, hit=outcome.hit),
    )
    if not outcome.hit:
        work.emit(TURN_ENDED, TurnEnded(actor=attacker))
        return None
    asked = (attacker, order.target, outcome.roll, state.options.dodge_tn)
    return built(("duel.defense", *asked), partial(_defense_decision, *asked))


def _defense_decision(attacker: ActorId, target: ActorId, roll: int, dodge_tn: int) -> Decision:
    """Block or dodge: the same question for the same hit, so built once for equal
    arguments on the engine's fast paths (a decision is a frozen value)."""
    return Decision(
        chooser=target,
        prompt=f"{attacker} hits you with {roll}: block or dodge?",
        options=(
            Option(id="block", label="Block: take half damage"),
            Option(id="dodge", label=f"Dodge: {dodge_tn}+ on 1d20 avoids it"),
        ),
        default="block",
    )


def _remove(work: Work, order: Fighting) -> None:
    work.emit(FIGHTER_REMOVED, FighterRemoved(fighter=order.fighter))


def _deal_damage(work: Work, order: DealDamage) -> None:
    work.emit(DAMAGED, Damaged(fighter=order.fighter, amount=order.amount))
    _maybe_won(work, order.fighter)


def _maybe_won(work: Work, fighter: ActorId) -> bool:
    state = work.state
    if state.fighters[fighter].hp > 0 or state.winner is not None:
        return False
    standing = [key for key, other in state.fighters.items() if other.hp > 0]
    if len(standing) == 1:
        work.emit(WON, Won(winner=standing[0]))
        return True
    return False


def _defend(work: Work, attack: PendingAttack, chooser: ActorId, option: str) -> None:
    damage = labelled(work.roller, "damage", attack.attacker).roll(D6)
    dodge_roll: int | None = None
    if option == "block":
        damage //= 2
    else:
        dodge_roll = labelled(work.roller, "dodge", attack.target).roll(D20)
        if dodge_roll >= work.state.options.dodge_tn:
            damage = 0
    work.emit(DEFENDED, Defended(defender=attack.target, option=option, roll=dodge_roll))
    if damage:
        work.emit(DAMAGED, Damaged(fighter=attack.target, amount=damage))
    if not _maybe_won(work, attack.target):
        work.emit(TURN_ENDED, TurnEnded(actor=attack.attacker))


COMMANDS: CommandTable[DuelState, Work] = CommandTable(
    "duel",
    [
        CommandSpec(ADD_FIGHTER, FighterSpec, _add, _check_add, gm_only=True),
        CommandSpec(ATTACK, Target, _attack, _check_attack),
        CommandSpec(WAIT, Nothing, _wait, free_action=True),
        CommandSpec(
            DEAL_DAMAGE, DealDamage, _deal_damage, _check_damage, gm_only=True, title="Deal damage"
        ),
        CommandSpec(REMOVE_FIGHTER, Fighting, _remove, _check_damage, gm_only=True),
    ],
)
"""Every command of the duel."""


def _fighter_added(state: DuelState, payload: FighterAdded) -> DuelState:
    fighters = {**state.fighters, payload.id: payload.fighter}
    return state.model_copy(
        update={"fighters": fighters, "clock": RoundClock.start(list(fighters))}
    )


def _attack_rolled(state: DuelState, payload: AttackRolled) -> DuelState:
    if not payload.hit:
        return state
    attack = PendingAttack(attacker=payload.attacker, target=payload.target, roll=payload.roll)
    return state.model_copy(update={"attack": attack})


def _defended(state: DuelState, payload: Defended) -> DuelState:
    return state.model_copy(update={"attack": None})


def _damaged(state: DuelState, payload: Damaged) -> DuelState:
    fighter = state.fighters[payload.fighter]
    hurt = fighter.model_copy(update={"hp": fighter.hp - payload.amount})
    return state.model_copy(update={"fighters": {**state.fighters, payload.fighter: hurt}})


def _fighter_removed(state: DuelState, payload: FighterRemoved) -> DuelState:
    """The round starts again without the fighter who left."""
    fighters = {key: f for key, f in state.fighters.items() if key != payload.fighter}
    clock = RoundClock.start(list(fighters)) if fighters else None
    return state.model_copy(update={"fighters": fighters, "clock": clock})


def _won(state: DuelState, payload: Won) -> DuelState:
    return state.model_copy(update={"winner": payload.winner})


def _turn_ended(state: DuelState, payload: TurnEnded) -> DuelState:
    if state.clock is None:
        return state
    return state.model_copy(update={"clock": state.clock.next_turn()})


FOLDS: dict[type[BaseModel], Callable[[DuelState, Any], DuelState]] = {
    FighterAdded: _fighter_added,
    AttackRolled: _attack_rolled,
    Defended: _defended,
    Damaged: _damaged,
    FighterRemoved: _fighter_removed,
    Won: _won,
    TurnEnded: _turn_ended,
}
"""How each of the duel's events changes the state, by its payload's model."""


def fold(state: DuelState, kind: str, payload: BaseModel) -> DuelState:
    """The state after one of the duel's events, given as its kind and payload model."""
    folds = FOLDS.get(type(payload))
    return state if folds is None else folds(state, payload)


EVENT_MODELS: dict[str, type[Frozen]] = {
    FIGHTER_ADDED: FighterAdded,
    ATTACK_ROLLED: AttackRolled,
    DEFENDED: Defended,
    DAMAGED: Damaged,
    WON: Won,
    TURN_ENDED: TurnEnded,
    FIGHTER_REMOVED: FighterRemoved,
}


def read_event(event: Event) -> Frozen:
    """An event's payload as its model."""
    model = EVENT_MODELS.get(event.kind)
    if model is None:
        raise ValueError(f"a duel has no event {event.kind!r}")
    return event.payload_as(model)


class DuelEngine(TableEngine[DuelState, Work]):
    """The duel's encounter engine."""

    commands = COMMANDS
    resumes: ResumeTable[Work] = ResumeTable([ResumeSpec(PendingAttack, _defend)])

    def draft(self, state: DuelState, roller: Roller) -> Work:
        return Work(state, roller)

    def fold(self, state: DuelState, event: Event) -> DuelState:
        return fold(state, event.kind, read_event(event))

    def awaiting(self, state: DuelState) -> PendingAttack | None:
        return state.attack

    def admit(self, state: DuelState, command: Command, spec: object, payload: object) -> None:
        """The duel is not over, no defense is awaited, and it is the actor's turn."""
        if state.winner is not None:
            raise IllegalCommandError(f"the duel is over: {state.winner} won", field="command")
        if state.attack is not None:
            raise IllegalCommandError(
                f"{state.attack.target} must first answer {state.attack.attacker}'s attack",
                field="command",
            )
        if command.actor == GM and command.kind in (ADD_FIGHTER, DEAL_DAMAGE, REMOVE_FIGHTER):
            return
        if command.actor not in state.fighters:
            raise IllegalCommandError(f"{command.actor} is not in this duel", field="actor")
        if state.clock is None or command.actor != state.clock.current:
            current = state.clock.current if state.clock is not None else "nobody"
            raise IllegalCommandError(
                f"it is {current}'s turn, not {command.actor}'s", field="actor"
            )

    def candidates(self, state: DuelState, actor: ActorId) -> Iterator[Command]:
        """Attack each other fighter, or wait: built one by one, and once for equal
        arguments on the engine's fast paths (``tablekeeper.engine.memo``). No one is
        offered to attack themself, which the check refuses anyway."""
        for other in state.fighters:
            if other != actor:
                yield built(("duel.attack", actor, other), partial(_attack_command, actor, other))
        yield built(("duel.wait", actor), partial(Command, actor=actor, kind=WAIT))


def _attack_command(actor: ActorId, target: ActorId) -> Command:
    return Command.of(actor, ATTACK, Target(target=target))


ENGINE = DuelEngine()


def duel_session(roller: Roller, state: DuelState | None = None) -> Session[DuelState]:
    """A session of the duel from ``state`` (a fresh 10-HP duel by default)."""
    return Session(ENGINE, state or new_duel(), roller=roller)
