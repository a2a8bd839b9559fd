/* The turn machine of Flower Garden and its kk_game table: the deal (one chance event per
 * card, seat 0's hand first), then turns of one action (shop, bed, discard, or pass with no
 * cards) followed by a replenish, one chance event per card drawn. The draw pile is a set of
 * card ids; a draw is a chance node over it, and an empty pile is refilled from the whole
 * discard pile at the moment a draw is needed. */
#include <stdio.h>
#include <string.h>

#include "flower_garden.h"
#include "../core/cpu.h"

static const char *const deck_choices[] = {"gb1", NULL};
static const char *const rows_choices[] = {"per_symbol", "free", NULL};

enum { P_DECK, P_HAND, P_ROWS, P_DISCARD_MAX, P_DECK_CYCLES, P_PILES_EMPTY, P_PARTIAL_TAKE,
       NUM_PARAMS };

static const struct kk_param fg_params[NUM_PARAMS] = {
    {"deck", KK_PARAM_CHOICE, "gb1", 0, 0, deck_choices, 0, 0,
     "card layout of the box's 54 cards (gb1: the constructed layout)"},
    {"hand", KK_PARAM_INT, "6", 3, 10, NULL, 0, 0, "cards dealt to each hand"},
    {"rows", KK_PARAM_CHOICE, "per_symbol", 0, 0, rows_choices, 0, 0,
     "per_symbol: one shop row per symbol; free: a play may start another row of a symbol"},
    {"discard_max", KK_PARAM_INT, "4", 1, 6, NULL, 0, 0, "most cards in one Discard action"},
    {"deck_cycles", KK_PARAM_INT, "auto", 1, 4, NULL, 0, 0,
     "draw-pile exhaustions that end the game (auto: 2, or 3 with 5 players)"},
    {"piles_empty", KK_PARAM_INT, "2", 1, 4, NULL, 0, 0,
     "emptied flower piles that end the game"},
    {"partial_take", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
     "1: a shop play takes what is left of a short pile; 0: it is illegal"},
};

static int popcount64(uint64_t m)
{
    return __builtin_popcountll(m);
}

static const uint8_t perm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
static const uint8_t perm2[2][2] = {{0, 1}, {1, 0}};
static const int factorial[4] = {1, 1, 2, 6};

void fg_symbol_slots(const struct gb_card *deck, int symbol, int *slots)
{
    int n = 0;
    for (int num = GB_NUMBERS; num >= 1; num--)
        for (int id = 0; id < GB_CARDS; id++)
            if (deck[id].symbol == symbol && deck[id].number == num)
                slots[n++] = id;
}

/* Slots 0-3 hold the numbers 6-3 (one card each), 4-5 the 2s, 6-8 the 1s. */
int fg_shop_sequence(const struct gb_card *deck, kk_move move, int *ids)
{
    int slots[GB_CARDS_PER_SYMBOL], n = 0;
    fg_symbol_slots(deck, (move >> 13) & 7, slots);
    unsigned mask = (unsigned)move & 0x1FFu;
    for (int i = 0; i < 4; i++)
        if ((mask >> i) & 1u)
            ids[n++] = slots[i];
    int twos[2], k2 = 0, ones[3], k1 = 0;
    for (int i = 4; i < 6; i++)
        if ((mask >> i) & 1u)
            twos[k2++] = slots[i];
    for (int i = 6; i < 9; i++)
        if ((mask >> i) & 1u)
            ones[k1++] = slots[i];
    int p2 = (move >> 12) & 1, p1 = (move >> 9) & 7;
    for (int i = 0; i < k2; i++)
        ids[n++] = twos[k2 == 2 ? perm2[p2][i] : i];
    for (int i = 0; i < k1; i++)
        ids[n++] = ones[k1 == 3 ? perm3[p1][i] : k1 == 2 ? perm2[p1][i] : i];
    return n;
}

int fg_shop_colour(const struct gb_card *deck, kk_move move)
{
    int ids[GB_CARDS_PER_SYMBOL];
    int n = fg_shop_sequence(deck, move, ids);
    int c = deck[ids[n - 1]].colour;
    return c < GB_CUBE_COLOURS ? c : FG_COLOUR(move);
}

static int row_symbol(const struct gb_card *deck, uint64_t row)
{
    return deck[__builtin_ctzll(row)].symbol;
}

/* Lowest number in a set of cards. */
static int lowest_number(const struct gb_card *deck, uint64_t cards)
{
    int low = GB_NUMBERS + 1;
    for (uint64_t m = cards; m; m &= m - 1) {
        int n = deck[__builtin_ctzll(m)].number;
        if (n < low)
            low = n;
    }
    return low;
}

static int has_repeat(const struct gb_card *deck, uint64_t cards)
{
    unsigned seen = 0;
    for (uint64_t m = cards; m; m &= m - 1) {
        unsigned bit = 1u << deck[__builtin_ctzll(m)].number;
        if (seen & bit)
            return 1;
        seen |= bit;
    }
    return 0;
}

int fg_row_index(const struct fg_state *s, int symbol, int k)
{
    const struct gb_card *deck = gb_deck(s->deck_id);
    for (int r = 0; r < s->nrows; r++)
        if (row_symbol(deck, s->rows[r]) == symbol && --k == 0)
            return r;
    return -1;
}

int fg_score(const struct fg_state *s, int seat)
{
    int v = 0;
    for (int c = 0; c < GB_CUBE_COLOURS; c++)
        v += s->planted[seat][c] - s->unplanted[seat][c];
    return v;
}

static int fg_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct fg_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 3;
    if (players < 2 || players > FG_MAX_SEATS)
        return kk_fail(err, "flower-garden is for 2 to 5 players, not %d", players);
    s->players = (uint8_t)players;
    s->deck_id = (uint8_t)v->value[P_DECK][0];
    s->hand_size = (uint8_t)v->value[P_HAND][0];
    s->rows_mode = (uint8_t)v->value[P_ROWS][0];
    s->discard_max = (uint8_t)v->value[P_DISCARD_MAX][0];
    int32_t cycles = v->value[P_DECK_CYCLES][0];
    s->deck_cycles = (uint8_t)(cycles == KK_AUTO ? (players == 5 ? 3 : 2) : cycles);
    s->piles_end = (uint8_t)v->value[P_PILES_EMPTY][0];
    s->partial_take = (uint8_t)v->value[P_PARTIAL_TAKE][0];
    for (int c = 0; c < GB_CUBE_COLOURS; c++)
        s->pile[c] = GB_CUBES_PER_COLOUR;
    s->draw = (UINT64_C(1) << GB_CARDS) - 1;
    s->phase = FG_PHASE_DEAL;
    s->turn = 0;
    s->to_draw = s->hand_size;
    return 0;
}

static int fg_players(const void *state)
{
    return ((const struct fg_state *)state)->players;
}

static int fg_to_move(const void *state)
{
    const struct fg_state *s = state;
    switch (s->phase) {
    case FG_PHASE_PLAY: return s->turn;
    case FG_PHASE_DEAL:
    case FG_PHASE_DRAW: return KK_CHANCE;
    default: return KK_TERMINAL;
    }
}

static int empty_piles(const struct fg_state *s)
{
    int n = 0;
    for (int c = 0; c < GB_CUBE_COLOURS; c++)
        n += s->pile[c] == 0;
    return n;
}

/* The next seat's turn. If no seat holds a card, every seat would pass for ever: the rules
 * do not foresee this, so the game ends there (docs/rules/flower-garden.md, "End"). */
static void next_turn(struct fg_state *s)
{
    s->turns++;
    s->turn = (uint8_t)((s->turn + 1) % s->players);
    s->phase = FG_PHASE_PLAY;
    for (int p = 0; p < s->players; p++)
        if (s->hand[p])
            return;
    s->phase = FG_PHASE_OVER;
    s->end_reason = FG_END_STALL;
}

/* After an action or a draw: stop at the next chance node (a draw from a non-empty pile)
 * or hand the turn on. An empty draw pile becomes the whole discard pile when a draw is
 * needed; with both empty the replenish ends short. */
static void settle(struct fg_state *s)
{
    if (s->to_draw == 0) {
        next_turn(s);
        return;
    }
    if (!s->draw) {
        if (!s->discard) {
            s->to_draw = 0;
            next_turn(s);
            return;
        }
        s->draw = s->discard;
        s->discard = 0;
        s->cycle_cards = (uint8_t)popcount64(s->draw);
    }
    s->phase = FG_PHASE_DRAW;
}

/* Shop plays of symbol sym into row target (0: the row, or a new row; K: K-th row). */
KK_POPCNT_CLONES
static int shop_moves(const struct fg_state *s, const struct gb_card *deck, int sym, int target,
                      int row, kk_move *out)
{
    int slots[GB_CARDS_PER_SYMBOL];
    fg_symbol_slots(deck, sym, slots);
    uint64_t hand = s->hand[s->turn];
    unsigned have = 0;
    for (int i = 0; i < GB_CARDS_PER_SYMBOL; i++)
        if ((hand >> slots[i]) & 1u)
            have |= 1u << i;
    int limit = row >= 0 ? lowest_number(deck, s->rows[row]) : GB_NUMBERS;
    int row_len = row >= 0 ? popcount64(s->rows[row]) : 0;
    int n = 0;
    /* Subsets in increasing mask order (the standard submask walk reversed). */
    for (unsigned sub = 1; sub <= have; sub++) {
        if ((sub & have) != sub)
            continue;
        int first = deck[slots[__builtin_ctz(sub)]].number;
        if (first > limit)
            continue;
        int k2 = __builtin_popcount(sub & 0x30u), k1 = __builtin_popcount(sub & 0x1C0u);
        int f = row_len + __builtin_popcount(sub);
        for (int p2 = 0; p2 < factorial[k2]; p2++)
            for (int p1 = 0; p1 < factorial[k1]; p1++) {
                kk_move m = FG_SHOP_MOVE((kk_move)sub, p1, p2, sym, -1, target);
                int ids[GB_CARDS_PER_SYMBOL];
                int len = fg_shop_sequence(deck, m, ids);
                int c = deck[ids[len - 1]].colour;
                if (c < GB_CUBE_COLOURS) {
                    if (s->partial_take || s->pile[c] >= f)
                        out[n++] = m;
                    continue;
                }
                for (int named = 0; named < GB_CUBE_COLOURS; named++)
                    if (s->partial_take || s->pile[named] >= f)
                        out[n++] = FG_SHOP_MOVE((kk_move)sub, p1, p2, sym, named, target);
            }
    }
    return n;
}

KK_POPCNT_CLONES
static int fg_legal_moves(const void *state, kk_move *out)
{
    const struct fg_state *s = state;
    const struct gb_card *deck = gb_deck(s->deck_id);
    uint64_t hand = s->hand[s->turn];
    if (!hand) {
        out[0] = FG_PASS_MOVE;
        return 1;
    }
    int n = 0;
    for (int sym = 0; sym < GB_SYMBOLS; sym++) {
        int k = 0;
        if (s->rows_mode == FG_ROWS_FREE) {
            n += shop_moves(s, deck, sym, 0, -1, out + n);
            for (int r = 0; r < s->nrows; r++)
                if (row_symbol(deck, s->rows[r]) == sym)
                    n += shop_moves(s, deck, sym, ++k, r, out + n);
        } else {
            n += shop_moves(s, deck, sym, 0, fg_row_index(s, sym, 1), out + n);
        }
    }
    const uint8_t *own = s->unplanted[s->turn];
    for (uint64_t m = hand; m; m &= m - 1) {
        int id = __builtin_ctzll(m);
        int c = deck[id].colour, num = deck[id].number;
        if (c < GB_CUBE_COLOURS) {
            if (own[c] >= num)
                out[n++] = FG_BED_MOVE(id, -1);
            continue;
        }
        for (int named = 0; named < GB_CUBE_COLOURS; named++)
            if (own[named] >= num)
                out[n++] = FG_BED_MOVE(id, named);
    }
    int h = popcount64(hand);
    for (unsigned mask = 1; mask < (1u << h); mask++)
        if (__builtin_popcount(mask) <= s->discard_max)
            out[n++] = FG_DISCARD_MOVE((kk_move)mask);
    return n;
}

/* The hand cards picked by a discard mask over the hand in id order. */
static uint64_t hand_subset(uint64_t hand, unsigned mask)
{
    uint64_t out = 0;
    for (int i = 0; hand; i++, hand &= hand - 1)
        if ((mask >> i) & 1u)
            out |= hand & (0 - hand);
    return out;
}

static void apply_shop(struct fg_state *s, kk_move move)
{
    const struct gb_card *deck = gb_deck(s->deck_id);
    int seat = s->turn;
    int ids[GB_CARDS_PER_SYMBOL];
    int len = fg_shop_sequence(deck, move, ids);
    uint64_t played = 0;
    for (int i = 0; i < len; i++)
        played |= UINT64_C(1) << ids[i];
    int sym = (move >> 13) & 7, target = (move >> 19) & 31;
    int r = s->rows_mode == FG_ROWS_FREE ? (target ? fg_row_index(s, sym, target) : -1)
                                         : fg_row_index(s, sym, 1);
    if (r < 0)
        r = s->nrows++;
    s->rows[r] |= played;
    s->hand[seat] &= ~played;
    s->shop_plays[seat]++;
    int c = fg_shop_colour(deck, move);
    int f = popcount64(s->rows[r]);
    int take = f < s->pile[c] ? f : s->pile[c];
    s->pile[c] = (uint8_t)(s->pile[c] - take);
    s->unplanted[seat][c] = (uint8_t)(s->unplanted[seat][c] + take);
    if (take > 0 && empty_piles(s) >= s->piles_end) {
        s->phase = FG_PHASE_OVER;
        s->end_reason = FG_END_PILES;
        s->turns++;
        return;
    }
    if (has_repeat(deck, s->rows[r])) {
        s->discard |= s->rows[r];
        memmove(&s->rows[r], &s->rows[r + 1], sizeof s->rows[0] * (size_t)(s->nrows - r - 1));
        s->rows[--s->nrows] = 0;
        s->rows_cleared++;
    }
    s->to_draw = (uint8_t)len;
    settle(s);
}

KK_POPCNT_CLONES
static void fg_apply(void *state, kk_move move)
{
    struct fg_state *s = state;
    const struct gb_card *deck = gb_deck(s->deck_id);
    uint64_t bit;
    switch (s->phase) {
    case FG_PHASE_DEAL:
        bit = UINT64_C(1) << move;
        s->draw &= ~bit;
        s->hand[s->turn] |= bit;
        if (--s->to_draw > 0)
            return;
        if (++s->turn < s->players) {
            s->to_draw = s->hand_size;
            return;
        }
        s->turn = 0;
        s->phase = FG_PHASE_PLAY;
        s->cycle_cards = (uint8_t)popcount64(s->draw);
        return;
    case FG_PHASE_DRAW:
        bit = UINT64_C(1) << move;
        s->draw &= ~bit;
        s->hand[s->turn] |= bit;
        s->to_draw--;
        if (!s->draw && ++s->exhaustions >= s->deck_cycles) {
            s->phase = FG_PHASE_OVER;
            s->end_reason = FG_END_DECK;
            s->turns++;
            return;
        }
        settle(s);
        return;
    case FG_PHASE_PLAY: break;
    default: return;
    }
    int seat = s->turn;
    switch (FG_ACTION(move)) {
    case FG_SHOP: apply_shop(s, move); return;
    case FG_BED: {
        int id = move & 63, num = deck[id].number;
        int c = deck[id].colour < GB_CUBE_COLOURS ? deck[id].colour : FG_COLOUR(move);
        bit = UINT64_C(1) << id;
        s->hand[seat] &= ~bit;
        s->beds[seat] |= bit;
        s->unplanted[seat][c] = (uint8_t)(s->unplanted[seat][c] - num);
        s->planted[seat][c] = (uint8_t)(s->planted[seat][c] + num);
        s->bed_plays[seat]++;
        s->to_draw = 1;
        settle(s);
        return;
    }
    case FG_DISCARD: {
        uint64_t cards = hand_subset(s->hand[seat], (unsigned)move & 0x3FFu);
        s->hand[seat] &= ~cards;
        s->discard |= cards;
        s->discard_plays[seat]++;
        s->to_draw = (uint8_t)popcount64(cards);
        settle(s);
        return;
    }
    default: next_turn(s); return;
    }
}

/* Outcomes: the cards in the draw pile in id order, equally likely. */
static int fg_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct fg_state *s = state;
    int n = 0;
    double p = 1.0 / popcount64(s->draw);
    for (uint64_t m = s->draw; m; m &= m - 1) {
        out[n] = __builtin_ctzll(m);
        prob[n++] = p;
    }
    return n;
}

KK_POPCNT_CLONES
static kk_move fg_sample_chance(const void *state, kk_rng *rng)
{
    const struct fg_state *s = state;
    uint64_t m = s->draw;
    for (uint32_t r = kk_rng_below(rng, (uint32_t)popcount64(m)); r > 0; r--)
        m &= m - 1;
    return __builtin_ctzll(m);
}

static void fg_scores(const void *state, int32_t *out)
{
    const struct fg_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = fg_score(s, p);
}

static uint32_t fg_winners(const void *state)
{
    int32_t sc[FG_MAX_SEATS];
    fg_scores(state, sc);
    return kk_top_scores(sc, ((const struct fg_state *)state)->players);
}

static int fg_extra_json(const void *state, char *buf, size_t size)
{
    static const char *const ends[] = {"none", "deck", "piles", "stall"};
    const struct fg_state *s = state;
    return snprintf(buf, size, ",\"exhaustions\":%d,\"piles\":[%d,%d,%d,%d],\"end\":\"%s\"",
                    s->exhaustions, s->pile[0], s->pile[1], s->pile[2], s->pile[3],
                    ends[s->end_reason]);
}

const struct kk_game kk_game_flower_garden = {
    .name = "flower-garden",
    .title = "Flower Garden",
    .min_players = 2,
    .max_players = FG_MAX_SEATS,
    .default_players = 3,
    .state_size = sizeof(struct fg_state),
    .max_moves = FG_MAX_MOVES,
    .score_scale = 15,
    .cooperative = 0,
    .params = fg_params,
    .num_params = NUM_PARAMS,
    .stats = fg_stats,
    .num_stats = FG_NUM_STATS,
    .init = fg_init,
    .players = fg_players,
    .to_move = fg_to_move,
    .legal_moves = fg_legal_moves,
    .apply = fg_apply,
    .chance_outcomes = fg_chance_outcomes,
    .sample_chance = fg_sample_chance,
    .scores = fg_scores,
    .winners = fg_winners,
    .move_to_text = fg_move_to_text,
    .move_from_text = fg_move_from_text,
    .get_stats = fg_get_stats,
    .evaluate = fg_evaluate,
    .sample_view = fg_sample_view,
    .extra_json = fg_extra_json,
    .check = fg_check,
    /* Random playouts mostly discard (56 of a hand's ~70 moves), so they never plant what the
     * tree takes: widen in the evaluation's order, greedy playouts cut after 4 moves
     * (docs/agents.md, Game defaults). */
    .agent_defaults = "widen=1,expand=greedy,rollout=greedy,depth=4",
};
