/* Flower Garden's consistency check (Debug builds and tests): every card in exactly one
 * place (a hand, a bed, a shop row, the draw pile or the discard pile), every flower cube in
 * exactly one place (a pile, a seat's unplanted flowers or its beds), beds holding exactly
 * their cards' numbers, rows of one symbol in descending order, and the turn machine's
 * phase consistent with the piles and counters. */
#include "flower_garden.h"

int fg_check(const void *state, kk_error *err)
{
    const struct fg_state *s = state;
    const struct gb_card *deck = gb_deck(s->deck_id);
    if (s->players < 2 || s->players > FG_MAX_SEATS)
        return kk_fail(err, "bad player count %d", s->players);
    if (s->hand_size < 3 || s->hand_size > FG_MAX_HAND || s->discard_max < 1 ||
        s->discard_max > 6 || s->deck_cycles < 1 || s->deck_cycles > 4 || s->piles_end < 1 ||
        s->piles_end > 4 || s->rows_mode > FG_ROWS_FREE || s->partial_take > 1)
        return kk_fail(err, "bad rules");
    if (s->phase > FG_PHASE_OVER || s->turn >= s->players + (s->phase == FG_PHASE_DEAL))
        return kk_fail(err, "phase %d, turn %d", s->phase, s->turn);

    /* Cards. */
    uint64_t all = (UINT64_C(1) << GB_CARDS) - 1, seen = 0;
    int dup = 0;
#define PLACE(set)                                                                         \
    do {                                                                                   \
        dup |= (seen & (set)) != 0;                                                        \
        seen |= (set);                                                                     \
    } while (0)
    for (int p = 0; p < s->players; p++) {
        PLACE(s->hand[p]);
        PLACE(s->beds[p]);
        if (__builtin_popcountll(s->hand[p]) > s->hand_size)
            return kk_fail(err, "seat %d holds %d cards", p, __builtin_popcountll(s->hand[p]));
    }
    for (int p = s->players; p < FG_MAX_SEATS; p++)
        if (s->hand[p] || s->beds[p])
            return kk_fail(err, "cards at unused seat %d", p);
    PLACE(s->draw);
    PLACE(s->discard);
    if (s->nrows > FG_MAX_ROWS)
        return kk_fail(err, "%d rows", s->nrows);
    unsigned symbols_seen = 0;
    for (int r = 0; r < FG_MAX_ROWS; r++) {
        if (r >= s->nrows) {
            if (s->rows[r])
                return kk_fail(err, "cards in row %d beyond the %d rows", r, s->nrows);
            continue;
        }
        uint64_t row = s->rows[r];
        if (!row)
            return kk_fail(err, "row %d is empty", r);
        PLACE(row);
        int sym = deck[__builtin_ctzll(row)].symbol;
        unsigned numbers = 0;
        int repeat = 0;
        for (uint64_t m = row; m; m &= m - 1) {
            const struct gb_card *c = &deck[__builtin_ctzll(m)];
            if (c->symbol != sym)
                return kk_fail(err, "row %d mixes symbols", r);
            repeat |= (numbers >> c->number) & 1u;
            numbers |= 1u << c->number;
        }
        if (repeat && !(s->phase == FG_PHASE_OVER && s->end_reason == FG_END_PILES))
            return kk_fail(err, "row %d repeats a number", r);
        if (s->rows_mode == FG_ROWS_PER_SYMBOL && ((symbols_seen >> sym) & 1u))
            return kk_fail(err, "two rows of symbol %c", gb_symbol_letters[sym]);
        symbols_seen |= 1u << sym;
    }
#undef PLACE
    if (dup || seen != all)
        return kk_fail(err, "cards not conserved: %d placed, %s", __builtin_popcountll(seen),
                       dup ? "some twice" : "none twice");

    /* Flowers: pile + unplanted + planted = 20 of each colour; beds hold their numbers. */
    for (int c = 0; c < GB_CUBE_COLOURS; c++) {
        int n = s->pile[c];
        for (int p = 0; p < s->players; p++)
            n += s->unplanted[p][c] + s->planted[p][c];
        if (n != GB_CUBES_PER_COLOUR)
            return kk_fail(err, "%d %s flowers, the box has %d", n, gb_colour_names[c],
                           GB_CUBES_PER_COLOUR);
    }
    for (int p = 0; p < s->players; p++) {
        int own[GB_CUBE_COLOURS] = {0}, wild = 0, total = 0;
        for (uint64_t m = s->beds[p]; m; m &= m - 1) {
            const struct gb_card *c = &deck[__builtin_ctzll(m)];
            if (c->colour < GB_CUBE_COLOURS)
                own[c->colour] += c->number;
            else
                wild += c->number;
        }
        for (int c = 0; c < GB_CUBE_COLOURS; c++) {
            if (s->planted[p][c] < own[c] || s->planted[p][c] > own[c] + wild)
                return kk_fail(err, "seat %d: %d %s planted, beds of that colour hold %d",
                               p, s->planted[p][c], gb_colour_names[c], own[c]);
            total += s->planted[p][c] - own[c];
        }
        if (total != wild)
            return kk_fail(err, "seat %d: wild beds hold %d, %d planted on them", p, wild,
                           total);
    }

    /* The turn machine. */
    int empty = 0;
    for (int c = 0; c < GB_CUBE_COLOURS; c++)
        empty += s->pile[c] == 0;
    int ended_piles = s->phase == FG_PHASE_OVER && s->end_reason == FG_END_PILES;
    int ended_deck = s->phase == FG_PHASE_OVER && s->end_reason == FG_END_DECK;
    if (empty >= s->piles_end && !ended_piles)
        return kk_fail(err, "%d piles empty and the game not ended by them", empty);
    if (ended_piles && empty < s->piles_end)
        return kk_fail(err, "ended by the piles with %d empty", empty);
    if (s->exhaustions > s->deck_cycles || (s->exhaustions == s->deck_cycles) != ended_deck)
        return kk_fail(err, "%d exhaustions of %d, end reason %d", s->exhaustions,
                       s->deck_cycles, s->end_reason);
    if ((s->phase == FG_PHASE_OVER) != (s->end_reason != FG_END_NONE))
        return kk_fail(err, "phase %d with end reason %d", s->phase, s->end_reason);
    if ((s->phase == FG_PHASE_DEAL || s->phase == FG_PHASE_DRAW) && (!s->to_draw || !s->draw))
        return kk_fail(err, "a draw with %d to draw from %d cards", s->to_draw,
                       __builtin_popcountll(s->draw));
    if (s->phase == FG_PHASE_DEAL) {
        if (s->discard || s->nrows || s->exhaustions)
            return kk_fail(err, "play before the deal is over");
        for (int p = 0; p < s->players; p++) {
            int want = p < s->turn ? s->hand_size
                       : p == s->turn ? s->hand_size - s->to_draw : 0;
            if (__builtin_popcountll(s->hand[p]) != want)
                return kk_fail(err, "deal: seat %d holds %d cards", p,
                               __builtin_popcountll(s->hand[p]));
        }
    }
    if (s->phase == FG_PHASE_PLAY && s->to_draw)
        return kk_fail(err, "a turn with %d cards still to draw", s->to_draw);
    return 0;
}
