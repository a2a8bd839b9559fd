/* What an All Your Base seat cannot see, and the state's consistency check.
 * Hidden from a seat: the other seats' hands (bar the cards it passed at the last pass that
 * the receiver still holds), the deck, the cards escalate removed from the game, and the
 * other seats' commitments not yet revealed. */
#include <string.h>

#include "ayb.h"

/* Deals the cards the seat cannot place (others' hands less the cards it knows, the deck
 * and the cards escalate removed) uniformly into those places, keeping every count; then redraws every other seat's
 * unrevealed sub-decisions uniformly among its legal ones for its new hand (the same number
 * of sub-decisions as it had made). The seat's own hand, plan and all public fields stay. */
void ayb_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct ayb_state *s = state;
    struct ayb_state *v = out;
    if (v != s)
        memcpy(v, s, sizeof *v);
    if (v->phase_kind == AYB_PH_OVER || seat < 0 || seat >= v->players)
        return;
    int n = v->players;
    uint64_t fixed = v->known[seat], pool = v->deck;
    int need[AYB_MAX_SEATS] = {0};
    /* Cards that escalate removed face down are unseen too. */
    uint64_t out_cards = 0;
    for (int c = 0; c < GB_CARDS; c++)
        if (v->loc[c] == AYB_L_OUT)
            out_cards |= 1ull << c;
    pool |= out_cards;
    for (int p = 0; p < n; p++) {
        if (p == seat)
            continue;
        need[p] = ayb_popcount(v->hand[p] & ~fixed);
        pool |= v->hand[p] & ~fixed;
    }
    uint8_t cards[GB_CARDS];
    int k = 0;
    for (uint64_t m = pool; m; m &= m - 1)
        cards[k++] = (uint8_t)__builtin_ctzll(m);
    for (int i = k - 1; i > 0; i--) {
        int j = (int)kk_rng_bounded(rng, (uint32_t)(i + 1));
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
    v->deck = 0;
    for (int p = 0; p < n; p++)
        if (p != seat)
            v->hand[p] &= fixed;
    int at = 0;
    for (int p = 0; p < n; p++)
        for (int i = 0; i < need[p]; i++) {
            v->loc[cards[at]] = (uint8_t)p;
            v->hand[p] |= 1ull << cards[at++];
        }
    for (int i = ayb_popcount(out_cards); i > 0; i--)
        v->loc[cards[at++]] = AYB_L_OUT;
    for (; at < k; at++) {
        v->loc[cards[at]] = AYB_L_DECK;
        v->deck |= 1ull << cards[at];
    }
    for (int p = 0; p < n; p++)
        if (p != seat)
            v->known[p] &= v->hand[(p + 1) % n];
    if (v->phase_kind != AYB_PH_COMMIT)
        return;
    kk_move moves[AYB_MAX_MOVES];
    for (int p = 0; p < n; p++) {
        struct ayb_plan *pl = &v->plan[p];
        if (p == seat || pl->steps == 0)
            continue;
        if (v->turn_mode == AYB_SEQUENTIAL && pl->done) {
            /* Its plays are resolved and public; only the keep is hidden. */
            if (pl->nkeep == 0)
                continue;
            int m = ayb_popcount(v->hand[p]);
            int a = (int)kk_rng_bounded(rng, (uint32_t)m), b = -1;
            if (pl->nkeep == 2) {
                b = (int)kk_rng_bounded(rng, (uint32_t)(m - 1));
                if (b >= a)
                    b++;
            }
            uint64_t h = v->hand[p];
            for (int i = 0; h; h &= h - 1, i++) {
                if (i == a)
                    pl->keep[0] = (uint8_t)__builtin_ctzll(h);
                if (i == b)
                    pl->keep[1] = (uint8_t)__builtin_ctzll(h);
            }
            continue;
        }
        int steps = pl->steps;
        memset(pl, 0, sizeof *pl);
        for (int i = 0; i < steps; i++) {
            int cnt = ayb_seat_moves(v, p, moves);
            ayb_plan_add(v, p, moves[kk_rng_bounded(rng, (uint32_t)cnt)]);
        }
    }
}

int ayb_check(const void *state, kk_error *err)
{
    const struct ayb_state *s = state;
    int n = s->players;
    if (n < 2 || n > AYB_MAX_SEATS || s->phases < 1 || s->phases > 5)
        return kk_fail(err, "bad rules: %d players, %d phases", n, s->phases);
    if (s->phase_kind > AYB_PH_OVER || s->phase < 1 || s->phase > s->phases)
        return kk_fail(err, "phase %d (%d) of %d", s->phase, s->phase_kind, s->phases);
    uint64_t seen = 0;
    for (int p = 0; p < AYB_MAX_SEATS; p++) {
        if (p >= n && s->hand[p])
            return kk_fail(err, "seat %d of %d holds cards", p, n);
        if (seen & s->hand[p])
            return kk_fail(err, "a card in two hands");
        seen |= s->hand[p];
        if (ayb_popcount(s->hand[p]) > 10)
            return kk_fail(err, "seat %d holds %d cards", p, ayb_popcount(s->hand[p]));
    }
    if (seen & s->deck)
        return kk_fail(err, "a card both in a hand and in the deck");
    int soft_refs[GB_CARDS] = {0};
    int tiles[GB_SYMBOLS] = {0}, cubes[GB_CUBE_COLOURS] = {0};
    for (int p = 0; p < n; p++) {
        if (s->nst[p] > AYB_MAX_STATIONS)
            return kk_fail(err, "seat %d has %d station numbers", p, s->nst[p]);
        for (int i = 0; i < AYB_MAX_STATIONS; i++) {
            const struct ayb_station *t = &s->st[p][i];
            if (i >= s->nst[p] || !t->alive) {
                int any = t->alive || t->soft != AYB_NONE;
                for (int c = 0; c < GB_CUBE_COLOURS; c++)
                    any |= t->cubes[c] != 0;
                if (any)
                    return kk_fail(err, "seat %d: station %d is not built but holds things",
                                   p, i);
                continue;
            }
            if (t->symbol >= GB_SYMBOLS)
                return kk_fail(err, "seat %d: station %d has symbol %d", p, i, t->symbol);
            tiles[t->symbol]++;
            for (int c = 0; c < GB_CUBE_COLOURS; c++)
                cubes[c] += t->cubes[c];
            if (t->soft != AYB_NONE) {
                if (t->soft >= GB_CARDS || s->loc[t->soft] != AYB_L_SOFT)
                    return kk_fail(err, "seat %d: station %d software %d misplaced", p, i,
                                   t->soft);
                if (gb_deck(GB_DECK_GB1)[t->soft].symbol != t->symbol)
                    return kk_fail(err, "seat %d: station %d software of another symbol", p,
                                   i);
                soft_refs[t->soft]++;
            }
        }
    }
    int tiles_each = n >= 5 ? GB_TILES_PER_SYMBOL : n + 1;
    for (int i = 0; i < GB_SYMBOLS; i++)
        if (tiles[i] + s->tiles[i] != tiles_each)
            return kk_fail(err, "symbol %d: %d tiles built + %d in supply != %d", i, tiles[i],
                           s->tiles[i], tiles_each);
    for (int c = 0; c < GB_CUBE_COLOURS; c++)
        if (cubes[c] + s->cubes[c] != GB_CUBES_PER_COLOUR)
            return kk_fail(err, "colour %d: %d cubes on stations + %d in supply", c, cubes[c],
                           s->cubes[c]);
    int out = 0;
    for (int c = 0; c < GB_CARDS; c++) {
        int l = s->loc[c];
        int in_hand = l < n && ((s->hand[l] >> c) & 1u);
        int ok = l < AYB_MAX_SEATS ? in_hand
                 : l == AYB_L_DECK ? (int)((s->deck >> c) & 1u)
                 : l == AYB_L_SOFT ? soft_refs[c] == 1
                                   : l <= AYB_L_RESERVE;
        if (l != AYB_L_DECK && ((s->deck >> c) & 1u))
            ok = 0;
        if (l >= AYB_MAX_SEATS && (seen >> c) & 1u)
            ok = 0;
        if (l != AYB_L_SOFT && soft_refs[c])
            ok = 0;
        if (!ok)
            return kk_fail(err, "card %d: place %d disagrees with hands/deck/stations", c, l);
        out += l == AYB_L_OUT;
    }
    if (!s->escalate && out)
        return kk_fail(err, "%d cards out of the game without escalate", out);
    for (int p = 0; p < n; p++)
        if (s->known[p] & ~s->hand[(p + 1) % n])
            return kk_fail(err, "seat %d knows cards seat %d does not hold", p, (p + 1) % n);
    unsigned all = (1u << n) - 1;
    if (s->pending & ~all)
        return kk_fail(err, "pending seats %#x beyond %d players", s->pending, n);
    if (s->phase_kind == AYB_PH_COMMIT) {
        if (!s->pending)
            return kk_fail(err, "a turn with nobody to commit");
        for (int p = 0; p < n; p++) {
            const struct ayb_plan *pl = &s->plan[p];
            int pend = (s->pending >> p) & 1u;
            if (pend && pl->done)
                return kk_fail(err, "seat %d is pending with a complete plan", p);
            if (!pend && pl->steps && !pl->done)
                return kk_fail(err, "seat %d left the round with a partial plan", p);
            if (s->turn_mode == AYB_SIMULTANEOUS || !pl->done)
                for (int i = 0; i < pl->nplay; i++)
                    if (!((s->hand[p] >> pl->play[i].card) & 1u))
                        return kk_fail(err, "seat %d plans a card it does not hold", p);
            for (int i = 0; i < pl->nkeep; i++)
                if (!((s->hand[p] >> pl->keep[i]) & 1u))
                    return kk_fail(err, "seat %d keeps a card it does not hold", p);
        }
        if (s->turn_mode == AYB_SIMULTANEOUS && s->pending) {
            int low = __builtin_ctz(s->pending);
            for (int p = low + 1; p < n; p++)
                if (s->plan[p].steps)
                    return kk_fail(err, "seat %d committed before seat %d", p, low);
        }
    } else if (s->pending) {
        return kk_fail(err, "pending seats outside a turn");
    }
    if ((s->phase_kind == AYB_PH_DEAL && s->deal_left > ayb_popcount(s->deck)) ||
        (s->phase_kind == AYB_PH_DRAW && (!s->draw_left || s->draw_left > ayb_popcount(s->deck))) ||
        (s->phase_kind == AYB_PH_REMOVE && (!s->remove_left || s->remove_left > ayb_popcount(s->deck))))
        return kk_fail(err, "a chance node with too few cards in the deck");
    return 0;
}
