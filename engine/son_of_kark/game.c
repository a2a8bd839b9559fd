/* Son of Kark: the kk_game table — parameters, statistics, setup, turn order, chance,
 * scores and the greedy evaluation. Tile placement and scoring live in board.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const char sok_symbol_letters[SOK_SYMBOLS + 1] = "DHCBWA";
const char *const sok_symbol_names[SOK_SYMBOLS] = {"Drop",  "Hammers", "Circles",
                                                   "Bricks", "Wheel",  "Arrow"};

enum { P_TOKENS, P_SELF_DISPLACE, P_CITY_CLOSE, P_CROSS_POINTS, P_CROSS_TIE, P_COUNT };

static const struct kk_param sok_params[P_COUNT] = {
    [P_TOKENS] = {"tokens", KK_PARAM_INT, "auto", 0, 36, NULL, 0, 0,
                  "tokens per player; auto = 9/7/5 for 2/3/4 players (seed 002), seed 000 uses 7"},
    [P_SELF_DISPLACE] = {"self_displace", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
                         "1: a player may displace (and score) their own Market; 0: may not"},
    [P_CITY_CLOSE] = {"city_close", KK_PARAM_INT, "6", 1, 7, NULL, 0, 0,
                      "a City scores and returns once worth this much (7: only when surrounded)"},
    [P_CROSS_POINTS] = {"cross_points", KK_PARAM_INT, "5", 0, 100, NULL, 0, 0,
                        "points for the sole Crossroad majority in a category"},
    [P_CROSS_TIE] = {"cross_tie", KK_PARAM_INT_LIST, "3,2,1", 0, 100, NULL, 1, 3,
                     "points each tied player gets when 2, 3, 4 tie for a Crossroad majority "
                     "(a shorter list repeats its last item)"},
};

static const struct kk_stat_desc sok_stats[] = {
    {"points_market", 1, "points from Markets (displaced during play and at the end)"},
    {"points_city", 1, "points from Cities (closed during play and at the end)"},
    {"points_cross", 1, "points from Crossroad majorities at the end"},
    {"tokens_market", 1, "tokens placed as Markets"},
    {"tokens_city", 1, "tokens placed as Cities"},
    {"tokens_cross", 1, "tokens placed as Crossroads"},
    {"markets_displaced", 1, "older Markets this seat pushed off the table with a new Market"},
    {"turns", 1, "turns this seat has played"},
};

static int default_tokens(int players)
{
    return players == 2 ? 9 : players == 3 ? 7 : 5;
}

static int sok_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct sok_state *s = state;
    if (players == 0)
        players = 2;
    if (players < 2 || players > SOK_MAX_PLAYERS)
        return kk_fail(err, "Son of Kark is for 2 to 4 players, not %d", players);
    memset(s, 0, sizeof *s);
    s->players = (uint8_t)players;
    s->removed = (uint8_t)(players - 2);
    int tokens = v ? v->value[P_TOKENS][0] : KK_AUTO;
    s->tokens = (uint8_t)(tokens == KK_AUTO ? default_tokens(players) : tokens);
    s->self_displace = (uint8_t)(v ? v->value[P_SELF_DISPLACE][0] : 1);
    s->city_close = (uint8_t)(v ? v->value[P_CITY_CLOSE][0] : 6);
    s->cross_points = (uint8_t)(v ? v->value[P_CROSS_POINTS][0] : 5);
    /* A list shorter than 3 items repeats its last item for larger ties. */
    int tie_len = v ? v->len[P_CROSS_TIE] : 3;
    for (int i = 0; i < 3; i++)
        s->cross_tie[i] = (uint8_t)(v ? v->value[P_CROSS_TIE][i < tie_len ? i : tie_len - 1]
                                      : 3 - i);
    for (int p = 0; p < players; p++)
        s->supply[p] = s->tokens;
    for (int i = 0; i < SOK_SYMBOLS; i++) {
        s->bag[i] = SOK_TILES / SOK_SYMBOLS;
        s->market_owner[i] = -1;
    }
    s->bag_left = SOK_TILES;
    s->drawn = -1;
    return 0;
}

static int sok_players(const void *state)
{
    return ((const struct sok_state *)state)->players;
}

static int sok_to_move(const void *state)
{
    const struct sok_state *s = state;
    if (s->terminal)
        return KK_TERMINAL;
    return s->drawn >= 0 ? s->seat : KK_CHANCE;
}

static void sok_chance(struct sok_state *s, int sym)
{
    s->bag[sym]--;
    s->bag_left--;
    s->draws++;
    /* Setup: the first tile goes face down at 0,0, the second face up at 1,0, the next
     * `removed` are put aside unseen; every later draw is a turn's tile. */
    if (s->draws == 1)
        sok_place_tile(s, 0, 0, sym, 0);
    else if (s->draws == 2)
        sok_place_tile(s, 1, 0, sym, 1);
    else if (s->draws > 2 + s->removed)
        s->drawn = (int8_t)sym;
}

static void sok_apply(void *state, kk_move move)
{
    struct sok_state *s = state;
    if (s->drawn < 0)
        sok_chance(s, (int)move);
    else
        sok_play(s, move);
#ifdef KK_CHECKS
    kk_error err;
    if (sok_check(s, &err) < 0) {
        fprintf(stderr, "son-of-kark: state check failed after move %d: %s\n", (int)move,
                err.msg);
        abort();
    }
#endif
}

static int sok_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct sok_state *s = state;
    int n = 0;
    for (int i = 0; i < SOK_SYMBOLS; i++)
        if (s->bag[i]) {
            out[n] = i;
            prob[n++] = (double)s->bag[i] / s->bag_left;
        }
    return n;
}

static kk_move sok_sample_chance(const void *state, kk_rng *rng)
{
    const struct sok_state *s = state;
    unsigned r = kk_rng_below(rng, s->bag_left);
    /* The symbol is the number of prefix sums of the bag that r reaches (branch-free). */
    const uint8_t *bag = s->bag;
    unsigned p0 = bag[0], p1 = p0 + bag[1], p2 = p1 + bag[2], p3 = p2 + bag[3],
             p4 = p3 + bag[4];
    unsigned sym = (r >= p0) + (r >= p1) + (r >= p2) + (r >= p3) + (r >= p4);
    return (kk_move)sym;
}

static void sok_scores(const void *state, int32_t *out)
{
    const struct sok_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = s->score[p];
}

static uint32_t sok_winners(const void *state)
{
    int32_t scores[SOK_MAX_PLAYERS];
    sok_scores(state, scores);
    return kk_top_scores(scores, sok_players(state));
}

static void sok_get_stats(const void *state, double *out)
{
    const struct sok_state *s = state;
    int n = 0;
    for (int src = 0; src < SOK_SOURCES; src++)
        for (int p = 0; p < s->players; p++)
            out[n++] = s->points[src][p];
    for (int src = 0; src < SOK_SOURCES; src++)
        for (int p = 0; p < s->players; p++)
            out[n++] = s->placed[src][p];
    for (int p = 0; p < s->players; p++)
        out[n++] = s->displaced[p];
    for (int p = 0; p < s->players; p++)
        out[n++] = s->turns[p];
}

/* Score plus what the tokens on the table would score if the game ended now: held Markets
 * (face-up tiles of their symbol), Cities (current value) and current Crossroad majorities. */
static double sok_evaluate(const void *state, int seat)
{
    const struct sok_state *s = state;
    double v = s->score[seat];
    if (s->terminal)
        return v;
    for (int sym = 0; sym < SOK_SYMBOLS; sym++)
        if (s->market_owner[sym] == seat)
            v += s->face_up_count[sym];
    for (int i = 0; i < s->num_cities; i++)
        if (s->tiles[s->cities[i].slot].owner == seat)
            v += sok_city_value(&s->cities[i]);
    int32_t awards[SOK_MAX_PLAYERS] = {0};
    sok_crossroad_awards(s, awards);
    return v + awards[seat];
}

/* Replay JSON extras: tokens in each supply and the size of the bag. */
static int sok_extra_json(const void *state, char *buf, size_t size)
{
    const struct sok_state *s = state;
    int n = snprintf(buf, size, ",\"supply\":[");
    for (int p = 0; p < s->players && n >= 0 && (size_t)n < size; p++)
        n += snprintf(buf + n, size - (size_t)n, "%s%d", p ? "," : "", s->supply[p]);
    if (n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "],\"bag\":%d", s->bag_left);
    return n;
}

const struct kk_game kk_game_son_of_kark = {
    .name = "son-of-kark",
    .title = "Son of Kark",
    .min_players = 2,
    .max_players = SOK_MAX_PLAYERS,
    .default_players = 2,
    .state_size = sizeof(struct sok_state),
    /* Every frontier cell with at most 2 faces x 6 token options. */
    .max_moves = SOK_MAX_FRONTIER * 12,
    .score_scale = 40,
    .cooperative = 0,
    .params = sok_params,
    .num_params = P_COUNT,
    .stats = sok_stats,
    .num_stats = (int)(sizeof sok_stats / sizeof sok_stats[0]),
    .init = sok_init,
    .players = sok_players,
    .to_move = sok_to_move,
    .legal_moves = sok_legal_moves,
    .apply = sok_apply,
    .chance_outcomes = sok_chance_outcomes,
    .sample_chance = sok_sample_chance,
    .scores = sok_scores,
    .winners = sok_winners,
    .move_to_text = sok_move_to_text,
    .move_from_text = sok_move_from_text,
    .get_stats = sok_get_stats,
    .evaluate = sok_evaluate,
    .extra_json = sok_extra_json,
    .random_move = sok_random_move,
    .check = sok_check,
    .draw = sok_draw,
    .svg = sok_svg,
    /* Random playouts misjudge this game (mcts did not improve with budget); greedy
     * playouts cut off after 8 moves do: docs/agents.md. */
    .agent_defaults = "rollout=greedy,depth=8",
};
