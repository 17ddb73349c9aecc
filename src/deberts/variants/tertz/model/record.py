"""Tertz game records (``tertz-record/1``): one deal as it was played, as JSON.

``{"format": "tertz-record/1", "deal": "hand0 hand1 / stock", "rules": {...},
"moves": [...], "raw": [R0, R1], "recorded": [T0, T1], "seats": [...], "number": N}``:
the deal as dealt (the stock in draw order), the Tertz rule options, the moves in
order (cards, ``swap``, ``break:K``; all of them, or as far as the deal went), and
once the deal is over its raw and recorded totals, checked when read. ``seats`` (who
sat in each seat) and ``number`` (the arena's deal number) are optional.
``deberts arena --game tertz --records`` writes them, ``deberts analyze --record``
reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any, Iterable

from deberts.errors import DebertsError, RecordError
from deberts.model.arguments import instance
from deberts.model.display import Drawn
from deberts.model.fields import cards_field, check_object, field
from deberts.variants.tertz.model.deal import Deal
from deberts.variants.tertz.model.moves import Move
from deberts.variants.tertz.model.position import Position
from deberts.variants.tertz.model.rules import Rules

FORMAT = "tertz-record/1"
#: The fields of a record, and those it must have.
FIELDS = ("format", "deal", "rules", "moves", "raw", "recorded", "seats", "number")
REQUIRED = ("format", "deal", "moves")


@dataclass(frozen=True, init=False)
class GameRecord(Drawn):
    """One Tertz deal from the deal to its last move (or as far as it went)."""

    deal: Deal
    moves: tuple[Move, ...] = ()
    rules: Rules = dataclass_field(default_factory=Rules)
    seats: tuple[str, ...] = ()
    number: int | None = None

    def __init__(
        self, deal: Deal, moves: Iterable[Move | str] | str = (),
        rules: Rules | None = None, seats: Iterable[str] = (), number: int | None = None,
    ) -> None:
        instance("deal", deal, Deal, "a TertzDeal")
        position = Position(deal, rules, moves)  # every move checked, named if bad
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "moves", position.moves)
        object.__setattr__(self, "rules", position.rules)
        object.__setattr__(self, "seats", tuple(seats))
        object.__setattr__(self, "number", number)

    def position(self) -> Position:
        """The position after the recorded moves."""
        return Position(self.deal, self.rules, self.moves)

    def start(self) -> Position:
        """The position as dealt."""
        return Position(self.deal, self.rules)

    def is_complete(self) -> bool:
        return self.position().is_over()

    def to_dict(self) -> dict[str, Any]:
        """The record's JSON object (module docstring)."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "deal": str(self.deal),
            "rules": self.rules.to_dict(),
            "moves": [str(move) for move in self.moves],
        }
        end = self.position()
        if end.is_over():
            score = end.score()
            data.update(raw=list(score.raw), recorded=list(score.recorded))
        if self.seats:
            data["seats"] = list(self.seats)
        if self.number is not None:
            data["number"] = self.number
        return data

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """A record from its JSON object; a field that is bad, or that disagrees with
        the deal (the totals), is named."""
        data = check_object(data, FIELDS, REQUIRED)
        if data["format"] != FORMAT:
            raise RecordError(f"bad field 'format': expected {FORMAT!r}, got {data['format']!r}")
        rules = field(data, "rules", dict, "an object") if "rules" in data else {}
        seats = field(data, "seats", list, "a list of names") if "seats" in data else []
        if not all(isinstance(seat, str) for seat in seats) or len(seats) not in (0, 2):
            raise RecordError("bad field 'seats': expected two names")
        number = field(data, "number", int, "an integer") if "number" in data else None
        try:
            record = cls(
                Deal.parse(field(data, "deal", str, "a deal string")),
                cards_field(data, "moves", "move strings"),
                Rules.from_mapping(rules), seats, number,
            )
        except RecordError:
            raise
        except DebertsError as error:
            raise RecordError(f"bad record: {error}") from None
        written = record.to_dict()
        for name in ("raw", "recorded"):
            if name in data and data[name] != written.get(name):
                raise RecordError(
                    f"bad field {name!r}: {data[name]!r}, but the moves give "
                    f"{written.get(name, 'an unfinished deal')}"
                )
        return record

    def __repr__(self) -> str:
        moves = " ".join(str(move) for move in self.moves)
        parts = [repr(self.deal), repr(moves)]
        if self.rules != Rules():
            parts.append(f"rules={self.rules!r}")
        if self.seats:
            parts.append(f"seats={self.seats!r}")
        if self.number is not None:
            parts.append(f"number={self.number!r}")
        return f"TertzRecord({', '.join(parts)})"
