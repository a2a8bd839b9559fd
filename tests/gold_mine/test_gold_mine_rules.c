/* Gold Mine: the worked scenarios of docs/rules/gold-mine.md (records in data/gold-mine),
 * the chance model (exact collapse-card distribution by recursion over chance_outcomes,
 * and a seeded simulation), deck handling between rounds, and move-count tables. */
#include <math.h>
#include <string.h>

#include "engine/gold_mine/gold_mine.h"
#include "../testlib.h"

#define DATA "data/gold-mine/"

static const struct kk_game *G = &kk_game_gold_mine;

static void scenarios(void)
{
    struct gm_state s;
    kk_test_replay_checked(G, DATA "scenario-1-seed-example.rec", &s);
    CHECK_EQ_INT(s.banked[0], 6);
    CHECK_EQ_INT(s.banked[1], 9);
    CHECK_EQ_INT(s.banked[2], 6);
    CHECK_EQ_INT(s.round, 2); /* nobody inside: round 2 begins */
    CHECK_EQ_INT(s.phase, GM_PHASE_REVEAL);
    CHECK_EQ_INT(s.pool_lost, 0);

    kk_test_replay_checked(G, DATA "scenario-1-alternative.rec", &s);
    CHECK_EQ_INT(s.banked[0], 6);
    CHECK_EQ_INT(s.banked[1], 0);
    CHECK_EQ_INT(s.banked[2], 6);
    CHECK_EQ_INT(s.lost_by[1], 3);
    CHECK_EQ_INT(s.caught[1], 1);
    CHECK_EQ_INT(s.caught[0], 0);
    CHECK_EQ_INT(s.pool_lost, 1);
    CHECK_EQ_INT(s.collapses, 1);

    kk_test_replay_checked(G, DATA "scenario-2-third-card.rec", &s);
    CHECK_EQ_INT(s.banked[0], 0);
    CHECK_EQ_INT(s.banked[1], 0);
    CHECK_EQ_INT(s.lost_by[0], 5);
    CHECK_EQ_INT(s.lost_by[1], 5);
    CHECK_EQ_INT(s.pool_lost, 1);
    CHECK_EQ_INT(s.round, 2);
    CHECK_EQ_INT(s.cards_turned, 3);

    kk_test_replay_checked(G, DATA "scenario-3-all-flee.rec", &s);
    CHECK_EQ_INT(s.banked[0], 2);
    CHECK_EQ_INT(s.banked[1], 2);
    CHECK_EQ_INT(s.pool_lost, 1);
    CHECK_EQ_INT(s.collapses, 0);
    CHECK_EQ_INT(s.round, 2);

    kk_test_replay_checked(G, DATA "scenario-4-remainders.rec", &s);
    CHECK_EQ_INT(s.banked[2], 3);
    CHECK_EQ_INT(s.banked[0] + s.banked[1] + s.banked[3], 0);
    CHECK_EQ_INT(s.carried[0], 2);
    CHECK_EQ_INT(s.carried[1], 2);
    CHECK_EQ_INT(s.carried[2], 0);
    CHECK_EQ_INT(s.carried[3], 2);
    CHECK_EQ_INT(s.pool, 0);
    CHECK_EQ_INT(s.inside, 0xB);
    CHECK_EQ_INT(G->to_move(&s), 0);
    CHECK_EQ_INT(gm_simultaneous(&s), 0xB);

    kk_test_replay_checked(G, DATA "scenario-5-longest-round.rec", &s);
    CHECK_EQ_INT(s.banked[0] + s.banked[1], 0);
    CHECK_EQ_INT(s.pool_lost, 12);
    CHECK_EQ_INT(s.lost_by[0] + s.lost_by[1], 0);
    CHECK_EQ_INT(s.cards_turned, 13);
    CHECK_EQ_INT(s.round, 2);
}

/* Scenario 5's other half: after twelve cards holding two of each symbol, every card
 * left collapses the mine. */
static void thirteenth_card(void)
{
    struct gm_state s;
    kk_test_new_game(G, &s, 2, NULL, 0);
    const char *cards[] = {"1D", "2D", "1H", "2H", "1C", "2C", "1B", "2B", "1W", "2W", "1A", "2A"};
    for (int i = 0; i < 12; i++) {
        kk_test_apply_text(G, &s, cards[i]);
        kk_test_apply_text(G, &s, "s");
        kk_test_apply_text(G, &s, "s");
    }
    CHECK(fabs(gm_collapse_chance(&s) - 1.0) < 1e-12);
    kk_move out[GB_KINDS];
    double prob[GB_KINDS];
    int n = G->chance_outcomes(&s, out, prob);
    for (int i = 0; i < n; i++)
        CHECK(gm_collapses(&s, out[i]));
}

/* Probability that a fresh round collapses on its third card, through the interface. */
static void third_card_chance(void)
{
    struct gm_state s;
    kk_test_new_game(G, &s, 2, NULL, 0);
    double total = 0;
    kk_move out[GB_KINDS], out2[GB_KINDS], out3[GB_KINDS];
    double p[GB_KINDS], p2[GB_KINDS], p3[GB_KINDS];
    int n = G->chance_outcomes(&s, out, p);
    CHECK_EQ_INT(n, GB_KINDS);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += p[i];
    CHECK(fabs(sum - 1) < 1e-12);
    for (int i = 0; i < n; i++) {
        struct gm_state a = s;
        G->apply(&a, out[i]);
        G->apply(&a, GM_STAY);
        G->apply(&a, GM_STAY);
        int n2 = G->chance_outcomes(&a, out2, p2);
        for (int j = 0; j < n2; j++) {
            struct gm_state b = a;
            G->apply(&b, out2[j]);
            if (b.phase != GM_PHASE_DECIDE)
                continue;
            G->apply(&b, GM_STAY);
            G->apply(&b, GM_STAY);
            int n3 = G->chance_outcomes(&b, out3, p3);
            for (int k = 0; k < n3; k++) {
                struct gm_state c = b;
                G->apply(&c, out3[k]);
                if (c.collapses == 1)
                    total += p[i] * p2[j] * p3[k];
            }
        }
    }
    CHECK(fabs(total - 14.0 / 689.0) < 1e-12);
}

/* Exact distribution of the collapsing card's index with every seat staying, by
 * recursion over the game's own chance_outcomes. Whether and when the mine collapses
 * depends only on how many cards of each symbol are up, so results are memoised on that
 * (sorted) vector; the probabilities themselves all come from chance_outcomes. */
#define MAXIDX (GM_MAX_FACE + 1)
struct memo {
    int used;
    double dist[MAXIDX]; /* dist[i]: the collapse comes i cards after this state */
};
static struct memo memo[729];

static int sorted_key(const struct gm_state *s)
{
    int c[GB_SYMBOLS];
    for (int y = 0; y < GB_SYMBOLS; y++)
        c[y] = s->symbol_up[y];
    for (int i = 1; i < GB_SYMBOLS; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    int key = 0;
    for (int y = 0; y < GB_SYMBOLS; y++)
        key = key * 3 + c[y];
    return key;
}

static const double *collapse_dist(const struct gm_state *s)
{
    struct memo *m = &memo[sorted_key(s)];
    if (m->used)
        return m->dist;
    kk_move out[GB_KINDS];
    double p[GB_KINDS];
    int n = G->chance_outcomes(s, out, p);
    for (int i = 0; i < n; i++) {
        struct gm_state t = *s;
        G->apply(&t, out[i]);
        if (t.phase != GM_PHASE_DECIDE) {
            m->dist[1] += p[i];
            continue;
        }
        while (t.phase == GM_PHASE_DECIDE)
            G->apply(&t, GM_STAY);
        const double *d = collapse_dist(&t);
        for (int j = 1; j + 1 < MAXIDX; j++)
            m->dist[j + 1] += p[i] * d[j];
    }
    m->used = 1;
    return m->dist;
}

static const double listed[] = {0.02032, 0.05379, 0.09466, 0.13436, 0.16251, 0.16963,
                                0.15154, 0.11275, 0.06633, 0.02776, 0.00635};

static void collapse_index_distribution(void)
{
    struct gm_state s;
    const char *sets[] = {"rounds=1"};
    kk_test_new_game(G, &s, 2, sets, 1);
    const double *d = collapse_dist(&s);
    double mean = 0, sum = 0;
    for (int i = 1; i < MAXIDX; i++) {
        sum += d[i];
        mean += i * d[i];
        if (i < 3 || i > 13)
            CHECK(d[i] == 0);
        else
            CHECK(fabs(d[i] - listed[i - 3]) < 1e-4);
    }
    CHECK(fabs(sum - 1) < 1e-12);
    CHECK(fabs(mean - 41851504299.0 / 5444553790.0) < 1e-9);
    CHECK(fabs(d[3] - 14.0 / 689.0) < 1e-12);

    /* A seeded simulation of 200000 rounds (10 rounds per game) agrees with the mean. */
    const char *sim_sets[] = {"rounds=10"};
    kk_rng rng;
    kk_rng_seed(&rng, 2024, 7);
    long long cards = 0;
    int rounds = 0;
    while (rounds < 200000) {
        kk_test_new_game(G, &s, 2, sim_sets, 1);
        while (s.phase != GM_PHASE_OVER) {
            if (s.phase == GM_PHASE_REVEAL)
                G->apply(&s, G->sample_chance(&s, &rng));
            else
                G->apply(&s, GM_STAY);
        }
        cards += s.cards_turned;
        rounds += s.rounds_done;
        CHECK_EQ_INT(s.collapses, 10);
    }
    double sim_mean = (double)cards / rounds;
    printf("  collapse index: exact mean %.5f, simulated %.5f over %d rounds\n", mean,
           sim_mean, rounds);
    CHECK(fabs(sim_mean - mean) < 0.01);
}

/* Deck handling between rounds: reshuffle, continue, and removal of collapsing cards. */
static int cards_in_deck(const struct gm_state *s)
{
    kk_move out[GB_KINDS];
    double p[GB_KINDS];
    int n = G->chance_outcomes(s, out, p), total = 0;
    for (int i = 0; i < n; i++)
        total += s->deck[out[i]];
    return total;
}

static void decks(void)
{
    struct gm_state s;
    kk_test_replay_checked(G, DATA "scenario-2-third-card.rec", &s); /* 6W 5W 4W, collapse */
    CHECK_EQ_INT(cards_in_deck(&s), 54);

    const char *cont[] = {"deck=continue"};
    kk_test_new_game(G, &s, 2, cont, 1);
    const char *seq[] = {"6W", "s", "s", "5W", "s", "s", "4W"};
    for (int i = 0; i < 7; i++)
        kk_test_apply_text(G, &s, seq[i]);
    CHECK_EQ_INT(s.round, 2);
    CHECK_EQ_INT(cards_in_deck(&s), 51);
    CHECK_EQ_INT(s.deck[gb_kind(GB_WHEEL, 6)], 0);
    CHECK_EQ_INT(s.discard[gb_kind(GB_WHEEL, 6)], 1);

    const char *removal[] = {"remove_collapse_card=1"};
    kk_test_new_game(G, &s, 2, removal, 1);
    for (int i = 0; i < 7; i++)
        kk_test_apply_text(G, &s, seq[i]);
    CHECK_EQ_INT(cards_in_deck(&s), 53);
    CHECK_EQ_INT(s.deck[gb_kind(GB_WHEEL, 4)], 0);
    CHECK_EQ_INT(s.removed[gb_kind(GB_WHEEL, 4)], 1);
    kk_move m;
    kk_error err;
    CHECK_EQ_INT(G->move_from_text(&s, "4W", &m, &err), 0);
    CHECK(!kk_is_legal(G, &s, m));

    /* collapse_count=2: a second card of a symbol collapses. */
    const char *pairs[] = {"collapse_count=2"};
    kk_test_new_game(G, &s, 2, pairs, 1);
    kk_test_apply_text(G, &s, "6W");
    kk_test_apply_text(G, &s, "s");
    kk_test_apply_text(G, &s, "s");
    kk_test_apply_text(G, &s, "1W");
    CHECK_EQ_INT(s.collapses, 1);
    CHECK_EQ_INT(s.lost_by[0], 3);
}

/* Lazy refill under deck=continue: the deck is refilled only when a card must be turned up
 * and none is left, and then from finished rounds' discards only (the current round's
 * face-up cards stay out). */
static void lazy_refill(void)
{
    const char *sets[] = {"deck=continue", "rounds=10", "collapse_count=4"};
    kk_rng rng;
    kk_rng_seed(&rng, 99, 3);
    int refills = 0, at_round_start = 0;
    for (int game = 0; game < 40; game++) {
        struct gm_state s, before;
        kk_test_new_game(G, &s, 2, sets, 3);
        while (s.phase != GM_PHASE_OVER) {
            before = s;
            if (s.phase == GM_PHASE_REVEAL)
                G->apply(&s, G->sample_chance(&s, &rng));
            else
                G->apply(&s, GM_STAY); /* everyone stays: long rounds */
            if (s.refills == before.refills)
                continue;
            refills++;
            at_round_start += s.num_face == 0;
            CHECK_EQ_INT(before.deck_left - (before.phase == GM_PHASE_REVEAL), 0);
            CHECK_EQ_INT(s.deck_left, GB_CARDS - s.num_face);
            for (int k = 0; k < GB_KINDS; k++)
                CHECK_EQ_INT(s.discard[k], 0);
        }
        CHECK_EQ_INT(s.rounds_done, 10);
    }
    printf("  %d refills, %d of them at a round's start\n", refills, at_round_start);
    CHECK(refills > 40);
    CHECK(at_round_start > 0 && at_round_start < refills);
}

/* Move counts (every chance outcome and move, unweighted). From the start there are 36
 * card kinds; a decision has 2 moves per seat. With 2 seats, depth 4 is: 24 kinds with a
 * single copy (numbers 3-6) leave 35 kinds after them, the 12 others (numbers 1, 2) leave
 * 36; if both flee (1 of 4 choice pairs) a new round starts with a full deck:
 * 24 * (36 + 3 * 35) + 12 * 4 * 36 = 5112. With 3 seats, depth 5: 24 * (36 + 7 * 35) +
 * 12 * 8 * 36 = 10200. After 6W s s 5W s s, depth 2: the 4 Wheel kinds left collapse the
 * mine (then a fresh round: 36 kinds), the 30 others give 2 choices: 4 * 36 + 30 * 2. */
static void move_counts(void)
{
    struct gm_state s;
    kk_error err;
    kk_test_new_game(G, &s, 2, NULL, 0);
    long long want2[] = {1, 36, 72, 144, 5112};
    for (int d = 0; d <= 4; d++)
        CHECK_EQ_INT(kk_perft(G, &s, d, &err), want2[d]);
    kk_test_new_game(G, &s, 3, NULL, 0);
    CHECK_EQ_INT(kk_perft(G, &s, 4, &err), 288);
    CHECK_EQ_INT(kk_perft(G, &s, 5, &err), 10200);
    kk_test_new_game(G, &s, 2, NULL, 0);
    const char *seq[] = {"6W", "s", "s", "5W", "s", "s"};
    for (int i = 0; i < 6; i++)
        kk_test_apply_text(G, &s, seq[i]);
    CHECK_EQ_INT(kk_perft(G, &s, 1, &err), 34);
    CHECK_EQ_INT(kk_perft(G, &s, 2, &err), 4 * 36 + 30 * 2);
}

static void notation(void)
{
    struct gm_state s;
    kk_error err;
    kk_move m;
    char buf[16];
    kk_test_new_game(G, &s, 2, NULL, 0);
    CHECK_EQ_INT(G->move_from_text(&s, "3D", &m, &err), 0);
    CHECK_EQ_INT(m, gb_kind(GB_DROP, 3));
    G->move_to_text(&s, m, buf, sizeof buf);
    CHECK(!strcmp(buf, "3D"));
    CHECK_EQ_INT(G->move_from_text(&s, "7D", &m, &err), -1);
    CHECK_EQ_INT(G->move_from_text(&s, "3X", &m, &err), -1);
    CHECK_EQ_INT(G->move_from_text(&s, "s", &m, &err), -1);
    G->apply(&s, gb_kind(GB_ARROW, 5));
    kk_move moves[4];
    CHECK_EQ_INT(G->legal_moves(&s, moves), 2);
    CHECK_EQ_INT(moves[0], GM_STAY);
    CHECK_EQ_INT(moves[1], GM_FLEE);
    G->move_to_text(&s, GM_STAY, buf, sizeof buf);
    CHECK(!strcmp(buf, "s"));
    G->move_to_text(&s, GM_FLEE, buf, sizeof buf);
    CHECK(!strcmp(buf, "f"));
    CHECK_EQ_INT(G->move_from_text(&s, "f", &m, &err), 0);
    CHECK_EQ_INT(m, GM_FLEE);
    CHECK_EQ_INT(G->move_from_text(&s, "flee", &m, &err), -1);
    CHECK_EQ_INT(G->move_from_text(&s, "3D", &m, &err), -1);
}

/* The greedy evaluation's stopping rule: no risk, stay; a likely collapse, flee. */
static void evaluation(void)
{
    struct gm_state s;
    kk_test_new_game(G, &s, 2, NULL, 0);
    kk_test_apply_text(G, &s, "6W");
    /* Nothing can collapse on the next card: staying is worth more than fleeing. */
    struct gm_state stay = s, flee = s;
    G->apply(&stay, GM_STAY);
    G->apply(&flee, GM_FLEE);
    CHECK(G->evaluate(&stay, 0) > G->evaluate(&flee, 0));
    CHECK(fabs(G->evaluate(&flee, 0) - 3.0) < 1e-12);
    /* Twelve cards, two of each symbol: the next card surely collapses the mine. */
    kk_test_new_game(G, &s, 2, NULL, 0);
    const char *cards[] = {"6D", "5D", "6H", "5H", "6C", "5C", "6B", "5B", "6W", "5W", "6A", "5A"};
    for (int i = 0; i < 12; i++) {
        kk_test_apply_text(G, &s, cards[i]);
        if (i < 11) {
            kk_test_apply_text(G, &s, "s");
            kk_test_apply_text(G, &s, "s");
        }
    }
    stay = s;
    flee = s;
    G->apply(&stay, GM_STAY);
    G->apply(&flee, GM_FLEE);
    CHECK(fabs(G->evaluate(&flee, 0) - (30 + 6 * 0.75)) < 1e-9);
    CHECK(G->evaluate(&stay, 0) < 1e-9);
}


/* The evaluation's coin-flip model: a committed seat's value is, up to the rounding of
 * shares, the average of its values after the reveal over the 2^k equally likely choices
 * of the k other seats inside. Checked for the first seat to commit, at decisions of
 * random games with 2-6 players. */
static void evaluation_averages_reveal(void)
{
    kk_rng rng;
    kk_rng_seed(&rng, 31, 4);
    int tested = 0;
    double worst = 0;
    for (int players = 2; players <= 6; players++)
        for (int game = 0; game < 30; game++) {
            struct gm_state s;
            kk_test_new_game(G, &s, players, NULL, 0);
            while (s.phase != GM_PHASE_OVER) {
                if (s.phase == GM_PHASE_REVEAL) {
                    G->apply(&s, G->sample_chance(&s, &rng));
                    continue;
                }
                int seat = G->to_move(&s);
                if (!s.committed) {
                    unsigned others = s.inside & ~(1u << seat);
                    int k = __builtin_popcount(others);
                    for (int choice = GM_STAY; choice <= GM_FLEE; choice++) {
                        struct gm_state c = s;
                        G->apply(&c, choice);
                        double before = G->evaluate(&c, seat), after = 0;
                        for (unsigned combo = 0; combo < (1u << k); combo++) {
                            struct gm_state r = c;
                            int bit = 0;
                            while (r.phase == GM_PHASE_DECIDE)
                                G->apply(&r, (combo >> bit++) & 1u);
                            after += G->evaluate(&r, seat);
                        }
                        after /= 1u << k;
                        if (k > 0)
                            tested++;
                        if (fabs(before - after) > worst)
                            worst = fabs(before - after);
                        CHECK(fabs(before - after) <= 1.0);
                    }
                }
                G->apply(&s, kk_random_move(G, &s, &rng));
            }
        }
    printf("  evaluation before/after the reveal: %d decisions, largest difference %.3f\n",
           tested, worst);
    CHECK(tested > 500);
}

int main(void)
{
    scenarios();
    thirteenth_card();
    third_card_chance();
    collapse_index_distribution();
    decks();
    lazy_refill();
    move_counts();
    notation();
    evaluation();
    evaluation_averages_reveal();
    return kk_test_done("gold_mine_rules");
}
