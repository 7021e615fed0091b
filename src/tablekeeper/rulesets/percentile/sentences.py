"""One sentence per ``percentile`` event, as a viewer may read it (docs/rulings.md, C-03).

A player who does not control a combatant reads what the table sees happen to it: the
blow and the damage dealt, the die of each of its rolls and the level it made, its turn
order, whether it is out of the fight. They do not read what its stat block and its
sheet keep: its HP after a blow, its Magic and Determination Points, the HP left to a
weapon of its, the skill percentages its rolls were made against (so "34, success", not
"34 against 60%, success"), nor how its turn order is made up. The GM and its player read
it all. Bookkeeping (tasks queued, what a decision is about, actions spent) has no
sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import Frozen
from tablekeeper.engine.words import Names, name_of
from tablekeeper.rulesets.percentile.checks import CheckOutcome
from tablekeeper.rulesets.percentile.defense import DefenseEffect
from tablekeeper.rulesets.percentile.encounter import events as ev

FORM_WORDS = {
    "manifested": "manifests in the physical world",
    "discorporate": "discorporates into the Spirit World",
    "corporeal": "returns to its body",
}
"""What a change of form looks like at the table (P-ACT-18)."""

POINTS_WORDS = {"magic": "Magic Points", "determination": "Determination Points"}


def roll_words(roll: CheckOutcome, sees: bool) -> str:
    """A d100 roll: ``34 against 60%, success`` for whoever may see the roller's skill,
    else ``34, success``."""
    against = f" against {roll.effective_skill}%" if sees else ""
    return f"{roll.roll}{against}, {roll.level.value}"


def possessive(name: str) -> str:
    """``travellers'``, ``Brenna's``.

    >>> possessive("travellers"), possessive("Brenna")
    ("travellers'", "Brenna's")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def distance_words(distance: str | None) -> str:
    """A melee distance in words.

    >>> distance_words("very_long"), distance_words(None)
    ('very long', '')
    """
    return (distance or "").replace("_", " ")


@dataclass(frozen=True)
class Say:
    """Who reads a sentence, about what: the event's kind, the names the viewer knows, its
    sight; and the combatant the event is about (its name, whether the viewer sees it, and
    whether they may read the skill its rolls are rolled against: not in a "dice only"
    roll, C-20)."""

    kind: str
    names: Names
    sight: Sight
    name: str
    sees: bool

    @property
    def sees_skill(self) -> bool:
        """Whether the viewer reads the combatant's rolls with their effective skill."""
        return self.sees and self.sight.shows_targets

    def of(self, actor: object) -> str:
        """The name the viewer knows ``actor`` by."""
        return name_of(self.names, actor)


def say_for(kind: str, payload: Frozen, names: Names, sight: Sight) -> Say:
    """Who reads the event ``kind``, about the combatant its payload names."""
    who = str(getattr(payload, "combatant", ""))
    return Say(kind, names, sight, name_of(names, who), sight.sees(who))


def sentence(kind: str, payload: Frozen, names: Names, sight: Sight) -> str | None:
    """The line of one event (its kind and payload model), or ``None`` for bookkeeping."""
    say = say_for(kind, payload, names, sight)
    for group in (_round, _blow, _melee, _deed):
        line = group(payload, say)
        if line is not None:
            return line
    return None


def _round(payload: Frozen, say: Say) -> str | None:
    """Joining, turn orders, rounds and turns, falling out of the fight, the end."""
    name = say.name
    match payload:
        case ev.CombatantAdded(combatant=combatant):
            return f"{combatant.name} joins ({combatant.side})"
        case ev.TurnOrderRolled(order=rolled):
            if not say.sees:
                return f"{name}'s turn order ({rolled.reason}): {rolled.total}"
            base = "1D10" if rolled.initiative is None else f"{rolled.initiative} + 1D10"
            mod = f" {rolled.modifier:+d} reach" if rolled.modifier else ""
            made = f"{base} ({rolled.die}){mod} = {rolled.total}"
            return f"{name}'s turn order ({rolled.reason}): {made}"
        case ev.RoundStarted():
            order = ", ".join(say.of(key) for key in payload.order)
            return f"Round {payload.round}: {order}"
        case ev.TurnStarted(lost=lost):
            return f"{name}'s turn" + (f" (fumble: lost its {lost})" if lost else "")
        case ev.Waited():
            return f"{name} waits (turn order {payload.turn_order})"
        case ev.CombatantOnly():
            return _combatant_only(say)
        case ev.EncounterEnded():
            ended = end_words(payload.winner, gm_ended=payload.reason == ev.GM_ENDED)
            return f"The encounter ends: {ended}"
    return None


def end_words(winner: str | None, *, gm_ended: bool) -> str:
    """How a combat ended, as the log and the status line both say it: ``party left
    standing``, ``the GM ended it`` or ``no one left standing``."""
    if winner is not None:
        return f"{winner} left standing"
    return ev.GM_ENDED if gm_ended else "no one left standing"


def _combatant_only(say: Say) -> str | None:
    """The events that name a combatant and nothing else."""
    done = {
        ev.COMBATANT_DOWN: "is out of the fight",
        ev.RALLIED: "rallies the allies",
        ev.FATIGUED: "tires in the melee",
        ev.COMBATANT_REMOVED: "leaves the encounter",
    }.get(say.kind)
    return f"{say.name} {done}" if done else None


def _blow(payload: Frozen, say: Say) -> str | None:
    """Attacks and defenses, damage and points, worn gear, fumbles, pushes."""
    name = say.name
    match payload:
        case ev.AttackRolled(attack=task, roll=roll):
            return (
                f"{say.of(task.attacker)} attacks {say.of(task.target)} with "
                f"{task.weapon}: {roll_words(roll, say.sight.sees_targets(task.attacker))}"
            )
        case ev.AttackResolved(attack=task, outcome=outcome):
            defense = outcome.defense
            if defense is None:
                return None
            words = roll_words(defense.check, say.sight.sees_targets(task.target))
            effect = _EFFECT_WORDS[defense.effect]
            return f"{say.of(task.target)}'s {defense.kind}: {words} ({effect})"
        case ev.Damaged():
            where = f" to the {payload.location}" if payload.location else ""
            after = f": {payload.hp_after} HP" if say.sees else ""
            return f"{name} takes {payload.amount} damage{where} ({payload.source}){after}"
        case ev.PointsChanged():
            return _points(payload, say)
        case ev.GearWorn():
            if say.sees:
                return f"{name}'s {payload.item}: {payload.hp_before} → {payload.hp_after} HP"
            return f"{name}'s {payload.item} is damaged"
        case ev.Fumbled(outcome=outcome):
            return f"{name} fumbles: {outcome.roll}, {outcome.text}"
        case ev.Pushed():
            return _pushed(payload, say)
    return None


def _points(payload: ev.PointsChanged, say: Say) -> str:
    """Magic or Determination Points: before and after for whoever may see them, else by
    how much they changed."""
    points = POINTS_WORDS[payload.points]
    if say.sees:
        return f"{say.name}: {points} {payload.before} → {payload.after} ({payload.source})"
    change = payload.after - payload.before
    verb = "loses" if change < 0 else "gains"
    return f"{say.name} {verb} {abs(change)} {points} ({payload.source})"


def _pushed(payload: ev.Pushed, say: Say) -> str:
    """A Bash's push, and the hazardous zone it pushes toward (P-OPT-23, P-OPT-24)."""
    push = f"{payload.meters} m by {say.of(payload.by)}"
    if payload.into_hazard is None:
        return f"{say.name} is pushed {push}"
    if payload.into_hazard:
        return f"{say.name} is pushed into the hazard ({push})"
    return f"{say.name} stops at the edge (pushed {push})"


def _melee(payload: Frozen, say: Say) -> str | None:
    """Engagements and distances, spirit combat, grapples, stuck weapons, checks."""
    name, sees = say.name, say.sees_skill
    match payload:
        case ev.Engaged():
            a, b = (say.of(key) for key in payload.pair)
            at = f" at {distance_words(payload.distance)} distance" if payload.distance else ""
            return f"{a} and {b} are engaged in melee{at}"
        case ev.DistanceChanged():
            a, b = (say.of(key) for key in payload.pair)
            return f"{a} and {b} are now at {distance_words(payload.distance)} distance"
        case ev.Disengagement():
            return _disengagement(say.kind, payload, name, say.names)
        case ev.SpiritEngaged():
            a, b = (say.of(key) for key in payload.pair)
            return f"{a} and {b} are engaged in spirit combat"
        case ev.SpiritRolled(roll=roll):
            return f"{name} rolls Spirit Combat ({payload.role}): {roll_words(roll, sees)}"
        case ev.SpiritResolved():
            return _spirit(payload, say.names)
        case ev.CheckRolled(purpose="bash_edge", roll=roll):
            return f"{name} rolls to stop at the edge: {roll_words(roll, sees)}"
        case ev.CheckRolled(roll=roll):
            return f"{name} rolls {payload.purpose.replace('_', ' ')}: {roll_words(roll, sees)}"
        case ev.Grappled(grapple=grapple):
            return f"{say.of(grapple.grappler)} grapples {say.of(grapple.grappled)}"
        case ev.GrappleChange():
            return _grapple(payload, say)
        case ev.WeaponStuck(stuck=stuck):
            broken = " and breaks" if stuck.broken else ""
            return (
                f"{say.of(stuck.owner)}'s {stuck.weapon} is stuck in {say.of(stuck.target)}{broken}"
            )
        case ev.StuckWeaponChange():
            return _stuck(say.kind, payload, say.names)
    return None


def _grapple(payload: ev.GrappleChange, say: Say) -> str:
    grappler, grappled = say.of(payload.grappler), say.of(payload.grappled)
    if say.kind == ev.GRAPPLE_TIGHTENED:
        return f"{grappler} tightens the grapple on {grappled}"
    reason = f" ({payload.reason})" if payload.reason else ""
    return f"{grappled} is free of {grappler}'s grapple{reason}"


def _deed(payload: Frozen, say: Say) -> str | None:
    """Spells, gear in hand, getting up or down, moving, speaking, passions, forms."""
    name = say.name
    match payload:
        case ev.SpellCast():
            return _spell(payload, say.names, say.sight)
        case ev.ItemMoved():
            far = f" ({payload.meters} m away)" if payload.meters else ""
            verb = "drops" if say.kind == ev.ITEM_DROPPED else "loses"
            return f"{name} {verb} {payload.item}{far}"
        case ev.Equipped():
            held = ", ".join(payload.ready) or "nothing"
            picked = f" (picked up {', '.join(payload.picked_up)})" if payload.picked_up else ""
            return f"{name} now holds {held}{picked}"
        case ev.ProneChanged():
            return f"{name} falls prone" if payload.prone else f"{name} gets up"
        case ev.Moved():
            out = " out of melee" if payload.out_of_melee else ""
            return f"{name} moves {payload.meters} m{out}"
        case ev.Stepped():
            return f"{name} steps {payload.meters} m" + (
                " back (retreat)" if payload.retreat else ""
            )
        case ev.Spoke():
            return f'{name}: "{payload.text}"'
        case ev.PassionUsed(roll=roll):
            words = f": {roll_words(roll, say.sees_skill)}" if roll is not None else ""
            return f"{name} uses the passion {payload.passion}{words}"
        case ev.FormChanged():
            return f"{name} {FORM_WORDS[payload.form]}"
        case ev.Aimed():
            aim = "aims" if payload.times == 1 else "aims again"
            return f"{name} {aim} at {name_of(say.names, payload.target)}"
        case ev.DefenseReserved(reserve=reserve):
            *first, last = reserve.guards or ("no defense",)
            guards = f"{', '.join(first)} or {last}" if first else last
            return f"{name} holds a defense ({guards})"
    return None


def _disengagement(kind: str, payload: ev.Disengagement, name: str, names: Names) -> str | None:
    what = "spirit combat" if payload.spirit else "melee"
    if kind == ev.DISENGAGE_DECLARED:
        return f"{name} tries to disengage from {what}"
    if kind == ev.DISENGAGE_FAILED:
        return f"{name} fails to disengage from {what}" + (
            f" ({payload.reason})" if payload.reason else ""
        )
    others = ", ".join(name_of(names, key) for key in payload.others)
    return f"{name} disengages from {others or what} ({payload.reason})"


def _spirit(payload: ev.SpiritResolved, names: Names) -> str:
    attacker, defender = name_of(names, payload.attacker), name_of(names, payload.defender)
    lost = [f"{name_of(names, key)} loses {points}" for key, points in payload.dealt.items()]
    won = f"{name_of(names, payload.winner)} wins" if payload.winner else "no one wins"
    blocked = " and blocks" if payload.blocked else ""
    dealt = f" ({', '.join(lost)} Magic Points)" if lost else ""
    return f"Spirit combat, {attacker} against {defender}: {won}{blocked}{dealt}"


def _spell(payload: ev.SpellCast, names: Names, sight: Sight) -> str:
    caster = name_of(names, payload.caster)
    target = f" on {name_of(names, payload.target)}" if payload.target else ""
    rolled = roll_words(payload.roll, sight.sees_targets(payload.caster))
    line = f"{caster} casts {payload.spell}{target}: {rolled}"
    if payload.resist is not None and payload.target is not None:
        line += f"; resisted {roll_words(payload.resist, sight.sees_targets(payload.target))}"
    return line + ("" if payload.effective else " (no effect)")


def _stuck(kind: str, payload: ev.StuckWeaponChange, names: Names) -> str:
    owner, target = name_of(names, payload.owner), name_of(names, payload.target)
    if kind == ev.WEAPON_LET_GO:
        return f"{owner} lets go of the {payload.weapon} stuck in {target}"
    if kind == ev.WEAPON_REGRABBED:
        return f"{owner} grabs the {payload.weapon} stuck in {target} again"
    by = name_of(names, payload.by) if payload.by else owner
    return f"{by} pulls {owner}'s {payload.weapon} out of {target}"


_EFFECT_WORDS = {
    DefenseEffect.UNDEFENDED: "undefended",
    DefenseEffect.AVOIDED: "the blow avoided",
    DefenseEffect.HALVED: "damage halved",
    DefenseEffect.ABSORBED: "damage absorbed",
    DefenseEffect.HALF_ABSORBED: "half the damage absorbed",
    DefenseEffect.NO_EFFECT: "no effect",
}
"""What a defense did to the blow, in the table's words (P-ATK-04/05/06)."""
