# The Tertz engine's constants, state and engine structs (docs/rules.md 4).
#
# Values are margins, seat 0's points minus seat 1's, of what is still to be won
# from the current state; seat 0 maximises.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int8_t, int16_t
from libc.string cimport memcmp, memcpy, memset

cdef enum:
    INF = 30000
    HAND_SIZE = 9             # cards held after each draw
    STOCK_SIZE = 14           # the stock, its last card the face-up trump card
    FACE_DOWN = 13            # the stock cards a break rotates
    BREAKS = 13               # break:0 .. break:12
    MAX_MOVES = 16            # up to 9 cards or 13 breaks, and the swap
    MAX_RUNS = 12             # runs one player can declare in a deal (at most 11)
    MAX_PLIES = 80            # cards, breaks and swaps in a deal, with room
    # A move: a card 0..31, the swap, or a break by k
    SWAP = 32
    BREAK = 64
    # StockPlay: who must answer what while the stock lasts (docs/rules.md 4.2)
    STOCK_SUIT_OR_TRUMP = 0
    STOCK_FOLLOW = 1
    STOCK_FREE = 2
    # The stamp of a declaration made by the engine: above every stamp of the
    # declarations the position arrives with (0..31), ordered by the card it came
    # before (the deal's first card is 0).
    ENGINE_STAMPS = 32
    KEY_RUNS = 7              # runs a player may hold for his position to be filed

# The points the rules fix, set from the Python model at import (_tertz.pyx).
cdef int LAST_TRICK, MARRIAGE_POINTS

cdef struct Declared:
    # one player's declarations so far (docs/rules.md 4.3)
    uint8_t runs[MAX_RUNS]    # each run as suit << 6 | lowest rank << 3 | length - 1
    uint8_t stamps[MAX_RUNS]  # when each run was declared (lower = earlier)
    uint16_t counting         # bit i: runs[i] still counts (not replaced)
    uint8_t count             # runs declared
    uint8_t fours             # bit r - 4: the four of rank r (J Q K A) declared

cdef struct State:
    # everything a move changes: taking it back restores a copy
    uint64_t structure        # once the stock is gone, the cards in play's rank
                              # structure (table.pxi), kept as cards are played
    uint32_t hands[2]
    uint32_t stock_cards      # the cards still in the stock
    int16_t points_left       # card points not yet won: hands, stock, trick
    uint8_t drawn             # stock cards drawn: the next is stock index ``drawn``
    uint8_t cut               # the break's k, applied to the face-down cards
    uint8_t face_up           # the stock's last card (the seven after a swap)
    uint8_t break_due         # the first trick is over, its loser must break
    uint8_t leader
    uint8_t to_move
    uint8_t trick_len         # 0 or 1: the leader's card is on the table
    uint8_t lead_card
    uint8_t cards_played      # in the deal, the trick's card included
    uint8_t marriage_open     # the marriage can still be scored (docs/rules.md 4.3)
    uint8_t declaring         # declarations can still change; 0 once settled
    Declared declared[2]

cdef struct Engine:
    State s
    int trump
    int stock_play            # STOCK_*
    int declare_opening       # declare_when opening: both hands before the first card
    int swap_last             # the seven may be swapped in the last trick with a stock
    uint8_t cut_stock[BREAKS][FACE_DOWN]  # after each break, the root's face-down
                                          # stock cards in draw order, right-aligned
    uint32_t trump_mask
    uint32_t jack             # the jack of trumps: never forced
    uint32_t seven            # the seven of trumps: swapped for the face-up card
    uint32_t marriage         # king and queen of trumps
    int points[32]
    int power[32]             # the order within the suit, trumps 9..16
    uint32_t beaters[32]      # the cards of the same suit that beat each card
    uint32_t beaten[32]       # the cards of the same suit that each card beats
    int card_at[4][8]         # per suit, the cards from weakest to strongest
    int8_t twin_below[32]     # the next weaker card of the suit if of equal points, else -1
    uint32_t twinned          # the cards that have such a twin
    void* table
    uint64_t nodes
    Limit limit               # the caller's limit, and whether the search stopped


ctypedef State Undo           # what taking a move back restores


cdef inline int sign(int seat) noexcept nogil:
    """+1 for seat 0's points, -1 for seat 1's."""
    return 1 - 2 * seat
