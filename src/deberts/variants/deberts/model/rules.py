"""Rule presets and options (docs/rules.md section 2): each option is an
attribute of :class:`Rules`, documented there with the one function that reads it.

``Rules()`` is the Moscow preset. ``belote`` is French Belote as the ``colver``
solver plays it (README "Rules"): 4 players in pairs, Deberts' card values and
orders, and these differences, each an option usable with any preset:

- ``partner_winning_free``: void in the led suit while the partner's card wins the
  trick, a player may play any card (no duty to trump or overtrump);
- ``discard_over_opponent_trump``: void in the led suit while an opponent's trump
  wins and unable to beat it, a player may play any card (a plain discard or an
  undertrump) instead of having to undertrump;
- ``trump_lead_overtrump_partner``: trumps led, the top trump must be beaten when
  possible even if it is the partner's (it limits ``partner_exempt`` to plain leads);
- ``capot``: a side (the declarer's, or the defenders together) taking every trick
  counts the last trick 100 instead of 10 (252 card points instead of 162);
- ``declarations = auto | none``: ``none`` scores no tertz or fifty (bella still
  follows the ``bella`` option);
- ``face_up_to = none``: no card is turned up; the whole hand is dealt at once and
  the bidding is one round naming a trump (docs/rules.md 2.1, 2.2).

``Rules.preset_rules("kharkov", bella="trick_winner")`` starts from a preset and
overrides options by name; unknown names and values are rejected by name, so a
typo never silently plays another game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Iterable, Mapping

from deberts.errors import RulesError, excerpt

#: Allowed values of every option that takes one of a few words.
CHOICES: dict[str, tuple[str, ...]] = {
    "teams": ("pairs", "solo"),
    "bella": ("owner", "trick_winner", "both_tricks"),
    "sequence_order": ("natural", "play"),
    "first_lead": ("eldest", "declarer"),
    "face_up_to": ("dealer", "declarer", "none"),
    "declarations": ("auto", "none"),
}

PRESETS: dict[str, dict[str, Any]] = {
    "moscow": {"trump_tiebreak": True},
    "kharkov": {"trump_tiebreak": False},
    "belote": {
        "trump_tiebreak": True,
        "partner_winning_free": True,
        "discard_over_opponent_trump": True,
        "trump_lead_overtrump_partner": True,
        "capot": True,
        "declarations": "none",
        "face_up_to": "none",
    },
}

#: The options a preset may set, and their value when it does not.
PRESET_OPTIONS: dict[str, Any] = {
    "trump_tiebreak": True,
    "partner_winning_free": False,
    "discard_over_opponent_trump": False,
    "trump_lead_overtrump_partner": False,
    "capot": False,
    "declarations": "auto",
    "face_up_to": "dealer",
}

#: The points a ski (no trick taken in a deal) may cost: none, the usual 50, Klabor's 100.
SKI_PENALTIES = (0, 50, 100)

#: The presets that are only defined for 4 players in two pairs.
PAIRS_ONLY_PRESETS = ("belote",)


@dataclass(frozen=True)
class Rules:
    """One reading of the rules: a preset plus named options.

    Attributes follow docs/rules.md: ``teams`` (4 players: opposite pairs or every
    player for himself), ``partner_exempt`` (no duty to overtrump a partner),
    ``declarations_need_trick`` (tertz/fifty count only for a side that took a
    trick), ``bella`` (who scores the king-queen of trumps), ``sequence_order``
    (which order makes a run), ``trump_tiebreak`` (Moscow: an equal run in trumps
    wins; Kharkov: no advantage), ``first_lead``, ``face_up_to``,
    ``dealer_must_choose``; the game-level options, read only by the match
    (``deberts.variants.deberts.play.match``, docs/rules.md 2.7): ``deberts_seven`` (seven trumps in
    sequence win the game), ``klabor_six`` (A K Q J 10 9 of one suit among the first
    six cards win the game), ``four_sevens_redeal`` and ``low_points_redeal`` (a
    player's right to a redeal; the second only with 4 players solo), ``ski`` (0, 50
    or 100 taken from a side that took no trick) and ``third_bait_penalty`` (each
    bait of a side from its third on costs it 100); and the Belote
    differences (module docstring): ``partner_winning_free``,
    ``discard_over_opponent_trump``, ``trump_lead_overtrump_partner``, ``capot``,
    ``declarations``, and ``face_up_to`` (``none`` in Belote).
    """

    #: The preset the options start from: ``moscow``, ``kharkov`` or ``belote``.
    preset: str = "moscow"
    #: ``pairs | solo`` (docs/rules.md 2.1): with 4 players, opposite seats are
    #: partners, or each plays for himself. Read by ``sides.plays_in_pairs``.
    teams: str = "pairs"
    #: docs/rules.md 2.5: in a pairs game nobody has to overtrump his partner's
    #: trump. Read by ``tricks.legal_cards``; the engine's ``legal_mask``.
    partner_exempt: bool = False
    #: docs/rules.md 2.4: tertz and fifty points count only for a side that takes a
    #: trick. Read by ``scoring.declarations_pending``.
    declarations_need_trick: bool = True
    #: ``owner | trick_winner | both_tricks`` (docs/rules.md 2.4): who scores the
    #: king and queen of trumps. Read by ``scoring.bella_points``; the engine's
    #: ``play_card`` (as a ``BellaRule``).
    bella: str = "owner"
    #: ``natural | play`` (docs/rules.md 2.4): the order runs are read in. Read by
    #: ``declarations.sequence``.
    sequence_order: str = "natural"
    #: docs/rules.md 2.4: between runs of equal length and top card, the one in
    #: trumps wins (``moscow``), or trumps give no edge (``kharkov``). Read by
    #: ``declarations.resolve_declarations``.
    trump_tiebreak: bool = None  # type: ignore[assignment]  # None: the preset's value
    #: ``eldest | declarer`` (docs/rules.md 2.5): who leads the first trick. Read by
    #: ``sides.first_leader``.
    first_lead: str = "eldest"
    #: ``dealer | declarer | none`` (docs/rules.md 2.1): with 4 players, whose eight
    #: the turned-up card joins; ``none``: no card is turned up (any table), the whole
    #: hand is dealt at once and the bidding is one round naming a suit (2.2). Read by
    #: ``sides.face_up_turned``, ``sides.face_up_to_dealer`` and ``sides.face_up_taker``.
    face_up_to: str = None  # type: ignore[assignment]  # None: the preset's value
    #: docs/rules.md 2.2: the dealer may not pass in the second round of bidding.
    #: Read by ``bidding``.
    dealer_must_choose: bool = False
    deberts_seven: bool = False
    klabor_six: bool = False
    four_sevens_redeal: bool = False
    low_points_redeal: bool = False
    ski: int = 0
    third_bait_penalty: bool = False
    # None below: the preset's value (PRESET_OPTIONS)
    #: docs/rules.md 2.8: void in the led suit while the partner's card wins the
    #: trick, any card may be played. Read by ``tricks.legal_cards``; the engine's
    #: ``legal_mask``.
    partner_winning_free: bool = None  # type: ignore[assignment]
    #: docs/rules.md 2.8: void in the led suit under an opponent's winning trump one
    #: cannot beat, any card instead of a lower trump. Read by
    #: ``tricks.legal_cards``; the engine's ``legal_mask``.
    discard_over_opponent_trump: bool = None  # type: ignore[assignment]
    #: docs/rules.md 2.8: on a trump lead the top trump must be beaten when possible,
    #: even the partner's (``partner_exempt`` then holds on plain leads only). Read
    #: by ``tricks.legal_cards``; the engine's ``legal_mask``.
    trump_lead_overtrump_partner: bool = None  # type: ignore[assignment]
    #: docs/rules.md 2.8: a side that takes every trick counts the last trick 100.
    #: Read by ``scoring.last_trick_points``; the engine's ``play_card`` and bounds.
    capot: bool = None  # type: ignore[assignment]
    #: ``auto | none`` (docs/rules.md 2.4): with ``none`` no tertz or fifty is
    #: declared. Read by ``declarations.resolve_declarations``.
    declarations: str = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise RulesError(
                f"unknown rules preset {excerpt(self.preset)}: expected one of {' '.join(PRESETS)}"
            )
        for name, default in PRESET_OPTIONS.items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, PRESETS[self.preset].get(name, default))
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name in CHOICES and value not in CHOICES[field.name]:
                raise RulesError(
                    f"bad value {excerpt(value)} for rule option {excerpt(field.name)}: "
                    f"expected one of {' '.join(CHOICES[field.name])}"
                )
            if field.name == "ski" and (type(value) is not int or value not in SKI_PENALTIES):
                raise RulesError(
                    f"bad value {excerpt(value)} for rule option 'ski': expected one of "
                    f"{' '.join(map(str, SKI_PENALTIES))}"
                )
            if field.type == "bool" and not isinstance(value, bool):
                raise RulesError(
                    f"bad value {excerpt(value)} for rule option {excerpt(field.name)}: expected true or false"
                )

    @classmethod
    def preset_rules(cls, name: str = "moscow", **options: Any) -> Rules:
        """The rules of preset ``name`` with some options overridden."""
        if name not in PRESETS:
            raise RulesError(
                f"unknown rules preset {excerpt(name)}: expected one of {' '.join(PRESETS)}"
            )
        _check_names(options)
        return cls(preset=name, **{**PRESETS[name], **options})

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> Rules:
        """Rules from a JSON-style mapping ``{"preset": ..., "<option>": ...}``; a
        null value is refused by name (it would silently read as the preset's)."""
        if not isinstance(mapping, Mapping):
            raise RulesError(f"bad rules {excerpt(mapping)}: expected a mapping of option names")
        options = dict(mapping)
        for name, value in options.items():
            if value is None:
                raise RulesError(f"bad value null for rule option {excerpt(name)}: give a value")
        name = options.pop("preset", "moscow")
        if not isinstance(name, str):
            raise RulesError(f"bad rules preset {excerpt(name)}: expected a name")
        return cls.preset_rules(name, **options)

    @classmethod
    def from_settings(cls, settings: Iterable[str] = (), preset: str | None = None) -> Rules:
        """The rules of ``preset`` (Moscow by default) with ``option=value`` settings
        (CLI ``--set``) applied in order."""
        rules = cls.preset_rules("moscow" if preset is None else preset)
        for setting in settings:
            rules = rules.with_setting(setting)
        return rules

    def with_options(self, **options: Any) -> Rules:
        """A copy with some options changed."""
        _check_names(options)
        return replace(self, **options)

    def with_setting(self, text: str) -> Rules:
        """A copy with one ``option=value`` setting (CLI ``--set``) applied."""
        name, sep, raw = text.partition("=")
        name = name.strip()
        if not sep:
            raise RulesError(f"bad setting {excerpt(text)}: expected option=value")
        _check_names({name: None})
        field_type = {f.name: f.type for f in fields(self)}[name]
        value: Any = raw.strip()
        if field_type == "bool":
            value = _parse_bool(name, value)
        elif field_type == "int":
            value = _parse_int(name, value)
        return self.with_options(**{name: value})

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def check_table(self, players: int) -> None:
        """Refuse a preset defined only for 4 players in pairs at another table, and
        the low-points redeal anywhere but 4 players solo (docs/rules.md 2.7)."""
        if self.low_points_redeal and (players != 4 or self.teams != "solo"):
            raise RulesError(
                "rule option 'low_points_redeal' is for 4 players solo (teams=solo)"
            )
        if self.preset in PAIRS_ONLY_PRESETS and (players != 4 or self.teams != "pairs"):
            table = f"{players} players" if players != 4 else f"teams={self.teams}"
            raise RulesError(
                f"rules preset {excerpt(self.preset)} is for 4 players in pairs, not {table}"
            )


OPTION_NAMES = tuple(f.name for f in fields(Rules) if f.name != "preset")


def _check_names(options: Mapping[str, Any]) -> None:
    for name in options:
        if name not in OPTION_NAMES:
            raise RulesError(
                f"unknown rule option {excerpt(name)}: expected one of {' '.join(OPTION_NAMES)}"
            )


def _parse_bool(name: str, text: str) -> bool:
    lowered = text.lower()
    if lowered in ("true", "yes", "1", "on"):
        return True
    if lowered in ("false", "no", "0", "off"):
        return False
    raise RulesError(f"bad value {excerpt(text)} for rule option {excerpt(name)}: expected true or false")


def _parse_int(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RulesError(f"bad value {excerpt(text)} for rule option {excerpt(name)}: expected a number") from None
