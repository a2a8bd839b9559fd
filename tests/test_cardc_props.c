/* Cardcassonne properties: invariants over thousands of random games (the 130 cards are
 * always somewhere, points by source add up, notation round-trips, random_move is legal
 * and uniform), and the hidden-information contract of sample_view: a sampled state agrees
 * with the observer's view in every visible detail, differs from the truth in hidden ones,
 * deals hidden cards uniformly, and never depends on the hidden truth. */
#include <math.h>
#include <string.h>

#include "engine/cardcassonne/cardc.h"
#include "testlib.h"

static const struct kk_game *const G = &kk_game_cardcassonne;

static void init_state(struct cardc_state *st, int players, const char *setting)
{
    struct kk_variant v;
    kk_error err;
    CHECK(kk_variant_defaults(G, &v, &err) == 0);
    if (setting)
        CHECK(kk_variant_set(G, &v, setting, &err) == 0);
    CHECK(kk_game_init(G, st, &v, players, &err) == 0);
}

/* One step of a random game: a chance outcome or a random move, with checks. */
static void step(struct cardc_state *st, kk_rng *rng, int deep)
{
    kk_move moves[CARDC_MAX_MOVES];
    double prob[CARDC_MAX_MOVES];
    char text[64];
    kk_error err;
    int who = cardc_to_move(st);
    kk_move m;
    if (who == KK_CHANCE) {
        int n = cardc_chance_outcomes(st, moves, prob);
        double sum = 0;
        for (int i = 0; i < n; i++)
            sum += prob[i];
        CHECK(n >= 1 && fabs(sum - 1.0) < 1e-9);
        m = cardc_sample_chance(st, rng);
        CHECK(st->deck[m] > 0);
    } else {
        CHECK(who >= 0 && who < st->players);
        int n = cardc_legal_moves(st, moves);
        CHECK(n >= 1 && n <= G->max_moves);
        m = cardc_random_move(st, rng);
        int found = 0;
        for (int i = 0; i < n; i++)
            found |= moves[i] == m;
        CHECK(found);
        if (deep) /* every legal move's notation parses back to it */
            for (int i = 0; i < n; i++) {
                kk_move back = -1;
                cardc_move_to_text(st, moves[i], text, sizeof text);
                CHECK(cardc_move_from_text(st, text, &back, &err) == 0);
                CHECK_EQ_INT(back, moves[i]);
            }
    }
    if (deep) {
        kk_move back = -1;
        cardc_move_to_text(st, m, text, sizeof text);
        CHECK(cardc_move_from_text(st, text, &back, &err) == 0 && back == m);
    }
    cardc_apply(st, m);
    if (cardc_check(st, &err) != 0) {
        fprintf(stderr, "check: %s\n", err.msg);
        CHECK(0);
    }
}

static void test_random_games(void)
{
    static const char *const settings[] = {
        NULL, "mismatch_decision=cash", "mismatch_decision=keep", "animal_joker_target=best",
        "setup_cards=0", "tiebreak=none",
    };
    kk_rng rng;
    kk_rng_seed(&rng, 2024, 9);
    int games = 0, checks_before = kk_test_failures;
    for (int players = 2; players <= 5; players++)
        for (int i = 0; i < 600; i++) {
            struct cardc_state st;
            init_state(&st, players, settings[i % 6]);
            int deep = i % 20 == 0, steps = 0;
            while (cardc_to_move(&st) != KK_TERMINAL && steps < 2000) {
                step(&st, &rng, deep);
                steps++;
            }
            games++;
            CHECK_EQ_INT(cardc_to_move(&st), KK_TERMINAL);
            CHECK_EQ_INT(st.round, st.rules.rounds);
            if (st.rules.setup_cards == 10)
                CHECK_EQ_INT(st.deck_total, 0); /* the supply runs out exactly */
            int claimed = 0, won = 0;
            for (int s = 0; s < players; s++) {
                claimed += st.cards_claimed[s];
                won += st.rounds_won[s];
                CHECK_EQ_INT(st.hand_n[s], 0);
            }
            int in_rows = 0;
            for (int r = 0; r < CARDC_ROWS; r++)
                in_rows += st.row_len[r];
            /* every card dealt or turned up is either claimed or still in a row */
            CHECK_EQ_INT(claimed + in_rows, CARDC_TOTAL_CARDS - st.deck_total);
            CHECK(won <= players * st.rules.rounds); /* ties credit every top seat */
            CHECK(cardc_winners(&st) != 0);
            if (kk_test_failures != checks_before)
                break;
        }
    CHECK_EQ_INT(games, 4 * 600);
}

/* random_move is uniform over legal_moves at a few states of a seeded game. */
static void test_random_move_uniform(void)
{
    kk_rng rng;
    kk_rng_seed(&rng, 77, 3);
    struct cardc_state st;
    init_state(&st, 3, NULL);
    int tested = 0;
    while (cardc_to_move(&st) != KK_TERMINAL && tested < 6) {
        int who = cardc_to_move(&st);
        if (who >= 0 && st.phase == CARDC_PLAY) {
            kk_move moves[CARDC_MAX_MOVES];
            int n = cardc_legal_moves(&st, moves);
            if (n >= 5) {
                enum { DRAWS = 20000 };
                int hits[CARDC_MAX_MOVES] = {0};
                for (int d = 0; d < DRAWS; d++) {
                    kk_move m = cardc_random_move(&st, &rng);
                    for (int i = 0; i < n; i++)
                        if (moves[i] == m)
                            hits[i]++;
                }
                double expect = (double)DRAWS / n, sd = sqrt(expect * (1.0 - 1.0 / n));
                for (int i = 0; i < n; i++)
                    CHECK(fabs(hits[i] - expect) < 5 * sd);
                tested++;
            }
        }
        step(&st, &rng, 0);
    }
    CHECK_EQ_INT(tested, 6);
}

/* What `seat` sees of a state: the state with every hidden kind blanked (other hands and
 * their kind lists, others' face-down kinds, the supply's kinds). Counts stay. */
static void project(const struct cardc_state *in, int seat, struct cardc_state *out)
{
    memcpy(out, in, sizeof *out);
    for (int s = 0; s < in->players; s++) {
        if (s == seat)
            continue;
        memset(out->hand[s], 0, sizeof out->hand[s]);
        memset(out->hand_coloured[s], 0, sizeof out->hand_coloured[s]);
        memset(out->hand_jokers[s], 0, sizeof out->hand_jokers[s]);
        memset(out->hand_index[s], 0, sizeof out->hand_index[s]);
        out->hand_ncoloured[s] = out->hand_njokers[s] = 0;
        if (in->rules.chests != CARDC_CHESTS_OPEN) { /* the chest's size stays public */
            memset(out->buildings[s], 0, sizeof out->buildings[s]);
            out->building_jokers[s] = 0;
        }
    }
    if (in->rules.chests == CARDC_CHESTS_HIDDEN) {
        memset(out->buildings[seat], 0, sizeof out->buildings[seat]);
        out->building_jokers[seat] = 0;
    }
    for (int r = 0; r < CARDC_ROWS; r++)
        for (int i = 0; i < in->row_len[r]; i++) {
            uint8_t slot = in->row[r][i];
            if (cardc_slot_is_facedown(slot) && cardc_slot_placer(slot) != seat)
                out->row[r][i] = cardc_facedown_slot(0, cardc_slot_placer(slot));
        }
    memset(out->deck, 0, sizeof out->deck);
    memset(out->deck_group, 0, sizeof out->deck_group);
}

/* Plays a seeded random game to the first state where every other seat has a face-down
 * card in a row and cards in hand (mid round `round`). */
static int play_to_hidden(struct cardc_state *st, int players, int round, uint64_t seed)
{
    kk_rng rng;
    kk_rng_seed(&rng, seed, 1);
    init_state(st, players, NULL);
    while (cardc_to_move(st) != KK_TERMINAL) {
        if (st->phase == CARDC_PLAY && st->round == round) {
            int ok = 1;
            for (int s = 0; s < players; s++)
                ok &= st->placed_card[s] && st->hand_n[s] > 0;
            if (ok)
                return 1;
        }
        step(st, &rng, 0);
    }
    return 0;
}

static void test_sample_view(void)
{
    for (int players = 2; players <= 5; players++) {
        struct cardc_state truth, sample, a, b;
        CHECK(play_to_hidden(&truth, players, 1 + players % 3, 500 + (uint64_t)players));
        int seat = truth.current;
        kk_rng rng;
        kk_rng_seed(&rng, 99, (uint64_t)players);
        struct cardc_state seen;
        project(&truth, seat, &seen);

        /* pool of hidden cards and where they can go */
        int pool[CARDC_KINDS], pool_n = truth.deck_total;
        for (int k = 0; k < CARDC_KINDS; k++)
            pool[k] = truth.deck[k];
        int other = (seat + 1) % players, fd_row = -1, fd_pos = -1;
        for (int s = 0; s < players; s++)
            if (s != seat) {
                for (int k = 0; k < CARDC_KINDS; k++)
                    pool[k] += truth.hand[s][k];
                pool_n += truth.hand_n[s];
            }
        for (int r = 0; r < CARDC_ROWS; r++)
            for (int i = 0; i < truth.row_len[r]; i++) {
                uint8_t slot = truth.row[r][i];
                if (cardc_slot_is_facedown(slot) && cardc_slot_placer(slot) != seat) {
                    pool[cardc_slot_kind(slot)]++;
                    pool_n++;
                    if (cardc_slot_placer(slot) == other) {
                        fd_row = r;
                        fd_pos = i;
                    }
                }
            }
        CHECK(fd_row >= 0);
        /* Other seats' chests (hidden under the default chests=own) take their building
         * cards from the unseen building cards first: each building kind keeps, in
         * expectation, the share 1 - M / B of its unseen copies (M chest cards, B unseen
         * building cards), and the other places draw from what is left. */
        double keep_share = 1;
        {
            int chest_m = 0, build_unseen = 0;
            for (int s = 0; s < players; s++)
                if (s != seat) {
                    chest_m += truth.building_jokers[s];
                    pool[CARDC_BUILDING_JOKER] += truth.building_jokers[s];
                    for (int c = 0; c < CARDC_COLOURS; c++) {
                        chest_m += truth.buildings[s][c];
                        pool[cardc_kind(c, CARDC_BUILDING)] += truth.buildings[s][c];
                    }
                }
            for (int c = 0; c <= CARDC_COLOURS; c++)
                build_unseen += pool[c < CARDC_COLOURS ? cardc_kind(c, CARDC_BUILDING)
                                                       : CARDC_BUILDING_JOKER];
            if (build_unseen > 0)
                keep_share = 1 - (double)chest_m / build_unseen;
        }

        enum { SAMPLES = 6000 };
        double in_hand[CARDC_KINDS] = {0}, at_fd[CARDC_KINDS] = {0};
        int differs_hand = 0, differs_fd = 0, view_mismatch = 0;
        kk_error err;
        for (int n = 0; n < SAMPLES; n++) {
            cardc_sample_view(&truth, seat, &rng, &sample);
            if (cardc_check(&sample, &err) != 0) {
                fprintf(stderr, "sample check: %s\n", err.msg);
                CHECK(0);
                break;
            }
            struct cardc_state proj;
            project(&sample, seat, &proj);
            view_mismatch += memcmp(&proj, &seen, sizeof proj) != 0;
            differs_hand += memcmp(sample.hand[other], truth.hand[other], CARDC_KINDS) != 0;
            differs_fd += sample.row[fd_row][fd_pos] != truth.row[fd_row][fd_pos];
            for (int k = 0; k < CARDC_KINDS; k++)
                in_hand[k] += sample.hand[other][k];
            at_fd[cardc_slot_kind(sample.row[fd_row][fd_pos])] += 1;
        }
        CHECK_EQ_INT(view_mismatch, 0); /* every visible detail agrees */
        CHECK(differs_hand > SAMPLES / 2); /* hidden details vary */
        CHECK(differs_fd > SAMPLES / 2);
        /* uniform: expected count of kind k in a hand of h from the pool, and at a slot */
        for (int k = 0; k < CARDC_KINDS; k++) {
            int building = k == CARDC_BUILDING_JOKER || cardc_type(k) == CARDC_BUILDING;
            double p = (double)pool[k] * (building ? keep_share : 1) / pool_n;
            double h = truth.hand_n[other];
            double mean = in_hand[k] / SAMPLES, expect = h * p;
            CHECK(fabs(mean - expect) < 5 * sqrt(h * p * (1 - p) / SAMPLES) + 1e-9);
            double freq = at_fd[k] / SAMPLES;
            CHECK(fabs(freq - p) < 5 * sqrt(p * (1 - p) / SAMPLES) + 1e-9);
        }

        /* no leak: another truth with the same view gives byte-identical samples */
        struct cardc_state other_truth;
        kk_rng_seed(&rng, 5, 5);
        cardc_sample_view(&truth, seat, &rng, &other_truth);
        CHECK(memcmp(&other_truth, &truth, sizeof truth) != 0);
        for (uint64_t s = 0; s < 20; s++) {
            kk_rng r1, r2;
            kk_rng_seed(&r1, s, 11);
            kk_rng_seed(&r2, s, 11);
            cardc_sample_view(&truth, seat, &r1, &a);
            cardc_sample_view(&other_truth, seat, &r2, &b);
            CHECK(memcmp(&a, &b, sizeof a) == 0);
        }

        /* the observer's own cards are never resampled */
        CHECK(memcmp(sample.hand[seat], truth.hand[seat], CARDC_KINDS) == 0);

        /* a sample can be played on to the end like any state */
        kk_rng_seed(&rng, 8, 8);
        while (cardc_to_move(&sample) != KK_TERMINAL)
            step(&sample, &rng, 0);
    }
}

/* The greedy evaluation of a seat reads only what that seat knows: its rating is the same
 * on every sample of its own view; with open chests it reads only public information, so
 * any seat's rating is the same on every sample of any observer's view. */
static void test_evaluate_is_fair(void)
{
    struct cardc_state truth, sample;
    CHECK(play_to_hidden(&truth, 3, 2, 4242));
    kk_rng rng;
    kk_rng_seed(&rng, 1, 2);
    for (int n = 0; n < 300; n++) {
        int observer = n % 3, seat = n / 3 % 3;
        cardc_sample_view(&truth, seat, &rng, &sample);
        CHECK(cardc_evaluate(&sample, seat) == cardc_evaluate(&truth, seat));
        truth.rules.chests = CARDC_CHESTS_OPEN;
        cardc_sample_view(&truth, observer, &rng, &sample);
        CHECK(cardc_evaluate(&sample, seat) == cardc_evaluate(&truth, seat));
        truth.rules.chests = CARDC_CHESTS_OWN;
    }
    CHECK(cardc_evaluate(&truth, 0) >= truth.score[0]);
}

static int chest_size(const struct cardc_state *st, int s)
{
    int n = st->building_jokers[s];
    for (int c = 0; c < CARDC_COLOURS; c++)
        n += st->buildings[s][c];
    return n;
}

/* Chests (the rulebook: nobody looks under a chest during the game): with the default
 * `own`, a seat's views keep its own chest and every chest's size, redraw the other chests
 * from the unseen building cards uniformly, and do not depend on what is really there;
 * `open` keeps every chest and `hidden` redraws the seat's own too. */
static void test_chests_hidden(void)
{
    struct cardc_state truth, sample;
    int found = 0;
    for (uint64_t seed = 1; seed < 200 && !found; seed++) {
        CHECK(play_to_hidden(&truth, 2, 3, 7000 + seed));
        found = chest_size(&truth, 0) >= 2 && chest_size(&truth, 1) >= 2;
    }
    CHECK(found);
    if (!found)
        return;
    int seat = 0, other = 1;
    /* The unseen building cards, as seat 0 sees them. */
    double unseen[CARDC_COLOURS + 1] = {0}, unseen_n = 0;
    for (int c = 0; c <= CARDC_COLOURS; c++) {
        int k = c < CARDC_COLOURS ? cardc_kind(c, CARDC_BUILDING) : CARDC_BUILDING_JOKER;
        unseen[c] = truth.deck[k] + truth.hand[other][k] +
                    (c < CARDC_COLOURS ? truth.buildings[other][c] : truth.building_jokers[other]);
        for (int r = 0; r < CARDC_ROWS; r++)
            for (int i = 0; i < truth.row_len[r]; i++) {
                uint8_t slot = truth.row[r][i];
                unseen[c] += cardc_slot_is_facedown(slot) && cardc_slot_placer(slot) != seat &&
                             cardc_slot_kind(slot) == k;
            }
        unseen_n += unseen[c];
    }
    kk_rng rng;
    kk_rng_seed(&rng, 31, 7);
    enum { SAMPLES = 4000 };
    double mean[CARDC_COLOURS + 1] = {0};
    int changed = 0, m = chest_size(&truth, other);
    kk_error err;
    for (int n = 0; n < SAMPLES; n++) {
        cardc_sample_view(&truth, seat, &rng, &sample);
        CHECK(cardc_check(&sample, &err) == 0);
        CHECK_EQ_INT(chest_size(&sample, other), m);
        CHECK(memcmp(sample.buildings[seat], truth.buildings[seat], CARDC_COLOURS) == 0);
        CHECK_EQ_INT(sample.building_jokers[seat], truth.building_jokers[seat]);
        changed += memcmp(sample.buildings[other], truth.buildings[other], CARDC_COLOURS) != 0 ||
                   sample.building_jokers[other] != truth.building_jokers[other];
        for (int c = 0; c < CARDC_COLOURS; c++)
            mean[c] += sample.buildings[other][c];
        mean[CARDC_COLOURS] += sample.building_jokers[other];
    }
    CHECK(changed > SAMPLES / 4);
    for (int c = 0; c <= CARDC_COLOURS; c++) {
        double p = unseen[c] / unseen_n, got = mean[c] / SAMPLES;
        CHECK(fabs(got - m * p) < 5 * sqrt(m * p * (1 - p) / SAMPLES) + 1e-9);
    }
    truth.rules.chests = CARDC_CHESTS_OPEN;
    cardc_sample_view(&truth, seat, &rng, &sample);
    CHECK(memcmp(sample.buildings, truth.buildings, sizeof truth.buildings) == 0);
    truth.rules.chests = CARDC_CHESTS_HIDDEN;
    int own_changed = 0;
    for (int n = 0; n < 200; n++) {
        cardc_sample_view(&truth, seat, &rng, &sample);
        own_changed += memcmp(sample.buildings[seat], truth.buildings[seat], CARDC_COLOURS) != 0;
        CHECK_EQ_INT(chest_size(&sample, seat), chest_size(&truth, seat));
    }
    CHECK(own_changed > 0);
}

/* Records hold the full truth: a random game written with the record writers replays to
 * the identical final state, for every player count. */
static void test_record_round_trip(void)
{
    for (int players = 2; players <= 5; players++) {
        struct cardc_state st, replayed;
        init_state(&st, players, players == 3 ? "mismatch_decision=owner" : NULL);
        struct kk_variant v;
        kk_error err;
        CHECK(kk_variant_defaults(G, &v, &err) == 0);
        struct kk_buf out = {0};
        kk_record_write_header(&out, G, players, &v, "cardc round trip");
        kk_rng rng;
        kk_rng_seed(&rng, 31, (uint64_t)players);
        while (cardc_to_move(&st) != KK_TERMINAL) {
            int who = cardc_to_move(&st);
            kk_move m = who == KK_CHANCE ? cardc_sample_chance(&st, &rng)
                                         : cardc_random_move(&st, &rng);
            kk_record_write_event(&out, G, &st, m);
            cardc_apply(&st, m);
        }
        kk_record_write_result(&out, G, &st);
        const struct kk_game *g;
        int line = 0;
        int rc = kk_test_replay_text(kk_buf_str(&out), &g, &replayed, &line, &err);
        if (rc != 0)
            fprintf(stderr, "round trip, %d players: line %d: %s\n", players, line, err.msg);
        CHECK_EQ_INT(rc, 0);
        CHECK(memcmp(&replayed, &st, sizeof st) == 0);
        kk_buf_free(&out);
    }
}

int main(void)
{
    test_random_games();
    test_random_move_uniform();
    test_sample_view();
    test_evaluate_is_fair();
    test_chests_hidden();
    test_record_round_trip();
    return kk_test_done("cardc_props");
}
