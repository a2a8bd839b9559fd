/* Temple of Doom: invariants over random games for every player count 1-6 and several
 * variants: the check hook (cards, tiles and archaeologists conserved) after every event,
 * notation round trips for every legal move and chance outcome, chance probabilities, the
 * end (result, winners, statistics), and sample_view with closed hands (own hand and every
 * public field kept, hand sizes kept, nothing invented). */
#include <math.h>
#include <string.h>

#include "engine/box/layout.h"
#include "engine/temple_of_doom/temple_of_doom.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_temple_of_doom;
static kk_move moves[GB_LAYOUTS];
static double probs[GB_LAYOUTS];

/* A closed-hand view: public fields equal, own hand equal, others' hand sizes equal, and the
 * unseen cards (deck and other hands) the same set. */
static void check_view(const struct td_state *s, int seat, kk_rng *rng)
{
    struct td_state v;
    g->sample_view(s, seat, rng, &v);
    kk_error err;
    CHECK_EQ_INT(g->check(&v, &err), 0);
    uint32_t unseen_s = s->move_deck, unseen_v = v.move_deck;
    for (int p = 0; p < s->players; p++) {
        CHECK_EQ_INT(__builtin_popcount(v.hand[p]), __builtin_popcount(s->hand[p]));
        if (p == seat)
            CHECK(v.hand[p] == s->hand[p]);
        else
            unseen_s |= s->hand[p], unseen_v |= v.hand[p];
    }
    CHECK(unseen_s == unseen_v);
    struct td_state a = *s, b = v;
    memset(a.hand, 0, sizeof a.hand);
    memset(b.hand, 0, sizeof b.hand);
    a.move_deck = b.move_deck = 0;
    CHECK(memcmp(&a, &b, sizeof a) == 0);
}

static int play_game(const char *setting, int players, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    struct td_state s;
    kk_variant_defaults(g, &v, &err);
    char buf[128];
    snprintf(buf, sizeof buf, "%s", setting ? setting : "");
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        CHECK_EQ_INT(kk_variant_set(g, &v, tok, &err), 0);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, players, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 5);
    int events = 0;
    for (;;) {
        if (g->check(&s, &err) != 0) {
            fprintf(stderr, "check failed (%s, %d players, seed %llu, event %d): %s\n",
                    setting ? setting : "default", players, (unsigned long long)seed, events,
                    err.msg);
            CHECK(0);
            return events;
        }
        int who = g->to_move(&s);
        if (who == KK_TERMINAL)
            break;
        kk_move m;
        if (who == KK_CHANCE) {
            int n = g->chance_outcomes(&s, moves, probs);
            double sum = 0;
            for (int i = 0; i < n; i++)
                sum += probs[i];
            CHECK(fabs(sum - 1.0) < 1e-9);
            m = g->sample_chance(&s, &rng);
            int found = 0;
            for (int i = 0; i < n; i++) {
                found += moves[i] == m;
                if (n <= TD_DECK)
                    kk_test_roundtrip(g, &s, moves[i]);
            }
            CHECK_EQ_INT(found, 1);
            if (n > TD_DECK)
                kk_test_roundtrip(g, &s, m);
        } else {
            CHECK(who >= 0 && who < players);
            int n = g->legal_moves(&s, moves);
            CHECK(n >= 1 && n <= g->max_moves);
            for (int i = 0; i < n; i++) {
                kk_test_roundtrip(g, &s, moves[i]);
                for (int j = 0; j < i; j++)
                    CHECK(moves[i] != moves[j]);
            }
            if (!s.open_hands && events % 7 == 0)
                check_view(&s, who, &rng);
            m = moves[kk_rng_below(&rng, (uint32_t)n)];
        }
        g->apply(&s, m);
        events++;
    }
    int32_t sc[TD_MAX_SEATS];
    g->scores(&s, sc);
    double st[TD_NUM_STATS];
    g->get_stats(&s, st);
    int r = td_result(&s);
    CHECK(r >= -18 && r <= 8);
    CHECK_EQ_INT(g->result(&s), r);
    for (int p = 0; p < players; p++)
        CHECK_EQ_INT(sc[p], r);
    CHECK_EQ_INT(g->winners(&s), r >= 1 ? (1u << players) - 1 : 0u);
    CHECK_EQ_INT(st[TD_ST_ESCAPED], td_escaped(&s));
    CHECK_EQ_INT(st[TD_ST_RELICS], td_relics_won(&s));
    CHECK_EQ_INT(st[TD_ST_ESCAPED] + st[TD_ST_DEAD] + td_in_play(&s), TD_ARCHS);
    CHECK(st[TD_ST_ROUNDS] >= 1 && st[TD_ST_ROUNDS] <= s.max_rounds);
    /* Why it ended: nobody in play, no tile left, or the cap. */
    CHECK(td_in_play(&s) == 0 || st[TD_ST_TILES_LEFT] == 0 || st[TD_ST_CAPPED] == 1);
    CHECK_EQ_INT(g->evaluate(&s, 0), r);
    return events;
}

int main(void)
{
    static const char *const settings[] = {
        NULL, "layout_seed=-1", "easy=1", "first_seat=rotate forced_points=1", "open_hands=0",
        "relic_penalty=visible", "keep_unmatched=1", "layout_seed=5 hand_solo=5",
        "max_rounds=3", "keep_unmatched=1 forced_points=1 easy=1 open_hands=0",
    };
    const int kinds = (int)(sizeof settings / sizeof settings[0]);
    int games = 0;
    long events = 0;
    for (int players = 1; players <= TD_MAX_SEATS; players++)
        for (int i = 0; i < 30; i++) {
            events += play_game(settings[i % kinds], players, (uint64_t)(1000 * players + i));
            games++;
        }
    printf("  %d random games, %ld events\n", games, events);
    return kk_test_done("temple_of_doom_random");
}
