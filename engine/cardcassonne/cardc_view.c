/* What each Cardcassonne seat sees, and what is built on it: sampling a full state
 * consistent with one seat's view (determinized search), the greedy evaluation (which
 * reads only what the seat can see), statistics, and the card-conservation check. */
#include <stdio.h>
#include <string.h>

#include "cardc.h"

/* Draws one card kind uniformly from a multiset of n cards and removes it. */
static int draw(uint8_t *pool, int *n, kk_rng *rng)
{
    int pick = (int)kk_rng_bounded(rng, (uint32_t)*n);
    for (int k = 0; k < CARDC_KINDS; k++) {
        pick -= pool[k];
        if (pick < 0) {
            pool[k]--;
            (*n)--;
            return k;
        }
    }
    return -1; /* unreachable: the pool holds n cards */
}

/* 1 if seat does not know the buildings under chest_seat's chest. */
static int chest_hidden(const struct cardc_state *st, int seat, int chest_seat)
{
    return st->rules.chests == CARDC_CHESTS_HIDDEN ||
           (st->rules.chests == CARDC_CHESTS_OWN && chest_seat != seat);
}

/* Draws one building card (a coloured building or a building joker) uniformly from the
 * building cards of the pool and removes it. */
static int draw_building(uint8_t *pool, int *n, kk_rng *rng)
{
    int nb = pool[CARDC_BUILDING_JOKER];
    for (int c = 0; c < CARDC_COLOURS; c++)
        nb += pool[cardc_kind(c, CARDC_BUILDING)];
    int pick = (int)kk_rng_bounded(rng, (uint32_t)nb);
    for (int c = 0; c <= CARDC_COLOURS; c++) {
        int k = c < CARDC_COLOURS ? cardc_kind(c, CARDC_BUILDING) : CARDC_BUILDING_JOKER;
        pick -= pool[k];
        if (pick < 0) {
            pool[k]--;
            (*n)--;
            return k;
        }
    }
    return -1; /* unreachable: the chest's own cards are in the pool */
}

void cardc_sample_view(const void *state, int seat, kk_rng *rng, void *out)
{
    const struct cardc_state *st = state;
    struct cardc_state *v = out;
    if (v != st)
        memcpy(v, st, sizeof *v);
    /* The cards seat cannot see: the supply, other hands, others' face-down cards. Their
     * number per place is public; their kinds are the complement of everything visible. */
    uint8_t pool[CARDC_KINDS];
    memcpy(pool, st->deck, sizeof pool);
    int n = st->deck_total;
    for (int s = 0; s < st->players; s++) {
        if (s == seat)
            continue;
        for (int k = 0; k < CARDC_KINDS; k++)
            pool[k] = (uint8_t)(pool[k] + st->hand[s][k]);
        n += st->hand_n[s];
    }
    for (int r = 0; r < CARDC_ROWS; r++)
        for (int i = 0; i < st->row_len[r]; i++) {
            uint8_t slot = st->row[r][i];
            if (cardc_slot_is_facedown(slot) && cardc_slot_placer(slot) != seat) {
                pool[cardc_slot_kind(slot)]++;
                n++;
            }
        }
    /* Chests the seat cannot see hold as many cards as before, drawn first from the unseen
     * building cards (only buildings go under a chest); every chest assignment leaves the
     * same number of cards for the other places, so the whole deal stays uniform. */
    int chest_n[CARDC_MAX_SEATS] = {0};
    for (int s = 0; s < st->players; s++) {
        if (!chest_hidden(st, seat, s))
            continue;
        chest_n[s] = st->building_jokers[s];
        pool[CARDC_BUILDING_JOKER] = (uint8_t)(pool[CARDC_BUILDING_JOKER] + st->building_jokers[s]);
        for (int c = 0; c < CARDC_COLOURS; c++) {
            chest_n[s] += st->buildings[s][c];
            pool[cardc_kind(c, CARDC_BUILDING)] =
                (uint8_t)(pool[cardc_kind(c, CARDC_BUILDING)] + st->buildings[s][c]);
        }
        n += chest_n[s];
    }
    for (int s = 0; s < st->players; s++) {
        if (!chest_n[s])
            continue;
        memset(v->buildings[s], 0, sizeof v->buildings[s]);
        v->building_jokers[s] = 0;
        for (int i = 0; i < chest_n[s]; i++) {
            int k = draw_building(pool, &n, rng);
            if (k == CARDC_BUILDING_JOKER)
                v->building_jokers[s]++;
            else
                v->buildings[s][cardc_colour(k)]++;
        }
    }
    for (int s = 0; s < st->players; s++) {
        if (s == seat)
            continue;
        /* clear every trace of the true hand, including unused list slots */
        memset(v->hand[s], 0, sizeof v->hand[s]);
        memset(v->hand_coloured[s], 0, sizeof v->hand_coloured[s]);
        memset(v->hand_jokers[s], 0, sizeof v->hand_jokers[s]);
        memset(v->hand_index[s], 0, sizeof v->hand_index[s]);
        v->hand_n[s] = 0;
        v->hand_ncoloured[s] = v->hand_njokers[s] = 0;
        for (int i = 0; i < st->hand_n[s]; i++)
            cardc_hand_add(v, s, draw(pool, &n, rng));
    }
    for (int r = 0; r < CARDC_ROWS; r++)
        for (int i = 0; i < st->row_len[r]; i++) {
            uint8_t slot = st->row[r][i];
            if (cardc_slot_is_facedown(slot) && cardc_slot_placer(slot) != seat)
                v->row[r][i] = cardc_facedown_slot(draw(pool, &n, rng), cardc_slot_placer(slot));
        }
    memcpy(v->deck, pool, sizeof v->deck); /* what is left is the supply */
    memset(v->deck_group, 0, sizeof v->deck_group);
    for (int k = 0; k < CARDC_KINDS; k++)
        v->deck_group[k / CARDC_TYPES] = (uint8_t)(v->deck_group[k / CARDC_TYPES] + pool[k]);
}

void cardc_get_stats(const void *state, double *out)
{
    const struct cardc_state *st = state;
    int n = st->players, i = 0;
    for (int src = 0; src < CARDC_SOURCES; src++)
        for (int s = 0; s < n; s++)
            out[i++] = st->points[s][src];
    for (int s = 0; s < n; s++)
        out[i++] = st->cards_claimed[s];
    for (int s = 0; s < n; s++)
        out[i++] = st->rounds_won[s];
}

int cardc_extra_json(const void *state, char *buf, size_t size)
{
    const struct cardc_state *st = state;
    char list[8 * CARDC_MAX_SEATS] = "";
    size_t len = 0;
    for (int s = 0; s < st->players; s++) {
        int b = st->building_jokers[s];
        for (int c = 0; c < CARDC_COLOURS; c++)
            b += st->buildings[s][c];
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%d", s ? "," : "", b);
    }
    return snprintf(buf, size, ",\"rounds\":%d,\"building_cards\":[%s]", st->round, list);
}

/* Estimated round points for seat of claiming `cards` (known kinds), `mismatched` cards
 * known to be mismatched and `unknown` face-down cards of other seats. */
static double claim_value(const struct cardc_state *st, int seat, const uint8_t *cards,
                          int mismatched, int unknown)
{
    const struct cardc_rules *r = &st->rules;
    double v = mismatched * r->mismatch_points + unknown * 3.0;
    int person_n = 0, person_sum = 0;
    uint8_t chest[CARDC_COLOURS];
    for (int c = 0; c < CARDC_COLOURS; c++) {
        for (int t = CARDC_P1; t <= CARDC_P3; t++) {
            person_n += cards[cardc_kind(c, t)];
            person_sum += cards[cardc_kind(c, t)] * (t + 1);
        }
        chest[c] = (uint8_t)(st->buildings[seat][c] + cards[cardc_kind(c, CARDC_BUILDING)]);
    }
    v += person_n * person_sum;
    v += (cards[CARDC_DRAGON] + cards[CARDC_FAIRY]) * r->special_points;
    for (int c = 0; c < CARDC_COLOURS; c++) {
        int added = cards[cardc_kind(c, CARDC_ANIMAL)];
        if (!added)
            continue;
        int total = st->animals[seat][c] + st->animal_jokers_on[seat][c] + added;
        v += r->animal_points[(total > CARDC_ANIMAL_MAX ? CARDC_ANIMAL_MAX : total) - 1];
    }
    v += cards[CARDC_ANIMAL_JOKER] * (double)r->joker_alone;
    /* buildings: what the chest gains at the end */
    v += cardc_building_value(chest, st->building_jokers[seat] + cards[CARDC_BUILDING_JOKER]) -
         cardc_building_value(st->buildings[seat], st->building_jokers[seat]);
    return v;
}

/* Value for seat of the cards between row position `from` and `to` (exclusive). */
static double segment_value(const struct cardc_state *st, int seat, int row, int from, int to)
{
    uint8_t cards[CARDC_KINDS] = {0};
    int unknown = 0;
    for (int i = from; i < to; i++) {
        uint8_t slot = st->row[row][i];
        int kind = cardc_slot_kind(slot);
        /* Every face-down card counts as unknown, even the seat's own: the evaluation
         * then reads only public information, so no agent (greedy in `diff` mode rates
         * the opponents too) learns a hidden card through it. */
        if (cardc_slot_is_facedown(slot))
            unknown++;
        else
            cards[kind]++;
    }
    return claim_value(st, seat, cards, 0, unknown);
}

double cardc_evaluate(const void *state, int seat)
{
    const struct cardc_state *st = state;
    double v = st->score[seat];
    if (st->phase == CARDC_OVER)
        return v;
    v += cardc_building_value(st->buildings[seat], st->building_jokers[seat]);
    if (st->phase == CARDC_DECIDE) {
        int mismatched = 0;
        for (int k = 0; k < CARDC_KINDS; k++)
            mismatched += st->pending[seat][k];
        return v + claim_value(st, seat, st->claim[seat], mismatched, 0);
    }
    if (st->phase != CARDC_PLAY)
        return v;
    /* The follower's segment if placed; otherwise the best segment it could take now, in
     * full. (Discounting it, e.g. by half, makes greedy claim at once whenever it can,
     * which hands the first player every best row: greedy against itself then won 99.5%
     * of 2-player games from seat 1, against 51.5% in full.) */
    double best_open = 0;
    for (int r = 0; r < CARDC_ROWS; r++) {
        int start = 0;
        for (int i = 0; i < st->row_len[r]; i++) {
            uint8_t slot = st->row[r][i];
            if (!cardc_slot_is_follower(slot))
                continue;
            if (cardc_slot_seat(slot) == seat)
                return v + segment_value(st, seat, r, start, i);
            start = i + 1;
        }
        double open = segment_value(st, seat, r, start, st->row_len[r]);
        if (open > best_open)
            best_open = open;
    }
    return v + best_open;
}

int cardc_check(const void *state, kk_error *err)
{
    const struct cardc_state *st = state;
    int n = st->players;
    if (n < 2 || n > CARDC_MAX_SEATS)
        return kk_fail(err, "players %d", n);
    int where[CARDC_KINDS] = {0};
    int deck_total = 0;
    for (int k = 0; k < CARDC_KINDS; k++) {
        where[k] += st->deck[k] + st->box[k];
        deck_total += st->deck[k];
    }
    for (int g = 0; g <= CARDC_COLOURS; g++) {
        int sum = 0;
        for (int k = g * CARDC_TYPES; k < (g + 1) * CARDC_TYPES && k < CARDC_KINDS; k++)
            sum += st->deck[k];
        if (sum != st->deck_group[g])
            return kk_fail(err, "supply group %d count %d, counted %d", g, st->deck_group[g], sum);
    }
    if (deck_total != st->deck_total)
        return kk_fail(err, "supply count %d but %d cards by kind", st->deck_total, deck_total);
    if (st->phase == CARDC_SETUP_JOKER)
        where[st->pending_joker]++; /* turned up, waiting for the dealer's row */
    int followers[CARDC_MAX_SEATS] = {0};
    for (int r = 0; r < CARDC_ROWS; r++) {
        if (st->row_len[r] > CARDC_ROW_CAP)
            return kk_fail(err, "row %d too long", r);
        for (int i = st->row_len[r]; i < CARDC_ROW_CAP; i++)
            if (st->row[r][i])
                return kk_fail(err, "row %d has a stale slot at %d", r, i);
        for (int i = 0; i < st->row_len[r]; i++) {
            uint8_t slot = st->row[r][i];
            if (cardc_slot_is_follower(slot)) {
                if (cardc_slot_seat(slot) >= n)
                    return kk_fail(err, "follower of seat %d", cardc_slot_seat(slot));
                followers[cardc_slot_seat(slot)]++;
                continue;
            }
            if (cardc_slot_is_facedown(slot) && cardc_slot_placer(slot) >= n)
                return kk_fail(err, "face-down card of seat %d", cardc_slot_placer(slot));
            where[cardc_slot_kind(slot)]++;
        }
    }
    for (int s = 0; s < n; s++) {
        int in_hand = 0, sources = 0, pending = 0, kinds = 0;
        for (int k = 0; k < CARDC_KINDS; k++) {
            if (st->hand[s][k]) {
                int at = st->hand_index[s][k];
                const uint8_t *list = cardc_is_joker(k) ? st->hand_jokers[s] : st->hand_coloured[s];
                int len = cardc_is_joker(k) ? st->hand_njokers[s] : st->hand_ncoloured[s];
                if (at >= len || list[at] != k)
                    return kk_fail(err, "seat %d hand list lacks kind %d", s, k);
                kinds++;
            }
            in_hand += st->hand[s][k];
            pending += st->pending[s][k];
            where[k] += st->hand[s][k] + st->claim[s][k] + st->pending[s][k];
        }
        if (kinds != st->hand_ncoloured[s] + st->hand_njokers[s])
            return kk_fail(err, "seat %d hand lists hold %d kinds, counted %d", s,
                           st->hand_ncoloured[s] + st->hand_njokers[s], kinds);
        if (pending != st->pending_n[s])
            return kk_fail(err, "seat %d has %d pending decisions, counted %d", s, pending,
                           st->pending_n[s]);
        if (in_hand != st->hand_n[s])
            return kk_fail(err, "seat %d holds %d cards, counted %d", s, in_hand, st->hand_n[s]);
        for (int c = 0; c < CARDC_COLOURS; c++) {
            where[cardc_kind(c, CARDC_ANIMAL)] += st->animals[s][c];
            where[cardc_kind(c, CARDC_BUILDING)] += st->buildings[s][c];
            where[CARDC_ANIMAL_JOKER] += st->animal_jokers_on[s][c];
            if (st->animal_jokers_on[s][c] && !st->animals[s][c])
                return kk_fail(err, "seat %d has animal jokers on a kind it lacks", s);
        }
        where[CARDC_ANIMAL_JOKER] += st->animal_jokers_waiting[s];
        where[CARDC_BUILDING_JOKER] += st->building_jokers[s];
        for (int src = 0; src < CARDC_SOURCES; src++)
            sources += st->points[s][src];
        if (sources != st->score[s])
            return kk_fail(err, "seat %d score %d but %d by source", s, st->score[s], sources);
        int expect = st->phase == CARDC_PLAY ? st->follower_placed[s] : 0;
        if (followers[s] != expect)
            return kk_fail(err, "seat %d has %d followers in the rows", s, followers[s]);
    }
    for (int k = 0; k < CARDC_KINDS; k++)
        if (where[k] != cardc_kind_total[k]) {
            char name[8];
            cardc_card_text(k, name, sizeof name);
            return kk_fail(err, "%d cards of kind %s, expected %d", where[k], name,
                           cardc_kind_total[k]);
        }
    return 0;
}
