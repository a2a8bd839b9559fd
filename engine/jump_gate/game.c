/* The turn machine of Jump Gate and its kk_game table.
 * A turn is a chance node (the die), the ship's forced arrival (a gate jumps it to the next
 * gate of that symbol; a planet with the mover's crate collects it and ends the turn), then,
 * when the arrival allows it and the hand is not empty, one decision: decline, or play one
 * card forward or backward and arrive once more. With layout_seed=-1 the game begins with
 * one more chance node that draws the layout number. */
#include <stdio.h>
#include <string.h>

#include "../box/box.h"
#include "../box/layout.h"
#include "jump_gate.h"

static const char *const reuse_choices[] = {"none", "refresh", NULL};

enum { P_LAYOUT_SEED, P_CORNER_CARD, P_CARD_REUSE, P_CORNER_CRATES, P_CRATES, P_MAX_TURNS,
       NUM_PARAMS };

static const struct kk_param jg_params[NUM_PARAMS] = {
    {"layout_seed", KK_PARAM_INT, "0", -1, 1000000, NULL, 0, 0,
     "0: the fixed track; N >= 1: generated track N; -1: N drawn from 1..1000 as the first chance event"},
    {"corner_card", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
     "1: landing on a corner allows a card as an empty planet does; 0: it ends the turn"},
    {"card_reuse", KK_PARAM_CHOICE, "none", 0, 0, reuse_choices, 0, 0,
     "none: played cards are out of the game; refresh: after playing all 9, take them all back"},
    {"corner_crates", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: corners are planets with crates too (20 per seat; 2-3 players only)"},
    {"crates", KK_PARAM_INT, "auto", 1, JG_MAX_CRATES, NULL, 0, 0,
     "crates per seat, on the first N crate places clockwise from 0 (auto: 16, or 20 with corner_crates=1)"},
    {"max_turns", KK_PARAM_INT, "600", 1, 100000, NULL, 0, 0,
     "turns in total after which the seats with most crates share the win"},
};

static const struct kk_stat_desc jg_stats[JG_NUM_STATS] = {
    {"turns", 0, "turns played in total"},
    {"stopped_by_max_turns", 0, "1 if the game ended at max_turns"},
    {"gate_jumps", 0, "jumps through gates (after rolls and after cards)"},
    {"crates_on_roll", 0, "crates collected by the die roll itself"},
    {"crates_by_card", 0, "crates collected by a card move"},
    {"cards_played", 0, "cards played"},
    {"cards_declined", 0, "card decisions answered with no card"},
    {"hand_refreshes", 0, "hands taken back after playing all 9 (card_reuse=refresh)"},
};

static const uint8_t full_hand[JG_VALUES + 1] = {0, 3, 2, 1, 1, 1, 1};

int jg_collected(const struct jg_state *s, int seat)
{
    return s->crates - __builtin_popcountll(s->crates_left[seat]);
}

int jg_hand_size(const struct jg_state *s, int seat)
{
    int n = 0;
    for (int v = 1; v <= JG_VALUES; v++)
        n += s->hand[seat][v];
    return n;
}

/* Builds the track and its derived tables, and lays out the crates. */
static void setup_track(struct jg_state *s, int layout)
{
    s->layout = layout;
    jg_build_layout(layout, s->track);
    s->planets = 0;
    for (int p = 0; p < JG_TRACK; p++) {
        int cell = s->track[p];
        if (cell == JG_PLANET || (cell == JG_CORNER && s->corner_crates))
            s->planets |= 1ULL << p;
        s->jump[p] = (uint8_t)p;
        if (cell < GB_SYMBOLS)
            for (int d = 1; d < JG_TRACK; d++)
                if (s->track[(p + d) % JG_TRACK] == cell) {
                    s->jump[p] = (uint8_t)((p + d) % JG_TRACK);
                    break;
                }
    }
    /* The first `crates` planets clockwise from position 0 inclusive. */
    s->crate_spots = 0;
    int placed = 0;
    for (int p = 0; p < JG_TRACK && placed < s->crates; p++)
        if (s->planets >> p & 1u) {
            s->crate_spots |= 1ULL << p;
            placed++;
        }
    for (int seat = 0; seat < s->players; seat++)
        s->crates_left[seat] = s->crate_spots;
}

static int jg_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct jg_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 2;
    if (players < 2 || players > JG_MAX_SEATS)
        return kk_fail(err, "jump-gate is for 2 to 4 players, not %d", players);
    s->players = (uint8_t)players;
    int seed = v->value[P_LAYOUT_SEED][0];
    s->corner_card = (uint8_t)v->value[P_CORNER_CARD][0];
    s->card_reuse = (uint8_t)v->value[P_CARD_REUSE][0];
    s->corner_crates = (uint8_t)v->value[P_CORNER_CRATES][0];
    s->max_turns = v->value[P_MAX_TURNS][0];
    if (s->corner_crates && players > 3)
        return kk_fail(err, "corner_crates=1 is for 2-3 players (4 x 21 cubes exceed the box)");
    int most = s->corner_crates ? JG_MAX_CRATES : 16;
    int crates = v->value[P_CRATES][0];
    if (crates == KK_AUTO)
        crates = most;
    if (crates > most)
        return kk_fail(err, "crates=%d: at most 16 (20 with corner_crates=1)", crates);
    s->crates = (uint8_t)crates;
    /* Ships start on corners: 2 players 0 and 18, else 0, 9, 18, (27). */
    for (int p = 0; p < players; p++) {
        s->pos[p] = (uint8_t)(players == 2 ? 18 * p : JG_SIDE * p);
        memcpy(s->hand[p], full_hand, sizeof full_hand);
    }
    s->seat = 0;
    s->layout_seed = seed;
    if (seed < 0) {
        s->phase = JG_PHASE_LAYOUT;
        return 0;
    }
    setup_track(s, seed);
    s->phase = JG_PHASE_ROLL;
    return 0;
}

static int jg_players(const void *state)
{
    return ((const struct jg_state *)state)->players;
}

static int jg_to_move(const void *state)
{
    const struct jg_state *s = state;
    switch (s->phase) {
    case JG_PHASE_LAYOUT:
    case JG_PHASE_ROLL: return KK_CHANCE;
    case JG_PHASE_CARD: return s->seat;
    default: return KK_TERMINAL;
    }
}

static int jg_legal_moves(const void *state, kk_move *out)
{
    const struct jg_state *s = state;
    int n = 0;
    out[n++] = JG_PASS;
    for (int v = 1; v <= JG_VALUES; v++)
        if (s->hand[s->seat][v]) {
            out[n++] = jg_card_move(v, 0);
            out[n++] = jg_card_move(v, 1);
        }
    return n;
}

static kk_move jg_random_move(const void *state, kk_rng *rng)
{
    const struct jg_state *s = state;
    int values[JG_VALUES], k = 0;
    for (int v = 1; v <= JG_VALUES; v++)
        if (s->hand[s->seat][v])
            values[k++] = v;
    uint32_t r = kk_rng_below(rng, (uint32_t)(1 + 2 * k));
    if (r == 0)
        return JG_PASS;
    r--;
    return jg_card_move(values[r / 2], (int)(r & 1u));
}

/* Ends the turn of s->seat: the win, the cap, or the next seat's roll. */
static void end_turn(struct jg_state *s)
{
    s->turns++;
    s->stat[JG_ST_TURNS]++;
    if (s->crates_left[s->seat] == 0) {
        s->winners = (uint8_t)(1u << s->seat);
        s->phase = JG_PHASE_OVER;
        return;
    }
    if (s->turns >= s->max_turns) {
        int32_t sc[JG_MAX_SEATS];
        for (int p = 0; p < s->players; p++)
            sc[p] = jg_collected(s, p);
        s->winners = (uint8_t)kk_top_scores(sc, s->players);
        s->stat[JG_ST_CAPPED] = 1;
        s->phase = JG_PHASE_OVER;
        return;
    }
    s->seat = (uint8_t)((s->seat + 1) % s->players);
    s->phase = JG_PHASE_ROLL;
}

/* Takes the mover's crate at position p if there is one; returns 1 if it did. */
static int collect(struct jg_state *s, int p)
{
    uint64_t bit = 1ULL << p;
    if (!(s->crates_left[s->seat] & bit))
        return 0;
    s->crates_left[s->seat] &= ~bit;
    return 1;
}

static void apply_roll(struct jg_state *s, int die)
{
    int p = jg_step(s->pos[s->seat], die);
    int may_card;
    if (s->track[p] < GB_SYMBOLS) {
        p = s->jump[p];
        s->stat[JG_ST_GATE_JUMPS]++;
        may_card = 1;
    } else if (s->planets >> p & 1u) {
        s->pos[s->seat] = (uint8_t)p;
        if (collect(s, p)) {
            s->stat[JG_ST_CRATES_ON_ROLL]++;
            end_turn(s);
            return;
        }
        may_card = 1;
    } else {
        may_card = s->corner_card; /* a corner that is not a planet */
    }
    s->pos[s->seat] = (uint8_t)p;
    if (may_card && jg_hand_size(s, s->seat) > 0)
        s->phase = JG_PHASE_CARD;
    else
        end_turn(s);
}

static void apply_card(struct jg_state *s, kk_move m)
{
    if (m == JG_PASS) {
        s->stat[JG_ST_CARDS_DECLINED]++;
        end_turn(s);
        return;
    }
    int v = jg_move_value(m), seat = s->seat;
    s->hand[seat][v]--;
    s->spent[seat]++;
    s->stat[JG_ST_CARDS_PLAYED]++;
    if (s->card_reuse && s->spent[seat] == JG_HAND) {
        memcpy(s->hand[seat], full_hand, sizeof full_hand);
        s->spent[seat] = 0;
        s->stat[JG_ST_REFRESHES]++;
    }
    int p = jg_step(s->pos[seat], jg_move_backward(m) ? -v : v);
    if (s->track[p] < GB_SYMBOLS) {
        p = s->jump[p];
        s->stat[JG_ST_GATE_JUMPS]++;
    } else if ((s->planets >> p & 1u) && collect(s, p)) {
        s->stat[JG_ST_CRATES_BY_CARD]++;
    }
    s->pos[seat] = (uint8_t)p;
    end_turn(s);
}

static void jg_apply(void *state, kk_move move)
{
    struct jg_state *s = state;
    switch (s->phase) {
    case JG_PHASE_LAYOUT:
        setup_track(s, (int)move);
        s->phase = JG_PHASE_ROLL;
        break;
    case JG_PHASE_ROLL: apply_roll(s, (int)move); break;
    case JG_PHASE_CARD: apply_card(s, move); break;
    default: break;
    }
}

static int jg_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct jg_state *s = state;
    int n = s->phase == JG_PHASE_LAYOUT ? GB_LAYOUTS : 6;
    for (int i = 0; i < n; i++) {
        out[i] = i + 1;
        prob[i] = 1.0 / n;
    }
    return n;
}

static kk_move jg_sample_chance(const void *state, kk_rng *rng)
{
    const struct jg_state *s = state;
    uint32_t n = s->phase == JG_PHASE_LAYOUT ? GB_LAYOUTS : 6;
    return (kk_move)kk_rng_below(rng, n) + 1;
}

static void jg_scores(const void *state, int32_t *out)
{
    const struct jg_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = jg_collected(s, p);
}

static uint32_t jg_winners(const void *state)
{
    return ((const struct jg_state *)state)->winners;
}

static void jg_get_stats(const void *state, double *out)
{
    const struct jg_state *s = state;
    for (int i = 0; i < JG_NUM_STATS; i++)
        out[i] = s->stat[i];
}

/* Replay JSON extras: turns, the layout in use and its track, where the ships are and how
 * many cards each seat still holds (what a reader of a record wants to check). */
static int jg_extra_json(const void *state, char *buf, size_t size)
{
    const struct jg_state *s = state;
    char track[JG_TRACK + 1] = "", pos[4 * JG_MAX_SEATS + 1] = "", hands[4 * JG_MAX_SEATS + 1] = "";
    if (s->phase != JG_PHASE_LAYOUT)
        jg_layout_text(s->track, track);
    int np = 0, nh = 0;
    for (int p = 0; p < s->players; p++) {
        np += snprintf(pos + np, sizeof pos - (size_t)np, "%s%d", p ? "," : "", s->pos[p]);
        nh += snprintf(hands + nh, sizeof hands - (size_t)nh, "%s%d", p ? "," : "",
                       jg_hand_size(s, p));
    }
    return snprintf(buf, size, ",\"turns\":%d,\"layout\":%d,\"track\":\"%s\",\"positions\":[%s],"
                    "\"hands\":[%s]", (int)s->turns, (int)s->layout, track, pos, hands);
}

const struct kk_game kk_game_jump_gate = {
    .name = "jump-gate",
    .title = "Jump Gate",
    .min_players = 2,
    .max_players = JG_MAX_SEATS,
    .default_players = 2,
    .state_size = sizeof(struct jg_state),
    .max_moves = GB_LAYOUTS, /* the layout draw; a card decision has at most 13 moves */
    .score_scale = 16,
    .cooperative = 0,
    .params = jg_params,
    .num_params = NUM_PARAMS,
    .stats = jg_stats,
    .num_stats = JG_NUM_STATS,
    .init = jg_init,
    .players = jg_players,
    .to_move = jg_to_move,
    .legal_moves = jg_legal_moves,
    .apply = jg_apply,
    .chance_outcomes = jg_chance_outcomes,
    .sample_chance = jg_sample_chance,
    .scores = jg_scores,
    .winners = jg_winners,
    .move_to_text = jg_move_to_text,
    .move_from_text = jg_move_from_text,
    .get_stats = jg_get_stats,
    .evaluate = jg_evaluate,
    .random_move = jg_random_move,
    .check = jg_check,
    .draw = jg_draw,
    .svg = jg_svg,
    .extra_json = jg_extra_json,
    .agent_defaults = "rollout=greedy,depth=20,epsilon=0",
};
