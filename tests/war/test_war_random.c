/* War 2.0: random games for 2, 3 and 4 players under every parameter, with check() after
 * every event. Also checked at every node: legal moves are distinct and within max_moves;
 * each move's text on its own parses back to it, and its record-line part reads back to it
 * through line_read (an implied part from the text of the parts after it); a battle is a
 * simultaneous round {attacker, defender} committed attacker first; a view hides only the
 * attacker's pending card (redrawn from its hand) and nothing from the attacker; the game
 * ends within a bounded number of turns. Every game is written as a record and replayed to
 * the same scores. */
#include <string.h>

#include "engine/box/box.h"
#include "engine/war/war.h"
#include "../testlib.h"

static const struct kk_game *G = &kk_game_war;

static void check_view(const struct war_state *s, kk_rng *rng)
{
    kk_error err;
    for (int seat = 0; seat < s->players; seat++) {
        struct war_state v;
        G->sample_view(s, seat, rng, &v);
        if (G->check(&v, &err) != 0) {
            fprintf(stderr, "view of seat %d: %s\n", seat, err.msg);
            CHECK(0);
        }
        struct war_state a = *s, b = v;
        /* Outside the attacker's pending card everything is common knowledge. */
        if (s->phase == WAR_PH_DEFEND) {
            int t = s->turn_seat;
            CHECK_EQ_INT(a.hand[t] | (1u << a.att_card), b.hand[t] | (1u << b.att_card));
            if (seat == t)
                CHECK_EQ_INT(a.att_card, b.att_card);
            a.att_card = b.att_card = 0;
            a.hand[t] = b.hand[t] = 0;
        }
        CHECK(memcmp(&a, &b, sizeof a) == 0);
    }
    /* The defender's views really redraw the attacker's card when it had a choice (32
     * draws among two or more cards all equal to the true one: odds below 2^-32). */
    if (s->phase == WAR_PH_DEFEND && s->hand[s->turn_seat]) {
        int differs = 0;
        for (int i = 0; i < 32; i++) {
            struct war_state v;
            G->sample_view(s, s->defender, rng, &v);
            differs |= v.att_card != s->att_card;
        }
        CHECK(differs);
    }
}

/* The record-line part of m reads back to m; an implied part is read from the text the
 * line would go on with (the attacker's card part after a declaration, or the line's end). */
static void check_line(const struct war_state *s, kk_move m, kk_rng *rng)
{
    char part[64], text[128];
    int more = 0;
    kk_move back = -1;
    kk_error err;
    int n = G->line_text(s, m, part, sizeof part, &more);
    if (n > 0) {
        snprintf(text, sizeof text, "%s", part);
    } else if (s->phase == WAR_PH_ACTION) {
        /* a declaration: spelt by the card part that follows it */
        struct war_state next = *s;
        G->apply(&next, m);
        kk_move cards[WAR_MAX_MOVES];
        int k = G->legal_moves(&next, cards);
        G->line_text(&next, cards[kk_rng_bounded(rng, (uint32_t)k)], text, sizeof text, &more);
    } else {
        text[0] = '\0';
    }
    int used = G->line_read(s, text, &back, &err);
    if (back != m || used != n)
        fprintf(stderr, "line part '%s' of %d read as %d (used %d)\n", text, (int)m, (int)back,
                used);
    CHECK_EQ_INT(back, m);
    CHECK_EQ_INT(used, n);
}

static void play(int players, const char *const *sets, int nsets, int games, uint64_t seed)
{
    kk_rng rng;
    kk_rng_seed(&rng, seed, (uint64_t)players);
    static kk_move moves[1024];
    kk_error err;
    struct kk_variant v;
    kk_test_variant(G, &v, sets, nsets);
    for (int game = 0; game < games; game++) {
        struct war_state s;
        CHECK_EQ_INT(kk_game_init(G, &s, &v, players, &err), 0);
        struct kk_buf rec = {0};
        kk_record_write_header(&rec, G, players, &v, NULL);
        int events = 0;
        while (G->to_move(&s) != KK_TERMINAL && events < 20000) {
            int who = G->to_move(&s);
            kk_move m;
            if (who == KK_CHANCE) {
                m = G->sample_chance(&s, &rng);
            } else {
                uint32_t pending = kk_sim_pending(G, &s);
                if (s.phase == WAR_PH_ATTACK) {
                    CHECK_EQ_INT(pending, (1u << s.turn_seat) | (1u << s.defender));
                    CHECK_EQ_INT(who, s.turn_seat);
                } else if (s.phase == WAR_PH_DEFEND) {
                    CHECK_EQ_INT(pending, 1u << s.defender);
                    CHECK_EQ_INT(who, s.defender);
                } else {
                    CHECK_EQ_INT(pending, 0);
                }
                int n = G->legal_moves(&s, moves);
                CHECK(n >= 1 && n <= WAR_MAX_MOVES && n <= G->max_moves);
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < i; j++)
                        CHECK(moves[i] != moves[j]);
                for (int i = 0; i < n; i += 1 + n / 5) {
                    kk_test_roundtrip(G, &s, moves[i]);
                    check_line(&s, moves[i], &rng);
                }
                if (events % 7 == 0 || s.phase == WAR_PH_DEFEND)
                    check_view(&s, &rng);
                m = moves[kk_rng_bounded(&rng, (uint32_t)n)];
            }
            kk_record_write_event(&rec, G, &s, m);
            uint32_t before = kk_sim_pending(G, &s);
            int was_defend = s.phase == WAR_PH_DEFEND;
            G->apply(&s, m);
            if (was_defend)
                CHECK(kk_sim_revealed(before, kk_sim_pending(G, &s)));
            else if (before)
                CHECK(!kk_sim_revealed(before, kk_sim_pending(G, &s)));
            if (G->check(&s, &err) != 0) {
                fprintf(stderr, "%dp game %d event %d: %s\n", players, game, events, err.msg);
                CHECK(0);
                break;
            }
            events++;
        }
        CHECK_EQ_INT(G->to_move(&s), KK_TERMINAL);
        /* Every seat adds its 6 within 22 card plays; one round of final turns follows. */
        CHECK(s.turns <= 30 * players);
        CHECK(s.ending == 2 && s.final_left == 0);
        kk_record_write_result(&rec, G, &s);
        /* The record replays to the same scores (the result line is checked). */
        struct kk_record r;
        struct war_state back;
        int line = 0;
        if (kk_record_parse(kk_buf_str(&rec), &r, &err) != 0) {
            fprintf(stderr, "parse: %s\n", err.msg);
            CHECK(0);
        } else {
            if (kk_record_replay(&r, &back, &line, &err) != 0) {
                fprintf(stderr, "%dp game %d replay line %d: %s\n", players, game, line, err.msg);
                CHECK(0);
            } else {
                CHECK(memcmp(&back, &s, sizeof s) == 0);
            }
            kk_record_free(&r);
        }
        kk_buf_free(&rec);
    }
}

int main(void)
{
    static const char *const variants[][3] = {
        {"layout_seed=0", NULL, NULL},
        {"layout_seed=-1", "grid=square", NULL},
        {"layout_seed=7", "start_tiles=any", "must_use_all=1"},
        {"chain_moves=0", "defender_bonus=0", "advance_leave_one=0"},
        {"attack_ends_turn=1", "units=10", NULL},
    };
    for (int p = 2; p <= 4; p++)
        for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
            int nsets = variants[k][2] ? 3 : variants[k][1] ? 2 : 1;
            play(p, variants[k], nsets, 5, 100 + k);
        }
    static const char *const colours[] = {"card_colours=k,b,g"};
    play(3, colours, 1, 2, 9);
    return kk_test_done("test_war_random");
}
