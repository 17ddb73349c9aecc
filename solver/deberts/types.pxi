# The engine's types: its limits, the move encoding, the bella rules and states, the
# position (State) and the solve's fixed description (Engine).
#
# Values are margins (declarer side minus defenders) of what is still to be won.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int16_t

cdef enum:
    INF = 10000
    MAX_MOVES = 20          # up to 9 cards, twice for a bella card with a choice
    MAX_PLIES = 40

# A move is an int: the card's index (bits 0-4, the public card encoding, docs/rules.md 5)
# and bit 5 set when the card is the first bella card played without announcing
# bella (docs/rules.md 2.4). ``move_card``/``move_declines``/``make_move`` are the
# only code that knows this layout.
cdef enum:
    MOVE_CARD_BITS = 5
    MOVE_CARD_MASK = 31

cdef inline int move_card(int move) noexcept nogil:
    return move & MOVE_CARD_MASK


cdef inline int move_declines(int move) noexcept nogil:
    return move >> MOVE_CARD_BITS


cdef inline int make_move(int card, int declines) noexcept nogil:
    return card | (declines << MOVE_CARD_BITS)


# The ``bella`` rule option (docs/rules.md 2.4), one constant per value.
cpdef enum BellaRule:
    BELLA_OWNER = 0         # the owner's side scores it: settled outside the search
    BELLA_TRICK_WINNER = 1  # the winner of the trick it is announced in scores it
    BELLA_BOTH_TRICKS = 2   # the owner scores it if his team wins both bella tricks

# Where bella stands at a trick start (State.bella_state). Both enums are visible
# from Python too (cpdef): the boundary computes the state.
cpdef enum BellaState:
    BELLA_SETTLED = 0       # nothing of it left for play to decide
    BELLA_PENDING = 1       # the owner holds both cards: its first trick is ahead
    BELLA_FIRST_WON = 2     # both_tricks: the owner's team won the announced first trick

# The bonuses, from deberts.variants.deberts.model.points at import (_engine.pyx): the last trick,
# the last trick of a capot, bella.
cdef int LAST_TRICK, CAPOT_LAST_TRICK, BELLA_POINTS

# sides_won (capot only, else always 0): bit 0 the declarer's side has taken a
# trick, bit 1 the defenders have; a capot is still possible while it is not 3.

cdef union Structure:
    # the rank structure the table files positions by (table.pxi): for each suit
    # 16 bits, 2 bits a remaining card from the weakest up (its seat); read whole as
    # the key, kept suit by suit
    uint64_t key
    uint16_t suits[4]


cdef struct State:
    # everything playing a card changes: taking it back restores a copy
    Structure owners          # kept card by card
    uint32_t hands[4]
    uint32_t remaining        # the cards still in hands
    uint32_t in_trick         # the cards of the trick in progress
    int16_t points_left       # the card points of ``remaining``
    int16_t trick_points
    # the trick in progress
    uint8_t leader
    uint8_t to_move           # the seat to play next
    uint8_t trick_len
    uint8_t led
    uint8_t win_seat
    uint8_t win_card
    uint8_t win_power
    # play-dependent bonuses
    uint8_t decl_pending      # 1 while the team still needs a trick to be credited
    uint8_t bella_state       # a BellaState
    uint8_t bella_now         # a bella card in this trick decides something
    uint8_t sides_won         # see above


cdef struct Engine:
    State s
    int n
    int side[4]               # +1 declarer side, -1 defenders
    uint32_t declarer_dealt   # the declarer side's cards at the root (cards never
                              # change hands, so with ``remaining`` its cards now)
    int partner[4]            # the seat's partner in a 4-player pairs game, or -1
    int trump
    uint32_t trump_mask
    int points[32]            # card points given the trump
    int trump_power[32]       # 9..16 for trumps, 0 otherwise
    int plain_power[32]       # 1..8 (plain order of the card's rank)
    uint8_t power[4][32]      # [led suit][card]: how strongly it competes for the trick
    uint32_t trumps_above[17] # trumps with power above p
    int card_at[4][8]         # per suit, the cards from weakest to strongest
    uint32_t weaker[32]       # the cards of the same suit that a card beats
    uint8_t* to_power[4]      # a suit's cards as a byte by rank -> by power (ORDER_BYTES)
    uint32_t beaters[32]      # the cards of the same suit that beat each card
    uint32_t twins            # the cards worth as much as another of their suit
    # the bonuses' setting
    uint32_t decl_team        # seat bitmask of the team whose declarations score
    int decl_value            # their margin value, signed
    int bella                 # the ``bella`` option, a BellaRule
    int bella_owner
    uint32_t bella_cards
    uint32_t bella_team       # seat bitmask of the owner's team (both_tricks)
    # search
    void* table
    uint64_t nodes
    # the rule options of the play, named as in deberts.variants.deberts.model.rules.Rules
    int partner_exempt
    int trump_lead_overtrump_partner
    int partner_winning_free
    int discard_over_opponent_trump
    int capot
    Limit limit               # the caller's limit, and whether the search stopped


ctypedef State Undo           # what taking a card back restores
