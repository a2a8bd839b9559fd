/* Liar's Cards: the worked scenarios of docs/rules/liars-cards.md. Scenarios 1, 3, 4 and
 * the starter's wild choice are readable records in tests/data/liars-cards (replayed here,
 * with the lives and track each must end with); scenario 2 counts the legal raises of a
 * 3-player round exactly (90, then 59); scenario 5 sets lives directly; scenario 6 checks
 * the deal's probabilities exactly (hypergeometric, values computed independently) and by
 * 200,000 simulated deals through the engine's own chance events. */
#include <math.h>
#include <string.h>

#include "agents/agent.h"
#include "engine/liars_cards/liars_cards.h"
#include "testlib.h"

static const struct kk_game *g = &kk_game_liars_cards;

static int replay_file(const char *name, struct lc_state *s)
{
    char path[256];
    const struct kk_game *rg = NULL;
    int line = 0;
    kk_error err;
    snprintf(path, sizeof path, "data/liars-cards/%s", name);
    int rc = kk_test_replay_file(path, &rg, s, &line, &err);
    if (rc != 0)
        fprintf(stderr, "%s: line %d: %s\n", path, line, err.msg);
    CHECK_EQ_INT(rc, 0);
    CHECK(rg == g);
    if (rc == 0)
        CHECK_EQ_INT(g->check(s, &err), 0);
    return rc;
}

static void expect_lives(const char *name, int l0, int l1, int l2)
{
    static struct lc_state s;
    if (replay_file(name, &s) != 0)
        return;
    CHECK_EQ_INT(s.lives[0], l0);
    CHECK_EQ_INT(s.lives[1], l1);
    if (s.players > 2)
        CHECK_EQ_INT(s.lives[2], l2);
}

static kk_move parse(const struct lc_state *s, const char *text)
{
    kk_move m = -1;
    kk_error err;
    if (g->move_from_text(s, text, &m, &err) != 0) {
        fprintf(stderr, "cannot parse '%s': %s\n", text, err.msg);
        CHECK(0);
    }
    return m;
}

static int legal(const struct lc_state *s, const char *text)
{
    return kk_is_legal(g, s, parse(s, text));
}

static void play(struct lc_state *s, const char *text)
{
    kk_move m = parse(s, text);
    CHECK(kk_is_legal(g, s, m));
    g->apply(s, m);
    kk_error err;
    CHECK_EQ_INT(g->check(s, &err), 0);
}

static void move_text(const struct lc_state *s, kk_move m, char *buf)
{
    g->move_to_text(s, m, buf, 16);
}

/* Scenario 2: 3 players, 5 lives each, T = 15. */
static void scenario_2(void)
{
    static struct lc_state s;
    const char *deal = "game liars-cards\nplayers 3\n"
                       "* 1D\n* 2D\n* 3H\n* 1C\n* 1B\n* 4D\n* 1D\n* 2H\n* 5C\n* 1W\n"
                       "* 6H\n* 2C\n* 3B\n* 4W\n* 5B\n";
    const struct kk_game *rg;
    kk_error err;
    CHECK_EQ_INT(kk_test_replay_text(deal, &rg, &s, NULL, &err), 0);
    CHECK_EQ_INT(s.round_cards, 15);
    CHECK_EQ_INT(g->to_move(&s), 0);
    kk_move moves[LC_TRACK_PERMS];
    char text[16];
    int n = g->legal_moves(&s, moves);
    CHECK_EQ_INT(n, 90); /* 15 x 6, the wild D allowed in the opening only */
    move_text(&s, moves[0], text);
    CHECK(strcmp(text, "1D") == 0);
    move_text(&s, moves[1], text);
    CHECK(strcmp(text, "1H") == 0);
    move_text(&s, moves[89], text);
    CHECK(strcmp(text, "15A") == 0);
    CHECK(legal(&s, "1D") && legal(&s, "15D"));
    CHECK(!legal(&s, "16H") && !legal(&s, "call") && !legal(&s, "s10"));

    play(&s, "4C");
    n = g->legal_moves(&s, moves);
    CHECK_EQ_INT(n, 59); /* 3 + 11 x 5 raises, then call */
    const char *first[] = {"4B", "4W", "4A", "5H", "5C", "5B", "5W", "5A", "6H"};
    for (int i = 0; i < 9; i++) {
        move_text(&s, moves[i], text);
        CHECK(strcmp(text, first[i]) == 0);
    }
    move_text(&s, moves[57], text);
    CHECK(strcmp(text, "15A") == 0);
    CHECK_EQ_INT(moves[58], LC_MOVE_CALL);
    CHECK(!legal(&s, "4H") && !legal(&s, "3A") && !legal(&s, "4C"));
    CHECK(!legal(&s, "5D") && !legal(&s, "15D")); /* the active wild after the opening */
    for (int i = 0; i < n; i++)
        CHECK(moves[i] == LC_MOVE_CALL || lc_bid_symbol(moves[i]) != GB_DROP);
    /* Bid order: every listed bid ranks above the one before. */
    for (int i = 1; i + 1 < n; i++)
        CHECK(lc_bid_rank(&s, moves[i]) > lc_bid_rank(&s, moves[i - 1]));

    /* late_wild_bid=allow: the wild may be named after the opening (5D is legal), it
     * counts only the Drops, and the wild stays active for the rest of the round. */
    char text_allow[512];
    snprintf(text_allow, sizeof text_allow, "%s", deal);
    char *after_players = strstr(text_allow, "players 3\n") + strlen("players 3\n");
    memmove(after_players + strlen("set late_wild_bid=allow\n"), after_players,
            strlen(after_players) + 1);
    memcpy(after_players, "set late_wild_bid=allow\n", strlen("set late_wild_bid=allow\n"));
    CHECK_EQ_INT(kk_test_replay_text(text_allow, &rg, &s, NULL, &err), 0);
    play(&s, "4C");
    n = g->legal_moves(&s, moves);
    CHECK_EQ_INT(n, 3 + 11 * 6 + 1);
    play(&s, "5D");
    CHECK_EQ_INT(s.wild_active, 1);
    CHECK_EQ_INT(lc_count_for(&s, GB_DROP), 4); /* 1D 2D 4D 1D: Drops only */
    CHECK_EQ_INT(lc_count_for(&s, GB_CIRCLES), 3 + 4); /* 1C 5C 2C plus the wild Drops */
    CHECK_EQ_INT(lc_count_for(&s, GB_ARROW), 0);       /* no natural Arrow */
    play(&s, "call"); /* 4 Drops < 5: the bidder, seat 1, loses */
    CHECK_EQ_INT(s.lives[1], 4);
    CHECK_EQ_INT(s.lives[2], 5);
}

/* Scenario 5: hand sizes follow lives (capped by max_cards) and the next starter. */
static void deal_round(struct lc_state *s)
{
    kk_move out[LC_TRACK_PERMS];
    double prob[LC_TRACK_PERMS];
    kk_error err;
    while (g->to_move(s) == KK_CHANCE) {
        /* Always the last kind still in the deck: a fixed, legal deal. */
        int n = g->chance_outcomes(s, out, prob);
        g->apply(s, out[n - 1]);
        CHECK_EQ_INT(g->check(s, &err), 0);
    }
}

static void scenario_5(void)
{
    static struct lc_state s;
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 3, &err), 0);
    s.lives[1] = 4;
    s.lives[2] = 2;
    deal_round(&s);
    CHECK_EQ_INT(s.hand_len[0], 5);
    CHECK_EQ_INT(s.hand_len[1], 4);
    CHECK_EQ_INT(s.hand_len[2], 2);
    CHECK_EQ_INT(s.round_cards, 11);
    CHECK_EQ_INT(s.sum_round, 0);
    CHECK_EQ_INT(g->to_move(&s), 0);

    CHECK_EQ_INT(kk_game_init(g, &s, &v, 8, &err), 0);
    CHECK_EQ_INT(s.max_cards, 4);
    deal_round(&s);
    for (int p = 0; p < 8; p++)
        CHECK_EQ_INT(s.hand_len[p], 4);
    CHECK_EQ_INT(s.round_cards, 32);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 10, &err), 0);
    CHECK_EQ_INT(s.max_cards, 3);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, 7, &err), 0);
    CHECK_EQ_INT(s.max_cards, 5);

    /* Seat 2 has one cube left and calls a bid that holds: it is out, seat 3 starts. Then
     * the same with seat 3 already out: the next active seat after 2 is seat 0. */
    for (int three_out = 0; three_out < 2; three_out++) {
        CHECK_EQ_INT(kk_game_init(g, &s, &v, 4, &err), 0);
        s.lives[2] = 1;
        if (three_out) {
            s.lives[3] = 0;
            s.out_score[3] = 0;
            s.active = 3;
        }
        CHECK_EQ_INT(g->check(&s, &err), 0);
        deal_round(&s);
        /* Seat 0 opens on a symbol of its own first card (holds), seat 1 raises to 1 of
         * the same symbol's next track place that holds, seat 2 calls. */
        int sym = gb_kind_symbol(s.hand[0][0]);
        g->apply(&s, lc_count_bid(1, sym));
        kk_move moves[LC_TRACK_PERMS];
        int n = g->legal_moves(&s, moves), raised = 0;
        for (int i = 0; i < n && !raised; i++)
            if (moves[i] != LC_MOVE_CALL &&
                lc_count_for(&s, lc_bid_symbol(moves[i])) >= lc_bid_n(moves[i])) {
                g->apply(&s, moves[i]);
                raised = 1;
            }
        CHECK(raised);
        CHECK_EQ_INT(g->to_move(&s), 2);
        CHECK(lc_bid_holds(&s));
        play(&s, "call");
        CHECK_EQ_INT(s.lives[2], 0);
        CHECK_EQ_INT(s.out_score[2], three_out ? 1 : 0);
        CHECK_EQ_INT(s.starter, three_out ? 0 : 3);
        deal_round(&s);
        CHECK_EQ_INT(g->to_move(&s), three_out ? 0 : 3);
        CHECK_EQ_INT(s.hand_len[2], 0);
    }
}

/* Scenario 6: 15 cards dealt, Drops wild, a bid on another symbol. */
static void scenario_6(void)
{
    double dist[GB_CARDS + 1];
    lc_count_distribution(9, 9, 36, 15, 0, 0, 1, 1, dist);
    double mean = 0, ge5 = 0, ge6 = 0, total = 0;
    for (int c = 0; c <= GB_CARDS; c++) {
        total += dist[c];
        mean += c * dist[c];
        ge5 += c >= 5 ? dist[c] : 0;
        ge6 += c >= 6 ? dist[c] : 0;
    }
    /* Exact values (rational arithmetic in Python over C(9,x) C(9,y) C(36,z) / C(54,15)):
     * mean 4.880452610765..., P(>=5) 0.615407755392..., P(>=6) 0.367457189633... */
    CHECK(fabs(total - 1) < 1e-12);
    CHECK(fabs(mean - 4.880452610765214) < 1e-9);
    CHECK(fabs(ge5 - 0.6154077553928886) < 1e-9);
    CHECK(fabs(ge6 - 0.36745718963374574) < 1e-9);
    double mean0 = 0, ge5_0 = 0;
    lc_count_distribution(9, 9, 36, 15, 0, 0, 1, 0, dist);
    for (int c = 0; c <= GB_CARDS; c++) {
        mean0 += c * dist[c];
        ge5_0 += c >= 5 ? dist[c] : 0;
    }
    CHECK(fabs(mean0 - 5.0) < 1e-9);
    CHECK(fabs(ge5_0 - 0.6201570588819567) < 1e-9);
    /* The rules file's rounded figures. */
    CHECK(fabs(mean - 4.8805) < 5e-5 && fabs(ge5 - 0.61541) < 5e-6 && fabs(ge6 - 0.36746) < 5e-6);

    /* 200,000 deals through sample_chance and apply, counting for each of the five
     * symbols other than the wild (every one has the same distribution). */
    static struct lc_state start, s;
    struct kk_variant v;
    kk_error err;
    kk_variant_defaults(g, &v, &err);
    CHECK_EQ_INT(kk_game_init(g, &start, &v, 3, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, 6, 6);
    const int deals = 200000, bids = 5 * deals;
    double sum = 0, sum0 = 0;
    int hits5 = 0, hits6 = 0, hits5_0 = 0;
    for (int d = 0; d < deals; d++) {
        s = start;
        while (g->to_move(&s) == KK_CHANCE)
            g->apply(&s, g->sample_chance(&s, &rng));
        for (int sym = GB_HAMMERS; sym < GB_SYMBOLS; sym++) {
            s.wild_needs_natural = 1;
            int c = lc_count_for(&s, sym);
            sum += c;
            hits5 += c >= 5;
            hits6 += c >= 6;
            s.wild_needs_natural = 0;
            c = lc_count_for(&s, sym);
            sum0 += c;
            hits5_0 += c >= 5;
        }
    }
    CHECK(fabs(sum / bids - mean) < 0.01);
    CHECK(fabs((double)hits5 / bids - ge5) < 0.003);
    CHECK(fabs((double)hits6 / bids - ge6) < 0.003);
    CHECK(fabs(sum0 / bids - 5.0) < 0.01);
    CHECK(fabs((double)hits5_0 / bids - ge5_0) < 0.003);
    printf("  simulated: mean %.4f P>=5 %.4f P>=6 %.4f; no natural rule: mean %.4f P>=5 %.4f\n",
           sum / bids, (double)hits5 / bids, (double)hits6 / bids, sum0 / bids,
           (double)hits5_0 / bids);
}

static void starter_wild(void)
{
    static struct lc_state s;
    if (replay_file("starter-wild-shuffled.rec", &s) != 0)
        return;
    const char *want = "HACDWB";
    for (int i = 0; i < GB_SYMBOLS; i++)
        CHECK_EQ_INT(s.track[i], gb_symbol_from_letter(want[i]));
    CHECK_EQ_INT(s.wild_moved, 2);
    CHECK_EQ_INT(s.lives[1], 4);
    CHECK_EQ_INT(s.starter, 1);
    CHECK_EQ_INT(g->to_move(&s), 2);
    /* Hammers are wild in round 2, so a bid on Hammers is forbidden after the opening. */
    CHECK(!legal(&s, "2H") && legal(&s, "2A") && legal(&s, "1D"));
}

/* The greedy agent's wild choice: seat 0 holds 1A 2A 1H 2C 3B. Making any symbol it holds
 * wild lets 3 of its cards count for its best bid (Arrows with the wild beside one natural
 * card, or the wild Arrows beside a natural); a wild it does not hold (D, W) leaves 2. */
static void greedy_wild_choice(void)
{
    static struct lc_state s;
    const struct kk_game *rg;
    kk_error err;
    const char *text = "game liars-cards\nplayers 3\nset wild_choice=starter\n"
                       "* 1A\n* 2A\n* 1H\n* 2C\n* 3B\n* 3H\n* 2H\n* 2B\n* 2W\n* 1W\n"
                       "* 4C\n* 1B\n* 3W\n* 1D\n* 3A\n";
    CHECK_EQ_INT(kk_test_replay_text(text, &rg, &s, NULL, &err), 0);
    CHECK_EQ_INT(s.phase, LC_PHASE_WILD);
    struct kk_agent *greedy = kk_agent_create(g, "greedy", &err);
    CHECK(greedy != NULL);
    int held = 0;
    for (uint64_t seed = 1; greedy && seed <= 40; seed++) {
        kk_rng rng;
        kk_rng_seed(&rng, seed, 1);
        kk_move m = greedy->choose(greedy, &s, &rng);
        int sym = m - LC_MOVE_WILD;
        held += sym == GB_ARROW || sym == GB_HAMMERS || sym == GB_CIRCLES || sym == GB_BRICKS;
    }
    CHECK_EQ_INT(held, 40);
    kk_agent_destroy(greedy);
}

int main(void)
{
    expect_lives("scenario-1-no-natural.rec", 4, 5, 5);
    expect_lives("scenario-1-one-arrow.rec", 5, 4, 5);
    scenario_2();
    expect_lives("scenario-3-opening-wild-raise.rec", 5, 4, 5);
    expect_lives("scenario-3-opening-wild-one-drop.rec", 4, 5, 5);
    expect_lives("scenario-3-opening-wild-two-drops.rec", 5, 4, 5);
    {
        /* Scenario 3's legal raises after the opening 2D: the Drop is ordinary. */
        static struct lc_state s;
        const struct kk_game *rg;
        kk_error err;
        const char *text = "game liars-cards\nplayers 3\n"
                           "* 1D\n* 2H\n* 1C\n* 1B\n* 1W\n* 3H\n* 2C\n* 2B\n* 2W\n* 1A\n"
                           "* 4C\n* 3B\n* 3W\n* 2A\n* 3A\n0: 2D\n";
        CHECK_EQ_INT(kk_test_replay_text(text, &rg, &s, NULL, &err), 0);
        CHECK_EQ_INT(s.wild_active, 0);
        CHECK(legal(&s, "2H") && legal(&s, "3D") && !legal(&s, "2D") && !legal(&s, "1A"));
        CHECK_EQ_INT(lc_count_for(&s, GB_HAMMERS), 2);
    }
    {
        static struct lc_state s;
        if (replay_file("scenario-4-sum-round.rec", &s) == 0) {
            CHECK_EQ_INT(g->to_move(&s), KK_TERMINAL);
            int32_t scores[2];
            g->scores(&s, scores);
            CHECK_EQ_INT(scores[0], 1);
            CHECK_EQ_INT(scores[1], 0);
            CHECK_EQ_INT(g->winners(&s), 1);
            CHECK_EQ_INT(s.sum_rounds, 1);
        }
    }
    scenario_5();
    scenario_6();
    starter_wild();
    greedy_wild_choice();
    return kk_test_done("liars_cards_scenarios");
}
