# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The exact double-dummy engine of deberts: alpha-beta on the deal margin in C.

Only ``deberts.engine`` calls this module (``boundary`` builds a :class:`Spec`,
``solver`` runs a :class:`Search`); ``_engine.pyi`` types it. A position comes as a
:class:`Spec` (hands at the start of the current trick, the setting, the bonus
state, the rule options under their ``Rules`` names) and the moves of the current
trick; a :class:`Search` answers in one of several modes (the value, the best move,
a threshold question, every move's value, every move's value and line) and counts
its nodes. Each Search owns its table, so separate objects are re-entrant; the
search runs without the GIL.

The engine's files, in reading order: ``common/bits.pxi`` and ``common/limit.pxi``
(bit helpers; the caller's node and time limit, Ctrl-C and the progress observer,
shared with the Tertz engine), ``types.pxi`` (limits, moves, bella states, the
structs), ``cards.pxi`` (card tables), ``state.pxi`` (play, take back, legal cards),
``bounds.pxi``, ``table.pxi`` (with ``common/structure.pxi``, the rank-structure
table's probe and store, shared), ``ordering.pxi``, ``search.pxi``, ``common/mtdf.pxi``
(the value search, shared), ``root.pxi`` (the drivers of each mode); this file is
the boundary only.
"""

include "common/bits.pxi"
include "common/limit.pxi"
include "deberts/types.pxi"
include "deberts/cards.pxi"
include "deberts/state.pxi"
include "deberts/bounds.pxi"
include "deberts/table.pxi"
include "common/structure.pxi"
include "deberts/ordering.pxi"
include "deberts/search.pxi"
include "common/mtdf.pxi"
include "deberts/root.pxi"

from libc.string cimport memcpy

fill_all_tables()

DEFAULT_TABLE_BITS = 18
ALL_CARDS = 0xFFFFFFFF      # the card mask that filters out no root move
#: The ``bella`` option's values, as the engine's BellaRule.
BELLA_RULES = {"owner": BELLA_OWNER, "trick_winner": BELLA_TRICK_WINNER,
               "both_tricks": BELLA_BOTH_TRICKS}


def encode_move(int card, bint declines=False) -> int:
    """The engine's move for playing ``card`` (0..31), declining bella or not."""
    if not 0 <= card < 32:
        raise ValueError(f"card index {card} out of range 0..31")
    return make_move(card, declines)


def decode_move(int move) -> tuple:
    """``(card, declines)``: the card index of an engine move and whether it is the
    first bella card played without announcing bella."""
    return move_card(move), bool(move_declines(move))


cdef struct Setting:
    # What a table's entries depend on besides the cards and the bonus state: a
    # position of another setting clears the table. Compared with memcmp, so a
    # Setting lives only in zero-filled memory (the fields of a cdef class).
    int players
    int trump
    int side[4]
    int partner[4]
    uint32_t decl_team
    int decl_value
    int bella
    int bella_owner
    uint32_t bella_cards
    uint32_t bella_team
    int partner_exempt
    int trump_lead_overtrump_partner
    int partner_winning_free
    int discard_over_opponent_trump
    int capot


cdef class Spec:
    """A position as the engine reads it, at the start of the current trick.

    Built only by ``deberts.variants.deberts.engine.boundary.engine_input``; every field is a plain
    integer (seats, 32-bit card masks) and the rule options keep their names in
    :class:`deberts.variants.deberts.model.rules.Rules`.
    """

    cdef Setting setting
    cdef uint32_t hands[4]
    cdef readonly int leader
    cdef readonly int decl_pending
    cdef readonly int bella_state
    cdef readonly int sides_won

    def __init__(self, *, int players, int trump, hands, sides, partners, int leader,
                 uint32_t decl_team, int decl_value, bint decl_pending, str bella,
                 int bella_owner, uint32_t bella_cards, uint32_t bella_team,
                 int bella_state, int sides_won, bint partner_exempt,
                 bint trump_lead_overtrump_partner, bint partner_winning_free,
                 bint discard_over_opponent_trump, bint capot):
        cdef int seat
        if not 2 <= players <= 4 or not 0 <= trump < 4 or not 0 <= leader < players:
            raise ValueError(f"bad spec: {players} players, trump {trump}, leader {leader}")
        if not len(hands) == len(sides) == len(partners) == players:
            raise ValueError("bad spec: hands, sides and partners need one entry a seat")
        if bella not in BELLA_RULES:
            raise ValueError(f"bad spec: bella rule {bella!r}")
        self.setting.players = players
        self.setting.trump = trump
        for seat in range(players):
            self.hands[seat] = hands[seat]
            self.setting.side[seat] = sides[seat]
            self.setting.partner[seat] = partners[seat]
        for seat in range(players, 4):
            self.setting.partner[seat] = -1
        self.setting.decl_team = decl_team
        self.setting.decl_value = decl_value
        self.setting.bella = BELLA_RULES[bella]
        self.setting.bella_owner = bella_owner
        self.setting.bella_cards = bella_cards
        self.setting.bella_team = bella_team
        self.setting.partner_exempt = partner_exempt
        self.setting.trump_lead_overtrump_partner = trump_lead_overtrump_partner
        self.setting.partner_winning_free = partner_winning_free
        self.setting.discard_over_opponent_trump = discard_over_opponent_trump
        self.setting.capot = capot
        self.leader = leader
        self.decl_pending = decl_pending
        self.bella_state = bella_state
        self.sides_won = sides_won if capot else 0


cdef void setup_engine(Engine* e, Spec spec) noexcept:
    """Fill the engine from the spec: the card tables of the trump, then the
    setting, the hands and the trick-start state."""
    cdef Setting* setting = &spec.setting
    cdef int seat
    memcpy(e, &CARD_TABLES[setting.trump], sizeof(Engine))
    e.n = setting.players
    e.declarer_dealt = 0
    for seat in range(4):
        e.s.hands[seat] = spec.hands[seat] if seat < e.n else 0
        e.side[seat] = setting.side[seat] if seat < e.n else 0
        e.partner[seat] = setting.partner[seat]
        if e.side[seat] > 0:
            e.declarer_dealt |= e.s.hands[seat]
    e.s.leader = spec.leader
    e.s.to_move = spec.leader
    e.s.trick_len = 0
    e.s.in_trick = 0
    e.s.led = 0
    e.s.win_seat = spec.leader
    e.s.win_card = 0
    e.s.win_power = 0
    e.s.trick_points = 0
    e.decl_team = setting.decl_team
    e.decl_value = setting.decl_value
    e.s.decl_pending = spec.decl_pending
    e.bella = setting.bella
    e.bella_owner = setting.bella_owner
    e.bella_cards = setting.bella_cards
    e.bella_team = setting.bella_team
    e.s.bella_state = spec.bella_state
    e.s.bella_now = 0
    e.nodes = 0
    e.partner_exempt = setting.partner_exempt
    e.trump_lead_overtrump_partner = setting.trump_lead_overtrump_partner
    e.partner_winning_free = setting.partner_winning_free
    e.discard_over_opponent_trump = setting.discard_over_opponent_trump
    e.capot = setting.capot
    e.s.sides_won = spec.sides_won
    build_structure(e)


include "common/shell.pxi"


cdef class Search(TableSearch):
    """A search with its own transposition table, reusable across positions.

    Entries stay valid while positions share a deal's setting (trump, sides, rules,
    declarations); a position of another setting clears the table. One object must
    not be used by two threads at once; give each thread its own.
    """

    cdef Engine* prepare(self, Spec spec, list trick) except NULL:
        """Set up the engine at the root: the trick start, then the trick's moves."""
        cdef Undo undo
        cdef Engine* e = self.begin(&spec.setting)
        setup_engine(e, spec)
        self.start(&e.limit)
        e.table = &self.table
        if len(trick) >= e.n:
            raise ValueError("the current trick holds too many cards")
        for move in trick:
            play_card(e, move_card(move), move_declines(move), &undo)
        if deal_over(e):
            raise ValueError("the deal is over: nothing left to solve")
        return e

    def value(self, Spec spec not None, list trick not None):
        """``(value, nodes)``: the exact margin still to be won from the trick start."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int value
        with nogil:
            value = exact_value(e, NO_GUESS)
        self.finish(&e.limit, e.nodes)
        return value, e.nodes

    def best(self, Spec spec not None, list trick not None):
        """``(value, move, nodes)``: the exact value and one optimal move."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int value, move
        with nogil:
            value = exact_value(e, NO_GUESS)
            move = best_move(e, value)
        self.finish(&e.limit, e.nodes)
        return value, move, e.nodes

    def reaches(self, Spec spec not None, list trick not None, int threshold):
        """``(answer, nodes)``: does the remaining margin exceed ``threshold``?
        One null-window search."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int value
        with nogil:
            value = search(e, threshold, threshold + 1)
        self.finish(&e.limit, e.nodes)
        return value > threshold, e.nodes

    def values(self, Spec spec not None, list trick not None, uint32_t cards=ALL_CARDS,
               int guess=NO_GUESS):
        """``([(move, value)], nodes)``: the exact value of every legal move (of
        those whose card is in the mask ``cards``), the first move's search (in the
        order of ``root_values``) starting from ``guess`` when one is given (a near
        guess saves null-window passes)."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int moves[MAX_MOVES]
        cdef int values[MAX_MOVES]
        cdef int count
        with nogil:
            count = root_values(e, cards, guess, moves, values)
        self.finish(&e.limit, e.nodes)
        return [(moves[i], values[i]) for i in range(count)], e.nodes

    def bounds(self, Spec spec not None, list trick not None, int threshold,
               uint32_t cards=ALL_CARDS):
        """``([(move, low, high)], nodes)``: for every legal move of ``cards``, an
        interval holding its value that settles whether the value exceeds
        ``threshold`` (one null-window search a move)."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int moves[MAX_MOVES]
        cdef int lows[MAX_MOVES]
        cdef int highs[MAX_MOVES]
        cdef int count
        with nogil:
            count = root_bounds(e, cards, threshold, moves, lows, highs)
        self.finish(&e.limit, e.nodes)
        return [(moves[i], lows[i], highs[i]) for i in range(count)], e.nodes

    def move_order(self, Spec spec not None, list trick not None):
        """The mover's legal moves in the order the search tries them, without the
        table's advice and one card of each equivalent run (what a node of the
        search orders; ``benchmarks/label_positions.py`` checks it against exact
        values)."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int moves[MAX_MOVES]
        cdef int seat = seat_to_move(e), count
        count = ordered_moves(e, seat, legal_mask(e, seat), -1, moves)
        return [moves[i] for i in range(count)]

    def line(self, Spec spec not None, list trick not None):
        """``(value, line, nodes)``: the exact value and one optimal line from here,
        cheaper than :meth:`lines` when the other moves' values are not needed."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef int line[MAX_PLIES]
        cdef int value, length
        with nogil:
            value = exact_value(e, NO_GUESS)
            length = principal_line(e, value, line)
        self.finish(&e.limit, e.nodes)
        return value, [line[j] for j in range(length)], e.nodes

    def lines(self, Spec spec not None, list trick not None):
        """``([(move, value, line)], nodes)``: every legal move's exact value and an
        optimal continuation after it."""
        cdef Engine* e = self.prepare(spec, trick)
        cdef Undo root
        cdef int moves[MAX_MOVES]
        cdef int values[MAX_MOVES]
        cdef int lines[MAX_MOVES][MAX_PLIES]
        cdef int lengths[MAX_MOVES]
        cdef int count, i, delta
        cdef uint32_t cards = ALL_CARDS
        with nogil:
            count = root_values(e, cards, NO_GUESS, moves, values)
            for i in range(count):
                delta = play_card(e, move_card(moves[i]), move_declines(moves[i]), &root)
                lengths[i] = principal_line(e, values[i] - delta, lines[i])
                undo_card(e, &root)
        self.finish(&e.limit, e.nodes)
        return [
            (moves[i], values[i], [lines[i][j] for j in range(lengths[i])])
            for i in range(count)
        ], e.nodes
