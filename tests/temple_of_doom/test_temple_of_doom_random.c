/* Temple of Doom: invariants over random games for every player count 1-6 and several
 * variants: the check hook (cards, tiles and archaeologists conserved) after every event,
 * notation round trips for every legal move and chance outcome, chance probabilities, the
 * end (result, winners, statistics), and sample_view with closed hands (own hand and every
 * public field kept, hand sizes kept, nothing invented). */
#include <string.h>

#include "engine/box/layout.h"
#include "engine/temple_of_doom/temple_of_doom.h"
#include "../testlib.h"

static const struct kk_game *g = &kk_game_temple_of_doom;

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

/* Temple of Doom's decisions: by a seat in the game; with closed hands, every 7th event a
 * view of the mover's is checked. */
static void td_decision(void *ctx, const void *state, int who, const kk_move *ms, int n,
                        int event, kk_rng *rng)
{
    (void)ctx, (void)ms, (void)n;
    const struct td_state *s = state;
    CHECK(who >= 0 && who < s->players);
    if (!s->open_hands && event % 7 == 0)
        check_view(s, who, rng);
}

static int play_game(const char *setting, int players, uint64_t seed)
{
    struct kk_variant v;
    kk_error err;
    struct td_state s;
    kk_test_variant_line(g, &v, setting);
    CHECK_EQ_INT(kk_game_init(g, &s, &v, players, &err), 0);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 5);
    char label[128];
    snprintf(label, sizeof label, "%s, %d players, seed %llu", setting ? setting : "default",
             players, (unsigned long long)seed);
    struct kk_test_walk walk = {.label = label, .chance_texts = TD_DECK,
                                .decision = td_decision};
    int events = kk_test_walk(g, &s, &rng, &walk);
    if (events < 0)
        return 0;
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
