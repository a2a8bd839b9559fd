/* Observation tensors (kark_obs.h). A game-specific layout reads the game's own state
 * struct, so it includes the game's internal header; the layouts are documented in
 * docs/python.md, section "Observation tensors". */
#include "kark_obs.h"

#include <string.h>

#include "../../engine/all_your_base/ayb.h"
#include "../../engine/carcassonne/carc.h"
#include "../../engine/gauntlet/gauntlet.h"
#include "../../engine/liars_cards/liars_cards.h"
#include "../../engine/othellino/othellino.h"

extern const struct kk_game kk_game_carcassonne, kk_game_carcassonne_solo;

/* ---- canonical views ----
 * Two games' sample_view leaves a trace of the truth in its output for a fixed stream
 * (which is harmless for search, which only needs the distribution); the view text and the
 * tensor need one fixed output per information set, so those traces are masked here. */

/* All Your Base: known[p] (the cards p passed at the last pass, still held by p + 1) is
 * kept intersected with the redealt hands; the seat knows it only for its own pass and
 * for the pass it received. */
static void ayb_mask(void *view, int seat)
{
    struct ayb_state *v = view;
    int n = v->players;
    for (int p = 0; p < n; p++)
        if (p != seat && (p + 1) % n != seat)
            v->known[p] = 0;
}

/* The Gauntlet: the redeal walks another seat's hidden places in card order, so which card
 * lands where depends on the truth. Masked: every card the seat cannot place gets location
 * 0xFF (and known 0); a card everyone saw a seat take is with that seat (its hand); the
 * other seats' hidden plan slots read 0xFF. */
static void gt_mask(void *view, int seat)
{
    struct gt_state *v = view;
    for (int c = 0; c < GB_CARDS; c++) {
        int l = v->loc[c], owner = -1, hidden = 0;
        if (l == GT_LOC_PILE) {
            hidden = 1;
        } else if (l >= GT_LOC_HAND && l < GT_LOC_PLAN) {
            owner = l - GT_LOC_HAND;
            hidden = owner != seat;
        } else if (l >= GT_LOC_PLAN) {
            int slot = (l - GT_LOC_PLAN) % 4;
            owner = (l - GT_LOC_PLAN) / 4;
            hidden = owner != seat && (slot == 3 || slot >= v->step);
        }
        if (!hidden)
            continue;
        if (v->known[c] && owner >= 0) {
            v->loc[c] = (uint8_t)(GT_LOC_HAND + owner);
        } else {
            v->loc[c] = 0xFF;
            v->known[c] = 0;
        }
    }
    for (int p = 0; p < v->players; p++)
        for (int slot = 0; slot < 4; slot++)
            if (p != seat && (slot == 3 || slot >= v->step))
                v->plan[p][slot] = 0xFF;
}

void kark_view_mask(const struct kk_game *g, void *view, int seat)
{
    if (g == &kk_game_all_your_base)
        ayb_mask(view, seat);
    else if (g == &kk_game_gauntlet)
        gt_mask(view, seat);
}

/* ---- othellino-planes: (3, 6, 6) ---- */

static void othl_fill(const void *view, int seat, float *out)
{
    const struct othl_state *s = view;
    for (int c = 0; c < OTHL_CELLS; c++) {
        out[c] = (float)(s->disc[seat] >> c & 1u);
        out[OTHL_CELLS + c] = (float)(s->disc[1 - seat] >> c & 1u);
        out[2 * OTHL_CELLS + c] = !s->over && s->seat == seat ? 1.0f : 0.0f;
    }
}

/* ---- carcassonne-v1: one flat vector ----
 * board: CARC_BOARD_PLANES(P) planes of 64 x 64 cells, cell (x, y) of the game's torus at
 * row (y + 32) mod 64, column (x + 32) mod 64 (the start tile in the middle); then the drawn
 * tile (24, one-hot, zero when no tile is drawn), the tiles left in the bag (24 counts), the
 * followers in supply (P), the scores (P). Seats are listed from the observer on: index k
 * is seat (observer + k) mod P. */
enum { CARC_PLANE_TILE, CARC_PLANE_EDGE = 1 /* 12 planes: side d, kind city/road/field */,
       CARC_PLANE_CLOISTER = 13, CARC_PLANE_PENNANT = 14, CARC_PLANE_FOLLOWERS = 15 };
#define CARC_CELLS (CARC_GRID * CARC_GRID)
#define CARC_BOARD_PLANES(p) (CARC_PLANE_FOLLOWERS + 4 * (p))

static int carc_obs_len(int players)
{
    return CARC_BOARD_PLANES(players) * CARC_CELLS + 2 * CARC_NTYPES + 2 * players;
}

static void carc_fill(const void *view, int seat, float *out)
{
    const struct carc_state *s = view;
    int p = s->players;
    for (int i = 0; i < s->ntiles; i++) {
        int t = s->ttype[i], r = s->trot[i];
        size_t cell = (size_t)(((s->ty[i] + 32) & (CARC_GRID - 1)) * CARC_GRID +
                               ((s->tx[i] + 32) & (CARC_GRID - 1)));
        out[CARC_PLANE_TILE * CARC_CELLS + cell] = 1;
        unsigned code = carc_rots[t][r].edge_code;
        for (int d = 0; d < 4; d++) {
            int kind = (int)(code >> (2 * d) & 3u); /* CARC_EDGE_CITY/ROAD/FIELD = 1/2/3 */
            if (kind)
                out[(size_t)(CARC_PLANE_EDGE + 3 * d + kind - 1) * CARC_CELLS + cell] = 1;
        }
        const struct carc_tile *tile = &carc_tiles[t];
        for (int j = 0; j < tile->nseg; j++) {
            int kind = tile->seg[j].kind;
            if (kind == CARC_CLOISTER)
                out[CARC_PLANE_CLOISTER * CARC_CELLS + cell] = 1;
            if (kind == CARC_CITY && tile->seg[j].pennant)
                out[CARC_PLANE_PENNANT * CARC_CELLS + cell] = 1;
            uint32_t packed = s->meeples[carc_root(s, s->tbase[i] + j)];
            for (int k = 0; k < p; k++) {
                int who = (seat + k) % p;
                float n = (float)(packed >> (4 * who) & 15u);
                float *v = &out[(size_t)(CARC_PLANE_FOLLOWERS + 4 * k + kind) * CARC_CELLS + cell];
                if (n > *v)
                    *v = n;
            }
        }
    }
    float *tail = out + (size_t)CARC_BOARD_PLANES(p) * CARC_CELLS;
    if (s->phase == CARC_PHASE_PLACE && s->tile < CARC_NTYPES)
        tail[s->tile] = 1;
    for (int t = 0; t < CARC_NTYPES; t++)
        tail[CARC_NTYPES + t] = s->bag[t];
    for (int k = 0; k < p; k++) {
        int who = (seat + k) % p;
        tail[2 * CARC_NTYPES + k] = s->supply[who];
        tail[2 * CARC_NTYPES + p + k] = s->score[who];
    }
}

/* ---- liars-cards-v1: one flat vector ----
 * the seat's own hand (36 counts by card kind, symbol * 6 + number - 1); the track (36:
 * symbol s at position p is value 6s + p, position 0 the wild); per seat from the observer
 * on (5 values each): lives, cards in hand, holds the standing bid, is the round's starter,
 * is to move; the wild is active, the round takes sum bids, cards dealt per hand this round;
 * the phase (5, one-hot: track, deal, wild choice, bid, over); the ranks bid this round
 * (384 bits); the standing bid's rank (384, one-hot, zero before the opening). */
#define LC_BID_BITS (LC_RANK_WORDS * 64)

static int lc_obs_len(int players)
{
    return GB_KINDS + GB_SYMBOLS * GB_SYMBOLS + 5 * players + 3 + 5 + 2 * LC_BID_BITS;
}

static void lc_fill(const void *view, int seat, float *out)
{
    const struct lc_state *s = view;
    int p = s->players;
    float *o = out;
    for (int i = 0; i < s->hand_len[seat]; i++)
        o[s->hand[seat][i]] += 1;
    o += GB_KINDS;
    for (int sym = 0; sym < GB_SYMBOLS; sym++)
        o[sym * GB_SYMBOLS + s->pos[sym]] = 1;
    o += GB_SYMBOLS * GB_SYMBOLS;
    int to_move = (s->phase == LC_PHASE_WILD || s->phase == LC_PHASE_BID) ? s->seat : -1;
    for (int k = 0; k < p; k++) {
        int who = (seat + k) % p;
        o[0] = s->lives[who];
        o[1] = s->hand_len[who];
        o[2] = s->bidder == who;
        o[3] = s->starter == who;
        o[4] = to_move == who;
        o += 5;
    }
    o[0] = s->wild_active;
    o[1] = s->sum_round;
    o[2] = s->round_cards;
    o += 3;
    if (s->phase <= LC_PHASE_OVER)
        o[s->phase] = 1;
    o += 5;
    for (int r = 0; r < LC_BID_BITS; r++)
        o[r] = (float)(s->bid_ranks[r / 64] >> (r % 64) & 1u);
    o += LC_BID_BITS;
    if (s->bid_rank >= 0 && s->bid_rank < LC_BID_BITS)
        o[s->bid_rank] = 1;
}

int kark_obs_shape(const struct kk_game *g, int players, int *dims, const char **layout)
{
    if (g == &kk_game_othellino) {
        dims[0] = 3;
        dims[1] = dims[2] = OTHL_SIDE;
        *layout = "othellino-planes";
        return 3;
    }
    if (g == &kk_game_carcassonne || g == &kk_game_carcassonne_solo) {
        dims[0] = carc_obs_len(players);
        *layout = "carcassonne-v1";
        return 1;
    }
    if (g == &kk_game_liars_cards) {
        dims[0] = lc_obs_len(players);
        *layout = "liars-cards-v1";
        return 1;
    }
    dims[0] = (int)g->state_size;
    *layout = "view-bytes";
    return 1;
}

void kark_obs_fill(const struct kk_game *g, const void *view, int seat, float *out)
{
    if (g == &kk_game_othellino) {
        othl_fill(view, seat, out);
    } else if (g == &kk_game_carcassonne || g == &kk_game_carcassonne_solo) {
        carc_fill(view, seat, out);
    } else if (g == &kk_game_liars_cards) {
        lc_fill(view, seat, out);
    } else {
        const unsigned char *b = view;
        for (size_t i = 0; i < g->state_size; i++)
            out[i] = b[i];
    }
}
