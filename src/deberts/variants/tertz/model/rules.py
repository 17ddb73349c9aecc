"""The options of Tertz (docs/rules.md section 4); each is read in one place.

``Rules()`` is the default reading. ``Rules.from_mapping({"stock_play":
"follow"})`` builds one from a JSON-style mapping; unknown names and values are
refused by name, so a typo never silently plays another game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Iterable, Mapping

from deberts.errors import RulesError
from deberts.model.arguments import instance

#: Allowed values of the options that take one of a few words, the default first.
CHOICES: dict[str, tuple[str, ...]] = {
    "stock_play": ("suit_or_trump", "follow", "free"),
    "declare_when": ("stock", "opening"),
}
#: The game target (docs/rules.md 4.4); used by the play layer's game to 501.
DEFAULT_TARGET = 501


@dataclass(frozen=True)
class Rules:
    """One reading of the Tertz rules.

    ``stock_play`` (docs/rules.md 4.2): how a player answers while the stock lasts:
    in the led suit or with a trump at his choice (``suit_or_trump``), following suit
    else trumping (``follow``), or with any card (``free``); never a duty to beat.
    ``declare_when`` (4.3): declarations before every card played with 9 cards in
    hand (``stock``) or only from the cards dealt (``opening``). ``swap_last``
    (4.2): the seven of trumps may be swapped while the stock holds at least two
    cards (true), or only while it holds more than two, so not in the last trick
    with a stock (false). ``target``: the points that end a game (4.4).
    """

    stock_play: str = "suit_or_trump"
    declare_when: str = "stock"
    target: int = DEFAULT_TARGET
    swap_last: bool = True

    def __repr__(self) -> str:
        """The rules under their public name (:mod:`deberts.tertz`), so that the
        repr evaluates back beside Deberts' own ``Rules``."""
        given = ", ".join(f"{field.name}={getattr(self, field.name)!r}" for field in fields(self))
        return f"TertzRules({given})"

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(
                    f"bad value {value!r} for Tertz rule option {name!r}: "
                    f"expected one of {' '.join(allowed)}"
                )
        if not isinstance(self.swap_last, bool):
            raise RulesError(
                f"bad value {self.swap_last!r} for Tertz rule option 'swap_last': "
                "expected true or false"
            )
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target <= 0:
            raise RulesError(
                f"bad value {self.target!r} for Tertz rule option 'target': "
                "expected a positive number of points"
            )

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> Rules:
        """Rules from a mapping of option names to values; unknown names refused."""
        instance("rules", mapping, Mapping, "a mapping of option names to values")
        for name in mapping:
            if name not in OPTION_NAMES:
                raise RulesError(
                    f"unknown Tertz rule option {name!r}: expected one of {' '.join(OPTION_NAMES)}"
                )
        return cls(**mapping)

    @classmethod
    def from_settings(
        cls, settings: Iterable[str] = (), preset: str | None = None
    ) -> Rules:
        """The rules of ``option=value`` settings (CLI ``--set``) applied in order, a
        number option's value read as a number, a true/false option's as true or
        false; Tertz has no presets."""
        if preset is not None:
            raise RulesError(f"bad rules preset {preset!r}: Tertz has no presets, only options")
        numbers = {f.name for f in fields(cls) if f.type in (int, "int")}
        switches = {f.name for f in fields(cls) if f.type in (bool, "bool")}
        values: dict[str, Any] = {}
        for setting in settings:
            name, sep, value = (part.strip() for part in setting.partition("="))
            if not sep:
                raise RulesError(
                    f"bad --set {setting!r}: expected OPTION=VALUE, e.g. stock_play=follow"
                )
            number = name in numbers and value.isascii() and value.isdigit()
            switch = name in switches and value in ("true", "false")
            values[name] = int(value) if number else (value == "true") if switch else value
        return cls.from_mapping(values)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


OPTION_NAMES = tuple(f.name for f in fields(Rules))
