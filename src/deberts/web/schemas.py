"""The request bodies that carry a position, made from the games registered when the
app is made: a position is one of the games' own models (each web face's ``Fields``),
chosen by its ``game`` field (the default game when it names none). The API's schema
shows each game's own fields, examples and descriptions, and this module names no
game.

FastAPI reads a body's model from its handler's signature, and these models exist
only once the app is made, so :func:`with_bodies` gives each handler a signature
naming them; the handlers' own annotations are the bases every game's model shares
(:class:`~deberts.web.requests.LineFields`, :class:`~deberts.web.requests.AnalyzeFields`,
:class:`~deberts.web.requests.BoardFields`).
"""

from __future__ import annotations

import functools
import inspect
import json
import re
from dataclasses import dataclass
from typing import (
    Annotated,
    Any,
    Awaitable,
    Callable,
    Literal,
    Mapping,
    Optional,
    Sequence,
    Union,
    cast,
    get_type_hints,
)

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag

from deberts.model.registry import Game
from deberts.web.face import web_of
from deberts.web.requests import AnalyzeFields, BoardFields, CommonFields, LineFields

#: The error type of a ``game`` field that names no registered game.
UNKNOWN_GAME = "unknown_game"

Handler = Callable[..., Awaitable[Any]]


@dataclass(frozen=True)
class Schemas:
    """The bodies of one app: ``line`` a position of any registered game (a batch
    line), ``analyze`` a played deal of any, ``board`` a position to draw; ``tags``
    the games' names that mark each game's model in an error's location."""

    line: object
    analyze: object
    board: type[BoardFields]
    tags: frozenset[str]


def build(games: Sequence[Game]) -> Schemas:
    """The bodies of ``games``, the first the default game of a body that names none."""
    names = " ".join(sorted({name for game in games for name in (game.name, *game.aliases)}))
    lines, analyses = [], []
    for number, game in enumerate(games):
        fields = _fields(game)
        kind, field = _game_field(game, default=number == 0)
        camel = "".join(part.title() for part in re.split(r"[^A-Za-z0-9]+", game.name))
        lines.append((game.name, _model(f"{camel}Line", (fields,), fields.__doc__ or "", kind,
                                        field)))
        reviews = fields.review_examples
        analyses.append((game.name, _model(
            f"{camel}Analysis", (AnalyzeFields, fields),
            f"{game.title}: {AnalyzeFields.__doc__}", kind, field,
            ConfigDict(json_schema_extra={"examples": list(reviews)}) if reviews else None)))
    tag = _tagger(games)
    line, analyze = (_union(models, tag, names) for models in (lines, analyses))
    examples = (lines[0][1].model_config.get("json_schema_extra") or {}) if lines else {}
    first = cast(Mapping[str, Any], examples).get("examples", [])[:1]
    board = cast(type[BoardFields], type("BoardRequest", (BoardFields,), {
        "__module__": __name__, "__qualname__": "BoardRequest",
        "__doc__": BoardFields.__doc__,
        "__annotations__": {"line": line},
        "line": Field(..., description=BoardFields.model_fields["line"].description),
        "model_config": ConfigDict(json_schema_extra={
            "examples": [{"line": example} for example in first]}),
    }))
    return Schemas(line, analyze, board, frozenset(game.name for game in games))


def _fields(game: Game) -> type[LineFields]:
    """The game's own position fields, or those every game has."""
    fields = web_of(game).Fields
    if fields is None:
        return CommonFields
    if not (isinstance(fields, type) and issubclass(fields, LineFields)):
        raise TypeError(f"{game.title}'s web Fields is not a LineFields model")
    return fields


def _lower(value: object) -> object:
    return value.lower() if isinstance(value, str) else value


def _game_field(game: Game, default: bool) -> tuple[object, Any]:
    """The ``game`` field of the game's models: one of its names, in any case (left
    out for the default game)."""
    names = tuple(dict.fromkeys((game.name, *game.aliases)))
    literal: Any = Literal
    kind: object = Annotated[literal[names], BeforeValidator(_lower)]
    shown = " or ".join(names)
    if default:
        return Optional[kind], Field(None, description=f"The game: {shown}, or none.")
    return kind, Field(..., description=f"The game: {shown}.")


def _model(name: str, bases: tuple[type[BaseModel], ...], doc: str, kind: object,
           field: Any, config: ConfigDict | None = None) -> type[BaseModel]:
    """A model named ``name`` of the ``game`` field, first, and ``bases``' fields."""
    first = type(f"{name}Game", (BaseModel,), {"__module__": __name__,
                                               "__annotations__": {"game": kind}, "game": field})
    namespace: dict[str, Any] = {"__module__": __name__, "__qualname__": name, "__doc__": doc}
    if config:
        namespace["model_config"] = config
    return cast(type[BaseModel], type(name, (*bases, first), namespace))


def _tagger(games: Sequence[Game]) -> Callable[[Any], str | None]:
    """The discriminator: the game a body names by its ``game`` field (any case,
    any alias), the default game when it names none, ``None`` for no known game."""
    names = {name.lower(): game.name for game in games for name in (game.name, *game.aliases)}
    default = games[0].name if games else None

    def tag(value: Any) -> str | None:
        given = value.get("game") if isinstance(value, dict) else getattr(value, "game", None)
        if given is None:
            return default
        return names.get(given.lower()) if isinstance(given, str) else None

    return tag


def _union(models: list[tuple[str, type[BaseModel]]], tag: Callable[[Any], str | None],
           names: str) -> object:
    """One of ``models``, chosen by ``tag``; a body naming no game is refused with
    the names there are."""
    if len(models) == 1:
        return models[0][1]
    choices: Any = Union[tuple(Annotated[model, Tag(name)] for name, model in models)]
    return Annotated[choices, Discriminator(
        tag, custom_error_type=UNKNOWN_GAME, custom_error_message=f"expected one of {names}")]


def with_bodies(handler: Handler, **bodies: object) -> Handler:
    """``handler`` with its parameters ``bodies`` names read as the given models (its
    other annotations resolved where it was written), for FastAPI to read."""
    hints = get_type_hints(handler, include_extras=True)
    signature = inspect.signature(handler)
    parameters = [
        parameter.replace(annotation=bodies.get(name, hints.get(name, parameter.annotation)))
        for name, parameter in signature.parameters.items()]

    @functools.wraps(handler)
    async def serve(*args: Any, **kwargs: Any) -> Any:
        return await handler(*args, **kwargs)

    setattr(serve, "__signature__", signature.replace(
        parameters=parameters, return_annotation=hints.get("return", signature.return_annotation)))
    return serve


def error_text(error: Mapping[str, Any], tags: frozenset[str]) -> str:
    """A validation error as one line: ``bad <where>: <what>``, the games' tags left
    out of where, and a ``game`` naming no game shown with the names there are."""
    where = [str(part) for part in error.get("loc", ()) if part != "body" and part not in tags]
    message = str(error.get("msg", "bad request")).splitlines()[0]
    if error.get("type") == UNKNOWN_GAME:
        given = error.get("input")
        game = given.get("game") if isinstance(given, dict) else None
        shown = f" {json.dumps(game)[:40]}:" if isinstance(game, str) else ": not a name,"
        return f"bad {'.'.join([*where, 'game'])}{shown} {message}"
    return f"bad {'.'.join(where) or 'request'}: {message}"
