/* The round machine of Temple of Doom and its kk_game table.
 * A deal is a run of chance nodes, one per card turned up or dealt (set-up: relics, temple
 * cards, the movement deal; round end: temple cards, relics, the deal), each drawing
 * uniformly from the cards left in its deck, so deck orders are never stored. Then seats
 * play their cards one at a time; a card play is factored into consecutive sub-decisions of
 * the same seat: the card, then one decision per point (a single move or `-`). The round end
 * collects relics, removes the tiles flipped a round before, and resolves the temple cards
 * in the order they were turned up, with a decision of the round's first seat whenever the
 * nearest row holds two or more candidate tiles. */
#include <stdio.h>
#include <string.h>

#include "../box/layout.h"
#include "temple_of_doom.h"

static const char *const first_seat_choices[] = {"fixed", "rotate", NULL};
static const char *const penalty_choices[] = {"all", "visible", NULL};

enum { P_LAYOUT_SEED, P_EASY, P_FIRST_SEAT, P_FORCED_POINTS, P_OPEN_HANDS, P_RELIC_PENALTY,
       P_KEEP_UNMATCHED, P_HAND_SOLO, P_MAX_ROUNDS, NUM_PARAMS };

static const struct kk_param td_params[NUM_PARAMS] = {
    {"layout_seed", KK_PARAM_INT, "0", -1, 1000000, NULL, 0, 0,
     "0: the fixed temple; N >= 1: generated temple N; -1: N drawn from 1..1000 as the first chance event"},
    {"easy", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: the two row-9 tiles go to the ends of row 6 and row 8 is the final row"},
    {"first_seat", KK_PARAM_CHOICE, "fixed", 0, 0, first_seat_choices, 0, 0,
     "fixed: seat 0 plays first every round; rotate: seat k mod n in round k"},
    {"forced_points", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: a movement point must be used when any use is legal"},
    {"open_hands", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
     "1: the team sees every hand; 0: each seat sees only its own"},
    {"relic_penalty", KK_PARAM_CHOICE, "all", 0, 0, penalty_choices, 0, 0,
     "all: every relic not collected counts against the team; visible: only those face up at the end"},
    {"keep_unmatched", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: unmatched temple cards stay face up and are checked again next round"},
    {"hand_solo", KK_PARAM_INT, "9", 1, 18, NULL, 0, 0,
     "movement cards dealt to a lone player each round"},
    {"max_rounds", KK_PARAM_INT, "60", 1, 1000, NULL, 0, 0,
     "safety cap: the game stops after the collapse of this round"},
};

static const struct kk_stat_desc td_stats[TD_NUM_STATS] = {
    {"rounds", 0, "rounds begun"},
    {"escaped", 0, "archaeologists that reached the exit"},
    {"relics", 0, "relic cards collected"},
    {"dead", 0, "archaeologists lost with their tiles"},
    {"tiles_left", 0, "tiles still in the temple at the end"},
    {"stopped_by_max_rounds", 0, "1 if the game ended at max_rounds"},
    {"points_used", 0, "movement points used"},
    {"points_declined", 0, "movement points declined"},
};

const struct gb_card *td_card(const uint8_t *ids, int i)
{
    return &gb_deck(GB_DECK_GB1)[ids[i]];
}

int td_in_play(const struct td_state *s)
{
    int n = 0;
    for (int p = 0; p < TD_PLACES; p++)
        for (int c = 0; c < TD_COLOURS; c++)
            n += s->at[p][c];
    return n;
}

int td_escaped(const struct td_state *s)
{
    int n = 0;
    for (int c = 0; c < TD_COLOURS; c++)
        n += s->escaped[c];
    return n;
}

int td_relics_won(const struct td_state *s)
{
    return __builtin_popcount(s->relic_won);
}

int td_result(const struct td_state *s)
{
    int missing = s->penalty_visible ? __builtin_popcount(s->relic_up) : TD_DECK - td_relics_won(s);
    return td_escaped(s) - missing;
}

int td_next_player(const struct td_state *s, int from)
{
    for (int k = 0; k < s->players; k++) {
        int p = (from + k) % s->players;
        if (s->hand[p])
            return p;
    }
    return -1;
}

/* The three decks of the rules from the box's gb1 deck, by background and colour, with the
 * Temple of Doom swap of the black brown and white pink cards. */
static int build_decks(struct td_state *s)
{
    const struct gb_card *d = gb_deck(GB_DECK_GB1);
    int nr = 0, nt = 0, nm = 0;
    for (int i = 0; i < GB_CARDS; i++) {
        int bg = d[i].background, c = d[i].colour;
        int relic = (bg == GB_BROWN && c != GB_BLACK) || (bg == GB_PINK && c == GB_WHITE);
        int temple = (bg == GB_PINK && c != GB_WHITE) || (bg == GB_BROWN && c == GB_BLACK);
        if (relic && nr < TD_DECK)
            s->relic_id[nr++] = (uint8_t)i;
        else if (temple && nt < TD_DECK)
            s->temple_id[nt++] = (uint8_t)i;
        else if (bg == GB_GREEN && nm < TD_DECK)
            s->move_id[nm++] = (uint8_t)i;
        else
            return -1;
    }
    return nr == TD_DECK && nt == TD_DECK && nm == TD_DECK ? 0 : -1;
}

#define ALL_CARDS ((1u << TD_DECK) - 1)

static void finish(struct td_state *s)
{
    s->phase = TD_PH_OVER;
    s->stat[TD_ST_TILES_LEFT] = __builtin_popcountll(s->up | s->flipped);
}

static int deal_size(const struct td_state *s)
{
    return s->players == 1 ? s->hand_solo : 12;
}

/* Decides the next event of a deal: refills an empty temple deck from its discards or an
 * empty movement deck from the played cards when a card must come from it, and either
 * leaves a chance node or starts the card play. */
static void settle_deal(struct td_state *s)
{
    if (s->temple_todo > 0 && !s->temple_deck) {
        s->temple_deck = s->temple_discard;
        s->temple_discard = 0;
        if (!s->temple_deck)
            s->temple_todo = 0; /* every temple card is face up (keep_unmatched=1) */
    }
    int relic = __builtin_popcount(s->relic_up) < TD_RELICS_UP && s->relic_deck;
    if (s->setup && relic) {
        s->draw = TD_DRAW_RELIC;
    } else if (s->temple_todo > 0) {
        s->draw = TD_DRAW_TEMPLE;
    } else if (relic) {
        s->draw = TD_DRAW_RELIC;
    } else if (s->move_todo > 0) {
        if (!s->move_deck) {
            s->move_deck = s->move_played;
            s->move_played = 0;
        }
        s->draw = TD_DRAW_MOVE;
    } else {
        s->setup = 0;
        s->seat = (uint8_t)td_next_player(s, s->first_seat);
        s->phase = TD_PH_CARD;
        return;
    }
    s->phase = TD_PH_DEAL;
}

static void start_deal(struct td_state *s)
{
    s->temple_todo = TD_TEMPLE_UP;
    s->move_todo = (uint8_t)deal_size(s);
    int k = s->round;
    s->first_seat = (uint8_t)(s->rotate ? k % s->players : 0);
    s->deal_seat = s->players == 5 ? (uint8_t)(2 * k % 5) : s->first_seat;
    s->stat[TD_ST_ROUNDS] = k + 1;
    settle_deal(s);
}

static void kill_on(struct td_state *s, int t)
{
    for (int c = 0; c < TD_COLOURS; c++) {
        s->dead[c] = (uint8_t)(s->dead[c] + s->at[t + 1][c]);
        s->at[t + 1][c] = 0;
    }
}

/* 1 if an archaeologist of colour c (white: any) stands on a face-up tile of symbol y. */
static int colour_on_symbol(const struct td_state *s, int c, int y)
{
    for (int t = 0; t < TD_TILES; t++)
        if ((s->up >> t & 1u) && s->sym[t] == y)
            for (int k = 0; k < TD_COLOURS; k++)
                if (s->at[t + 1][k] && (c == GB_WHITE || c == k))
                    return 1;
    return 0;
}

/* Candidate tiles of an unmatched temple card of symbol y: bit set of the nearest row's
 * tiles; *drop set when they are flipped tiles to remove. */
static uint64_t collapse_candidates(const struct td_state *s, int y, int *drop)
{
    uint64_t pool = 0;
    for (int t = 0; t < TD_TILES; t++)
        if ((s->up >> t & 1u) && s->sym[t] == y)
            pool |= 1ULL << t;
    *drop = 0;
    if (!pool)
        pool = s->up;
    if (!pool) {
        pool = s->flipped;
        *drop = 1;
    }
    if (!pool)
        return 0;
    int best = 99;
    for (uint64_t m = pool; m; m &= m - 1) {
        int t = __builtin_ctzll(m);
        if (s->row[t] < best)
            best = s->row[t];
    }
    uint64_t out = 0;
    for (uint64_t m = pool; m; m &= m - 1) {
        int t = __builtin_ctzll(m);
        if (s->row[t] == best)
            out |= 1ULL << t;
    }
    return out;
}

/* Flips (or drops) tile t for the temple card at the cursor. Returns 1 if the game ended. */
static int collapse_tile(struct td_state *s, int t)
{
    if (s->up >> t & 1u) {
        s->up &= ~(1ULL << t);
        s->flipped |= 1ULL << t;
        return 0;
    }
    s->flipped &= ~(1ULL << t);
    kill_on(s, t);
    if (!(s->up | s->flipped) || td_in_play(s) == 0) {
        finish(s);
        return 1;
    }
    return 0;
}

static void end_round_after_collapse(struct td_state *s)
{
    /* The temple cards go to the discard pile (unmatched ones stay with keep_unmatched=1). */
    int kept = 0;
    for (int i = 0; i < s->num_temple_up; i++) {
        if (s->keep_unmatched && !(s->matched >> i & 1u))
            s->temple_up[kept++] = s->temple_up[i];
        else
            s->temple_discard |= 1u << s->temple_up[i];
    }
    s->num_temple_up = (uint8_t)kept;
    s->matched = 0;
    if (s->round + 1 >= s->max_rounds) {
        s->stat[TD_ST_CAPPED] = 1;
        finish(s);
        return;
    }
    s->round++;
    start_deal(s);
}

/* Resolves temple cards from the cursor on until one needs a choice or all are done. */
static void run_collapse(struct td_state *s)
{
    while (s->cursor < s->num_temple_up) {
        if (s->matched >> s->cursor & 1u) {
            s->cursor++;
            continue;
        }
        const struct gb_card *c = td_card(s->temple_id, s->temple_up[s->cursor]);
        int drop;
        uint64_t cand = collapse_candidates(s, c->symbol, &drop);
        if (!cand) {
            s->cursor++;
            continue;
        }
        if (cand & (cand - 1)) {
            s->phase = TD_PH_COLLAPSE;
            s->seat = s->first_seat;
            return;
        }
        s->cursor++;
        if (collapse_tile(s, __builtin_ctzll(cand)))
            return;
    }
    end_round_after_collapse(s);
}

static void end_round(struct td_state *s)
{
    /* 1. Relics. */
    for (uint32_t m = s->relic_up; m; m &= m - 1) {
        int i = __builtin_ctz(m);
        const struct gb_card *c = td_card(s->relic_id, i);
        if (colour_on_symbol(s, c->colour, c->symbol)) {
            s->relic_up &= ~(1u << i);
            s->relic_won |= 1u << i;
        }
    }
    s->stat[TD_ST_RELICS] = td_relics_won(s);
    /* 2. Removal. */
    for (uint64_t m = s->flipped; m; m &= m - 1)
        kill_on(s, __builtin_ctzll(m));
    s->flipped = 0;
    if (!s->up || td_in_play(s) == 0) {
        finish(s);
        return;
    }
    /* 3. Collapse: matching is decided before any tile flips. */
    s->matched = 0;
    for (int i = 0; i < s->num_temple_up; i++) {
        const struct gb_card *c = td_card(s->temple_id, s->temple_up[i]);
        if (c->colour != GB_BLACK && colour_on_symbol(s, c->colour, c->symbol))
            s->matched |= 1u << i;
    }
    s->cursor = 0;
    run_collapse(s);
}

static int td_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct td_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 1;
    if (players < 1 || players > TD_MAX_SEATS)
        return kk_fail(err, "temple-of-doom is for 1 to 6 players, not %d", players);
    s->players = (uint8_t)players;
    s->layout_seed = v->value[P_LAYOUT_SEED][0];
    s->easy = (uint8_t)v->value[P_EASY][0];
    s->rotate = (uint8_t)v->value[P_FIRST_SEAT][0];
    s->forced_points = (uint8_t)v->value[P_FORCED_POINTS][0];
    s->open_hands = (uint8_t)v->value[P_OPEN_HANDS][0];
    s->penalty_visible = (uint8_t)v->value[P_RELIC_PENALTY][0];
    s->keep_unmatched = (uint8_t)v->value[P_KEEP_UNMATCHED][0];
    s->hand_solo = (uint8_t)v->value[P_HAND_SOLO][0];
    s->max_rounds = v->value[P_MAX_ROUNDS][0];
    if (build_decks(s) != 0)
        return kk_fail(err, "the box deck does not split into three decks of 18");
    s->relic_deck = s->temple_deck = s->move_deck = ALL_CARDS;
    for (int c = 0; c < TD_COLOURS; c++)
        s->at[TD_ENTRANCE][c] = TD_PER_COLOUR;
    s->setup = 1;
    if (s->layout_seed < 0) {
        s->phase = TD_PH_LAYOUT;
        return 0;
    }
    td_build_temple(s, s->layout_seed);
    s->up = (1ULL << TD_TILES) - 1;
    start_deal(s);
    return 0;
}

static int td_players(const void *state)
{
    return ((const struct td_state *)state)->players;
}

static int td_to_move(const void *state)
{
    const struct td_state *s = state;
    switch (s->phase) {
    case TD_PH_LAYOUT:
    case TD_PH_DEAL: return KK_CHANCE;
    case TD_PH_CARD:
    case TD_PH_POINT:
    case TD_PH_COLLAPSE: return s->seat;
    default: return KK_TERMINAL;
    }
}

/* Single moves of the card being played, in a fixed order: `-` (unless forced), then by
 * place, colour, colour-before-symbol and target. */
int td_legal_points(const struct td_state *s, kk_move *out)
{
    const struct gb_card *card = td_card(s->move_id, s->card);
    uint64_t alive = s->up | s->flipped, sym_up = 0;
    for (int t = 0; t < TD_TILES; t++)
        if ((s->up >> t & 1u) && s->sym[t] == card->symbol)
            sym_up |= 1ULL << t;
    int n = 0;
    if (!s->forced_points)
        out[n++] = TD_DECLINE;
    for (int p = 0; p < TD_PLACES; p++) {
        if (p != TD_ENTRANCE && !(alive >> (p - 1) & 1u))
            continue;
        uint64_t near = p == TD_ENTRANCE ? s->row1 : s->adj[p - 1];
        int exit = p != TD_ENTRANCE && (s->final >> (p - 1) & 1u);
        for (int c = 0; c < TD_COLOURS; c++) {
            if (!s->at[p][c])
                continue;
            if (card->colour == GB_WHITE || card->colour == c) {
                for (uint64_t m = near & alive; m; m &= m - 1)
                    out[n++] = td_point(TD_BY_COLOUR, p, c, __builtin_ctzll(m) + 1);
                if (exit)
                    out[n++] = td_point(TD_BY_COLOUR, p, c, TD_EXIT);
            }
            for (uint64_t m = near & sym_up; m; m &= m - 1)
                out[n++] = td_point(TD_BY_SYMBOL, p, c, __builtin_ctzll(m) + 1);
        }
    }
    if (n == 0)
        out[n++] = TD_DECLINE; /* forced, but nothing can move */
    return n;
}

static int td_legal_moves(const void *state, kk_move *out)
{
    const struct td_state *s = state;
    int n = 0;
    if (s->phase == TD_PH_CARD) {
        for (uint32_t m = s->hand[s->seat]; m; m &= m - 1)
            out[n++] = __builtin_ctz(m);
        return n;
    }
    if (s->phase == TD_PH_POINT)
        return td_legal_points(s, out);
    /* Collapse choice. */
    const struct gb_card *c = td_card(s->temple_id, s->temple_up[s->cursor]);
    int drop;
    for (uint64_t m = collapse_candidates(s, c->symbol, &drop); m; m &= m - 1)
        out[n++] = __builtin_ctzll(m);
    return n;
}

/* The card play goes on: the next point, the next seat, or the round end. */
static void after_point(struct td_state *s)
{
    if (td_in_play(s) == 0) {
        finish(s);
        return;
    }
    if (s->points_left > 0)
        return;
    int next = td_next_player(s, (s->seat + 1) % s->players);
    if (next < 0) {
        end_round(s);
        return;
    }
    s->seat = (uint8_t)next;
    s->phase = TD_PH_CARD;
}

static void apply_point(struct td_state *s, kk_move m)
{
    s->points_left--;
    if (m == TD_DECLINE) {
        s->stat[TD_ST_POINTS_DECLINED]++;
    } else {
        int from = td_point_from(m), to = td_point_to(m), c = td_point_colour(m);
        s->at[from][c]--;
        if (to == TD_EXIT) {
            s->escaped[c]++;
            s->stat[TD_ST_ESCAPED]++;
        } else {
            s->at[to][c]++;
        }
        s->stat[TD_ST_POINTS_USED]++;
    }
    if (s->points_left == 0)
        s->phase = TD_PH_CARD; /* after_point moves on */
    after_point(s);
}

static void apply_deal(struct td_state *s, int i)
{
    switch (s->draw) {
    case TD_DRAW_RELIC:
        s->relic_deck &= ~(1u << i);
        s->relic_up |= 1u << i;
        break;
    case TD_DRAW_TEMPLE:
        s->temple_deck &= ~(1u << i);
        s->temple_up[s->num_temple_up++] = (uint8_t)i;
        s->temple_todo--;
        break;
    default:
        s->move_deck &= ~(1u << i);
        s->hand[s->deal_seat] |= 1u << i;
        s->deal_seat = (uint8_t)((s->deal_seat + 1) % s->players);
        s->move_todo--;
        break;
    }
    settle_deal(s);
}

static void td_apply(void *state, kk_move move)
{
    struct td_state *s = state;
    switch (s->phase) {
    case TD_PH_LAYOUT:
        td_build_temple(s, (int)move);
        s->up = (1ULL << TD_TILES) - 1;
        start_deal(s);
        break;
    case TD_PH_DEAL: apply_deal(s, (int)move); break;
    case TD_PH_CARD:
        s->hand[s->seat] &= ~(1u << move);
        s->move_played |= 1u << move;
        s->card = (uint8_t)move;
        s->points_left = td_card(s->move_id, (int)move)->number;
        s->phase = TD_PH_POINT;
        break;
    case TD_PH_POINT: apply_point(s, move); break;
    case TD_PH_COLLAPSE:
        s->cursor++;
        if (!collapse_tile(s, (int)move))
            run_collapse(s);
        break;
    default: break;
    }
}

static uint32_t draw_pool(const struct td_state *s)
{
    return s->draw == TD_DRAW_RELIC ? s->relic_deck
           : s->draw == TD_DRAW_TEMPLE ? s->temple_deck
                                       : s->move_deck;
}

static int td_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct td_state *s = state;
    if (s->phase == TD_PH_LAYOUT) {
        for (int i = 0; i < GB_LAYOUTS; i++) {
            out[i] = i + 1;
            prob[i] = 1.0 / GB_LAYOUTS;
        }
        return GB_LAYOUTS;
    }
    uint32_t pool = draw_pool(s);
    int n = 0, k = __builtin_popcount(pool);
    for (uint32_t m = pool; m; m &= m - 1) {
        out[n] = __builtin_ctz(m);
        prob[n++] = 1.0 / k;
    }
    return n;
}

static kk_move td_sample_chance(const void *state, kk_rng *rng)
{
    const struct td_state *s = state;
    if (s->phase == TD_PH_LAYOUT)
        return (kk_move)kk_rng_below(rng, GB_LAYOUTS) + 1;
    uint32_t pool = draw_pool(s);
    uint32_t r = kk_rng_below(rng, (uint32_t)__builtin_popcount(pool));
    while (r--)
        pool &= pool - 1;
    return __builtin_ctz(pool);
}

static void td_scores(const void *state, int32_t *out)
{
    const struct td_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = td_result(s);
}

static uint32_t td_winners(const void *state)
{
    const struct td_state *s = state;
    return td_result(s) >= 1 ? (1u << s->players) - 1 : 0;
}

static double td_result_hook(const void *state)
{
    return td_result(state);
}

static void td_get_stats(const void *state, double *out)
{
    const struct td_state *s = state;
    for (int i = 0; i < TD_NUM_STATS; i++)
        out[i] = s->stat[i];
    out[TD_ST_DEAD] = 0;
    for (int c = 0; c < TD_COLOURS; c++)
        out[TD_ST_DEAD] += s->dead[c];
    if (s->phase != TD_PH_OVER)
        out[TD_ST_TILES_LEFT] = __builtin_popcountll(s->up | s->flipped);
}

/* Replay JSON extras: the result and its parts, the round, the temple, the flipped tiles,
 * the face-up relic cards and where the archaeologists are (what a reader of a record wants
 * to check). */
static int td_extra_json(const void *state, char *buf, size_t size)
{
    const struct td_state *s = state;
    const struct gb_card *deck = gb_deck(GB_DECK_GB1);
    char temple[128] = "", where[512] = "", flipped[512] = "", relics[64] = "";
    if (s->phase != TD_PH_LAYOUT)
        td_layout_text(s, temple, sizeof temple);
    int n = 0, f = 0, r = 0;
    for (int p = 0; p < TD_PLACES; p++)
        for (int c = 0; c < TD_COLOURS; c++)
            for (int k = 0; k < s->at[p][c]; k++) {
                if (p == TD_ENTRANCE)
                    n += snprintf(where + n, sizeof where - (size_t)n, "%s\"in@%c\"", n ? "," : "",
                                  gb_colour_letters[c]);
                else
                    n += snprintf(where + n, sizeof where - (size_t)n, "%s\"%d,%d@%c\"",
                                  n ? "," : "", s->row[p - 1], s->x[p - 1], gb_colour_letters[c]);
            }
    for (uint64_t m = s->flipped; m; m &= m - 1) {
        int t = __builtin_ctzll(m);
        f += snprintf(flipped + f, sizeof flipped - (size_t)f, "%s\"%d,%d\"", f ? "," : "",
                      s->row[t], s->x[t]);
    }
    for (uint32_t m = s->relic_up; m; m &= m - 1) {
        char card[8];
        gb_card_text(deck, s->relic_id[__builtin_ctz(m)], card, sizeof card);
        r += snprintf(relics + r, sizeof relics - (size_t)r, "%s\"%s\"", r ? "," : "", card);
    }
    return snprintf(buf, size,
                    ",\"result\":%d,\"escaped\":%d,\"relics\":%d,\"round\":%d,\"layout\":%d,"
                    "\"temple\":\"%s\",\"tiles_up\":%d,\"flipped\":[%s],\"relics_up\":[%s],"
                    "\"archaeologists\":[%s]",
                    td_result(s), td_escaped(s), td_relics_won(s), (int)s->round + 1, (int)s->layout,
                    temple, __builtin_popcountll(s->up), flipped, relics, where);
}

const struct kk_game kk_game_temple_of_doom = {
    .name = "temple-of-doom",
    .title = "Temple of Doom",
    .min_players = 1,
    .max_players = TD_MAX_SEATS,
    .default_players = 1,
    .state_size = sizeof(struct td_state),
    .max_moves = GB_LAYOUTS, /* the layout draw; a point has at most 8 x 13 + 1 moves */
    .score_scale = 26, /* results run from -18 to 8: returns map that range to [0, 1] */
    .cooperative = 1,
    .result_min = -18,
    .params = td_params,
    .num_params = NUM_PARAMS,
    .stats = td_stats,
    .num_stats = TD_NUM_STATS,
    .init = td_init,
    .players = td_players,
    .to_move = td_to_move,
    .legal_moves = td_legal_moves,
    .apply = td_apply,
    .chance_outcomes = td_chance_outcomes,
    .sample_chance = td_sample_chance,
    .scores = td_scores,
    .winners = td_winners,
    .move_to_text = td_move_to_text,
    .move_from_text = td_move_from_text,
    .get_stats = td_get_stats,
    .evaluate = td_evaluate,
    .sample_view = td_sample_view,
    .result = td_result_hook,
    .extra_json = td_extra_json,
    .check = td_check,
    .svg = td_svg,
};
