/* Carcassonne engine internals, shared by the files of engine/carcassonne/ and the tests.
 * One flat state serves the base game and the solo variant (a mode flag): the board is a
 * 64x64 torus of cells, features are sets of tile segments (each segment names its set's
 * root directly, members in a circular list) with per-set open edge counters, and the open frontier keeps each empty cell's edge constraints so legal
 * placements come from one table lookup per frontier cell. */
#ifndef CARC_H
#define CARC_H

#include <stddef.h>
#include <stdint.h>

#include "../core/game.h"

#define CARC_MAX_SEATS 5   /* players: 2-5 (solo: 3-4 colours) */
#define CARC_NTYPES 24     /* tile letters A..X */
#define CARC_NTILES 72     /* tiles in the game, start tile included */
#define CARC_MAX_SEGS 256  /* every segment of all 72 tiles is 243; ids fit a byte */
#define CARC_MAX_FRONT 146 /* empty cells next to n tiles are at most 2n + 2 */
#define CARC_GRID 64       /* torus side: boards may span at most CARC_MAX_SPAN cells */
#define CARC_MAX_SPAN 62
#define CARC_START_TILE 3  /* D */

/* Feature kinds of a segment. */
enum { CARC_CITY, CARC_ROAD, CARC_CLOISTER, CARC_FARM };
/* Sides and half-sides (board or tile orientation). */
enum { CARC_N, CARC_E, CARC_S, CARC_W };
enum { CARC_NW, CARC_NE, CARC_EN, CARC_ES, CARC_SE, CARC_SW, CARC_WS, CARC_WN };
/* Edge codes in constraint patterns: 2 bits per side (side d at bits 2d), 0 = no tile. */
enum { CARC_EDGE_NONE, CARC_EDGE_CITY, CARC_EDGE_ROAD, CARC_EDGE_FIELD };
/* Farm scoring editions (parameter farms). */
enum { CARC_FARMS_3RD, CARC_FARMS_2ND, CARC_FARMS_1ST, CARC_FARMS_OFF };
/* Phases of the state. */
enum { CARC_PHASE_CHANCE, CARC_PHASE_PLACE, CARC_PHASE_DECIDE, CARC_PHASE_OVER };
/* Statistic sources of points. */
enum {
    CARC_SRC_ROAD_PLAY, CARC_SRC_ROAD_END, CARC_SRC_CITY_PLAY, CARC_SRC_CITY_END,
    CARC_SRC_CLOISTER_PLAY, CARC_SRC_CLOISTER_END, CARC_SRC_FARM_END, CARC_NSRC
};
/* Solo goals of seed 003, in the order of the rules file. */
enum {
    CARC_GOAL_ROAD10, CARC_GOAL_ROAD10_2, CARC_GOAL_ROAD10_3, CARC_GOAL_ROAD5_3,
    CARC_GOAL_CITY16, CARC_GOAL_CITY16_2, CARC_GOAL_CITY16_3, CARC_GOAL_CITY8_3,
    CARC_GOAL_CLOISTERS3, CARC_GOAL_CLOISTERS4, CARC_GOAL_RESULT40, CARC_GOAL_RESULT50,
    CARC_GOAL_RESULT60, CARC_GOAL_ALL_TILES, CARC_NGOALS
};
/* How a solo game ended. */
enum { CARC_END_TILES = 1, CARC_END_NO_MEEPLE = 2 };

#define CARC_NONE 0xFF
/* Cell byte: a tile slot (< CARC_NTILES), a frontier index + CARC_FRONT_BASE, or empty. */
#define CARC_FRONT_BASE CARC_NTILES
#define CARC_CELL(x, y) ((((unsigned)(y) & (CARC_GRID - 1)) << 6) | ((unsigned)(x) & (CARC_GRID - 1)))

/* One segment of a tile in its drawn orientation (rotation 0). */
struct carc_seg {
    uint8_t kind;
    uint8_t sides;   /* road/city: bit d for each side it reaches */
    uint8_t halves;  /* farm: bit h for each half-side */
    uint8_t pennant; /* city: 1 with a pennant */
    uint8_t cities;  /* farm: bit j for each city segment j of the tile it touches */
};

struct carc_tile {
    char letter;
    uint8_t count;
    const char *edges; /* "CRFR": N E S W at rotation 0 */
    uint8_t nseg;      /* segments; farms come last */
    uint8_t nfarm;
    struct carc_seg seg[8];
};

/* A tile at one rotation, in board orientation. */
struct carc_rot {
    uint8_t edge_code;    /* 2 bits per side, as in patterns */
    uint8_t side_seg[4];  /* road/city segment reaching board side d, or CARC_NONE */
    uint8_t half_seg[8];  /* farm segment at board half-side h, or CARC_NONE */
    uint8_t seg_sides[8]; /* each segment's sides / half-sides in board orientation */
    uint8_t seg_halves[8];
    uint8_t farm_halves;  /* bit h set when a farm reaches half-side h */
    uint8_t pad[2]; /* 32 bytes: an entry's address is a shift, not a multiply by 29 */
};

extern const struct carc_tile carc_tiles[CARC_NTYPES];
/* Filled once at program start (constructor), read-only afterwards. */
extern struct carc_rot carc_rots[CARC_NTYPES][4];
/* carc_fit[type][pattern]: bit r set when rotation r fits the pattern and is the first
 * of the rotations giving the same placement (symmetric tiles list fewer). */
extern uint8_t carc_fit[CARC_NTYPES][256];
/* carc_fitvec[pattern][t]: 1 when tile type t fits the pattern at some rotation (bytes
 * 24-31 are 0): summed over the frontier it gives each type's fitting cells. */
extern uint8_t carc_fitvec[256][32];
/* carc_period[type]: smallest r > 0 with rotation r identical to rotation 0 (1, 2 or 4). */
extern uint8_t carc_period[CARC_NTYPES];
/* 1 when the tile has several segments of one kind (a feature may pass it twice). */
extern uint8_t carc_multi[CARC_NTYPES];
/* Initial per-segment values of a freshly placed tile (8 entries, unused ones 0):
 * open edges, pennants, and 1 for a road/city segment of a tile with several of its kind. */
struct carc_seg_init {
    uint8_t open[8], pennants[8], multi[8];
    uint8_t ncontacts, contact_farm[2], contact_city[2]; /* farm-city contacts */
};
extern struct carc_seg_init carc_seg_inits[CARC_NTYPES];
void carc_tables_init(void);

struct carc_state {
    uint32_t meeples[CARC_MAX_SEGS]; /* at a set's root: followers of seat s in bits 4s..4s+3 */
    /* Feature sets: every segment's root, always direct (a join relabels the smaller set,
     * so finding a root is one load, no chain to follow), and the next member of its set
     * (a circular list, for the relabelling). */
    uint8_t parent[CARC_MAX_SEGS];
    uint8_t next[CARC_MAX_SEGS];
    uint8_t size[CARC_MAX_SEGS];     /* segments in the set (at roots) */
    uint8_t open[CARC_MAX_SEGS];     /* root: open road ends / city sides; cloister: empty
                                        cells around it, but while the cloister is in the
                                        list below its count is the list's (read both
                                        through carc_cloister_open) */
    uint8_t pennants[CARC_MAX_SEGS]; /* root: pennants in a city */
    uint8_t multi[CARC_MAX_SEGS];    /* root: segments from tiles with repeated kinds */

    int8_t tx[CARC_NTILES], ty[CARC_NTILES]; /* placed tiles, slot 0 = start tile */
    uint8_t ttype[CARC_NTILES], trot[CARC_NTILES], tbase[CARC_NTILES];

    int8_t fx[CARC_MAX_FRONT], fy[CARC_MAX_FRONT]; /* frontier cells */
    uint8_t fpat[CARC_MAX_FRONT];                  /* their edge constraint patterns */
    /* fitcount[t]: frontier cells where tile type t fits (the sum of carc_fitvec over the
     * frontier), so a drawn tile's "fits somewhere" is one load. Read and written as two
     * 16-byte halves several times a placement: at an offset that is a multiple of 16
     * (checked in board.c), so in a state allocated by malloc neither half straddles a
     * cache line (at offset 3358 one did for half of the possible alignments, and a random
     * game ran up to 5% slower there). Padding, not _Alignas: states are also kept in
     * buffers that promise no more than malloc does. */
    uint8_t fit_pad[2];
    uint8_t fitcount[32];

    int16_t score[CARC_MAX_SEATS];
    int16_t pts[CARC_MAX_SEATS][CARC_NSRC]; /* statistics: points by source */
    uint8_t placed[CARC_MAX_SEATS][4];      /* statistics: followers placed by kind */

    uint8_t solo, players, farms, small_city, followers;
    uint8_t phase, seat, tile;
    uint8_t ntiles, nsegs, nfront, bag_total, near_limit;
    int8_t minx, maxx, miny, maxy;
    uint8_t discarded;
    uint8_t bag[CARC_NTYPES];
    uint8_t supply[CARC_MAX_SEATS];
    uint8_t nmulti, multi_slots[16]; /* slots of placed tiles with repeated kinds */
    /* Placed cloisters not yet surrounded: cell, segment id and empty cells around it,
     * read directly by every placement (cheaper than going through the tile slot); a
     * placement updates all eight entries at once (board.c, put_tile), with no branch on
     * whether it is near one; entries from ncloisters on have cloister_x -128, so they
     * are near none. */
    uint8_t ncloisters, cloister_seg_id[8];
    int8_t cloister_x[8], cloister_y[8];
    uint8_t cloister_open[8];
    uint8_t deck_size, deck[CARC_NTILES];  /* the bag as a list, for O(1) sampling */
    /* deck_at[t]: bit i (byte i / 8, bit i % 8) set when deck[i] is a tile of type t, so the
     * draw finds the first copy of t (the one it takes out) with a bit scan instead of a
     * search. Bytes, not words: 216 bytes keep the state under 8 KiB. */
    uint8_t deck_at[CARC_NTYPES][(CARC_NTILES + 7) / 8];
    /* Every segment that ever received a follower (at most one per turn), so end scoring
     * visits only occupied features. */
    uint8_t nfollowed, followed[CARC_NTILES], followed_kind[CARC_NTILES];

    /* solo */
    uint8_t pile[CARC_MAX_SEATS];
    uint8_t must_end;    /* this turn had to place a meeple and could not */
    uint8_t end_reason;  /* CARC_END_* */
    uint8_t cloisters9;  /* cloisters scored for 9 */
    uint16_t goals;      /* bit per CARC_GOAL_* */
    uint8_t npending;    /* completed features waiting for a scoring-order decision */
    uint8_t pending[16];      /* their roots */
    uint8_t pending_code[16]; /* their decision codes (see carc_decision_text) */

    uint8_t cell[CARC_GRID * CARC_GRID];
    /* The size is kept a multiple of 16 (checked in board.c): every game and search
     * iteration starts with a copy of a state, and at 8,156 bytes that copy made a random
     * game about 3% slower than at 8,160 (memcpy's tail). */
    uint8_t tail_pad[12];
};

/* --- board.c: rules core --- */
void carc_setup(struct carc_state *s, int solo, int players, int farms, int small_city,
                int followers);
/* The root of segment a's feature (roots are kept direct: one load). */
static inline int carc_root(const struct carc_state *s, int a)
{
    return s->parent[a];
}
/* Empty cells around cloister segment g (its root): the list's count while it is listed,
 * else open[g]. */
static inline int carc_cloister_open(const struct carc_state *s, int g)
{
    int open = s->open[g];
    for (int i = 0; i < s->ncloisters; i++)
        open = s->cloister_seg_id[i] == g ? s->cloister_open[i] : open;
    return open;
}
/* Number of distinct placements (cell, rotation) of tile type t on the board. */
int carc_count_placements(const struct carc_state *s, int t);
/* 1 if frontier cell k may take a tile (within the board span limit). */
int carc_front_usable(const struct carc_state *s, int k);
/* 1 if the cell may take a tile (empty, next to a tile, within the board span limit). */
int carc_cell_open(const struct carc_state *s, int x, int y);
/* 0 if tile t at rotation rot fits at (x,y); else the first mismatching side (1 + d). */
int carc_fit_side(const struct carc_state *s, int x, int y, int t, int rot);
/* 1 when segment j of tile t placed at (x,y,rot) would join no feature holding a follower. */
int carc_segment_free(const struct carc_state *s, int x, int y, int t, int rot, int j);
/* The same for a placement on frontier cell k (its pattern says which sides face a tile:
 * no look at the neighbouring cells for that). */
int carc_front_segment_free(const struct carc_state *s, int k, int t, int rot, int j);
/* Bit j set for every segment j of that placement that carc_segment_free() calls free,
 * all at once (each neighbour visited once: what legal_moves needs). Farm bits are
 * meaningful only when farmers are played (farms != off). */
unsigned carc_free_mask(const struct carc_state *s, int x, int y, int t, int rot);
/* Applies the placement of the drawn tile with follower spot (0 none, j+1 segment j). */
void carc_place(struct carc_state *s, int x, int y, int rot, int spot);
/* Applies a chance outcome: the drawn tile type. */
void carc_draw(struct carc_state *s, int t);
/* Solo: applies a scoring-order decision (index into pending). */
void carc_decide(struct carc_state *s, int index);
/* Ends the game now as if the last tile had been played: end scoring (base) or the
 * meeple scoring (solo). For analysis and tests. */
void carc_finish(struct carc_state *s);
/* Distinct tiles of the feature rooted at r (a tile passed twice counts once). */
int carc_feature_tiles(const struct carc_state *s, int r);
/* Seat bitmask of the majority holders of packed follower counts (0 when none). */
uint32_t carc_majority(uint32_t packed, int players);
/* End-of-game points of the base game per seat and source, without changing the state. */
void carc_end_points(const struct carc_state *s, int32_t pts[CARC_MAX_SEATS][CARC_NSRC]);
/* Feature kind and local index of segment id g: returns the tile slot. */
int carc_seg_slot(const struct carc_state *s, int g);
/* Solo: the value of the lowest colour's score. */
int carc_lowest(const struct carc_state *s);
/* Consistency check (followers conserved, union-find sets, frontier). 0 or -1 with err. */
int carc_check_state(const struct carc_state *s, kk_error *err);

/* carc_thr16[n] = 65536 mod n (n >= 1): a 16-bit draw x maps to (x * n) >> 16 without bias
 * when every x whose low product bits (x * n) & 0xFFFF fall below it is thrown away
 * (Lemire's method on 16 bits). */
extern uint16_t carc_thr16[CARC_MAX_FRONT * 4 + 1];

/* The old draw, kept for boards near the span limit (some frontier cells unusable there):
 * rejection over single (frontier cell, rotation) pairs until one fits. */
static inline int carc_pick_rejection(const struct carc_state *s, int t, kk_rng *rng)
{
    uint32_t period = carc_period[t];
    uint32_t shift = period >> 1;
    uint32_t pairs = (uint32_t)s->nfront << shift;
    const uint8_t *fit = carc_fit[t];
    for (;;) {
        uint32_t u = kk_rng_below(rng, pairs);
        int k = (int)(u >> shift), r = (int)(u & (period - 1));
        if ((fit[s->fpat[k]] >> r) & 1u && carc_front_usable(s, k))
            return 4 * k + r;
    }
}

/* carc_fit4[type][pattern]: bit r set when rotation r of the tile fits the pattern, for
 * every r in 0..3 (a symmetric tile's rotation r is its rotation r mod period, so each
 * distinct placement has 4 / period bits: all equally many). */
extern uint8_t carc_fit4[CARC_NTYPES][256];

/* A uniformly drawn placement of tile t (there must be one): returns 4 * k + rot for
 * frontier cell k. Rejection over (frontier cell, rotation 0..3) pairs, eight candidates
 * at a time: four generator outputs give eight 16-bit draws x, each mapped to a pair by
 * Lemire's multiply (m = x * nfront: cell m >> 16, rotation (m >> 14) & 3, the product's
 * low bits deciding bias), and the first candidate that fits and is unbiased is taken, its
 * rotation reduced mod the tile's period. Every distinct fitting placement is therefore
 * equally likely. One pair in about 4.6 fits, so a batch finds one 86% of the time: the
 * loop's exit is a branch the processor predicts, where a loop testing one pair per round
 * mispredicted its exit once per move. Near the board's span limit the one-at-a-time loop
 * is kept (it must also skip unusable cells). */
static inline int carc_pick_placement(const struct carc_state *s, int t, kk_rng *rng)
{
    if (s->near_limit)
        return carc_pick_rejection(s, t, rng);
    uint32_t n = s->nfront;
    uint32_t thr = carc_thr16[4 * n]; /* bound 4 n */
    const uint8_t *fit = carc_fit4[t];
    kk_rng local = *rng;
    for (;;) {
        uint32_t w[4];
        w[0] = kk_rng_u32(&local);
        w[1] = kk_rng_u32(&local);
        w[2] = kk_rng_u32(&local);
        w[3] = kk_rng_u32(&local);
        uint32_t hit = 0;
        /* Written out eight times: a loop here was not unrolled, and its own branches
         * cost more than the batch saves. */
#define CARC_CANDIDATE(i, x)                                                                   \
    do {                                                                                       \
        uint32_t m = (x) * n;                                                                  \
        hit |= (((uint32_t)fit[s->fpat[m >> 16]] >> ((m >> 14) & 3)) & 1u) << (i);            \
    } while (0)
        CARC_CANDIDATE(0, w[0] & 0xFFFFu);
        CARC_CANDIDATE(1, w[0] >> 16);
        CARC_CANDIDATE(2, w[1] & 0xFFFFu);
        CARC_CANDIDATE(3, w[1] >> 16);
        CARC_CANDIDATE(4, w[2] & 0xFFFFu);
        CARC_CANDIDATE(5, w[2] >> 16);
        CARC_CANDIDATE(6, w[3] & 0xFFFFu);
        CARC_CANDIDATE(7, w[3] >> 16);
#undef CARC_CANDIDATE
        /* The chosen candidate's draw is taken from the outputs in registers (a select and
         * a shift), not from an array in memory: the array's store and load were a
         * store-to-load forward on the path from the draw to the placement. */
        uint64_t lo = w[0] | (uint64_t)w[1] << 32, hi = w[2] | (uint64_t)w[3] << 32;
        for (; hit; hit &= hit - 1) {
            int i = __builtin_ctz(hit);
            uint64_t half = lo ^ ((lo ^ hi) & -(uint64_t)((unsigned)i >> 2));
            uint32_t m = (uint32_t)((half >> (16 * (i & 3))) & 0xFFFFu) * n;
            if (((m << 2) & 0xFFFFu) >= thr) { /* unbiased (almost always) */
                *rng = local;
                return (int)(4 * (m >> 16) + (((m >> 14) & 3) & (carc_period[t] - 1u)));
            }
        }
    }
}

/* --- moves --- */
#define CARC_MOVE_DECIDE 0x40000000
static inline kk_move carc_move(int x, int y, int rot, int spot)
{
    return (kk_move)(((unsigned)(x + 128) & 0xFF) | (((unsigned)(y + 128) & 0xFF) << 8) |
                     ((unsigned)rot << 16) | ((unsigned)spot << 18));
}

/* Segments a follower may go on: farms only when farmers are played. */
static inline int carc_spot_limit(const struct carc_state *s, int t)
{
    const struct carc_tile *d = &carc_tiles[t];
    return s->farms == CARC_FARMS_OFF ? d->nseg - d->nfarm : d->nseg;
}

/* The base game's random move (the playout hot path: the random_move hook and the fused
 * playout both run this one definition): no scoring decisions, no forced meeples, so it
 * is game.c's carc_random_move without the solo branches. Rejection over a uniform
 * placement and a uniform spot among every segment the tile could offer; *pat is set to
 * the chosen cell's frontier pattern. Always inlined: GCC kept it out of line in the
 * playout, and with the batched placement draw the call, its frame and the registers it
 * saves were 1,700 instructions a game (session 7 found forcing it inline a loss with the
 * one-pair loop: longer code there). */
__attribute__((always_inline)) static inline kk_move
carc_base_random_move_at(const struct carc_state *s, kk_rng *rng, unsigned *pat)
{
    int t = s->tile;
    uint32_t spots = 1 + (s->supply[s->seat] ? (uint32_t)carc_spot_limit(s, t) : 0);
    for (;;) {
        int pick = carc_pick_placement(s, t, rng);
        int x = s->fx[pick >> 2], y = s->fy[pick >> 2], rot = pick & 3;
        int sp = spots > 1 ? (int)kk_rng_below(rng, spots) : 0;
        if (sp == 0 || carc_front_segment_free(s, pick >> 2, t, rot, sp - 1)) {
            *pat = s->fpat[pick >> 2];
            return carc_move(x, y, rot, sp);
        }
    }
}

/* The same, for callers that do not need the pattern of the chosen cell (the playout
 * passes it to the placement, which then knows which sides face a tile early). */
static inline kk_move carc_base_random_move(const struct carc_state *s, kk_rng *rng)
{
    unsigned pat;
    return carc_base_random_move_at(s, rng, &pat);
}

/* The chance outcome of a draw: a uniform tile of the bag (sample_chance and the playout
 * hook both draw it this way, so they consume the same numbers). */
static inline int carc_deck_draw(const struct carc_state *s, kk_rng *rng)
{
    return s->deck[kk_rng_below(rng, s->deck_size)];
}

/* The base game's playout hook (kk_game.playout; not for the solo game): plays to the end
 * with carc_base_random_move and the deck draw of sample_chance, the same draws and the
 * same final state as the loop through to_move/sample_chance/random_move/apply. */
int carc_playout(void *state, kk_rng *chance, kk_rng *moves, int *chance_events);
static inline int carc_move_x(kk_move m) { return (int)(m & 0xFF) - 128; }
static inline int carc_move_y(kk_move m) { return (int)((m >> 8) & 0xFF) - 128; }
static inline int carc_move_rot(kk_move m) { return (int)((m >> 16) & 3); }
static inline int carc_move_spot(kk_move m) { return (int)((m >> 18) & 15); }

/* --- render.c: the board as text (draw hook) and as SVG (svg hook) --- */
struct kk_buf;
void carc_draw_text(const void *state, int seat, struct kk_buf *out);
void carc_svg(const void *state, struct kk_buf *out);

#endif
