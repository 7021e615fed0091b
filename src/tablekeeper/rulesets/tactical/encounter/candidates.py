"""What a character may sensibly do now, best first: the engine keeps those its checks allow.

The order is the default policy's preference (it takes the first legal command): finish a
maneuver by closing on the nearest enemy, attack an enemy in reach, move closer with a
maneuver, use a utility action, and end the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from tablekeeper.engine import fast_paths
from tablekeeper.engine.commands import Command
from tablekeeper.engine.memo import built, remembered
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.catalogue import TRACKS
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import plainly_refused as plainly
from tablekeeper.rulesets.tactical.encounter.moving import movement_left
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState
from tablekeeper.rulesets.tactical.encounter.traits import available, available_reads
from tablekeeper.rulesets.tactical.grid import Square, distance, reachable
from tablekeeper.rulesets.tactical.once import for_catalogue


def _enemy_squares(state: TacticalState, character: Character) -> tuple[Square, ...]:
    """Where the standing enemies of ``character`` stand (remembered for the state)."""
    return remembered(
        state,
        ("enemy_positions", character.id),
        lambda: tuple(o.position for o in state.standing() if o.is_enemy_of(character)),
    )


def _nearest_enemy_distance(state: TacticalState, character: Character, square: Square) -> int:
    enemies = _enemy_squares(state, character)
    if not enemies:
        return 0
    return min(distance(square, position, state.options.distance) for position in enemies)


def _nearest_enemy_gap(state: TacticalState, character: Character) -> Callable[[Square], int]:
    """:func:`_nearest_enemy_distance` from any square. On the fast paths the enemies'
    squares and the metric are read once for all the squares the closing move weighs
    (the same values the full function reads for each), and the default metric's
    distance is worked out inline (``grid.distance``'s own arithmetic)."""
    if not fast_paths.enabled():
        return lambda square: _nearest_enemy_distance(state, character, square)
    enemies = _enemy_squares(state, character)
    metric = state.options.distance
    if not enemies:
        return lambda square: 0
    if metric == "chebyshev":  # grid.distance's default metric, its arithmetic inlined
        return lambda square: min([max(abs(square[0] - x), abs(square[1] - y)) for x, y in enemies])
    return lambda square: min([distance(square, position, metric) for position in enemies])


def _skills(state: TacticalState, character: Character) -> list[str]:
    keys = dict.fromkeys([*character.style, *character.unlocked, *state.catalogue.universal()])
    return [key for key in keys if key in state.catalogue.skills]


def _reach(state: TacticalState, character: Character) -> int:
    """How far the character's attacks reach: where the policy wants to stand."""
    reaches = [1]
    for key in _skills(state, character):
        skill = state.catalogue.skills[key]
        if not skill.is_attack:
            continue
        if skill.target == "ranged":
            reaches.append(skill.range + character.cunning)
        elif skill.target in ("line", "blast") and skill.blast != "central":
            reaches.append(max(1, skill.range))
    return max(reaches)


def _attack_commands(
    state: TacticalState, character: Character, keys: tuple[str, ...], *, fast: bool = False
) -> Iterator[Command]:
    """Each skill of ``keys`` against each standing enemy, the nearest first (on the fast
    paths, none beyond a melee or ranged skill's reach: ``plainly_refused.py``); the
    enemies are not looked for when there is no skill to aim at them."""
    if not keys:
        return
    who = character.id
    enemies = [o for o in state.standing() if o.is_enemy_of(character)]
    enemies.sort(key=lambda o: distance(o.position, character.position, state.options.distance))
    for key in keys:
        skill = state.catalogue.skills[key]
        concentration = (
            "release_first" if skill.concentration and who in state.concentrations else None
        )
        for enemy in enemies:
            if fast and plainly.beyond_reach(state, character, skill, enemy):
                continue
            if skill.target in ("melee", "ranged"):
                yield cmd.use_skill(who, key, target=enemy.id, concentration=concentration)
            elif skill.target in ("line", "blast"):
                point = character.position if skill.blast == "central" else enemy.position
                yield cmd.use_skill(who, key, point=point, concentration=concentration)


def _hits_friends(state: TacticalState, command: Command) -> bool:
    """Whether a line or blast would take the user or an ally (the policy avoids it)."""
    from tablekeeper.rulesets.tactical.encounter.reach import targets_for

    payload = command.payload
    point = payload.get("point")
    if not isinstance(point, list) or len(point) != 2:
        return False
    x, y = point
    if not isinstance(x, int) or not isinstance(y, int):
        return False
    who = str(payload["character"])
    aimed = targets_for(state, who, str(payload["skill"]), target=None, point=(x, y))
    me = state.character(who)
    return any(not state.character(t).is_enemy_of(me) for t in aimed.targets)


def candidates(state: TacticalState, actor: ActorId) -> list[Command]:
    """What the acting character may sensibly do now, best first."""
    return list(iter_candidates(state, actor))


def _closing_move(
    state: TacticalState, character: Character, want: int, here: int
) -> Command | None:
    """The move to the reachable square nearest the distance the attacks want, if it is
    better than staying.

    On the fast paths it is built once for all it reads (who moves, from where, how far,
    the distance wanted, the metric, the squares others block, where the enemies stand,
    the map: ``engine/memo.built``): trials of one scenario close in on the same squares
    again and again (19 different closing moves in 3,200 asked, over 100 skirmishes)."""
    left = movement_left(state)
    if left <= 0 or here <= 0:
        return None
    blocked = frozenset(o.position for o in state.standing() if o.id != character.id)
    if not fast_paths.enabled():
        return _closing(state, character, want, left, blocked)
    grid = state.map
    key = (
        "closing move",
        character.id,
        character.position,
        left,
        want,
        state.options.distance,
        blocked,
        _enemy_squares(state, character),
        (grid.width, grid.height, grid.walls),
    )
    return built(key, lambda: _closing(state, character, want, left, blocked))


def _closing(
    state: TacticalState, character: Character, want: int, left: int, blocked: frozenset[Square]
) -> Command | None:
    costs = reachable(state.map, character.position, left, state.options.distance, blocked)
    nearest = _nearest_enemy_gap(state, character)

    def badness(square: tuple[int, int]) -> tuple[int, int, tuple[int, int]]:
        gap = nearest(square)
        return (abs(gap - want) if gap <= want else 2 * (gap - want), costs[square], square)

    best = min((sq for sq in costs if sq != character.position), key=badness, default=None)
    if best is not None and badness(best)[0] < badness(character.position)[0]:
        return cmd.move(character.id, best)
    return None


@dataclass(frozen=True)
class StyleSkills:
    """A character's skills as the candidates offer them, each group in the order of its
    fighting style: where its attacks want it to stand, its moving maneuvers, its action
    and 'other' attacks, its wards (concentration) and its other utilities."""

    reach: int
    movers: tuple[str, ...]
    actions: tuple[str, ...]
    others: tuple[str, ...]
    wards: tuple[str, ...]
    utilities: tuple[str, ...]


def style_skills(state: TacticalState, character: Character) -> StyleSkills:
    """The character's :class:`StyleSkills`: a pure function of the catalogue, the style,
    the skills unlocked and the cunning, built once for them on the fast paths
    (``once.py``)."""
    if not fast_paths.enabled():
        return _style_skills(state, character)
    key = ("style skills", character.style, character.unlocked, character.cunning)
    return for_catalogue(state.catalogue, key, lambda: _style_skills(state, character))


def _style_skills(state: TacticalState, character: Character) -> StyleSkills:
    catalogue = state.catalogue
    skills = _skills(state, character)
    return StyleSkills(
        reach=_reach(state, character),
        movers=tuple(
            k
            for k in skills
            if catalogue.skills[k].type == "maneuver" and catalogue.skills[k].target == "personal"
        ),
        actions=tuple(
            k
            for k in skills
            if catalogue.skills[k].is_attack and catalogue.skills[k].type == "action"
        ),
        others=tuple(
            k
            for k in skills
            if catalogue.skills[k].is_attack and catalogue.skills[k].type == "other"
        ),
        wards=tuple(
            k
            for k in skills
            if not catalogue.skills[k].is_attack
            and catalogue.skills[k].type == "action"
            and catalogue.skills[k].concentration
            and catalogue.skills[k].target == "personal"
        ),
        utilities=tuple(
            k
            for k in skills
            if not catalogue.skills[k].is_attack
            and catalogue.skills[k].type == "action"
            and catalogue.skills[k].target == "personal"
            and not catalogue.skills[k].concentration
            and k != "act"
        ),
    )


def iter_candidates(state: TacticalState, actor: ActorId) -> Iterator[Command]:
    """:func:`candidates` one by one, each built when it is asked for: a policy that
    takes the first legal one never builds the others (``engine/legal.py``).

    On the engine's fast paths, a candidate the check plainly refuses is not built
    (``plainly_refused.py``): the legal commands are the same, found sooner."""
    turn = state.turn
    if state.ended is not None or turn is None or state.use is not None:
        return
    if actor != turn.actor:
        return
    character = state.character(turn.actor)
    who = character.id
    fast = fast_paths.enabled()
    idle = fast and plainly.cannot_act(state, character)
    no_action = idle or (fast and plainly.no_action_left(turn))
    no_maneuver = idle or (fast and plainly.no_maneuver_left(turn, character))
    found: list[Command] = []  # what was offered so far (the other moves skip them)
    style = style_skills(state, character)
    want = style.reach
    here = _nearest_enemy_distance(state, character, character.position)
    closing = None if idle else _closing_move(state, character, want, here)
    if closing is not None:
        yield _offer(found, closing)
    if turn.maneuver is not None and not idle:
        yield _offer(found, cmd.simple(cmd.END_MANEUVER, who))
    movers = _unrefused(state, character, style.movers, refused=no_maneuver, fast=fast)
    if want > 1 and here <= 1 and turn.maneuvers == 0:  # step back before using the reach
        yield from _offered(found, (cmd.use_skill(who, key) for key in movers))
    actions = _unrefused(state, character, style.actions, refused=no_action, fast=fast)
    attacks = _attack_commands(state, character, actions, fast=fast)
    yield from _offered(found, (c for c in attacks if not _hits_friends(state, c)))
    if who not in state.concentrations:
        wards = _unrefused(state, character, style.wards, refused=no_action, fast=fast)
        yield from _offered(found, (cmd.use_skill(who, key) for key in wards))
    others = _unrefused(state, character, style.others, refused=no_action, fast=fast)
    attacks = _attack_commands(state, character, others, fast=fast)
    yield from _offered(found, (c for c in attacks if not _hits_friends(state, c)))
    if here > want or (want > 1 and here < want):
        yield from _offered(found, (cmd.use_skill(who, key) for key in movers))
    utilities = _unrefused(state, character, style.utilities, refused=no_action, fast=fast)
    yield from _offered(found, (cmd.use_skill(who, key) for key in utilities))
    yield _offer(found, cmd.simple(cmd.END_TURN, who))
    yield from _other_moves(state, character, found)


def _unrefused(
    state: TacticalState,
    character: Character,
    keys: tuple[str, ...],
    *,
    refused: bool,
    fast: bool,
) -> tuple[str, ...]:
    """``keys``, but on the fast paths none when the turn refuses them all (``refused``)
    and none the character may not use now or cannot pay for (``plainly_refused.py``):
    built once for the keys, what their availability reads (``traits.available_reads``)
    and the character's pools (what paying reads), not asked key by key."""
    if not fast:
        return keys
    if refused or not keys:
        return ()
    reads = available_reads(state, character)
    pools = tuple([character.pool(track) for track in TRACKS])
    return for_catalogue(
        state.catalogue,
        ("unrefused", keys, reads, pools),
        lambda: _usable(state, character, keys),
    )


def _usable(state: TacticalState, character: Character, keys: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``keys`` the character may use now and can pay for."""
    skills = state.catalogue.skills
    return tuple(
        key
        for key in keys
        if available(state, character, key) is None
        and not plainly.cannot_pay(character, skills[key])
    )


def _offer(found: list[Command], command: Command) -> Command:
    found.append(command)
    return command


def _offered(found: list[Command], commands: Iterable[Command]) -> Iterator[Command]:
    for command in commands:
        yield _offer(found, command)


def _other_moves(state: TacticalState, character: Character, found: list[Command]) -> list[Command]:
    """For a GM at the keys (the terminal), the farthest square the movement reaches in
    each of the eight directions, after everything the policy would prefer."""
    if movement_left(state) <= 0:
        return []
    blocked = frozenset(o.position for o in state.standing() if o.id != character.id)
    costs = reachable(
        state.map, character.position, movement_left(state), state.options.distance, blocked
    )
    x0, y0 = character.position
    offered = {tuple(c.payload["to"]) for c in found if c.kind == cmd.MOVE}  # type: ignore[arg-type]
    moves: list[Command] = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            line = [
                (x0 + dx * k, y0 + dy * k)
                for k in range(1, movement_left(state) + 1)
                if (dx or dy) and (x0 + dx * k, y0 + dy * k) in costs
            ]
            if line and line[-1] not in offered:
                offered.add(line[-1])
                moves.append(cmd.move(character.id, line[-1]))
    return moves
