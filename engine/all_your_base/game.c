/* The turn machine of All Your Base and its kk_game table. A phase is: escalate removals
 * (chance), the deal (chance, one card per event), then turns. In a turn every seat with
 * cards commits a plan in sub-decisions (first play, second play, keep; see
 * docs/rules/all-your-base.md for why it is factored); with turn_mode=simultaneous the plans
 * stay hidden until the last seat's last sub-decision, which resolves every first card in
 * priority order from the lead seat, then every second card, then passes the hands on.
 * The draw style then draws 2 cards a seat (chance). The deck order is never stored: every
 * deal or draw is a chance node over the cards left in the deck. */
#include <stdio.h>
#include <string.h>

#include "ayb.h"

static const char *const hand_choices[] = {"auto", "pass", "draw", NULL};
static const char *const prep_choices[] = {"full", "escalate", NULL};
static const char *const deck_choices[] = {"gb1", NULL};
static const char *const wild_choices[] = {"none", "white_any", NULL};
static const char *const turn_choices[] = {"simultaneous", "sequential", NULL};

enum { P_DECK, P_HAND_MODE, P_DECK_PREP, P_KEEP_BASE, P_WILD, P_TURN_MODE, P_PHASES, NUM_PARAMS };

static const struct kk_param ayb_params[NUM_PARAMS] = {
    {"deck", KK_PARAM_CHOICE, "gb1", 0, 0, deck_choices, 0, 0, "deck layout (components)"},
    {"hand_mode", KK_PARAM_CHOICE, "auto", 0, 0, hand_choices, 0, 0,
     "auto: draw for 2 players, pass for 3-6; pass: 10-card hands passed left (9 with 6 "
     "players); draw: 6-card hands, keep 2, send 2, draw 2 (2-3 players)"},
    {"deck_prep", KK_PARAM_CHOICE, "full", 0, 0, prep_choices, 0, 0,
     "full: all 54 cards every phase; escalate: the high numbers enter in later phases "
     "(2-4 players)"},
    {"keep_base", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
     "1: stations and hardware stay across phases; 0: they return to the supply"},
    {"wild_hardware", KK_PARAM_CHOICE, "none", 0, 0, wild_choices, 0, 0,
     "none: white and black cards cannot be Hardware; white_any: a white card takes a cube "
     "of a named colour"},
    {"turn_mode", KK_PARAM_CHOICE, "simultaneous", 0, 0, turn_choices, 0, 0,
     "simultaneous: hidden plans revealed together; sequential: seats act in priority order"},
    {"phases", KK_PARAM_INT, "3", 1, 5, NULL, 0, 0, "number of phases"},
};

static const struct gb_card *deck_cards(void)
{
    return gb_deck(GB_DECK_GB1);
}

static int card_symbol(int c) { return deck_cards()[c].symbol; }
static int card_colour(int c) { return deck_cards()[c].colour; }
static int card_number(int c) { return deck_cards()[c].number; }

static uint64_t bit(int c) { return 1ull << c; }

static uint64_t cards_numbered(int lo, int hi)
{
    uint64_t m = 0;
    for (int c = 0; c < GB_CARDS; c++)
        if (card_number(c) >= lo && card_number(c) <= hi)
            m |= bit(c);
    return m;
}

static void set_loc(struct ayb_state *s, int c, int where)
{
    int old = s->loc[c];
    if (old < AYB_MAX_SEATS)
        s->hand[old] &= ~bit(c);
    else if (old == AYB_L_DECK)
        s->deck &= ~bit(c);
    s->loc[c] = (uint8_t)where;
    if (where < AYB_MAX_SEATS)
        s->hand[where] |= bit(c);
    else if (where == AYB_L_DECK)
        s->deck |= bit(c);
}

int ayb_station_score(const struct ayb_station *t)
{
    if (!t->alive || t->soft == AYB_NONE)
        return 0;
    int col = card_colour(t->soft), v = card_number(t->soft);
    for (int c = 0; c < GB_CUBE_COLOURS; c++)
        if (col == GB_WHITE || col == c)
            v += 3 * t->cubes[c];
    return v;
}

int ayb_base_score(const struct ayb_state *s, int seat)
{
    int v = 0;
    for (int i = 0; i < s->nst[seat]; i++)
        v += ayb_station_score(&s->st[seat][i]);
    return v;
}

int ayb_plays_due(const struct ayb_state *s, int seat)
{
    int h = ayb_popcount(s->hand[seat]);
    return h < 2 ? h : 2;
}

int ayb_keeps_due(const struct ayb_state *s, int seat)
{
    int np = ayb_plays_due(s, seat);
    if (s->hand_mode == AYB_DRAW && s->played[seat] + np >= 10)
        return 0;
    int left = ayb_popcount(s->hand[seat]) - np;
    return left < 2 ? left : 2;
}

/* ---- legality ------------------------------------------------------------------------ */

static kk_move play_move(int card, int act, int target, int colour)
{
    return (kk_move)(card | act << 6 | target << 9 | colour << 15);
}

static struct ayb_play decode_play(kk_move m)
{
    struct ayb_play p = {(uint8_t)(m & 63), (uint8_t)((m >> 6) & 7), (uint8_t)((m >> 9) & 63),
                         (uint8_t)((m >> 15) & 3)};
    return p;
}

/* The acting options of `card` for `seat`, as its first play (first == NULL) or its second
 * after `first`, against the current supplies. Writes them to out (if not NULL); returns
 * how many. */
static int card_options(const struct ayb_state *s, int seat, const struct ayb_play *first,
                        int card, kk_move *out)
{
    int n = 0, sym = card_symbol(card), col = card_colour(card);
    int fb = first && first->act == AYB_B;
    int new_id = fb ? s->nst[seat] : -1;
    int new_sym = fb ? card_symbol(first->card) : -1;
    if (s->tiles[sym] - (fb && new_sym == sym) > 0) {
        if (out)
            out[n] = play_move(card, AYB_B, 0, 0);
        n++;
    }
    int c0 = col, c1 = col;
    if (col >= GB_CUBE_COLOURS) {
        c0 = 0;
        c1 = (col == GB_WHITE && s->white_any) ? GB_CUBE_COLOURS - 1 : -1;
    }
    for (int c = c0; c <= c1; c++) {
        int used = first && first->act == AYB_H && first->colour == c;
        if (s->cubes[c] - used <= 0)
            continue;
        for (int t = 0; t < s->nst[seat]; t++) {
            if (!s->st[seat][t].alive)
                continue;
            if (out)
                out[n] = play_move(card, AYB_H, t, c);
            n++;
        }
        if (new_id >= 0) {
            if (out)
                out[n] = play_move(card, AYB_H, new_id, c);
            n++;
        }
    }
    for (int t = 0; t < s->nst[seat]; t++) {
        if (!s->st[seat][t].alive || s->st[seat][t].symbol != sym)
            continue;
        if (out)
            out[n] = play_move(card, AYB_S, t, 0);
        n++;
    }
    if (new_id >= 0 && new_sym == sym) {
        if (out)
            out[n] = play_move(card, AYB_S, new_id, 0);
        n++;
    }
    return n;
}

/* 1 if some card of hand other than `first`'s can act after first. */
static int other_can_act(const struct ayb_state *s, int seat, uint64_t hand,
                         const struct ayb_play *first)
{
    for (uint64_t m = hand & ~bit(first->card); m; m &= m - 1)
        if (card_options(s, seat, first, __builtin_ctzll(m), NULL) > 0)
            return 1;
    return 0;
}

/* The fewest no-effect discards (X) any full commitment of the seat needs (settled
 * reading 1): 0 if two cards can act together, 1 if one can, else one per card. */
static int min_x(const struct ayb_state *s, int seat)
{
    uint64_t hand = s->hand[seat];
    int n = ayb_popcount(hand);
    if (n == 0)
        return 0;
    if (n == 1)
        return card_options(s, seat, NULL, __builtin_ctzll(hand), NULL) > 0 ? 0 : 1;
    int any = 0;
    kk_move opt[AYB_MAX_MOVES];
    for (uint64_t m = hand; m; m &= m - 1) {
        int a = __builtin_ctzll(m);
        int k = card_options(s, seat, NULL, a, opt);
        if (k > 0)
            any = 1;
        unsigned seen = 0; /* the target never changes what a second card can do */
        for (int i = 0; i < k; i++) {
            struct ayb_play p = decode_play(opt[i]);
            unsigned kind = 1u << (p.act * 4 + p.colour);
            if (seen & kind)
                continue;
            seen |= kind;
            if (other_can_act(s, seat, hand, &p))
                return 0;
        }
    }
    return any ? 1 : 2;
}

int ayb_seat_moves(const struct ayb_state *s, int seat, kk_move *out)
{
    const struct ayb_plan *pl = &s->plan[seat];
    int np = ayb_plays_due(s, seat), n = 0;
    uint64_t hand = s->hand[seat];
    if (pl->nplay < np) {
        int mx = min_x(s, seat);
        if (pl->nplay == 0) {
            kk_move opt[AYB_MAX_MOVES];
            for (uint64_t m = hand; m; m &= m - 1) {
                int a = __builtin_ctzll(m);
                if (mx == 2 || (np == 1 && mx == 1)) {
                    out[n++] = play_move(a, AYB_X, 0, 0);
                    continue;
                }
                int k = card_options(s, seat, NULL, a, opt);
                if (np == 1 || mx == 1) {
                    memcpy(out + n, opt, (size_t)k * sizeof *opt);
                    n += k;
                    if (np == 2) {
                        struct ayb_play x = {(uint8_t)a, AYB_X, 0, 0};
                        if (other_can_act(s, seat, hand, &x))
                            out[n++] = play_move(a, AYB_X, 0, 0);
                    }
                    continue;
                }
                unsigned seen = 0, ok = 0;
                for (int i = 0; i < k; i++) {
                    struct ayb_play p = decode_play(opt[i]);
                    unsigned kind = 1u << (p.act * 4 + p.colour);
                    if (!(seen & kind)) {
                        seen |= kind;
                        if (other_can_act(s, seat, hand, &p))
                            ok |= kind;
                    }
                    if (ok & kind)
                        out[n++] = opt[i];
                }
            }
        } else {
            const struct ayb_play *f = &pl->play[0];
            for (uint64_t m = hand & ~bit(f->card); m; m &= m - 1) {
                int b = __builtin_ctzll(m);
                if (mx == 2 || (mx == 1 && f->act != AYB_X))
                    out[n++] = play_move(b, AYB_X, 0, 0);
                else
                    n += card_options(s, seat, f, b, out + n);
            }
        }
        return n;
    }
    uint64_t left = hand;
    for (int i = 0; i < pl->nplay; i++)
        left &= ~bit(pl->play[i].card);
    int nk = ayb_keeps_due(s, seat);
    for (uint64_t m = left; m; m &= m - 1) {
        int a = __builtin_ctzll(m);
        if (nk == 1) {
            out[n++] = AYB_KEEP | a | AYB_NONE << 6;
            continue;
        }
        for (uint64_t m2 = m & (m - 1); m2; m2 &= m2 - 1)
            out[n++] = AYB_KEEP | a | __builtin_ctzll(m2) << 6;
    }
    return n;
}

/* ---- the machine --------------------------------------------------------------------- */

int ayb_mover(const struct ayb_state *s)
{
    if (s->turn_mode == AYB_SIMULTANEOUS)
        return __builtin_ctz(s->pending);
    for (int i = 0; i < s->players; i++) {
        int p = (s->lead + i) % s->players;
        if ((s->pending >> p) & 1u)
            return p;
    }
    return -1;
}

static void start_phase(struct ayb_state *s);

static void end_phase(struct ayb_state *s)
{
    for (int p = 0; p < s->players; p++) {
        int v = ayb_base_score(s, p);
        s->total[p] += v;
        if (s->phase == 1)
            s->phase1[p] = v;
    }
    if (s->phase >= s->phases) {
        s->phase_kind = AYB_PH_OVER;
        s->pending = 0;
        return;
    }
    for (int c = 0; c < GB_CARDS; c++)
        if (s->loc[c] != AYB_L_OUT && s->loc[c] != AYB_L_RESERVE)
            set_loc(s, c, AYB_L_DECK);
    for (int p = 0; p < s->players; p++) {
        s->known[p] = 0;
        for (int i = 0; i < s->nst[p]; i++) {
            struct ayb_station *t = &s->st[p][i];
            t->soft = AYB_NONE;
            if (s->keep_base || !t->alive)
                continue;
            s->tiles[t->symbol]++;
            for (int c = 0; c < GB_CUBE_COLOURS; c++)
                s->cubes[c] = (uint8_t)(s->cubes[c] + t->cubes[c]);
            memset(t, 0, sizeof *t);
            t->soft = AYB_NONE;
        }
    }
    s->phase++;
    start_phase(s);
}

static void start_turn(struct ayb_state *s, int first)
{
    if (!first) {
        s->turn++;
        s->lead = (uint8_t)((s->lead + 1) % s->players);
    }
    memset(s->plan, 0, sizeof s->plan);
    s->pending = 0;
    for (int p = 0; p < s->players; p++)
        if (s->hand[p] && !(s->hand_mode == AYB_DRAW && s->played[p] >= 10))
            s->pending |= (uint8_t)(1u << p);
    s->phase_kind = AYB_PH_COMMIT;
    if (!s->pending) {
        if (!first)
            s->turn--; /* no such turn: the phase ended with the last one played */
        end_phase(s);
    }
}

/* The escalate numbers added to the deck before phase `phase` (lo..hi), by player count. */
static void escalate_step(const struct ayb_state *s, int phase, int *removals, int *lo, int *hi)
{
    *removals = 0;
    *lo = 1;
    *hi = 0;
    if (phase != 2 && phase != 3)
        return;
    int n = s->players;
    if (n == 4) {
        *removals = phase == 2 ? 4 : 6;
        *lo = *hi = phase == 2 ? 5 : 6;
    } else if (n == 3) {
        *removals = phase == 2 ? 6 : 12;
        *lo = phase == 2 ? 4 : 5;
        *hi = phase == 2 ? 4 : 6;
    } else {
        *removals = 12;
        *lo = phase == 2 ? 3 : 5;
        *hi = phase == 2 ? 4 : 6;
    }
}

static void begin_deal(struct ayb_state *s)
{
    if (s->escalate) {
        int r, lo, hi;
        escalate_step(s, s->phase, &r, &lo, &hi);
        uint64_t add = cards_numbered(lo, hi);
        for (int c = 0; c < GB_CARDS; c++)
            if ((add >> c) & 1u && s->loc[c] == AYB_L_RESERVE)
                set_loc(s, c, AYB_L_DECK);
    }
    int want = s->hand_size * s->players, have = ayb_popcount(s->deck);
    s->deal_left = (uint8_t)(want < have ? want : have);
    s->deal_next = 0;
    s->phase_kind = AYB_PH_DEAL;
    if (!s->deal_left)
        start_turn(s, 1);
}

static void start_phase(struct ayb_state *s)
{
    s->turn = 1;
    s->first_lead = (uint8_t)((s->phase - 1) % s->players);
    s->lead = s->first_lead;
    memset(s->played, 0, sizeof s->played);
    memset(s->plan, 0, sizeof s->plan);
    s->pending = 0;
    s->remove_left = 0;
    if (s->escalate) {
        int r, lo, hi;
        escalate_step(s, s->phase, &r, &lo, &hi);
        s->remove_left = (uint8_t)r;
    }
    if (s->remove_left) {
        s->phase_kind = AYB_PH_REMOVE;
        return;
    }
    begin_deal(s);
}

static int ayb_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct ayb_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 4;
    if (players < 2 || players > AYB_MAX_SEATS)
        return kk_fail(err, "all-your-base is for 2 to 6 players, not %d", players);
    s->players = (uint8_t)players;
    int hm = v->value[P_HAND_MODE][0];
    s->hand_mode = (uint8_t)(hm == 0 ? (players == 2 ? AYB_DRAW : AYB_PASS)
                                     : (hm == 1 ? AYB_PASS : AYB_DRAW));
    if (s->hand_mode == AYB_DRAW && players > 3)
        return kk_fail(err, "hand_mode=draw is for 2 or 3 players, not %d", players);
    s->escalate = (uint8_t)v->value[P_DECK_PREP][0];
    if (s->escalate && players > 4)
        return kk_fail(err, "deck_prep=escalate is for 2 to 4 players, not %d", players);
    if (s->escalate && players == 3 && s->hand_mode == AYB_DRAW)
        return kk_fail(err, "deck_prep=escalate with 3 players needs hand_mode=pass");
    s->keep_base = (uint8_t)v->value[P_KEEP_BASE][0];
    s->white_any = (uint8_t)v->value[P_WILD][0];
    s->turn_mode = (uint8_t)v->value[P_TURN_MODE][0];
    s->phases = (uint8_t)v->value[P_PHASES][0];
    s->hand_size = (uint8_t)(s->hand_mode == AYB_DRAW ? 6 : (players == 6 ? 9 : 10));
    int tiles = players >= 5 ? GB_TILES_PER_SYMBOL : players + 1;
    for (int i = 0; i < GB_SYMBOLS; i++)
        s->tiles[i] = (uint8_t)tiles;
    for (int c = 0; c < GB_CUBE_COLOURS; c++)
        s->cubes[c] = GB_CUBES_PER_COLOUR;
    for (int p = 0; p < AYB_MAX_SEATS; p++)
        for (int i = 0; i < AYB_MAX_STATIONS; i++)
            s->st[p][i].soft = AYB_NONE;
    int hi = 6;
    if (s->escalate)
        hi = players == 4 ? 4 : players == 3 ? 3 : 2;
    for (int c = 0; c < GB_CARDS; c++) {
        s->loc[c] = card_number(c) <= hi ? AYB_L_DECK : AYB_L_RESERVE;
        if (s->loc[c] == AYB_L_DECK)
            s->deck |= bit(c);
    }
    s->phase = 1;
    start_phase(s);
    return 0;
}

static int ayb_players(const void *state)
{
    return ((const struct ayb_state *)state)->players;
}

static uint32_t ayb_simultaneous(const void *state)
{
    const struct ayb_state *s = state;
    if (s->phase_kind != AYB_PH_COMMIT || s->turn_mode != AYB_SIMULTANEOUS)
        return 0;
    return s->pending;
}

static int ayb_to_move(const void *state)
{
    const struct ayb_state *s = state;
    switch (s->phase_kind) {
    case AYB_PH_COMMIT: return ayb_mover(s);
    case AYB_PH_OVER: return KK_TERMINAL;
    default: return KK_CHANCE;
    }
}

static int ayb_legal_moves(const void *state, kk_move *out)
{
    const struct ayb_state *s = state;
    return ayb_seat_moves(s, ayb_mover(s), out);
}

int ayb_plan_add(struct ayb_state *s, int seat, kk_move m)
{
    struct ayb_plan *pl = &s->plan[seat];
    pl->steps++;
    if (m & AYB_KEEP) {
        pl->keep[0] = (uint8_t)(m & 63);
        pl->keep[1] = (uint8_t)((m >> 6) & 63);
        pl->nkeep = pl->keep[1] == AYB_NONE ? 1 : 2;
    } else {
        pl->play[pl->nplay++] = decode_play(m);
    }
    int np = ayb_plays_due(s, seat), nk = ayb_keeps_due(s, seat);
    pl->done = pl->nplay >= np && (nk == 0 || pl->nkeep > 0);
    return pl->done;
}

static void discard(struct ayb_state *s, int c)
{
    set_loc(s, c, AYB_L_DISCARD);
}

void ayb_resolve_play(struct ayb_state *s, int p, const struct ayb_play *pl)
{
    int c = pl->card, sym = card_symbol(c);
    s->played[p]++;
    struct ayb_station *t = pl->target < AYB_MAX_STATIONS ? &s->st[p][pl->target] : NULL;
    int ok = t && pl->target < s->nst[p] && t->alive;
    switch (pl->act) {
    case AYB_X:
        s->xplays++;
        discard(s, c);
        return;
    case AYB_B:
        discard(s, c);
        if (!s->tiles[sym] || s->nst[p] >= AYB_MAX_STATIONS) {
            s->fizzles++;
            return;
        }
        s->tiles[sym]--;
        t = &s->st[p][s->nst[p]++];
        t->alive = 1;
        t->symbol = (uint8_t)sym;
        t->soft = AYB_NONE;
        memset(t->cubes, 0, sizeof t->cubes);
        s->n_stations[p]++;
        return;
    case AYB_H:
        discard(s, c);
        if (!ok || !s->cubes[pl->colour]) {
            s->fizzles++;
            return;
        }
        s->cubes[pl->colour]--;
        t->cubes[pl->colour]++;
        s->n_cubes[p]++;
        return;
    default:
        if (!ok || t->symbol != sym) {
            s->fizzles++;
            discard(s, c);
            return;
        }
        if (t->soft != AYB_NONE)
            discard(s, t->soft);
        t->soft = (uint8_t)c;
        set_loc(s, c, AYB_L_SOFT);
        s->n_soft[p]++;
        return;
    }
}

static void after_draws(struct ayb_state *s);

/* Draw style: the next seat in priority order (from the turn's lead) still to draw. */
static void next_drawer(struct ayb_state *s)
{
    while (s->draw_done < s->players) {
        int p = (s->lead + s->draw_done) % s->players;
        s->draw_done++;
        if (s->played[p] >= 10)
            continue;
        int k = ayb_popcount(s->deck);
        s->draw_seat = (uint8_t)p;
        s->draw_left = (uint8_t)(k < 2 ? k : 2);
        if (s->draw_left) {
            s->phase_kind = AYB_PH_DRAW;
            return;
        }
    }
    after_draws(s);
}

static void after_draws(struct ayb_state *s)
{
    s->draw_left = 0;
    start_turn(s, 0);
}

/* Every plan is resolved: keeps and passes at once, then the draws. */
static void end_turn(struct ayb_state *s)
{
    int n = s->players;
    uint64_t passed[AYB_MAX_SEATS] = {0};
    for (int p = 0; p < n; p++) {
        const struct ayb_plan *pl = &s->plan[p];
        if (!pl->done)
            continue;
        uint64_t kept = 0;
        for (int i = 0; i < pl->nkeep; i++)
            kept |= bit(pl->keep[i]);
        if (s->hand_mode == AYB_DRAW && s->played[p] >= 10)
            continue; /* the last turn: the rest stays in hand, unplayed */
        passed[p] = s->hand[p] & ~kept;
    }
    for (int p = 0; p < n; p++)
        for (uint64_t m = passed[p]; m; m &= m - 1)
            set_loc(s, __builtin_ctzll(m), (p + 1) % n);
    for (int p = 0; p < n; p++) {
        int q = (p + 1) % n;
        s->known[p] = passed[q] ? passed[p] : (s->known[p] | passed[p]);
    }
    for (int p = 0; p < n; p++)
        s->known[p] &= s->hand[(p + 1) % n];
    memset(s->plan, 0, sizeof s->plan);
    s->pending = 0;
    if (s->hand_mode == AYB_DRAW) {
        s->draw_done = 0;
        next_drawer(s);
        return;
    }
    start_turn(s, 0);
}

static void resolve_all(struct ayb_state *s)
{
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < s->players; i++) {
            int p = (s->lead + i) % s->players;
            if (s->plan[p].nplay > r)
                ayb_resolve_play(s, p, &s->plan[p].play[r]);
        }
    for (int p = 0; p < s->players; p++)
        s->known[p] &= s->hand[(p + 1) % s->players];
    end_turn(s);
}

static void chance_apply(struct ayb_state *s, int c)
{
    switch (s->phase_kind) {
    case AYB_PH_REMOVE:
        set_loc(s, c, AYB_L_OUT);
        if (--s->remove_left == 0)
            begin_deal(s);
        return;
    case AYB_PH_DEAL:
        set_loc(s, c, s->deal_next);
        s->deal_next = (uint8_t)((s->deal_next + 1) % s->players);
        if (--s->deal_left == 0)
            start_turn(s, 1);
        return;
    default:
        set_loc(s, c, s->draw_seat);
        if (--s->draw_left == 0)
            next_drawer(s);
        return;
    }
}

static void ayb_apply(void *state, kk_move move)
{
    struct ayb_state *s = state;
    if (s->phase_kind != AYB_PH_COMMIT) {
        chance_apply(s, move);
        return;
    }
    int p = ayb_mover(s);
    if (!ayb_plan_add(s, p, move))
        return;
    s->pending &= (uint8_t)~(1u << p);
    if (s->turn_mode == AYB_SEQUENTIAL) {
        for (int r = 0; r < s->plan[p].nplay; r++)
            ayb_resolve_play(s, p, &s->plan[p].play[r]);
        for (int q = 0; q < s->players; q++)
            s->known[q] &= s->hand[(q + 1) % s->players];
        if (!s->pending)
            end_turn(s);
        return;
    }
    if (!s->pending)
        resolve_all(s);
}

/* Every card left in the deck, equally likely. */
static int ayb_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct ayb_state *s = state;
    int n = 0, k = ayb_popcount(s->deck);
    for (uint64_t m = s->deck; m; m &= m - 1) {
        out[n] = __builtin_ctzll(m);
        prob[n++] = 1.0 / k;
    }
    return n;
}

static kk_move ayb_sample_chance(const void *state, kk_rng *rng)
{
    const struct ayb_state *s = state;
    int r = (int)kk_rng_bounded(rng, (uint32_t)ayb_popcount(s->deck));
    uint64_t m = s->deck;
    while (r--)
        m &= m - 1;
    return __builtin_ctzll(m);
}

static void ayb_scores(const void *state, int32_t *out)
{
    const struct ayb_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = s->total[p];
}

static uint32_t ayb_winners(const void *state)
{
    const struct ayb_state *s = state;
    return kk_top_scores(s->total, s->players);
}

static int ayb_extra_json(const void *state, char *buf, size_t size)
{
    const struct ayb_state *s = state;
    int len = snprintf(buf, size, ",\"phase\":%d,\"turn\":%d,\"stations\":[", (int)s->phase,
                       (int)s->turn);
    for (int p = 0; p < s->players; p++) {
        int alive = 0;
        for (int i = 0; i < s->nst[p]; i++)
            alive += s->st[p][i].alive;
        size_t at = (size_t)len < size ? (size_t)len : size;
        len += snprintf(buf + at, size - at, "%s%d", p ? "," : "", alive);
    }
    size_t at = (size_t)len < size ? (size_t)len : size;
    len += snprintf(buf + at, size - at, "]");
    return len;
}

const struct kk_game kk_game_all_your_base = {
    .name = "all-your-base",
    .title = "All Your Base",
    .min_players = 2,
    .max_players = AYB_MAX_SEATS,
    .default_players = 4,
    .state_size = sizeof(struct ayb_state),
    .max_moves = AYB_MAX_MOVES,
    .score_scale = 60,
    .cooperative = 0,
    .params = ayb_params,
    .num_params = NUM_PARAMS,
    .stats = ayb_stats,
    .num_stats = AYB_NUM_STATS,
    .init = ayb_init,
    .players = ayb_players,
    .to_move = ayb_to_move,
    .legal_moves = ayb_legal_moves,
    .apply = ayb_apply,
    .chance_outcomes = ayb_chance_outcomes,
    .sample_chance = ayb_sample_chance,
    .scores = ayb_scores,
    .winners = ayb_winners,
    .move_to_text = ayb_move_to_text,
    .move_from_text = ayb_move_from_text,
    .get_stats = ayb_get_stats,
    .evaluate = ayb_evaluate,
    .sample_view = ayb_sample_view,
    .extra_json = ayb_extra_json,
    .random_move = NULL,
    .check = ayb_check,
    .simultaneous = ayb_simultaneous,
};
