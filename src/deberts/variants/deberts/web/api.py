"""Deberts' own endpoints of the web API (the game's ``routers``): the table of every
trump and declarer, the bid evaluation and a random deal, with their request bodies.
The endpoints of every game (solve, board, analyze, jobs, games) are
:mod:`deberts.web.api`'s."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import ConfigDict

from deberts.errors import DebertsError
from deberts.variants.deberts.analysis.bid_evaluation import evaluate_bid
from deberts.variants.deberts.analysis.table import dd_table
from deberts.variants.deberts.model.deal import Deal
from deberts.variants.deberts.model.rules import Rules
from deberts.variants.deberts.model.sides import declarer_leads
from deberts.variants.deberts.text import svg
from deberts.web.api import ERRORS
from deberts.web.requests import Cards, RulesField, Seed, Strict, limits, run
from deberts.web.strict_json import StrictJsonRoute
from deberts.web.work import check_cancelled

router = APIRouter(prefix="/api", responses=ERRORS, route_class=StrictJsonRoute)
#: The web face's own endpoints of Deberts.
ROUTERS = (router,)


class TableRequest(Strict):
    """A Deberts deal to solve for every trump and declarer."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hands": ["Q.AKQT.A.AJ7", "J.8.T987.QT8"], "leader": 1, "face_up": "KC"},
    ]})

    hands: Cards
    """The hands in seat order, S.H.D.C each."""
    leader: int | None = None
    """The seat leading the first trick (not needed under first_lead=declarer)."""
    face_up: str | None = None
    """The face-up card: its suit is the round-1 trump, with the seven's exchange."""
    rules: RulesField = None
    """Rule options by name, with an optional preset (docs/rules.md)."""


class BidRequest(Strict):
    """A bidder's choice, as ``deberts bid`` takes it."""

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hand": "AK9..QJ.7", "face_up": "JH", "seat": 1, "dealer": 0, "players": 2,
         "round": 2, "samples": 50, "seed": 1},
    ]})

    hand: str
    """The bidder's cards, S.H.D.C."""
    face_up: str | None = None
    """The face-up card (none under face_up_to=none, Belote)."""
    seat: int
    """The bidder's seat."""
    dealer: int
    """The dealer's seat."""
    players: int
    """Seats at the table, 2 to 4."""
    round: int = 1
    """The bidding round: 1 (play or pass on the face-up suit) or 2."""
    samples: int = 200
    """Deals sampled and solved for each option (the server bounds it)."""
    seed: Seed = None
    """The sampler's seed: the same seed, the same answer."""
    rules: RulesField = None
    """Rule options by name, with an optional preset (docs/rules.md)."""


class DealRequest(Strict):
    """A random Deberts deal."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"players": 3, "seed": 7}]})

    players: int = 2
    """Seats at the table, 2 to 4."""
    cards: int | None = None
    """Cards a hand for an endgame (a whole deal by default)."""
    seed: Seed = None
    """The generator's seed: the same seed, the same deal."""


def rules_of(data: RulesField) -> Rules:
    return Rules.from_mapping(data or {})


@router.post("/table", summary="Every trump and declarer, as deberts table --json")
async def table(request: Request, body: TableRequest, board: bool = False) -> dict[str, Any]:
    def work() -> dict[str, Any]:
        deal = Deal.parse(body.hands) if isinstance(body.hands, str) else Deal(body.hands)
        rules = rules_of(body.rules)
        if body.leader is None and not declarer_leads(rules):
            raise DebertsError("missing leader (needed unless first_lead=declarer)")
        result = dd_table(deal, body.leader, rules, body.face_up, threads=1)
        data = result.to_dict()
        if board:
            data["svg"] = svg.table_svg(result)
        return data

    return await run(request, work, "slow")


@router.post("/bid", summary="Evaluate a bid over sampled deals, as deberts bid --json")
async def bid(request: Request, body: BidRequest, board: bool = False) -> dict[str, Any]:
    most = limits(request).bid_samples
    if not 1 <= body.samples <= most:
        raise DebertsError(f"bad samples {body.samples}: expected 1..{most} on this server")

    def work() -> dict[str, Any]:
        evaluation = evaluate_bid(
            body.hand, body.face_up, body.seat, body.dealer, body.players, body.round,
            body.samples, body.seed, rules_of(body.rules), progress=check_cancelled,
        )
        data = evaluation.to_dict()
        if board:
            data["svg"] = svg.bid_svg(evaluation)
        return data

    return await run(request, work, "slow")


@router.post("/deal", summary="A random deal, as deberts deal prints it")
async def random_deal(body: DealRequest) -> dict[str, Any]:
    deal = Deal.random(body.players, body.cards, body.seed)
    return {"hands": [str(hand) for hand in deal.hands]}
