/* War 2.0: setup placements, turns of card-counted actions (reinforce, move, attack),
 * battles as a two-seat simultaneous round committed attacker first, the card cycle that
 * adds 4, 5 and 6, and the end one round after the last 6 is added. */
#include <stdio.h>
#include <string.h>

#include "../box/box.h"
#include "../box/layout.h"
#include "war.h"

enum { P_LAYOUT_SEED, P_GRID, P_CARD_COLOURS, P_START_TILES, P_MUST_USE_ALL, P_CHAIN_MOVES,
       P_DEFENDER_BONUS, P_ADVANCE_LEAVE_ONE, P_ATTACK_ENDS_TURN, P_UNITS, NUM_PARAMS };
static const char *const grid_choices[] = {"hex", "square", NULL};
static const char *const start_choices[] = {"brown", "any", NULL};
/* "auto", then the six colour letters, then the six colour names (index order of box.h). */
static const char *const colour_choices[] = {"auto", "r", "y", "g", "b", "w", "k", "red",
                                             "yellow", "green", "blue", "white", "black", NULL};
static const struct kk_param war_params[NUM_PARAMS] = {
    {"layout_seed", KK_PARAM_INT, "0", -1, 1000000, NULL, 0, 0,
     "0: the fixed map for the player count; N >= 1: generated map N; -1: a new map each game"},
    {"grid", KK_PARAM_CHOICE, "hex", 0, 0, grid_choices, 0, 0,
     "adjacency: hex (6 neighbours, odd rows shifted right) or square (4 neighbours)"},
    {"card_colours", KK_PARAM_CHOICE_LIST, "auto", 0, 0, colour_choices, 1, WAR_MAX_SEATS,
     "auto (4p red,yellow,green,blue; 3p blue,yellow,white; 2p blue,yellow) or one distinct "
     "colour per seat, e.g. k,b,g"},
    {"start_tiles", KK_PARAM_CHOICE, "brown", 0, 0, start_choices, 0, 0,
     "placement rounds 1-4: empty face-down tiles only (brown) or any empty tile"},
    {"must_use_all", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: a seat takes all the actions of its turn card (no early end)"},
    {"chain_moves", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
     "1: a tile that received units in a move action may be a later source of it"},
    {"defender_bonus", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
     "1: the defender also gets +1 when its card's symbol is the attacked tile's"},
    {"advance_leave_one", KK_PARAM_INT, "1", 0, 1, NULL, 0, 0,
     "1: an advance leaves at least one unit on the attacking tile"},
    {"attack_ends_turn", KK_PARAM_INT, "0", 0, 1, NULL, 0, 0,
     "1: an attack is the last action of its turn"},
    {"units", KK_PARAM_INT, "20", 10, 20, NULL, 0, 0, "units (cubes) per seat"},
};

static const struct kk_stat_desc war_stats[] = {
    {"tiles", 1, "tiles owned at the end"},
    {"units", 1, "units on the map at the end"},
    {"battles_won", 1, "battles won, as attacker or defender"},
    {"battles", 0, "battles fought"},
    {"attacker_wins", 0, "battles the attacker won"},
    {"turns", 0, "turns played"},
};

/* Colours of the `auto` setting by player count (seat order). */
static const uint8_t auto_colours[5][WAR_MAX_SEATS] = {
    {0}, {0}, {GB_BLUE, GB_YELLOW}, {GB_BLUE, GB_YELLOW, GB_WHITE},
    {GB_RED, GB_YELLOW, GB_GREEN_C, GB_BLUE}};

const struct gb_card *war_card(const struct war_state *s, int seat, int k)
{
    return &gb_deck(GB_DECK_GB1)[s->colour[seat] * WAR_HAND + k];
}

/* The card index of seat's aside card numbered n (4, 5 or 6). */
static int aside_card(const struct war_state *s, int seat, int n)
{
    for (int k = 0; k < WAR_HAND; k++)
        if (war_card(s, seat, k)->number == n)
            return k;
    return 0; /* not reached: every colour has one 4, one 5 and one 6 */
}

uint16_t war_playable(const struct war_state *s, int seat)
{
    if (s->hand[seat])
        return s->hand[seat];
    uint16_t h = s->played[seat];
    if (s->added[seat] < 3)
        h |= (uint16_t)(1u << aside_card(s, seat, 4 + s->added[seat]));
    return h;
}

uint64_t war_owned(const struct war_state *s, int seat)
{
    uint64_t m = 0;
    for (int c = 0; c < s->map.cells; c++)
        if (s->owner[c] == seat)
            m |= 1ull << c;
    return m;
}

int war_units_on_map(const struct war_state *s, int seat)
{
    int n = 0;
    for (int c = 0; c < s->map.cells; c++)
        if (s->owner[c] == seat)
            n += s->count[c];
    return n;
}

static int neighbours(const struct war_state *s, int c, uint8_t *out)
{
    return war_neighbours(&s->map, (enum war_grid)s->grid, c, out);
}

static int war_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct war_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 4;
    if (players < 2 || players > WAR_MAX_SEATS)
        return kk_fail(err, "war is for 2 to 4 players, not %d", players);
    s->players = (uint8_t)players;
    s->grid = (uint8_t)v->value[P_GRID][0];
    s->start_any = (uint8_t)v->value[P_START_TILES][0];
    s->must_use_all = (uint8_t)v->value[P_MUST_USE_ALL][0];
    s->chain_moves = (uint8_t)v->value[P_CHAIN_MOVES][0];
    s->defender_bonus = (uint8_t)v->value[P_DEFENDER_BONUS][0];
    s->advance_leave_one = (uint8_t)v->value[P_ADVANCE_LEAVE_ONE][0];
    s->attack_ends_turn = (uint8_t)v->value[P_ATTACK_ENDS_TURN][0];
    s->units = (uint8_t)v->value[P_UNITS][0];
    int n = v->len[P_CARD_COLOURS];
    if (n == 1 && v->value[P_CARD_COLOURS][0] == 0) {
        memcpy(s->colour, auto_colours[players], WAR_MAX_SEATS);
    } else {
        if (n != players)
            return kk_fail(err, "card_colours needs one colour per seat (%d), not %d", players, n);
        for (int p = 0; p < n; p++) {
            int c = v->value[P_CARD_COLOURS][p];
            if (c == 0)
                return kk_fail(err, "card_colours: 'auto' cannot be part of a list");
            s->colour[p] = (uint8_t)((c - 1) % GB_COLOURS);
            for (int q = 0; q < p; q++)
                if (s->colour[q] == s->colour[p])
                    return kk_fail(err, "card_colours: colour %s is given twice",
                                   gb_colour_names[s->colour[p]]);
        }
    }
    int seed = v->value[P_LAYOUT_SEED][0];
    war_build_map(&s->map, players, seed > 0 ? seed : 0);
    memset(s->owner, -1, sizeof s->owner);
    for (int p = 0; p < players; p++) {
        s->supply[p] = s->units;
        for (int k = 0; k < WAR_HAND; k++)
            if (war_card(s, p, k)->number <= 3)
                s->hand[p] |= (uint16_t)(1u << k);
    }
    s->source = -1;
    s->phase = seed < 0 ? WAR_PH_LAYOUT : WAR_PH_PLACE;
    s->seat = (uint8_t)(players - 1); /* placement starts right of the starting player */
    return 0;
}

static int war_players(const void *state) { return ((const struct war_state *)state)->players; }

static int war_to_move(const void *state)
{
    const struct war_state *s = state;
    if (s->phase == WAR_PH_LAYOUT)
        return KK_CHANCE;
    if (s->phase == WAR_PH_OVER)
        return KK_TERMINAL;
    return s->seat;
}

static uint32_t war_simultaneous(const void *state)
{
    const struct war_state *s = state;
    if (s->phase == WAR_PH_ATTACK)
        return (1u << s->turn_seat) | (1u << s->defender);
    if (s->phase == WAR_PH_DEFEND)
        return 1u << s->defender;
    return 0;
}

/* ---- legal moves ---- */

/* Cells where the seat to move may place its next setup unit. */
static uint64_t placement_cells(const struct war_state *s)
{
    int seat = s->seat, round = s->placed / s->players;
    uint64_t own = war_owned(s, seat);
    if (round >= 4)
        return own;
    uint64_t empty = 0, brown = 0, near = 0;
    for (int c = 0; c < s->map.cells; c++) {
        if (s->owner[c] >= 0)
            continue;
        empty |= 1ull << c;
        if (s->start_any || s->map.tile[c] == WAR_BLANK)
            brown |= 1ull << c;
        uint8_t nb[WAR_MAX_NEIGHBOURS];
        int k = neighbours(s, c, nb);
        for (int i = 0; i < k; i++)
            if (own >> nb[i] & 1)
                near |= 1ull << c;
    }
    if (brown & ~near)
        return brown & ~near;
    return brown ? brown : empty;
}

static int add_cards(kk_move *out, int n, int base, uint16_t cards)
{
    for (int k = 0; k < WAR_HAND; k++)
        if (cards >> k & 1)
            out[n++] = base + k;
    return n;
}

/* Reinforce: tiles that may get a unit now. */
static uint64_t reinforce_cells(const struct war_state *s)
{
    if (s->reinf_left == 0 || s->supply[s->seat] == 0)
        return 0;
    return war_owned(s, s->seat) & ~s->reinf_done;
}

/* Move steps from src (count 1..spare to each allowed neighbour). */
static int add_steps(const struct war_state *s, int src, kk_move *out, int n)
{
    int spare = s->count[src] - 1;
    uint8_t nb[WAR_MAX_NEIGHBOURS];
    int k = neighbours(s, src, nb);
    for (int i = 0; i < k; i++) {
        int d = nb[i];
        if (s->owner[d] >= 0 && s->owner[d] != s->seat)
            continue;
        if (src == s->source && (s->sent_to >> d & 1))
            continue; /* one step per target and source: the step's count says how many */
        for (int c = 1; c <= spare; c++)
            out[n++] = WAR_MV_STEP + (src * WAR_MAX_CELLS + d) * 21 + c;
    }
    return n;
}

/* 1 when src may become the next source of the current move action. */
static int new_source_ok(const struct war_state *s, int src)
{
    return src != s->source && s->owner[src] == s->seat && s->count[src] >= 2 &&
           s->sources_left > 0 && !(s->used_sources >> src & 1) &&
           (s->chain_moves || !(s->received >> src & 1));
}

static int steps_possible(const struct war_state *s)
{
    if (s->source >= 0 && s->count[s->source] >= 2) {
        uint8_t nb[WAR_MAX_NEIGHBOURS];
        int k = neighbours(s, s->source, nb);
        for (int i = 0; i < k; i++)
            if ((s->owner[nb[i]] < 0 || s->owner[nb[i]] == s->seat) &&
                !(s->sent_to >> nb[i] & 1))
                return 1;
    }
    for (int c = 0; c < s->map.cells; c++)
        if (new_source_ok(s, c)) {
            uint8_t nb[WAR_MAX_NEIGHBOURS];
            int k = neighbours(s, c, nb);
            for (int i = 0; i < k; i++)
                if (s->owner[nb[i]] < 0 || s->owner[nb[i]] == s->seat)
                    return 1;
        }
    return 0;
}

/* Where the beaten defender's units may flee: its own neighbours of E, else empty ones. */
static uint64_t flee_cells(const struct war_state *s)
{
    uint8_t nb[WAR_MAX_NEIGHBOURS];
    int k = neighbours(s, s->target, nb);
    uint64_t own = 0, empty = 0;
    for (int i = 0; i < k; i++) {
        if (s->owner[nb[i]] == s->defender)
            own |= 1ull << nb[i];
        else if (s->owner[nb[i]] < 0)
            empty |= 1ull << nb[i];
    }
    return own ? own : empty;
}

int war_legal_moves(const void *state, kk_move *out)
{
    const struct war_state *s = state;
    int n = 0, seat = s->seat;
    uint64_t cells;
    switch (s->phase) {
    case WAR_PH_PLACE:
        cells = placement_cells(s);
        for (int c = 0; c < s->map.cells; c++)
            if (cells >> c & 1)
                out[n++] = WAR_MV_CELL + c;
        return n;
    case WAR_PH_TURN:
        return add_cards(out, 0, WAR_MV_TURN, war_playable(s, seat));
    case WAR_PH_ACTION: {
        uint16_t cards = war_playable(s, seat);
        if (!s->reinforced)
            n = add_cards(out, n, WAR_MV_REINF, cards);
        n = add_cards(out, n, WAR_MV_MOVE, cards);
        for (int t = 0; t < s->map.cells; t++) {
            if (s->owner[t] != seat)
                continue;
            uint8_t nb[WAR_MAX_NEIGHBOURS];
            int k = neighbours(s, t, nb);
            for (int i = 0; i < k; i++)
                if (s->owner[nb[i]] >= 0 && s->owner[nb[i]] != seat)
                    out[n++] = WAR_MV_ATTACK + t * WAR_MAX_CELLS + nb[i];
        }
        if (!s->must_use_all)
            out[n++] = WAR_MV_END;
        return n;
    }
    case WAR_PH_REINF:
        cells = reinforce_cells(s);
        for (int c = 0; c < s->map.cells; c++)
            if (cells >> c & 1)
                out[n++] = WAR_MV_CELL + c;
        out[n++] = WAR_MV_CLOSE;
        return n;
    case WAR_PH_MOVE:
        if (s->source >= 0)
            n = add_steps(s, s->source, out, n);
        for (int c = 0; c < s->map.cells; c++)
            if (new_source_ok(s, c))
                n = add_steps(s, c, out, n);
        out[n++] = WAR_MV_CLOSE;
        return n;
    case WAR_PH_ATTACK:
    case WAR_PH_DEFEND:
        return add_cards(out, 0, WAR_MV_CARD, war_playable(s, seat));
    case WAR_PH_FLEE:
        cells = flee_cells(s);
        for (int c = 0; c < s->map.cells; c++)
            if (cells >> c & 1)
                out[n++] = WAR_MV_CELL + c;
        if (!cells)
            out[n++] = WAR_MV_CLOSE;
        return n;
    case WAR_PH_ADVANCE: {
        int most = s->count[s->from] - (s->advance_leave_one ? 1 : 0);
        for (int u = 0; u <= most; u++)
            out[n++] = WAR_MV_ADVANCE + u;
        return n;
    }
    default:
        return 0;
    }
}

/* ---- applying moves ---- */

/* Seat plays card k: a refresh first when its hand is empty (the played pile back, plus
 * the lowest aside card), then the card leaves the hand. Battle cards go to the played
 * pile when revealed, every other card at once. */
static void play_card(struct war_state *s, int seat, int k, int to_played)
{
    if (!s->hand[seat]) {
        s->hand[seat] = s->played[seat];
        s->played[seat] = 0;
        if (s->added[seat] < 3) {
            s->hand[seat] |= (uint16_t)(1u << aside_card(s, seat, 4 + s->added[seat]));
            s->added[seat]++;
            if (s->added[seat] == 3 && !s->ending) {
                int all = 1;
                for (int p = 0; p < s->players; p++)
                    all &= s->added[p] == 3;
                if (all)
                    s->ending = 1; /* this turn is played out, then one final turn each */
            }
        }
    }
    s->hand[seat] &= (uint16_t)~(1u << k);
    if (to_played)
        s->played[seat] |= (uint16_t)(1u << k);
}

static void start_turn(struct war_state *s, int seat)
{
    s->turn_seat = s->seat = (uint8_t)seat;
    s->phase = WAR_PH_TURN;
    s->reinforced = 0;
    s->actions_left = 0;
}

static void end_turn(struct war_state *s)
{
    s->turns++;
    if (s->ending == 1) {
        s->ending = 2;
        s->final_left = s->players;
    } else if (s->ending == 2 && --s->final_left == 0) {
        s->phase = WAR_PH_OVER;
        return;
    }
    start_turn(s, (s->turn_seat + 1) % s->players);
}

/* An action is complete: the turn goes on while it has actions left. */
static void action_done(struct war_state *s, int was_attack)
{
    s->seat = s->turn_seat;
    s->source = -1;
    if (--s->actions_left == 0 || (was_attack && s->attack_ends_turn)) {
        end_turn(s);
        return;
    }
    s->phase = WAR_PH_ACTION;
}

static void remove_unit(struct war_state *s, int cell)
{
    int seat = s->owner[cell];
    s->supply[seat]++;
    if (--s->count[cell] == 0)
        s->owner[cell] = -1;
}

static void add_units(struct war_state *s, int cell, int seat, int n)
{
    s->owner[cell] = (int8_t)seat;
    s->count[cell] = (uint8_t)(s->count[cell] + n);
}

void war_battle_totals(const struct war_state *s, int ka, int kd, int *att, int *def)
{
    int sym = s->map.tile[s->target];
    const struct gb_card *a = war_card(s, s->turn_seat, ka), *d = war_card(s, s->defender, kd);
    *att = a->number + s->count[s->from] + (a->symbol == sym);
    *def = d->number + s->count[s->target] + (s->defender_bonus && d->symbol == sym);
}

/* Both cards are in: reveal, resolve, and go on to the flee, the advance or the next action. */
static void resolve_battle(struct war_state *s)
{
    int att, def;
    war_battle_totals(s, s->att_card, s->def_card, &att, &def);
    int a = s->turn_seat, d = s->defender;
    s->played[a] |= (uint16_t)(1u << s->att_card);
    s->played[d] |= (uint16_t)(1u << s->def_card);
    s->battles++;
    s->att_won = att > def;
    if (!s->att_won) {
        s->battles_won[d]++;
        remove_unit(s, s->from);
        action_done(s, 1);
        return;
    }
    s->attacker_wins++;
    s->battles_won[a]++;
    remove_unit(s, s->target);
    if (s->count[s->target] > 0) {
        s->phase = WAR_PH_FLEE;
        s->seat = (uint8_t)d;
        return;
    }
    s->phase = WAR_PH_ADVANCE;
    s->seat = (uint8_t)a;
}

void war_apply(void *state, kk_move m)
{
    struct war_state *s = state;
    int seat = s->seat;
    switch (s->phase) {
    case WAR_PH_LAYOUT: {
        war_build_map(&s->map, s->players, m);
        s->phase = WAR_PH_PLACE;
        return;
    }
    case WAR_PH_PLACE:
        add_units(s, m - WAR_MV_CELL, seat, 1);
        s->supply[seat]--;
        if (++s->placed == 6 * s->players)
            start_turn(s, 0);
        else
            s->seat = (uint8_t)((seat + s->players - 1) % s->players);
        return;
    case WAR_PH_TURN:
        play_card(s, seat, m - WAR_MV_TURN, 1);
        s->actions_left = war_card(s, seat, m - WAR_MV_TURN)->number;
        s->phase = WAR_PH_ACTION;
        return;
    case WAR_PH_ACTION:
        if (m == WAR_MV_END) {
            end_turn(s);
        } else if (m >= WAR_MV_ATTACK) {
            s->from = (uint8_t)((m - WAR_MV_ATTACK) / WAR_MAX_CELLS);
            s->target = (uint8_t)((m - WAR_MV_ATTACK) % WAR_MAX_CELLS);
            s->defender = (uint8_t)s->owner[s->target];
            s->phase = WAR_PH_ATTACK;
        } else if (m >= WAR_MV_MOVE) {
            s->card = (uint8_t)(m - WAR_MV_MOVE);
            play_card(s, seat, s->card, 1);
            s->sources_left = war_card(s, seat, s->card)->number;
            s->steps = 0;
            s->source = -1;
            s->used_sources = s->received = s->sent_to = 0;
            s->phase = WAR_PH_MOVE;
        } else {
            s->card = (uint8_t)(m - WAR_MV_REINF);
            play_card(s, seat, s->card, 1);
            s->reinforced = 1;
            s->reinf_left = war_card(s, seat, s->card)->number;
            s->reinf_done = 0;
            s->phase = WAR_PH_REINF;
            if (!reinforce_cells(s))
                action_done(s, 0); /* nothing to place: the action ends by itself */
        }
        return;
    case WAR_PH_REINF:
        if (m == WAR_MV_CLOSE) {
            action_done(s, 0);
            return;
        }
        add_units(s, m - WAR_MV_CELL, seat, 1);
        s->supply[seat]--;
        s->reinf_done |= 1ull << (m - WAR_MV_CELL);
        s->reinf_left--;
        if (!reinforce_cells(s))
            action_done(s, 0);
        return;
    case WAR_PH_MOVE: {
        if (m == WAR_MV_CLOSE) {
            action_done(s, 0);
            return;
        }
        int step = m - WAR_MV_STEP, count = step % 21;
        int src = step / 21 / WAR_MAX_CELLS, dst = step / 21 % WAR_MAX_CELLS;
        if (src != s->source) {
            s->source = (int8_t)src;
            s->sources_left--;
            s->used_sources |= 1ull << src;
            s->sent_to = 0;
        }
        s->sent_to |= 1ull << dst;
        s->count[src] = (uint8_t)(s->count[src] - count);
        add_units(s, dst, seat, count);
        s->received |= 1ull << dst;
        s->steps++;
        if (!steps_possible(s))
            action_done(s, 0);
        return;
    }
    case WAR_PH_ATTACK:
        s->att_card = (uint8_t)(m - WAR_MV_CARD);
        play_card(s, seat, s->att_card, 0);
        s->phase = WAR_PH_DEFEND;
        s->seat = s->defender;
        return;
    case WAR_PH_DEFEND:
        s->def_card = (uint8_t)(m - WAR_MV_CARD);
        play_card(s, seat, s->def_card, 0);
        resolve_battle(s);
        return;
    case WAR_PH_FLEE:
        if (m != WAR_MV_CLOSE) {
            int to = m - WAR_MV_CELL;
            add_units(s, to, seat, s->count[s->target]);
            s->count[s->target] = 0;
            s->owner[s->target] = -1;
        }
        if (s->count[s->target] == 0) {
            s->phase = WAR_PH_ADVANCE;
            s->seat = s->turn_seat;
        } else {
            action_done(s, 1);
        }
        return;
    case WAR_PH_ADVANCE: {
        int u = m - WAR_MV_ADVANCE;
        if (u > 0) {
            s->count[s->from] = (uint8_t)(s->count[s->from] - u);
            if (s->count[s->from] == 0)
                s->owner[s->from] = -1;
            add_units(s, s->target, seat, u);
        }
        action_done(s, 1);
        return;
    }
    default:
        return;
    }
}

/* ---- chance, scores ---- */

static int war_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    (void)state;
    for (int i = 0; i < GB_LAYOUTS; i++) {
        out[i] = i + 1;
        prob[i] = 1.0 / GB_LAYOUTS;
    }
    return GB_LAYOUTS;
}

static kk_move war_sample_chance(const void *state, kk_rng *rng)
{
    (void)state;
    return (kk_move)kk_rng_bounded(rng, GB_LAYOUTS) + 1;
}

static void war_scores(const void *state, int32_t *out)
{
    const struct war_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = war_score_tiles(&s->map, war_owned(s, p));
}

static uint32_t war_winners(const void *state)
{
    int32_t sc[WAR_MAX_SEATS];
    war_scores(state, sc);
    return kk_top_scores(sc, ((const struct war_state *)state)->players);
}

static int war_extra_json(const void *state, char *buf, size_t size)
{
    const struct war_state *s = state;
    char map[128];
    war_map_text(&s->map, map);
    return snprintf(buf, size, ",\"turns\":%d,\"battles\":%d,\"map\":\"%s\"", s->turns,
                    s->battles, map);
}

const struct kk_game kk_game_war = {
    .name = "war",
    .title = "War 2.0",
    .min_players = 2,
    .max_players = WAR_MAX_SEATS,
    .default_players = 4,
    .state_size = sizeof(struct war_state),
    .max_moves = GB_LAYOUTS > WAR_MAX_MOVES ? GB_LAYOUTS : WAR_MAX_MOVES,
    .score_scale = 20,
    .cooperative = 0,
    .params = war_params,
    .num_params = NUM_PARAMS,
    .stats = war_stats,
    .num_stats = (int)(sizeof war_stats / sizeof war_stats[0]),
    .init = war_init,
    .players = war_players,
    .to_move = war_to_move,
    .legal_moves = war_legal_moves,
    .apply = war_apply,
    .chance_outcomes = war_chance_outcomes,
    .sample_chance = war_sample_chance,
    .scores = war_scores,
    .winners = war_winners,
    .move_to_text = war_move_to_text,
    .move_from_text = war_move_from_text,
    .get_stats = war_get_stats,
    .evaluate = war_evaluate,
    .sample_view = war_sample_view,
    .extra_json = war_extra_json,
    .check = war_check,
    .simultaneous = war_simultaneous,
    .agent_defaults = "depth=30",
    .line_text = war_line_text,
    .line_read = war_line_read,
};
