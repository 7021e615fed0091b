"""The catalogue as data: tags with their cunning options, conditions, skills; load checks."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.tactical.catalogue import load_catalogue

CATALOGUE = load_catalogue()

# Every S-ELEM tag's cunning options, in the document's words (S-ELEM-01 .. S-ELEM-19).
ELEMENTS: list[tuple[str, str, list[tuple[str, list[tuple[str, str]]]]]] = [
    (
        "S-ELEM-01",
        "bare_handed",
        [
            ("grab", [("condition", "grabbed")]),
            ("take_weapon", [("take_weapon", "")]),
            ("remove_condition", [("remove_condition", "")]),
        ],
    ),
    (
        "S-ELEM-02",
        "slashing",
        [
            ("poise_and_move", [("damage", "poise 2"), ("move", "2")]),
            ("unbalanced", [("condition", "unbalanced")]),
        ],
    ),
    (
        "S-ELEM-03",
        "piercing",
        [
            ("focus_ignore_armor", [("damage", "focus 2"), ("ignore_armor", "")]),
            ("bleeding", [("condition", "bleeding")]),
        ],
    ),
    (
        "S-ELEM-04",
        "blunt",
        [
            ("momentum_and_shove", [("damage", "momentum 2"), ("shove", "2")]),
            ("kneeling", [("condition", "kneeling")]),
        ],
    ),
    (
        "S-ELEM-05",
        "lightning",
        [("disarm", [("disarm", "")]), ("shocked", [("condition", "shocked")])],
    ),
    (
        "S-ELEM-06",
        "ice",
        [("chilled", [("condition", "chilled")]), ("weakened", [("condition", "weakened")])],
    ),
    (
        "S-ELEM-07",
        "fire",
        [("burning", [("condition", "burning")]), ("blinded", [("condition", "blinded")])],
    ),
    (
        "S-ELEM-08",
        "air",
        [
            ("vortexed", [("condition", "vortexed")]),
            ("choking", [("condition", "choking")]),
            ("evasive", [("condition", "evasive")]),
        ],
    ),
    (
        "S-ELEM-09",
        "water",
        [("wet", [("condition", "wet")]), ("remove_condition", [("remove_condition", "")])],
    ),
    (
        "S-ELEM-10",
        "earth",
        [
            ("petrified", [("condition", "petrified")]),
            ("guarded", [("condition", "guarded")]),
            ("unbalanced", [("condition", "unbalanced")]),
        ],
    ),
    (
        "S-ELEM-11",
        "caustic",
        [("corroding", [("condition", "corroding")]), ("wracked", [("condition", "wracked")])],
    ),
    (
        "S-ELEM-12",
        "oil",
        [
            ("oiled", [("condition", "oiled")]),
            ("evasive", [("condition", "evasive")]),
            ("fumbling", [("condition", "fumbling")]),
        ],
    ),
    (
        "S-ELEM-13",
        "holy",
        [
            ("self_blessed", [("condition", "blessed")]),
            ("target_blessed", [("condition", "blessed")]),
            ("self_guarded", [("condition", "guarded")]),
            ("target_guarded", [("condition", "guarded")]),
        ],
    ),
    (
        "S-ELEM-14",
        "unholy",
        [
            ("self_cursed", [("condition", "cursed")]),
            ("target_cursed", [("condition", "cursed")]),
            ("self_defenseless", [("condition", "defenseless")]),
            ("target_defenseless", [("condition", "defenseless")]),
        ],
    ),
    (
        "S-ELEM-15",
        "plant",
        [("restrained", [("condition", "restrained")]), ("guarded", [("condition", "guarded")])],
    ),
    (
        "S-ELEM-16",
        "companion",
        [
            ("extra_maneuver", [("companion_maneuver", "")]),
            ("empowered", [("condition", "empowered")]),
        ],
    ),
    (
        "S-ELEM-17",
        "mental",
        [
            ("self_distracted", [("condition", "distracted")]),
            ("target_distracted", [("condition", "distracted")]),
            ("self_honed", [("condition", "honed")]),
            ("target_honed", [("condition", "honed")]),
        ],
    ),
    (
        "S-ELEM-18",
        "sight",
        [
            ("self_blinded", [("condition", "blinded")]),
            ("target_blinded", [("condition", "blinded")]),
            ("self_guarded", [("condition", "guarded")]),
            ("target_guarded", [("condition", "guarded")]),
        ],
    ),
    (
        "S-ELEM-19",
        "sound",
        [
            ("self_deafened", [("condition", "deafened")]),
            ("target_deafened", [("condition", "deafened")]),
            ("self_empowered", [("condition", "empowered")]),
            ("target_empowered", [("condition", "empowered")]),
        ],
    ),
]


def _describe(effect: Any) -> tuple[str, str]:
    if effect.type == "condition":
        return "condition", effect.condition
    if effect.type == "damage":
        return "damage", f"{effect.track} {effect.amount}"
    if effect.type in ("move", "shove"):
        return effect.type, str(effect.paces)
    return effect.type, ""


@pytest.mark.parametrize(("rule", "tag", "options"), ELEMENTS, ids=[e[0] for e in ELEMENTS])
def test_every_element_tag_grants_its_cunning_options(
    rule: str, tag: str, options: list[tuple[str, list[tuple[str, str]]]]
) -> None:
    """S-ELEM-01 .. S-ELEM-19: each tag's cunning options, effect by effect, as data."""
    definition = CATALOGUE.tags[tag]
    assert definition.rule == rule
    found = [(o.id, [_describe(e) for e in o.effects]) for o in definition.cunning]
    assert found == options


def test_either_you_or_the_target() -> None:
    """S-ELEM-13 / 14 / 17 / 18 / 19: "either you or the target" is an option each."""
    holy = {o.id: o.effects[0] for o in CATALOGUE.tags["holy"].cunning}
    assert holy["self_blessed"].to == "self"  # type: ignore[union-attr]
    assert holy["target_blessed"].to == "target"  # type: ignore[union-attr]


def test_sight_and_sound_are_ineffective_on_the_blinded_and_deafened() -> None:
    """S-ELEM-18, S-ELEM-19: the tag names the condition it is ineffective on."""
    assert CATALOGUE.tags["sight"].ineffective_on == "blinded"
    assert CATALOGUE.tags["sound"].ineffective_on == "deafened"


def test_usage_tags_are_flags_the_engine_reads() -> None:
    """S-TAG-01: tags describe how a skill is used; each is data."""
    tags = CATALOGUE.tags
    assert tags["careful"].careful
    assert tags["slow"].slow
    assert tags["bare_handed"].bare_handed
    assert tags["bonus"].uncounted
    assert tags["core"].uncounted
    assert tags["thrown"].adds_brawn
    assert tags["stealthy"].stealthy
    assert tags["permanent"].permanent
    assert tags["initiative"].exclusive_class == "assassin"
    assert tags["berserk"].exclusive_class == "berserker"
    assert [tags[t].tier for t in ("basic", "novice", "expert", "master", "grandmaster")] == [
        "basic",
        "novice",
        "expert",
        "master",
        "grandmaster",
    ]
    assert tags["legendary"].rule == "S-TAG-21"
    assert tags["universal"].rule == "S-TAG-11"


def test_ten_universal_skills() -> None:
    """S-UNI-01, G-S-01: Act, Interact, Dash, Shift, Defend, Kick, Grab, Feint, Shout Out,
    Sprint, each a provisional entry."""
    universal = CATALOGUE.universal()
    assert [CATALOGUE.skills[k].name for k in universal] == [
        "Act",
        "Interact",
        "Dash",
        "Shift",
        "Defend",
        "Kick",
        "Grab",
        "Feint",
        "Shout Out",
        "Sprint",
    ]
    assert all(CATALOGUE.skills[k].provisional for k in universal)


def test_five_types_and_every_skill_has_type_target_and_tags() -> None:
    """S-GEN-01, S-TYPE-01: every skill has a type (one of five), a target unless passive,
    and tags."""
    types = {skill.type for skill in CATALOGUE.skills.values()}
    assert types == {"action", "maneuver", "reaction", "passive", "other"}
    for skill in CATALOGUE.skills.values():
        assert (skill.target is None) == (skill.type == "passive")
        assert skill.tags


def test_every_condition_the_document_names_is_provisional_data() -> None:
    """G-S-02: the ~30 named conditions, temporary or persistent flags, provisional."""
    named = {
        "heedless",
        "hindered",
        "knocked_down",
        "kneeling",
        "distracted",
        "unbalanced",
        "grabbed",
        "bleeding",
        "shocked",
        "chilled",
        "weakened",
        "burning",
        "blinded",
        "vortexed",
        "choking",
        "evasive",
        "wet",
        "petrified",
        "guarded",
        "corroding",
        "wracked",
        "oiled",
        "fumbling",
        "blessed",
        "cursed",
        "defenseless",
        "restrained",
        "empowered",
        "honed",
        "deafened",
        "drained",
        "defeated",
    }
    assert named <= set(CATALOGUE.conditions)
    assert CATALOGUE.conditions["knocked_down"].no_gain == ("momentum",)
    assert not CATALOGUE.conditions["knocked_down"].provisional
    assert CATALOGUE.conditions["heedless"].provisional
    assert CATALOGUE.conditions["heedless"].temporary
    assert CATALOGUE.conditions["petrified"].persistent


@pytest.mark.parametrize(
    ("house", "message"),
    [
        (
            {
                "skills": {
                    "zap": {
                        "name": "Zap",
                        "type": "action",
                        "target": "melee",
                        "kind": "attack",
                        "tags": ["fire"],
                    }
                }
            },
            "threat and a yield",
        ),
        (
            {
                "skills": {
                    "zap": {"name": "Zap", "type": "action", "target": "melee", "tags": ["glitter"]}
                }
            },
            "unknown tag",
        ),
        (
            {
                "skills": {
                    "zap": {
                        "name": "Zap",
                        "type": "reaction",
                        "target": "personal",
                        "tags": ["careful"],
                    }
                }
            },
            "trigger",
        ),
        (
            {
                "skills": {
                    "zap": {
                        "name": "Zap",
                        "type": "other",
                        "target": "personal",
                        "tags": ["careful"],
                        "concentration": True,
                    }
                }
            },
            "how many turns",
        ),
        (
            {
                "skills": {
                    "zap": {
                        "name": "Zap",
                        "type": "passive",
                        "target": "melee",
                        "tags": ["careful"],
                    }
                }
            },
            "no target",
        ),
        (
            {
                "skills": {
                    "zap": {
                        "name": "Zap",
                        "type": "action",
                        "target": "melee",
                        "tags": ["fire"],
                        "effects": [{"type": "condition", "condition": "glittery"}],
                    }
                }
            },
            "unknown condition",
        ),
        (
            {
                "skills": {
                    "zap": {"name": "Zap", "type": "action", "target": "ranged", "tags": ["fire"]}
                }
            },
            "range",
        ),
    ],
)
def test_a_broken_house_rule_is_a_load_error_naming_it(house: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        load_catalogue(house)


def test_house_rules_replace_a_provisional_default() -> None:
    """A GM replaces what the document leaves undefined: Defend grants 5 poise here."""
    house = load_catalogue({"skills": {"defend": {"defense": {"track": "poise", "amount": 5}}}})
    assert house.skills["defend"].defense is not None
    assert house.skills["defend"].defense.amount == 5
    assert CATALOGUE.skills["defend"].defense is not None
    assert CATALOGUE.skills["defend"].defense.amount == 3
