/* Temple of Doom's consistency check (Debug builds and tests): the temple is the layout it
 * claims to be, the 8 archaeologists, the 36 tiles and the 18 cards of each deck are all
 * accounted for exactly once, and the phase agrees with the rest. */
#include <string.h>

#include "temple_of_doom.h"

#define ALL_CARDS ((1u << TD_DECK) - 1)

static int check_temple(const struct td_state *s, kk_error *err)
{
    struct td_state t;
    memset(&t, 0, sizeof t);
    t.easy = s->easy;
    td_build_temple(&t, s->layout);
    if (memcmp(t.row, s->row, sizeof t.row) || memcmp(t.x, s->x, sizeof t.x) ||
        memcmp(t.sym, s->sym, sizeof t.sym) || memcmp(t.adj, s->adj, sizeof t.adj) ||
        t.row1 != s->row1 || t.final != s->final)
        return kk_fail(err, "the temple is not layout %d", (int)s->layout);
    int per[GB_SYMBOLS] = {0};
    for (int i = 0; i < TD_TILES; i++)
        per[s->sym[i]]++;
    for (int y = 0; y < GB_SYMBOLS; y++)
        if (per[y] != GB_TILES_PER_SYMBOL)
            return kk_fail(err, "%d tiles of symbol %d", per[y], y);
    if (__builtin_popcountll(s->row1) != 6 || __builtin_popcountll(s->final) != 2 + s->easy)
        return kk_fail(err, "starting or final row has the wrong size");
    return 0;
}

static int check_cards(const struct td_state *s, kk_error *err)
{
    if ((s->relic_deck & s->relic_up) || (s->relic_deck & s->relic_won) ||
        (s->relic_up & s->relic_won) || (s->relic_deck | s->relic_up | s->relic_won) != ALL_CARDS)
        return kk_fail(err, "relic cards not conserved");
    if (__builtin_popcount(s->relic_up) > TD_RELICS_UP)
        return kk_fail(err, "%d relics face up", __builtin_popcount(s->relic_up));
    uint32_t seen = s->temple_deck;
    if (s->temple_deck & s->temple_discard)
        return kk_fail(err, "a temple card is in deck and discard");
    seen |= s->temple_discard;
    for (int i = 0; i < s->num_temple_up; i++) {
        uint32_t b = 1u << s->temple_up[i];
        if (s->temple_up[i] >= TD_DECK || (seen & b))
            return kk_fail(err, "temple card %d is in two places", s->temple_up[i]);
        seen |= b;
    }
    if (seen != ALL_CARDS)
        return kk_fail(err, "temple cards not conserved");
    if (!s->keep_unmatched && s->num_temple_up > TD_TEMPLE_UP)
        return kk_fail(err, "%d temple cards face up", s->num_temple_up);
    uint32_t mv = s->move_deck;
    if (mv & s->move_played)
        return kk_fail(err, "a movement card is in deck and played");
    mv |= s->move_played;
    for (int p = 0; p < s->players; p++) {
        if (mv & s->hand[p])
            return kk_fail(err, "seat %d holds a card that is elsewhere too", p);
        mv |= s->hand[p];
    }
    for (int p = s->players; p < TD_MAX_SEATS; p++)
        if (s->hand[p])
            return kk_fail(err, "an absent seat holds cards");
    if (mv != ALL_CARDS)
        return kk_fail(err, "movement cards not conserved");
    return 0;
}

static int check_people(const struct td_state *s, kk_error *err)
{
    uint64_t alive = s->up | s->flipped;
    if (s->up & s->flipped)
        return kk_fail(err, "a tile is face up and flipped");
    if (alive >> TD_TILES)
        return kk_fail(err, "tile bits beyond 36");
    for (int c = 0; c < TD_COLOURS; c++) {
        int n = s->escaped[c] + s->dead[c];
        for (int p = 0; p < TD_PLACES; p++) {
            n += s->at[p][c];
            if (s->at[p][c] && p != TD_ENTRANCE && !(alive >> (p - 1) & 1u))
                return kk_fail(err, "an archaeologist stands on a removed tile");
        }
        if (n != TD_PER_COLOUR)
            return kk_fail(err, "%d archaeologists of colour %d", n, c);
    }
    return 0;
}

int td_check(const void *state, kk_error *err)
{
    const struct td_state *s = state;
    if (s->players < 1 || s->players > TD_MAX_SEATS)
        return kk_fail(err, "%d players", s->players);
    if (check_cards(s, err) || check_people(s, err))
        return -1;
    if (s->phase == TD_PH_LAYOUT)
        return s->up || s->flipped ? kk_fail(err, "tiles before the layout draw") : 0;
    if (check_temple(s, err))
        return -1;
    switch (s->phase) {
    case TD_PH_CARD:
        if (s->seat >= s->players || !s->hand[s->seat])
            return kk_fail(err, "seat %d to play with no card", s->seat);
        break;
    case TD_PH_POINT: {
        int num = td_card(s->move_id, s->card)->number;
        if (s->points_left < 1 || s->points_left > num || !(s->move_played >> s->card & 1u))
            return kk_fail(err, "card play in a bad state");
        break;
    }
    case TD_PH_COLLAPSE:
        if (s->cursor >= s->num_temple_up || (s->matched >> s->cursor & 1u))
            return kk_fail(err, "collapse choice on a matched or missing card");
        break;
    case TD_PH_DEAL:
        if (s->draw == TD_DRAW_RELIC ? !s->relic_deck
            : s->draw == TD_DRAW_TEMPLE ? !s->temple_deck : !s->move_deck)
            return kk_fail(err, "a deal from an empty deck");
        break;
    default: break;
    }
    if (s->phase != TD_PH_OVER && s->phase != TD_PH_DEAL && td_in_play(s) == 0)
        return kk_fail(err, "the game goes on with nobody in play");
    return 0;
}
