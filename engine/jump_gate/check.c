/* Jump Gate's consistency check (Debug builds and tests): the track is the layout it
 * claims to be and has the shape the rules demand, every crate and card of every seat is
 * accounted for, and the phase agrees with where the mover stands. */
#include <string.h>

#include "../box/box.h"
#include "jump_gate.h"

static const uint8_t full_hand[JG_VALUES + 1] = {0, 3, 2, 1, 1, 1, 1};

static int check_track(const struct jg_state *s, kk_error *err)
{
    uint8_t want[JG_TRACK];
    jg_build_layout(s->layout, want);
    if (memcmp(want, s->track, JG_TRACK))
        return kk_fail(err, "the track is not layout %d", (int)s->layout);
    int per_symbol[GB_SYMBOLS] = {0};
    for (int k = 0; k < 4; k++) {
        int gates = 0;
        for (int o = 1; o < JG_SIDE; o++) {
            int cell = s->track[JG_SIDE * k + o];
            gates += cell < GB_SYMBOLS;
            if (cell < GB_SYMBOLS)
                per_symbol[cell]++;
        }
        if (gates != 4 || s->track[JG_SIDE * k] != JG_CORNER)
            return kk_fail(err, "side %d has %d gates (want 4) or no corner", k, gates);
    }
    int four = 0, two = 0;
    for (int y = 0; y < GB_SYMBOLS; y++) {
        four += per_symbol[y] == 4;
        two += per_symbol[y] == 2;
    }
    if (four != 2 || two != 4)
        return kk_fail(err, "gate symbols are not two of 4 gates and four of 2");
    for (int p = 0; p < JG_TRACK; p++) {
        int cell = s->track[p];
        if (cell >= GB_SYMBOLS) {
            if (s->jump[p] != p)
                return kk_fail(err, "non-gate %d jumps", p);
            continue;
        }
        int d = (s->jump[p] - p + JG_TRACK) % JG_TRACK;
        if (d == 0 || s->track[s->jump[p]] != cell)
            return kk_fail(err, "gate %d jumps to %d, not a gate of its symbol", p, s->jump[p]);
        for (int e = 1; e < d; e++)
            if (s->track[(p + e) % JG_TRACK] == cell)
                return kk_fail(err, "gate %d skips the gate at %d", p, (p + e) % JG_TRACK);
        int is_planet = cell == JG_PLANET || (cell == JG_CORNER && s->corner_crates);
        if (is_planet != (int)(s->planets >> p & 1u))
            return kk_fail(err, "planet set wrong at %d", p);
    }
    if (__builtin_popcountll(s->crate_spots) != s->crates || (s->crate_spots & ~s->planets))
        return kk_fail(err, "%d crate places for %d crates, or one off a planet",
                       __builtin_popcountll(s->crate_spots), s->crates);
    return 0;
}

int jg_check(const void *state, kk_error *err)
{
    const struct jg_state *s = state;
    if (s->players < 2 || s->players > JG_MAX_SEATS || s->seat >= s->players)
        return kk_fail(err, "bad seat %d of %d players", s->seat, s->players);
    if (s->phase > JG_PHASE_OVER)
        return kk_fail(err, "bad phase %d", s->phase);
    if (s->phase == JG_PHASE_LAYOUT)
        return s->turns == 0 && s->layout_seed < 0 ? 0 : kk_fail(err, "layout draw mid-game");
    if (s->layout_seed >= 0 && s->layout != s->layout_seed)
        return kk_fail(err, "layout %d under layout_seed=%d", (int)s->layout, (int)s->layout_seed);
    if (check_track(s, err))
        return -1;
    /* Crates: each collected one was counted once, by the roll or by a card. */
    int collected = 0;
    for (int p = 0; p < s->players; p++) {
        if (s->crates_left[p] & ~s->crate_spots)
            return kk_fail(err, "seat %d has a crate off its places", p);
        collected += jg_collected(s, p);
    }
    if (collected != s->stat[JG_ST_CRATES_ON_ROLL] + s->stat[JG_ST_CRATES_BY_CARD])
        return kk_fail(err, "%d crates collected, %d counted", collected,
                       s->stat[JG_ST_CRATES_ON_ROLL] + s->stat[JG_ST_CRATES_BY_CARD]);
    /* Cards: a seat's hand plus the cards it played since it was last full make 9. */
    int spent = 0;
    for (int p = 0; p < s->players; p++) {
        for (int v = 1; v <= JG_VALUES; v++)
            if (s->hand[p][v] > full_hand[v])
                return kk_fail(err, "seat %d holds %d cards of value %d", p, s->hand[p][v], v);
        if (jg_hand_size(s, p) + s->spent[p] != JG_HAND)
            return kk_fail(err, "seat %d: %d cards in hand, %d played", p, jg_hand_size(s, p),
                           s->spent[p]);
        spent += s->spent[p];
        if (s->pos[p] >= JG_TRACK)
            return kk_fail(err, "seat %d at position %d", p, s->pos[p]);
    }
    if (spent != s->stat[JG_ST_CARDS_PLAYED] - JG_HAND * s->stat[JG_ST_REFRESHES])
        return kk_fail(err, "%d cards out of hands, %d played", spent,
                       s->stat[JG_ST_CARDS_PLAYED] - JG_HAND * s->stat[JG_ST_REFRESHES]);
    if (s->turns < 0 || s->turns > s->max_turns || s->turns != s->stat[JG_ST_TURNS])
        return kk_fail(err, "%d turns (max %d)", s->turns, s->max_turns);
    if (s->phase == JG_PHASE_CARD) {
        if (jg_hand_size(s, s->seat) == 0)
            return kk_fail(err, "a card decision with an empty hand");
        if (s->crates_left[s->seat] >> s->pos[s->seat] & 1u)
            return kk_fail(err, "the mover stands on its own crate at a card decision");
        int cell = s->track[s->pos[s->seat]];
        if (cell == JG_CORNER && !s->corner_card && !(s->planets >> s->pos[s->seat] & 1u))
            return kk_fail(err, "a card decision on a corner with corner_card=0");
    }
    if (s->phase == JG_PHASE_OVER) {
        if (!s->winners || s->winners >> s->players)
            return kk_fail(err, "game over with winners mask %#x", s->winners);
        if (!s->stat[JG_ST_CAPPED] &&
            (s->winners & (s->winners - 1) || s->crates_left[__builtin_ctz(s->winners)]))
            return kk_fail(err, "a winner before the cap still has crates to collect");
    } else {
        for (int p = 0; p < s->players; p++)
            if (!s->crates_left[p])
                return kk_fail(err, "seat %d has collected every crate, game not over", p);
    }
    return 0;
}
