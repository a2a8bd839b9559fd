/* Cardcassonne rules: setup, dealing, card and follower placement, claims, round scoring
 * (persons, animals and animal jokers, dragon and fairy, mismatched face-down cards), the
 * end scoring of buildings and the winners. The supply is a multiset of card kinds: a
 * chance event draws one kind with probability proportional to its remaining count, which
 * is the same distribution as turning the top card of a shuffled deck. */
#include <string.h>

#include "cardc.h"

const uint8_t cardc_kind_total[CARDC_KINDS] = {
    8, 5, 3, 5, 9, /* yellow: persons 1, 2, 3, buildings, animals */
    8, 5, 3, 5, 9, /* red */
    8, 5, 3, 5, 9, /* green */
    8, 5, 3, 5, 9, /* blue */
    1, 1, 4, 4,    /* dragon, fairy, animal jokers, building jokers */
};

/* Cards dealt per round and rounds, by number of players (rules table). */
static const uint8_t default_hand[CARDC_MAX_SEATS + 1] = {0, 0, 6, 5, 5, 4};
static const uint8_t default_rounds[CARDC_MAX_SEATS + 1] = {0, 0, 10, 8, 6, 6};

static const int group_points[5] = {0, 0, 5, 15, 30};

int cardc_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct cardc_state *st = state;
    if (players == 0)
        players = 2;
    if (players < 2 || players > CARDC_MAX_SEATS)
        return kk_fail(err, "cardcassonne is for 2-5 players, not %d", players);
    memset(st, 0, sizeof *st);
    struct cardc_rules *r = &st->rules;
    if (v->len[CARDC_PARAM_ANIMAL_POINTS] != CARDC_ANIMAL_MAX)
        return kk_fail(err, "animal_points needs %d values (n = 1..%d)", CARDC_ANIMAL_MAX,
                       CARDC_ANIMAL_MAX);
    for (int i = 0; i < CARDC_ANIMAL_MAX; i++)
        r->animal_points[i] = (int16_t)v->value[CARDC_PARAM_ANIMAL_POINTS][i];
    r->joker_alone = (int16_t)v->value[CARDC_PARAM_JOKER_ALONE][0];
    r->joker_target = (uint8_t)v->value[CARDC_PARAM_JOKER_TARGET][0];
    r->special_points = (int16_t)v->value[CARDC_PARAM_SPECIAL_POINTS][0];
    r->mismatch_points = (int16_t)v->value[CARDC_PARAM_MISMATCH_POINTS][0];
    r->mismatch_decision = (uint8_t)v->value[CARDC_PARAM_MISMATCH_DECISION][0];
    r->setup_cards = (uint8_t)v->value[CARDC_PARAM_SETUP_CARDS][0];
    int32_t hand = v->value[CARDC_PARAM_HAND_SIZE][0];
    int32_t rounds = v->value[CARDC_PARAM_ROUNDS][0];
    r->hand_size = (uint8_t)(hand == KK_AUTO ? default_hand[players] : hand);
    r->rounds = (uint8_t)(rounds == KK_AUTO ? default_rounds[players] : rounds);
    r->tiebreak = (uint8_t)v->value[CARDC_PARAM_TIEBREAK][0];
    r->chests = (uint8_t)v->value[CARDC_PARAM_CHESTS][0];
    int needed = r->setup_cards + r->rounds * r->hand_size * players;
    if (needed > CARDC_TOTAL_CARDS)
        return kk_fail(err,
                       "setup_cards + rounds * hand_size * players = %d needs more than the "
                       "%d cards",
                       needed, CARDC_TOTAL_CARDS);

    st->players = (uint8_t)players;
    memcpy(st->deck, cardc_kind_total, sizeof st->deck);
    for (int k = 0; k < CARDC_KINDS; k++)
        st->deck_group[k / CARDC_TYPES] = (uint8_t)(st->deck_group[k / CARDC_TYPES] + st->deck[k]);
    st->deck_total = CARDC_TOTAL_CARDS;
    st->dealer = 0;
    st->setup_left = r->setup_cards;
    if (st->setup_left > 0) {
        st->phase = CARDC_SETUP_DRAW;
    } else {
        st->phase = CARDC_DEAL;
        st->deal_seat = (uint8_t)(1 % players);
        st->deal_left = r->hand_size;
    }
    return 0;
}

int cardc_to_move(const void *state)
{
    const struct cardc_state *st = state;
    switch (st->phase) {
    case CARDC_SETUP_DRAW:
    case CARDC_DEAL:
        return KK_CHANCE;
    case CARDC_OVER:
        return KK_TERMINAL;
    default:
        return st->current;
    }
}

static inline int next_seat(const struct cardc_state *st, int seat)
{
    return seat + 1 == st->players ? 0 : seat + 1;
}

static void start_deal(struct cardc_state *st)
{
    st->phase = CARDC_DEAL;
    st->deal_seat = (uint8_t)next_seat(st, st->dealer);
    st->deal_left = st->rules.hand_size;
}

static void start_play(struct cardc_state *st)
{
    memset(st->placed_card, 0, sizeof st->placed_card);
    memset(st->follower_placed, 0, sizeof st->follower_placed);
    st->phase = CARDC_PLAY;
    st->current = (uint8_t)next_seat(st, st->dealer);
}

static inline void row_push(struct cardc_state *st, int row, uint8_t slot)
{
    st->row[row][st->row_len[row]++] = slot;
}

static void add_points(struct cardc_state *st, int seat, int source, int pts)
{
    st->score[seat] += pts;
    st->points[seat][source] += pts;
}

static void cash_mismatch(struct cardc_state *st, int seat, int kind)
{
    add_points(st, seat, CARDC_SRC_MISMATCHES, st->rules.mismatch_points);
    st->box[kind]++;
}

/* A card claimed by seat's follower from `row`: face-down cards are turned up, and a
 * mismatched one (coloured card in another colour's row) is handled here or queued for
 * its new owner's keep-or-cash decision. */
static void claim_card(struct cardc_state *st, int seat, int row, uint8_t slot)
{
    int kind = cardc_slot_kind(slot);
    st->cards_claimed[seat]++;
    if (cardc_slot_is_facedown(slot) && !cardc_is_joker(kind) && cardc_colour(kind) != row) {
        int type = cardc_type(kind);
        if (type <= CARDC_P3 || st->rules.mismatch_decision == CARDC_DECIDE_CASH) {
            cash_mismatch(st, seat, kind);
            return;
        }
        if (st->rules.mismatch_decision == CARDC_DECIDE_OWNER) {
            st->pending[seat][kind]++;
            st->pending_n[seat]++;
            return;
        }
    }
    st->claim[seat][kind]++;
}

/* First seat, in turn order from the left of the dealer, with a decision pending. */
static int pending_seat(const struct cardc_state *st)
{
    int seat = st->dealer;
    for (int i = 0; i < st->players; i++) {
        seat = next_seat(st, seat);
        if (st->pending_n[seat])
            return seat;
    }
    return -1;
}

int cardc_pending_kind(const struct cardc_state *st)
{
    if (st->phase != CARDC_DECIDE)
        return -1;
    for (int k = 0; k < CARDC_KINDS; k++)
        if (st->pending[st->current][k])
            return k;
    return -1;
}

/* The kind that takes every animal joker of a seat that has animals. `added` says which
 * kinds the seat added to this round; `count` is each kind's size before the jokers. */
static int joker_target(const struct cardc_state *st, const int *count, const int *added,
                        int jokers)
{
    const int16_t *pts = st->rules.animal_points;
    int best = -1, best_value = 0;
    for (int c = 0; c < CARDC_COLOURS; c++) {
        if (count[c] == 0)
            continue;
        int value;
        if (st->rules.joker_target == CARDC_TARGET_BEST) {
            /* what the seat's round total gains */
            int n = count[c] + jokers;
            value = pts[(n > CARDC_ANIMAL_MAX ? CARDC_ANIMAL_MAX : n) - 1] -
                    (added[c] ? pts[count[c] - 1] : 0);
        } else {
            /* the kind scoring most this round: kinds added to come first; when none was
             * added, the kind that would score most */
            value = pts[count[c] - 1] + (added[c] ? 1 << 20 : 0);
        }
        if (best < 0 || value > best_value) {
            best = c;
            best_value = value;
        }
    }
    return best;
}

/* Round scoring of one seat's claim (mismatch decisions already made). */
static void score_claim(struct cardc_state *st, int seat)
{
    uint8_t *c = st->claim[seat];
    const struct cardc_rules *r = &st->rules;
    int person_cards = 0, person_sum = 0;
    int added[CARDC_COLOURS], count[CARDC_COLOURS], held = 0;
    for (int col = 0; col < CARDC_COLOURS; col++) {
        for (int t = CARDC_P1; t <= CARDC_P3; t++) {
            int k = cardc_kind(col, t);
            person_cards += c[k];
            person_sum += c[k] * (t + 1);
            st->box[k] = (uint8_t)(st->box[k] + c[k]);
        }
        int a = cardc_kind(col, CARDC_ANIMAL);
        added[col] = c[a];
        st->animals[seat][col] = (uint8_t)(st->animals[seat][col] + c[a]);
        count[col] = st->animals[seat][col] + st->animal_jokers_on[seat][col];
        held += count[col];
        int b = cardc_kind(col, CARDC_BUILDING);
        st->buildings[seat][col] = (uint8_t)(st->buildings[seat][col] + c[b]);
    }
    if (person_cards)
        add_points(st, seat, CARDC_SRC_PERSONS, person_sum * person_cards);

    int specials = c[CARDC_DRAGON] + c[CARDC_FAIRY];
    if (specials)
        add_points(st, seat, CARDC_SRC_JOKERS, specials * r->special_points);
    st->box[CARDC_DRAGON] = (uint8_t)(st->box[CARDC_DRAGON] + c[CARDC_DRAGON]);
    st->box[CARDC_FAIRY] = (uint8_t)(st->box[CARDC_FAIRY] + c[CARDC_FAIRY]);

    int new_jokers = c[CARDC_ANIMAL_JOKER];
    int animal_pts = 0;
    if (held == 0) {
        /* no animals yet: each joker scores alone and waits */
        animal_pts += new_jokers * r->joker_alone;
        st->animal_jokers_waiting[seat] = (uint8_t)(st->animal_jokers_waiting[seat] + new_jokers);
    } else {
        int jokers = st->animal_jokers_waiting[seat] + new_jokers;
        st->animal_jokers_waiting[seat] = 0;
        int scored[CARDC_COLOURS];
        for (int col = 0; col < CARDC_COLOURS; col++)
            scored[col] = added[col] > 0;
        if (jokers) {
            int t = joker_target(st, count, added, jokers);
            st->animal_jokers_on[seat][t] = (uint8_t)(st->animal_jokers_on[seat][t] + jokers);
            count[t] += jokers;
            scored[t] = 1;
        }
        for (int col = 0; col < CARDC_COLOURS; col++) {
            if (!scored[col])
                continue;
            int n = count[col] > CARDC_ANIMAL_MAX ? CARDC_ANIMAL_MAX : count[col];
            animal_pts += r->animal_points[n - 1];
        }
    }
    if (animal_pts)
        add_points(st, seat, CARDC_SRC_ANIMALS, animal_pts);

    st->building_jokers[seat] = (uint8_t)(st->building_jokers[seat] + c[CARDC_BUILDING_JOKER]);
    memset(c, 0, CARDC_KINDS);
}

int cardc_building_value(const uint8_t count[CARDC_COLOURS], int jokers)
{
    /* For fixed counts the best grouping takes one card of every kind still present,
     * again and again: its group sizes majorise those of any other grouping (Gale-Ryser)
     * and the points 0, 5, 15, 30 grow convexly. With counts sorted descending that is
     * 5*c1 + 10*c2 + 15*c3 (c0 >= c1 >= c2 >= c3, 0-based), a Schur-concave function of
     * the counts. A joker stands for a kind not otherwise in its group, so it is one more
     * card of a kind of our choice; adding each to the currently smallest count gives the
     * vector that every other choice majorises, hence the maximum. Checked against an
     * exhaustive search over groupings in tests/test_cardc_scoring.c. */
    int c[CARDC_COLOURS];
    for (int i = 0; i < CARDC_COLOURS; i++)
        c[i] = count[i];
    for (int j = 0; j < jokers; j++) {
        int low = 0;
        for (int i = 1; i < CARDC_COLOURS; i++)
            if (c[i] < c[low])
                low = i;
        c[low]++;
    }
    for (int a = 1; a < CARDC_COLOURS; a++) /* sort descending */
        for (int b = a; b > 0 && c[b] > c[b - 1]; b--) {
            int tmp = c[b];
            c[b] = c[b - 1];
            c[b - 1] = tmp;
        }
    return group_points[2] * (c[1] - c[2]) + group_points[3] * (c[2] - c[3]) +
           group_points[4] * c[3];
}

static void finish_game(struct cardc_state *st)
{
    for (int s = 0; s < st->players; s++) {
        int v = cardc_building_value(st->buildings[s], st->building_jokers[s]);
        if (v)
            add_points(st, s, CARDC_SRC_BUILDINGS, v);
    }
    st->phase = CARDC_OVER;
}

static void finish_round(struct cardc_state *st)
{
    int best = 1; /* a round is won with the most round points, at least 1 */
    for (int s = 0; s < st->players; s++) {
        score_claim(st, s);
        int gained = st->score[s] - st->round_start[s];
        if (gained > best)
            best = gained;
    }
    for (int s = 0; s < st->players; s++)
        if (st->score[s] - st->round_start[s] == best)
            st->rounds_won[s]++;
    st->round++;
    if (st->round == st->rules.rounds) {
        finish_game(st);
        return;
    }
    st->dealer = st->last_follower;
    start_deal(st);
}

/* Every card and follower is placed: followers take their segments, unclaimed cards slide
 * toward the track, then decisions (if any) and scoring. */
static void end_round(struct cardc_state *st)
{
    memcpy(st->round_start, st->score, sizeof st->round_start);
    for (int r = 0; r < CARDC_ROWS; r++) {
        int end = st->row_claim_end[r];
        if (end == 0)
            continue; /* no follower: nothing moves */
        uint8_t *row = st->row[r];
        int seg = 0;
        for (int i = 0; i < end; i++) {
            uint8_t slot = row[i];
            if (cardc_slot_is_follower(slot)) {
                int seat = cardc_slot_seat(slot);
                for (int j = 0; j < seg; j++)
                    claim_card(st, seat, r, row[j]);
                seg = 0;
            } else {
                row[seg++] = slot; /* compacts toward the track as it goes */
            }
        }
        /* seg is 0 here: the last slot taken was a follower; the rest slides down */
        int rest = st->row_len[r] - end;
        memmove(row, row + end, (size_t)rest);
        memset(row + rest, 0, (size_t)end); /* no stale slots (hidden kinds) past the end */
        st->row_len[r] = (uint8_t)rest;
        st->row_claim_end[r] = 0;
    }
    int seat = pending_seat(st);
    if (seat >= 0) {
        st->phase = CARDC_DECIDE;
        st->current = (uint8_t)seat;
        return;
    }
    finish_round(st);
}

static void advance_turn(struct cardc_state *st)
{
    int seat = st->current;
    for (int i = 0; i < st->players; i++) {
        seat = next_seat(st, seat);
        if (st->hand_n[seat] || !st->follower_placed[seat]) {
            st->current = (uint8_t)seat;
            return;
        }
    }
    end_round(st);
}

void cardc_apply(void *state, kk_move move)
{
    struct cardc_state *st = state;
    switch (st->phase) {
    case CARDC_SETUP_DRAW: {
        int kind = move;
        st->deck[kind]--;
        st->deck_group[kind / CARDC_TYPES]--;
        st->deck_total--;
        st->setup_left--;
        if (cardc_is_joker(kind)) {
            st->phase = CARDC_SETUP_JOKER;
            st->pending_joker = (uint8_t)kind;
            st->current = st->dealer;
            return;
        }
        row_push(st, cardc_colour(kind), (uint8_t)kind);
        if (st->setup_left == 0)
            start_deal(st);
        return;
    }
    case CARDC_SETUP_JOKER:
        row_push(st, move % CARDC_ROWS, st->pending_joker);
        if (st->setup_left == 0)
            start_deal(st);
        else
            st->phase = CARDC_SETUP_DRAW;
        return;
    case CARDC_DEAL: {
        int kind = move, seat = st->deal_seat;
        st->deck[kind]--;
        st->deck_group[kind / CARDC_TYPES]--;
        st->deck_total--;
        cardc_hand_add(st, seat, kind);
        if (--st->deal_left == 0) {
            if (seat == st->dealer) {
                start_play(st);
            } else {
                st->deal_seat = (uint8_t)next_seat(st, seat);
                st->deal_left = st->rules.hand_size;
            }
        }
        return;
    }
    case CARDC_PLAY: {
        int seat = st->current;
        if (move >= CARDC_MOVE_FOLLOWER) {
            int row = move - CARDC_MOVE_FOLLOWER;
            row_push(st, row, (uint8_t)(CARDC_SLOT_FOLLOWER + seat));
            st->row_claim_end[row] = st->row_len[row];
            st->follower_placed[seat] = 1;
            st->last_follower = (uint8_t)seat;
        } else {
            int kind = move / CARDC_ROWS, row = move % CARDC_ROWS;
            cardc_hand_remove(st, seat, kind);
            row_push(st, row,
                     st->placed_card[seat] ? (uint8_t)kind : cardc_facedown_slot(kind, seat));
            st->placed_card[seat] = 1;
        }
        advance_turn(st);
        return;
    }
    case CARDC_DECIDE: {
        int seat = st->current, kind = cardc_pending_kind(st);
        st->pending[seat][kind]--;
        st->pending_n[seat]--;
        if (move == CARDC_MOVE_CASH)
            cash_mismatch(st, seat, kind);
        else
            st->claim[seat][kind]++;
        seat = pending_seat(st);
        if (seat >= 0)
            st->current = (uint8_t)seat;
        else
            finish_round(st);
        return;
    }
    default:
        return;
    }
}

int cardc_legal_moves(const void *state, kk_move *out)
{
    const struct cardc_state *st = state;
    int n = 0;
    switch (st->phase) {
    case CARDC_SETUP_JOKER:
        for (int r = 0; r < CARDC_ROWS; r++)
            out[n++] = cardc_place_move(st->pending_joker, r);
        return n;
    case CARDC_DECIDE:
        out[n++] = CARDC_MOVE_KEEP;
        out[n++] = CARDC_MOVE_CASH;
        return n;
    case CARDC_PLAY: {
        int seat = st->current;
        const uint8_t *hand = st->hand[seat];
        int facedown = !st->placed_card[seat];
        if (st->hand_n[seat])
            for (int k = 0; k < CARDC_KINDS; k++) {
                if (!hand[k])
                    continue;
                if (facedown || cardc_is_joker(k))
                    for (int r = 0; r < CARDC_ROWS; r++)
                        out[n++] = cardc_place_move(k, r);
                else
                    out[n++] = cardc_place_move(k, cardc_colour(k));
            }
        if (!st->follower_placed[seat])
            for (int r = 0; r < CARDC_ROWS; r++)
                out[n++] = CARDC_MOVE_FOLLOWER + r;
        return n;
    }
    default:
        return 0;
    }
}

kk_move cardc_random_move(const void *state, kk_rng *rng)
{
    const struct cardc_state *st = state;
    switch (st->phase) {
    case CARDC_SETUP_JOKER:
        return cardc_place_move(st->pending_joker, (int)kk_rng_below(rng, CARDC_ROWS));
    case CARDC_DECIDE:
        return kk_rng_below(rng, 2) ? CARDC_MOVE_CASH : CARDC_MOVE_KEEP;
    case CARDC_PLAY: {
        /* Uniform over the same moves as legal_moves, numbered differently: the kinds in
         * hand list order, each with 4 rows when face down or a joker, else its own row,
         * then the follower's rows. */
        int seat = st->current;
        int coloured = st->hand_ncoloured[seat], jokers = st->hand_njokers[seat];
        int follower = st->follower_placed[seat] ? 0 : CARDC_ROWS;
        int pick;
        if (!st->placed_card[seat]) {
            int kinds = coloured + jokers;
            pick = (int)kk_rng_below(rng, (uint32_t)(kinds * CARDC_ROWS + follower));
            if (pick >= kinds * CARDC_ROWS)
                return CARDC_MOVE_FOLLOWER + pick - kinds * CARDC_ROWS;
            int i = pick / CARDC_ROWS;
            int kind = i < coloured ? st->hand_coloured[seat][i] : st->hand_jokers[seat][i - coloured];
            return cardc_place_move(kind, pick % CARDC_ROWS);
        }
        pick = (int)kk_rng_below(rng, (uint32_t)(coloured + jokers * CARDC_ROWS + follower));
        if (pick < coloured) {
            int kind = st->hand_coloured[seat][pick];
            return cardc_place_move(kind, cardc_colour(kind));
        }
        pick -= coloured;
        if (pick < jokers * CARDC_ROWS)
            return cardc_place_move(st->hand_jokers[seat][pick / CARDC_ROWS], pick % CARDC_ROWS);
        return CARDC_MOVE_FOLLOWER + pick - jokers * CARDC_ROWS;
    }
    default:
        return 0;
    }
}

int cardc_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct cardc_state *st = state;
    int n = 0;
    for (int k = 0; k < CARDC_KINDS; k++)
        if (st->deck[k]) {
            out[n] = k;
            prob[n] = (double)st->deck[k] / st->deck_total;
            n++;
        }
    return n;
}

kk_move cardc_sample_chance(const void *state, kk_rng *rng)
{
    const struct cardc_state *st = state;
    /* Branch-free: which of the 5 groups of kinds (colours, jokers) the pick falls in,
     * then which kind of that group; random exits of a loop would mispredict. */
    int pick = (int)kk_rng_below(rng, st->deck_total);
    const uint8_t *g = st->deck_group;
    int cum[CARDC_COLOURS + 1];
    cum[0] = 0;
    cum[1] = g[0];
    cum[2] = cum[1] + g[1];
    cum[3] = cum[2] + g[2];
    cum[4] = cum[3] + g[3];
    int group = (pick >= cum[1]) + (pick >= cum[2]) + (pick >= cum[3]) + (pick >= cum[4]);
    pick -= cum[group];
    const uint8_t *d = st->deck + group * CARDC_TYPES; /* d[0..3] exist for every group */
    int e1 = d[0], e2 = e1 + d[1], e3 = e2 + d[2], e4 = e3 + d[3];
    return group * CARDC_TYPES + (pick >= e1) + (pick >= e2) + (pick >= e3) + (pick >= e4);
}

void cardc_scores(const void *state, int32_t *out)
{
    const struct cardc_state *st = state;
    for (int s = 0; s < st->players; s++)
        out[s] = st->score[s];
}

uint32_t cardc_winners(const void *state)
{
    const struct cardc_state *st = state;
    int top = st->score[0];
    for (int s = 1; s < st->players; s++)
        if (st->score[s] > top)
            top = st->score[s];
    uint32_t mask = 0;
    int most_buildings = -1;
    for (int s = 0; s < st->players; s++) {
        if (st->score[s] != top)
            continue;
        int b = st->building_jokers[s];
        for (int c = 0; c < CARDC_COLOURS; c++)
            b += st->buildings[s][c];
        if (st->rules.tiebreak == 0 && b != most_buildings) {
            if (b < most_buildings)
                continue;
            most_buildings = b;
            mask = 0;
        }
        mask |= 1u << s;
    }
    return mask;
}
