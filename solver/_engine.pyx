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

from libc.stdlib cimport free, malloc
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


cdef struct World:
    # A position at the start of the current trick, as a Spec holds it: copied into
    # a plain array, the worlds of a batch are set up without the GIL.
    Setting setting
    uint32_t hands[4]
    int leader
    int decl_pending
    int bella_state
    int sides_won


cdef class Spec:
    """A position as the engine reads it, at the start of the current trick.

    Built only by ``deberts.variants.deberts.engine.boundary.engine_input``; every field is a plain
    integer (seats, 32-bit card masks) and the rule options keep their names in
    :class:`deberts.variants.deberts.model.rules.Rules`.
    """

    cdef World world            # zero-filled with the object (Setting is memcmp'd)

    @property
    def leader(self) -> int:
        return self.world.leader

    @property
    def decl_pending(self) -> int:
        return self.world.decl_pending

    @property
    def bella_state(self) -> int:
        return self.world.bella_state

    @property
    def sides_won(self) -> int:
        return self.world.sides_won

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
        self.world.setting.players = players
        self.world.setting.trump = trump
        for seat in range(players):
            self.world.hands[seat] = hands[seat]
            self.world.setting.side[seat] = sides[seat]
            self.world.setting.partner[seat] = partners[seat]
        for seat in range(players, 4):
            self.world.setting.partner[seat] = -1
        self.world.setting.decl_team = decl_team
        self.world.setting.decl_value = decl_value
        self.world.setting.bella = BELLA_RULES[bella]
        self.world.setting.bella_owner = bella_owner
        self.world.setting.bella_cards = bella_cards
        self.world.setting.bella_team = bella_team
        self.world.setting.partner_exempt = partner_exempt
        self.world.setting.trump_lead_overtrump_partner = trump_lead_overtrump_partner
        self.world.setting.partner_winning_free = partner_winning_free
        self.world.setting.discard_over_opponent_trump = discard_over_opponent_trump
        self.world.setting.capot = capot
        self.world.leader = leader
        self.world.decl_pending = decl_pending
        self.world.bella_state = bella_state
        self.world.sides_won = sides_won if capot else 0


    def with_hands(self, hands) -> Spec:
        """This spec with other hands, one a seat: another world of the same
        decision (the same setting and trick-start state, other hidden cards)."""
        cdef Spec other = Spec.__new__(Spec)
        cdef int seat, players = self.world.setting.players
        if len(hands) != players:
            raise ValueError("bad spec: hands need one entry a seat")
        memcpy(&other.world, &self.world, sizeof(World))
        for seat in range(players):
            other.world.hands[seat] = hands[seat]
        return other


cdef void setup_engine(Engine* e, const World* world) noexcept nogil:
    """Fill the engine from a world: the card tables of the trump, then the
    setting, the hands and the trick-start state. The engine's limit, last in
    the struct, is left as it is (a batch's runs on across its worlds)."""
    cdef const Setting* setting = &world.setting
    cdef int seat
    memcpy(e, &CARD_TABLES[setting.trump], <size_t>(<char*>&e.limit - <char*>e))
    e.n = setting.players
    e.declarer_dealt = 0
    for seat in range(4):
        e.s.hands[seat] = world.hands[seat] if seat < e.n else 0
        e.side[seat] = setting.side[seat] if seat < e.n else 0
        e.partner[seat] = setting.partner[seat]
        if e.side[seat] > 0:
            e.declarer_dealt |= e.s.hands[seat]
    e.s.leader = world.leader
    e.s.to_move = world.leader
    e.s.trick_len = 0
    e.s.in_trick = 0
    e.s.led = 0
    e.s.win_seat = world.leader
    e.s.win_card = 0
    e.s.win_power = 0
    e.s.trick_points = 0
    e.decl_team = setting.decl_team
    e.decl_value = setting.decl_value
    e.s.decl_pending = world.decl_pending
    e.bella = setting.bella
    e.bella_owner = setting.bella_owner
    e.bella_cards = setting.bella_cards
    e.bella_team = setting.bella_team
    e.s.bella_state = world.bella_state
    e.s.bella_now = 0
    e.nodes = 0
    e.partner_exempt = setting.partner_exempt
    e.trump_lead_overtrump_partner = setting.trump_lead_overtrump_partner
    e.partner_winning_free = setting.partner_winning_free
    e.discard_over_opponent_trump = setting.discard_over_opponent_trump
    e.capot = setting.capot
    e.s.sides_won = world.sides_won
    build_structure(e)


cdef int trick_moves(list trick, int players, int* moves) except -1:
    """The moves of the current trick into ``moves`` (room for 4), and how many."""
    cdef Py_ssize_t i
    if len(trick) >= players:
        raise ValueError("the current trick holds too many cards")
    for i in range(len(trick)):
        moves[i] = trick[i]
    return len(trick)


include "common/shell.pxi"


cdef class Search(TableSearch):
    """A search with its own transposition table, reusable across positions.

    Entries stay valid while positions share a deal's setting (trump, sides, rules,
    declarations); a position of another setting clears the table. One object must
    not be used by two threads at once; give each thread its own.
    """

    cdef void enter(self, const World* world, const int* trick, int count) noexcept nogil:
        """Set up the engine at a world's trick start (a world of another setting
        clears the table), then play the ``count`` moves of its current trick."""
        cdef Undo undo
        cdef Engine* e = self.begin(&world.setting)
        cdef int i
        setup_engine(e, world)
        e.table = self.tab
        for i in range(count):
            play_card(e, move_card(trick[i]), move_declines(trick[i]), &undo)

    cdef Engine* prepare(self, Spec spec, list trick) except NULL:
        """Set up the engine at the root, under the caller's limit: the trick start,
        then the trick's moves."""
        cdef int moves[4]
        cdef int count = trick_moves(trick, spec.world.setting.players, moves)
        cdef Engine* e = &self.engine
        self.enter(&spec.world, moves, count)
        if deal_over(e):
            raise ValueError("the deal is over: nothing left to solve")
        self.start(&e.limit)
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

    def values_of_worlds(self, list specs not None, list tricks not None,
                         list solved not None, uint32_t cards=ALL_CARDS):
        """The total nodes of :meth:`values` of each of ``specs`` (the worlds of one
        decision, each with the moves of its current trick in ``tricks``), searched
        one after another in one call without the GIL, each as :meth:`values`
        would (the same table, the same nodes), each world's ``[(move, value)]``
        appended to ``solved``. The limit and the node count run on across the
        worlds: a node limit is the batch's; when the search stops, the worlds
        finished before the stop are in ``solved`` as it raises."""
        cdef Py_ssize_t count = len(specs), done = 0, i, j
        cdef int over = 0, players
        cdef World* worlds
        cdef int* moves
        cdef int* played
        cdef int* root
        cdef int* found
        cdef int* lengths
        cdef uint64_t nodes = 0
        cdef Engine* e = &self.engine
        cdef Spec spec
        if count == 0:
            return 0
        if len(tricks) != count:
            raise ValueError("bad worlds: one trick a world")
        players = (<Spec?>specs[0]).world.setting.players
        worlds = <World*>malloc(count * sizeof(World))
        moves = <int*>malloc(count * 4 * sizeof(int))
        played = <int*>malloc(count * sizeof(int))
        root = <int*>malloc(count * MAX_MOVES * sizeof(int))
        found = <int*>malloc(count * MAX_MOVES * sizeof(int))
        lengths = <int*>malloc(count * sizeof(int))
        try:
            if (worlds == NULL or moves == NULL or played == NULL or root == NULL
                    or found == NULL or lengths == NULL):
                raise MemoryError(f"cannot hold the values of {count} worlds")
            for i in range(count):
                spec = <Spec?>specs[i]
                if spec.world.setting.players != players:
                    raise ValueError("bad worlds: not all of one number of players")
                memcpy(&worlds[i], &spec.world, sizeof(World))
                played[i] = trick_moves(tricks[i], players, &moves[i * 4])
            self.start(&e.limit)
            with nogil:
                for i in range(count):
                    self.enter(&worlds[i], &moves[i * 4], played[i])
                    if deal_over(e):
                        over = 1
                        break
                    e.nodes = nodes
                    lengths[i] = root_values(e, cards, NO_GUESS, &root[i * MAX_MOVES],
                                             &found[i * MAX_MOVES])
                    nodes = e.nodes
                    if e.limit.stopped:
                        break
                    done = i + 1
            for i in range(done):
                solved.append([(root[i * MAX_MOVES + j], found[i * MAX_MOVES + j])
                               for j in range(lengths[i])])
            if over:
                self.running = NULL
                raise ValueError("the deal is over: nothing left to solve")
            self.finish(&e.limit, nodes)
        finally:
            free(worlds)
            free(moves)
            free(played)
            free(root)
            free(found)
            free(lengths)
        return nodes

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
