/* The round machine of Gold Mine and its kk_game table. A round is a chain of reveals
 * (chance nodes over the card kinds left in the deck), each followed, unless the mine
 * collapses, by a simultaneous stay/flee decision of the seats inside: they commit one at a
 * time in seat order, hidden from each other, and the last commitment resolves them all. */
#include <stdio.h>
#include <string.h>

#include "gold_mine.h"

static const char *const deck_choices[] = {"reshuffle", "continue", NULL};

enum { P_ROUNDS, P_COLLAPSE_COUNT, P_DECK, P_REMOVE_COLLAPSE_CARD, NUM_PARAMS };

static const struct kk_param gm_params[NUM_PARAMS] = {
    {"rounds", KK_PARAM_INT, "4", 1, 10, NULL, 0, 0, "rounds in a game"},
    {"collapse_count", KK_PARAM_INT, "3", 2, 4, NULL, 0, 0,
     "face-up cards of one symbol that collapse the mine"},
    {"deck", KK_PARAM_CHOICE, "reshuffle", 0, 0, deck_choices, 0, 0,
     "reshuffle: every round uses all cards; continue: rounds draw on, refilling from discards"},
    {"remove_collapse_card", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: the card that collapses the mine leaves the game (Incan Gold's rule)"},
};

static int popcount8(unsigned m)
{
    return __builtin_popcount(m & 0xFFu);
}

/* Entering a reveal: with deck=continue an empty deck becomes every discarded card of the
 * finished rounds. Doing it on entry is the same as doing it at the reveal itself, since
 * nothing happens in between, and it keeps chance_outcomes() a plain read of the deck. */
static void enter_reveal(struct gm_state *s)
{
    s->phase = GM_PHASE_REVEAL;
    if (s->deck_left > 0)
        return;
    int n = 0;
    for (int k = 0; k < GB_KINDS; k++) {
        s->deck[k] = s->discard[k];
        n += s->discard[k];
        s->discard[k] = 0;
    }
    s->deck_left = (uint8_t)n;
    s->refills++;
}

static void start_round(struct gm_state *s)
{
    s->inside = (uint8_t)((1u << s->players) - 1);
    s->committed = s->fleeing = s->last_fled = 0;
    memset(s->carried, 0, sizeof s->carried);
    s->pool = 0;
    s->num_face = 0;
    memset(s->symbol_up, 0, sizeof s->symbol_up);
    if (s->deck_mode == GM_DECK_RESHUFFLE) {
        for (int k = 0; k < GB_KINDS; k++) {
            s->deck[k] = (uint8_t)(s->deck[k] + s->discard[k]);
            s->deck_left = (uint8_t)(s->deck_left + s->discard[k]);
            s->discard[k] = 0;
        }
    }
    enter_reveal(s);
}

/* The round is over (collapse, or nobody inside). collapse_kind is the collapsing card's
 * kind, or -1. */
static void end_round(struct gm_state *s, int collapse_kind)
{
    s->pool_lost += s->pool;
    s->gold_gone += s->pool;
    s->pool = 0;
    for (int i = 0; i < s->num_face; i++)
        s->discard[s->face[i]]++;
    if (collapse_kind >= 0 && s->remove_collapse_card) {
        s->discard[collapse_kind]--;
        s->removed[collapse_kind]++;
    }
    s->num_face = 0;
    memset(s->symbol_up, 0, sizeof s->symbol_up);
    s->rounds_done++;
    s->inside = 0;
    s->committed = s->fleeing = 0;
    if (s->round >= s->rounds) {
        s->phase = GM_PHASE_OVER;
        return;
    }
    s->round++;
    start_round(s);
}

static int gm_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct gm_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 3;
    if (players < 2 || players > GM_MAX_SEATS)
        return kk_fail(err, "gold-mine is for 2 to 8 players, not %d", players);
    s->players = (uint8_t)players;
    s->rounds = (uint8_t)v->value[P_ROUNDS][0];
    s->collapse_count = (uint8_t)v->value[P_COLLAPSE_COUNT][0];
    s->deck_mode = (uint8_t)v->value[P_DECK][0];
    s->remove_collapse_card = (uint8_t)v->value[P_REMOVE_COLLAPSE_CARD][0];
    for (int k = 0; k < GB_KINDS; k++)
        s->deck[k] = (uint8_t)gb_kind_copies(k);
    s->deck_left = GB_CARDS;
    s->round = 1;
    start_round(s);
    return 0;
}

static int gm_players(const void *state)
{
    return ((const struct gm_state *)state)->players;
}

uint32_t gm_simultaneous(const void *state)
{
    const struct gm_state *s = state;
    if (s->phase != GM_PHASE_DECIDE)
        return 0;
    return (uint32_t)(s->inside & ~s->committed);
}

static int gm_to_move(const void *state)
{
    const struct gm_state *s = state;
    switch (s->phase) {
    case GM_PHASE_REVEAL: return KK_CHANCE;
    case GM_PHASE_DECIDE: return __builtin_ctz(gm_simultaneous(s));
    default: return KK_TERMINAL;
    }
}

static int gm_legal_moves(const void *state, kk_move *out)
{
    (void)state;
    out[0] = GM_STAY;
    out[1] = GM_FLEE;
    return 2;
}

static kk_move gm_random_move(const void *state, kk_rng *rng)
{
    (void)state;
    return (kk_move)kk_rng_bounded(rng, 2);
}

static void reveal(struct gm_state *s, int kind)
{
    s->deck[kind]--;
    s->deck_left--;
    s->face[s->num_face++] = (uint8_t)kind;
    s->cards_turned++;
    int sym = gb_kind_symbol(kind), n = gb_kind_number(kind);
    if (++s->symbol_up[sym] >= s->collapse_count) {
        s->collapses++;
        for (int p = 0; p < s->players; p++) {
            if (!((s->inside >> p) & 1u))
                continue;
            s->caught[p]++;
            s->lost_by[p] += s->carried[p];
            s->gold_gone += s->carried[p];
            s->carried[p] = 0;
        }
        end_round(s, kind);
        return;
    }
    int k = popcount8(s->inside);
    s->gold_found += n;
    for (int p = 0; p < s->players; p++)
        if ((s->inside >> p) & 1u)
            s->carried[p] += n / k;
    s->pool += n % k;
    s->committed = s->fleeing = 0;
    s->phase = GM_PHASE_DECIDE;
}

/* All choices are in: the fleeing seats split the pool and bank what they carry. */
static void resolve(struct gm_state *s)
{
    unsigned fled = s->fleeing;
    int f = popcount8(fled);
    s->last_fled = (uint8_t)fled;
    s->committed = s->fleeing = 0;
    if (f > 0) {
        int share = s->pool / f;
        s->pool %= f;
        for (int p = 0; p < s->players; p++) {
            if (!((fled >> p) & 1u))
                continue;
            s->banked[p] += s->carried[p] + share;
            s->carried[p] = 0;
        }
        s->inside = (uint8_t)(s->inside & ~fled);
    }
    if (s->inside == 0)
        end_round(s, -1);
    else
        enter_reveal(s);
}

static void gm_apply(void *state, kk_move move)
{
    struct gm_state *s = state;
    if (s->phase == GM_PHASE_REVEAL) {
        reveal(s, move);
        return;
    }
    int seat = __builtin_ctz(gm_simultaneous(s));
    s->committed = (uint8_t)(s->committed | (1u << seat));
    if (move == GM_FLEE)
        s->fleeing = (uint8_t)(s->fleeing | (1u << seat));
    if (s->committed == s->inside)
        resolve(s);
}

/* Outcomes in kind order, each with probability copies left / cards left. */
static int gm_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct gm_state *s = state;
    int n = 0;
    for (int k = 0; k < GB_KINDS; k++) {
        if (!s->deck[k])
            continue;
        out[n] = k;
        prob[n++] = (double)s->deck[k] / s->deck_left;
    }
    return n;
}

static kk_move gm_sample_chance(const void *state, kk_rng *rng)
{
    const struct gm_state *s = state;
    int r = (int)kk_rng_below(rng, s->deck_left), k = 0;
    while (r >= s->deck[k])
        r -= s->deck[k++];
    return k;
}

static void gm_scores(const void *state, int32_t *out)
{
    const struct gm_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = s->banked[p];
}

static uint32_t gm_winners(const void *state)
{
    const struct gm_state *s = state;
    return kk_top_scores(s->banked, s->players);
}

static int gm_extra_json(const void *state, char *buf, size_t size)
{
    const struct gm_state *s = state;
    int len = snprintf(buf, size, ",\"round\":%d,\"pool\":%d,\"carried\":[", (int)s->round,
                       (int)s->pool);
    for (int p = 0; p < s->players; p++) {
        size_t at = (size_t)len < size ? (size_t)len : size;
        len += snprintf(buf + at, size - at, "%s%d", p ? "," : "", (int)s->carried[p]);
    }
    size_t at = (size_t)len < size ? (size_t)len : size;
    len += snprintf(buf + at, size - at, "]");
    return len;
}

const struct kk_game kk_game_gold_mine = {
    .name = "gold-mine",
    .title = "Gold Mine",
    .min_players = 2,
    .max_players = GM_MAX_SEATS,
    .default_players = 3,
    .state_size = sizeof(struct gm_state),
    .max_moves = GB_KINDS,
    .score_scale = 30,
    .cooperative = 0,
    .params = gm_params,
    .num_params = NUM_PARAMS,
    .stats = gm_stats,
    .num_stats = GM_NUM_STATS,
    .init = gm_init,
    .players = gm_players,
    .to_move = gm_to_move,
    .legal_moves = gm_legal_moves,
    .apply = gm_apply,
    .chance_outcomes = gm_chance_outcomes,
    .sample_chance = gm_sample_chance,
    .scores = gm_scores,
    .winners = gm_winners,
    .move_to_text = gm_move_to_text,
    .move_from_text = gm_move_from_text,
    .get_stats = gm_get_stats,
    .evaluate = gm_evaluate,
    .sample_view = gm_sample_view,
    .extra_json = gm_extra_json,
    .random_move = gm_random_move,
    .check = gm_check,
    .draw = gm_draw,
    .view_event = gm_view_event,
    .simultaneous = gm_simultaneous,
    /* Greedy playouts cut after 2 moves: the evaluation prices the round's end, the rest
     * of a playout to the game's end only adds the noise of later rounds. Win returns: only
     * winning counts. c=2: with c=1 the other seat's simultaneous reply, simulated by
     * decoupled UCT, grows sharper than any real opponent as the budget grows, and 3,000
     * iterations lost to 1,000; c=2 keeps the gain (docs/agents.md, Gold Mine ladder). */
    .agent_defaults = "reward=win,rollout=greedy,depth=2,c=2",
};
