"""Rule presets and options (RULES.md section 2)."""

from __future__ import annotations

import pytest

from deberts.errors import RulesError
from deberts.variants.deberts.model.rules import CHOICES, OPTION_NAMES, PRESETS, Rules

DEFAULTS = {
    "teams": "pairs",
    "partner_exempt": False,
    "declarations_need_trick": True,
    "bella": "owner",
    "sequence_order": "natural",
    "trump_tiebreak": True,
    "first_lead": "eldest",
    "face_up_to": "dealer",
    "dealer_must_choose": False,
    "deberts_seven": False,
    "klabor_six": False,
    "four_sevens_redeal": False,
    "low_points_redeal": False,
    "ski": 0,
    "third_bait_penalty": False,
    "partner_winning_free": False,
    "discard_over_opponent_trump": False,
    "trump_lead_overtrump_partner": False,
    "capot": False,
    "declarations": "auto",
}


def test_default_is_moscow_with_documented_defaults():
    rules = Rules()
    assert rules.preset == "moscow"
    for name, value in DEFAULTS.items():
        assert getattr(rules, name) == value, name
    assert set(OPTION_NAMES) == set(DEFAULTS)
    assert set(PRESETS) == {"moscow", "kharkov", "belote"}


def test_presets():
    moscow = Rules.preset_rules("moscow")
    kharkov = Rules.preset_rules("kharkov")
    assert moscow == Rules()
    assert moscow.trump_tiebreak is True
    assert kharkov.preset == "kharkov"
    assert kharkov.trump_tiebreak is False
    # the presets differ in the trump tiebreak only (002: "Различие всего одно")
    differing = {k for k, v in moscow.to_dict().items() if kharkov.to_dict()[k] != v}
    assert differing == {"preset", "trump_tiebreak"}


def test_constructing_with_a_preset_name_applies_the_preset():
    assert Rules(preset="kharkov") == Rules.preset_rules("kharkov")
    assert Rules(preset="kharkov").trump_tiebreak is False
    assert Rules(preset="moscow").trump_tiebreak is True
    # an explicit option still wins over the preset
    assert Rules(preset="kharkov", trump_tiebreak=True).trump_tiebreak is True


def test_preset_with_overrides():
    rules = Rules.preset_rules("kharkov", bella="trick_winner", teams="solo")
    assert rules.preset == "kharkov"
    assert rules.bella == "trick_winner"
    assert rules.teams == "solo"
    assert rules.trump_tiebreak is False
    assert Rules.preset_rules("kharkov", trump_tiebreak=True).trump_tiebreak is True


def test_unknown_preset_rejected():
    with pytest.raises(RulesError, match=r"unknown rules preset 'odessa'"):
        Rules.preset_rules("odessa")
    with pytest.raises(RulesError, match=r"unknown rules preset 'odessa'"):
        Rules(preset="odessa")
    with pytest.raises(RulesError, match=r"unknown rules preset 'odessa'"):
        Rules.from_mapping({"preset": "odessa"})
    with pytest.raises(RulesError, match=r"bad rules preset 3"):
        Rules.from_mapping({"preset": 3})


@pytest.mark.parametrize(
    "setting, name, value",
    [
        ("bella=trick_winner", "bella", "trick_winner"),
        ("bella = both_tricks", "bella", "both_tricks"),
        ("teams=solo", "teams", "solo"),
        ("sequence_order=play", "sequence_order", "play"),
        ("first_lead=declarer", "first_lead", "declarer"),
        ("face_up_to=declarer", "face_up_to", "declarer"),
        ("partner_exempt=true", "partner_exempt", True),
        ("partner_exempt=True", "partner_exempt", True),
        ("partner_exempt=yes", "partner_exempt", True),
        ("partner_exempt=1", "partner_exempt", True),
        ("partner_exempt=on", "partner_exempt", True),
        ("declarations_need_trick=false", "declarations_need_trick", False),
        ("declarations_need_trick=FALSE", "declarations_need_trick", False),
        ("declarations_need_trick=no", "declarations_need_trick", False),
        ("declarations_need_trick=0", "declarations_need_trick", False),
        ("declarations_need_trick=off", "declarations_need_trick", False),
        ("trump_tiebreak=false", "trump_tiebreak", False),
        ("dealer_must_choose=true", "dealer_must_choose", True),
        ("deberts_seven=true", "deberts_seven", True),
        ("klabor_six=true", "klabor_six", True),
    ],
)
def test_with_setting(setting, name, value):
    base = Rules()
    rules = base.with_setting(setting)
    assert getattr(rules, name) == value
    assert type(getattr(rules, name)) is type(value)
    assert base == Rules()  # not mutated
    # everything else unchanged
    for other in OPTION_NAMES:
        if other != name:
            assert getattr(rules, other) == getattr(base, other)


def test_with_setting_keeps_the_preset():
    rules = Rules.preset_rules("kharkov").with_setting("bella=owner")
    assert rules.preset == "kharkov"
    assert rules.trump_tiebreak is False


@pytest.mark.parametrize(
    "setting, fragment",
    [
        ("colour=red", "unknown rule option 'colour'"),
        ("Bella=owner", "unknown rule option 'Bella'"),
        ("bella=nobody", "bad value 'nobody' for rule option 'bella': expected one of owner trick_winner both_tricks"),
        ("teams=trio", "bad value 'trio' for rule option 'teams'"),
        ("sequence_order=random", "bad value 'random' for rule option 'sequence_order'"),
        ("partner_exempt=maybe", "bad value 'maybe' for rule option 'partner_exempt': expected true or false"),
        ("partner_exempt=", "bad value '' for rule option 'partner_exempt'"),
        ("bella", "bad setting 'bella': expected option=value"),
        ("", "bad setting '': expected option=value"),
    ],
)
def test_with_setting_rejects(setting, fragment):
    with pytest.raises(RulesError) as info:
        Rules().with_setting(setting)
    assert fragment in str(info.value)


def test_unknown_option_message_lists_the_options():
    with pytest.raises(RulesError) as info:
        Rules().with_setting("colour=red")
    for name in OPTION_NAMES:
        assert name in str(info.value)


def test_with_options():
    rules = Rules().with_options(bella="both_tricks", partner_exempt=True)
    assert rules.bella == "both_tricks"
    assert rules.partner_exempt is True
    with pytest.raises(RulesError, match="unknown rule option 'belle'"):
        Rules().with_options(belle="owner")
    with pytest.raises(RulesError, match="bad value 'x' for rule option 'bella'"):
        Rules().with_options(bella="x")
    with pytest.raises(RulesError, match="bad value 'true' for rule option 'partner_exempt'"):
        Rules().with_options(partner_exempt="true")


def test_constructor_validates_values():
    with pytest.raises(RulesError, match="bad value 'x' for rule option 'first_lead'"):
        Rules(first_lead="x")
    with pytest.raises(RulesError, match="bad value 1 for rule option 'klabor_six'"):
        Rules(klabor_six=1)


def test_from_mapping():
    rules = Rules.from_mapping(
        {"preset": "kharkov", "bella": "trick_winner", "declarations_need_trick": False}
    )
    assert rules == Rules.preset_rules(
        "kharkov", bella="trick_winner", declarations_need_trick=False
    )
    assert Rules.from_mapping({}) == Rules()
    assert Rules.from_mapping({"teams": "solo"}) == Rules(teams="solo")
    with pytest.raises(RulesError, match="unknown rule option 'bela'"):
        Rules.from_mapping({"bela": "owner"})
    with pytest.raises(RulesError, match="bad value 'all' for rule option 'teams'"):
        Rules.from_mapping({"teams": "all"})


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_to_dict_round_trips_through_from_mapping(preset):
    rules = Rules.preset_rules(preset, bella="both_tricks", partner_exempt=True)
    data = rules.to_dict()
    assert data["preset"] == preset
    assert Rules.from_mapping(data) == rules


def test_every_choice_value_is_accepted():
    for name, values in CHOICES.items():
        for value in values:
            assert getattr(Rules().with_setting(f"{name}={value}"), name) == value


def test_rules_are_immutable_and_hashable():
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.bella = "trick_winner"  # type: ignore[misc]
    assert len({Rules(), Rules.preset_rules("moscow"), Rules.preset_rules("kharkov")}) == 2
