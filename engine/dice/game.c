/* The turn machine of Carcassonne: The Dice Game and its kk_game table.
 * A turn is: a chance node (one roll of every die in play, as a multiset of faces), then
 * the player's small decisions on that roll (build one city die at a time, then roll again
 * keeping some of the roll's knights, stop and score, or stop and bank a knight). */
#include <stdio.h>
#include <string.h>

#include "dice.h"

const char *const dice_layout_names[] = {"cap", "straight", "corner", "tee", "cross", NULL};
const char dice_layout_letters[] = {'C', 'S', 'L', 'T', '+'};
/* Rotation 0 layouts: the tee's missing edge is south. */
const unsigned dice_layout_edges[] = {DICE_N, DICE_N | DICE_S, DICE_N | DICE_E,
                                      DICE_N | DICE_E | DICE_W, 15u};
static const uint8_t layout_periods[] = {4, 2, 4, 4, 1};

static const char *const set_aside_choices[] = {"any", "one", NULL};
static const char *const placement_choices[] = {"anywhere", "touching", NULL};

enum { P_FACES, P_KNIGHT_NEED, P_GOAL, P_MAX_TURNS, P_SET_ASIDE, P_PLACEMENT, NUM_PARAMS };

static const struct kk_param dice_params[NUM_PARAMS] = {
    {"faces", KK_PARAM_CHOICE_LIST, "cap,straight,corner,tee", 0, 0, dice_layout_names, 4, 4,
     "the 4 city faces of a die (repeats allowed): cap, straight, corner, tee, cross"},
    {"knight_need", KK_PARAM_INT, "3", 1, 9, NULL, 0, 0,
     "knights set aside in a turn that allow banking one for a doubled next turn"},
    {"goal", KK_PARAM_INT, "42", 1, 100000, NULL, 0, 0, "total that wins the game at once"},
    {"max_turns", KK_PARAM_INT, "200", 1, 1000000, NULL, 0, 0,
     "turns in total after which the leader wins (counted in statistics)"},
    {"set_aside", KK_PARAM_CHOICE, "any", 0, 0, set_aside_choices, 0, 0,
     "any: a roll may be re-rolled whole; one: set aside a die of each roll before rolling again"},
    {"placement", KK_PARAM_CHOICE, "anywhere", 0, 0, placement_choices, 0, 0,
     "anywhere: the rules; touching: after the first, a die must touch one (fewer moves for search)"},
};

static const struct kk_stat_desc dice_stats[DICE_NUM_STATS] = {
    {"turns", 0, "turns played in total"},
    {"points_per_turn", 0, "points scored per turn (banked turns count as 0)"},
    {"turns_pts_0", 0, "scored turns worth 0 points"},
    {"turns_pts_1_2", 0, "scored turns worth 1-2 points"},
    {"turns_pts_3_5", 0, "scored turns worth 3-5 points"},
    {"turns_pts_6_9", 0, "scored turns worth 6-9 points"},
    {"turns_pts_10_14", 0, "scored turns worth 10-14 points"},
    {"turns_pts_15up", 0, "scored turns worth 15 points or more"},
    {"closed_2", 0, "closed cities of 2 dice on the grids at turn ends"},
    {"closed_3", 0, "closed cities of 3 dice"},
    {"closed_4", 0, "closed cities of 4 dice"},
    {"closed_5", 0, "closed cities of 5 dice"},
    {"closed_6", 0, "closed cities of 6 dice"},
    {"closed_7", 0, "closed cities of 7 dice"},
    {"closed_8", 0, "closed cities of 8 dice"},
    {"closed_9", 0, "closed cities of 9 dice"},
    {"scored_3", 0, "scored turns whose largest closed city has 3 dice"},
    {"scored_4", 0, "... 4 dice"},
    {"scored_5", 0, "... 5 dice"},
    {"scored_6", 0, "... 6 dice"},
    {"scored_7", 0, "... 7 dice"},
    {"scored_8", 0, "... 8 dice"},
    {"scored_9", 0, "... 9 dice"},
    {"knights_banked", 0, "turns ended by banking a knight instead of scoring"},
    {"doubled_turns", 0, "turns begun holding a knight (score doubled)"},
    {"dice_lost_catapult", 0, "dice lost to catapults"},
    {"rolls", 0, "rolls made in total"},
    {"stopped_by_max_turns", 0, "1 if the game ended at max_turns"},
    {"nine_catapult_win", 0, "1 if the game ended with a 9-catapult roll"},
};

static int held_by_others(const struct dice_state *s)
{
    int n = 0;
    for (int p = 0; p < s->players; p++)
        n += (p != s->seat) && s->held[p];
    return n;
}

static void start_turn(struct dice_state *s)
{
    s->doubled = s->held[s->seat];
    s->held[s->seat] = 0;
    if (s->doubled)
        s->stat[DICE_ST_DOUBLED_TURNS]++;
    s->to_roll = (uint8_t)(DICE_COUNT - held_by_others(s));
    s->rolls_done = 0;
    s->rolled = 0;
    memset(s->rolled_kind, 0, sizeof s->rolled_kind);
    s->rolled_knights = 0;
    s->built_this_roll = 0;
    s->knights_kept = 0;
    s->built = 0;
    s->lost = 0;
    memset(&s->grid, 0, sizeof s->grid);
    s->phase = DICE_PHASE_ROLL;
}

static int dice_init(void *state, const struct kk_variant *v, int players, kk_error *err)
{
    struct dice_state *s = state;
    memset(s, 0, sizeof *s);
    if (players == 0)
        players = 2;
    if (players < 2 || players > DICE_MAX_SEATS)
        return kk_fail(err, "carcassonne-dice is for 2 to 5 players, not %d", players);
    s->players = (uint8_t)players;
    /* Repeated names in `faces` make one kind that shows on several faces of a die. */
    for (int f = 0; f < 4; f++) {
        int layout = v->value[P_FACES][f], k;
        for (k = 0; k < s->num_kinds; k++)
            if (s->kind_layout[k] == layout)
                break;
        if (k == s->num_kinds) {
            s->kind_layout[k] = (uint8_t)layout;
            s->kind_edges[k] = (uint8_t)dice_layout_edges[layout];
            s->kind_periods[k] = layout_periods[layout];
            for (int rot = 0; rot < 4; rot++)
                s->kind_rotated[k][rot] = (uint8_t)dice_rotate(dice_layout_edges[layout], rot);
            s->num_kinds++;
        }
        s->kind_slots[k]++;
        s->slot_category[f] = (uint8_t)k;
    }
    s->slot_category[4] = s->num_kinds;     /* knight */
    s->slot_category[5] = s->num_kinds + 1; /* catapult */
    s->knight_need = (uint8_t)v->value[P_KNIGHT_NEED][0];
    s->goal = v->value[P_GOAL][0];
    s->max_turns = v->value[P_MAX_TURNS][0];
    s->set_aside_one = (uint8_t)(v->value[P_SET_ASIDE][0] == 1);
    s->touching = (uint8_t)(v->value[P_PLACEMENT][0] == 1);
    s->seat = 0;
    start_turn(s);
    return 0;
}

static int dice_players(const void *state)
{
    return ((const struct dice_state *)state)->players;
}

static int dice_to_move(const void *state)
{
    const struct dice_state *s = state;
    switch (s->phase) {
    case DICE_PHASE_ROLL: return KK_CHANCE;
    case DICE_PHASE_DECIDE: return s->seat;
    default: return KK_TERMINAL;
    }
}

static int unbuilt_city_dice(const struct dice_state *s)
{
    int n = 0;
    for (int k = 0; k < s->num_kinds; k++)
        n += s->rolled_kind[k];
    return n;
}

/* Roll, stop and bank moves, in that order. roll+k is legal while a roll remains and
 * something is left to throw (unbuilt city dice or knights not set aside); under
 * set_aside=one a throw that showed a city die or a knight must have given one up. */
int dice_control_moves(const struct dice_state *s, kk_move *out)
{
    int n = 0;
    if (s->rolls_done < DICE_ROLLS) {
        int unbuilt = unbuilt_city_dice(s);
        int most = s->rolled_knights - (unbuilt == 0);
        int least = s->set_aside_one && s->built_this_roll == 0 &&
                    unbuilt + s->rolled_knights > 0;
        for (int k = least; k <= most; k++)
            out[n++] = DICE_MOVE_ROLL + k;
    }
    out[n++] = DICE_MOVE_STOP;
    if (s->knights_kept + s->rolled_knights >= s->knight_need)
        out[n++] = DICE_MOVE_BANK;
    return n;
}

static int dice_legal_moves(const void *state, kk_move *out)
{
    const struct dice_state *s = state;
    uint8_t need[DICE_CELLS];
    int n = 0;
    dice_grid_needs(&s->grid, s->touching, need);
    for (int k = 0; k < s->num_kinds; k++) {
        if (!s->rolled_kind[k])
            continue;
        for (int rot = 0; rot < s->kind_periods[k]; rot++) {
            unsigned edges = s->kind_rotated[k][rot];
            for (int cell = 0; cell < DICE_CELLS; cell++)
                if (dice_fits(need[cell], edges))
                    out[n++] = DICE_BUILD(k, rot, cell);
        }
    }
    return n + dice_control_moves(s, out + n);
}

/* Same distribution as a uniform pick from dice_legal_moves(), without listing them:
 * rejection sampling from every (face, rotation, cell) triple plus the control moves.
 * At most 9 dice leave at least 280 empty cells of the window, nearly all of them legal
 * for any face, so a pick is accepted after about 1.05 draws. */
static kk_move dice_random_move(const void *state, kk_rng *rng)
{
    const struct dice_state *s = state;
    unsigned edges[DICE_KINDS * 4];
    int moves[DICE_KINDS * 4], combos = 0;
    for (int k = 0; k < s->num_kinds; k++) {
        if (!s->rolled_kind[k])
            continue;
        for (int rot = 0; rot < s->kind_periods[k]; rot++) {
            edges[combos] = s->kind_rotated[k][rot];
            moves[combos++] = DICE_BUILD(k, rot, 0);
        }
    }
    kk_move control[DICE_COUNT + 3];
    int nc = dice_control_moves(s, control);
    if (!s->grid.count) {
        /* The first die: only the origin, so every combination is one legal move. */
        uint32_t pick = kk_rng_below(rng, (uint32_t)(combos + nc));
        if ((int)pick >= combos)
            return control[pick - (uint32_t)combos];
        return moves[pick] | DICE_ORIGIN_CELL;
    }
    if (s->touching) {
        /* Few cells are open, so count them exactly instead of rejecting. */
        uint8_t need[DICE_CELLS];
        dice_grid_needs(&s->grid, 1, need);
        int total = 0;
        for (int c = 0; c < combos; c++)
            for (int cell = 0; cell < DICE_CELLS; cell++)
                total += dice_fits(need[cell], edges[c]);
        int pick = (int)kk_rng_below(rng, (uint32_t)(total + nc));
        if (pick >= total)
            return control[pick - total];
        for (int c = 0;; c++)
            for (int cell = 0; cell < DICE_CELLS; cell++)
                if (dice_fits(need[cell], edges[c]) && pick-- == 0)
                    return moves[c] | cell;
    }
    uint32_t range = (uint32_t)(combos * DICE_CELLS + nc);
    for (;;) {
        uint32_t pick = kk_rng_below(rng, range);
        if (pick >= (uint32_t)(combos * DICE_CELLS))
            return control[pick - (uint32_t)(combos * DICE_CELLS)];
        int c = (int)(pick / DICE_CELLS), cell = (int)(pick % DICE_CELLS);
        if (dice_fits(dice_grid_need(&s->grid, 0, cell), edges[c]))
            return moves[c] | cell;
    }
}

static void finish_game_at_turn_end(struct dice_state *s, int reached_goal)
{
    if (reached_goal) {
        s->phase = DICE_PHASE_OVER;
        s->winners = (uint8_t)(1u << s->seat);
    } else if (s->turns >= s->max_turns) {
        s->phase = DICE_PHASE_OVER;
        s->winners = (uint8_t)kk_top_scores(s->total, s->players);
        s->stat[DICE_ST_MAX_TURNS_STOP] = 1;
    } else {
        s->seat = (uint8_t)((s->seat + 1) % s->players);
        start_turn(s);
    }
}

static void end_turn(struct dice_state *s, int bank)
{
    int closed[DICE_COUNT + 1] = {0};
    int size = dice_grid_count_closed(&s->grid, closed);
    for (int n = 2; n <= DICE_COUNT; n++)
        s->stat[DICE_ST_CLOSED_2 + n - 2] += closed[n];
    s->knights_kept = (uint8_t)(s->knights_kept + s->rolled_knights);
    s->rolled_knights = 0;
    s->turns++;
    s->stat[DICE_ST_TURNS]++;
    if (bank) {
        s->held[s->seat] = 1;
        s->stat[DICE_ST_KNIGHTS_BANKED]++;
        finish_game_at_turn_end(s, 0);
        return;
    }
    int points = dice_city_points(size) * (s->doubled ? 2 : 1);
    s->total[s->seat] += points;
    s->points_sum += points;
    if (size >= 3)
        s->stat[DICE_ST_SCORED_3 + size - 3]++;
    int bucket = points == 0 ? 0 : points <= 2 ? 1 : points <= 5 ? 2 : points <= 9 ? 3
               : points <= 14 ? 4 : 5;
    s->stat[DICE_ST_PTS_0 + bucket]++;
    finish_game_at_turn_end(s, s->total[s->seat] >= s->goal);
}

static void apply_roll(struct dice_state *s, kk_move outcome)
{
    int cats = dice_categories(s);
    int catapults = dice_outcome_count(outcome, cats - 1);
    s->rolled = s->to_roll;
    s->to_roll = 0;
    s->rolls_done++;
    s->stat[DICE_ST_ROLLS]++;
    s->lost = (uint8_t)(s->lost + catapults);
    s->stat[DICE_ST_DICE_LOST] += catapults;
    if (s->rolled == DICE_COUNT && catapults == DICE_COUNT) {
        s->turns++;
        s->stat[DICE_ST_TURNS]++;
        s->stat[DICE_ST_NINE_CATAPULTS] = 1;
        s->phase = DICE_PHASE_OVER;
        s->winners = (uint8_t)(1u << s->seat);
        return;
    }
    for (int k = 0; k < s->num_kinds; k++)
        s->rolled_kind[k] = (uint8_t)dice_outcome_count(outcome, k);
    s->rolled_knights = (uint8_t)dice_outcome_count(outcome, cats - 2);
    s->built_this_roll = 0;
    s->phase = DICE_PHASE_DECIDE;
}

static void dice_apply(void *state, kk_move move)
{
    struct dice_state *s = state;
    if (s->phase == DICE_PHASE_ROLL) {
        apply_roll(s, move);
    } else if (move < DICE_MOVE_ROLL) {
        int kind = move >> DICE_MOVE_KIND_SHIFT, rot = (move >> DICE_MOVE_ROT_SHIFT) & 3;
        int cell = move & DICE_MOVE_CELL_MASK;
        dice_grid_place(&s->grid, cell, s->kind_rotated[kind][rot]);
        s->rolled_kind[kind]--;
        s->built++;
        s->built_this_roll++;
    } else if (move == DICE_MOVE_STOP || move == DICE_MOVE_BANK) {
        end_turn(s, move == DICE_MOVE_BANK);
    } else {
        int keep = move - DICE_MOVE_ROLL;
        s->knights_kept = (uint8_t)(s->knights_kept + keep);
        s->to_roll = (uint8_t)(unbuilt_city_dice(s) + s->rolled_knights - keep);
        memset(s->rolled_kind, 0, sizeof s->rolled_kind);
        s->rolled_knights = 0;
        s->phase = DICE_PHASE_ROLL;
    }
}

/* Outcomes are listed with the count of category 0 rising slowest, for a fixed order. */
static void list_outcomes(const double *p, int cats, int cat, int left, kk_move packed,
                          double prob, kk_move *out, double *probs, int *n)
{
    if (cat == cats - 1) {
        double q = prob;
        for (int i = 0; i < left; i++)
            q *= p[cat];
        if (q > 0) {
            out[*n] = packed | (left << (DICE_CAT_BITS * cat));
            probs[*n] = q;
            (*n)++;
        }
        return;
    }
    double q = prob;
    for (int c = 0; c <= left; c++) {
        /* prob carries n!/(c_0! c_1! ...) p_0^c_0 ...; dividing by c! builds the
         * multinomial coefficient incrementally. */
        list_outcomes(p, cats, cat + 1, left - c, packed | (c << (DICE_CAT_BITS * cat)), q,
                      out, probs, n);
        q = q * p[cat] * (double)(left - c) / (double)(c + 1);
    }
}

static int dice_chance_outcomes(const void *state, kk_move *out, double *prob)
{
    const struct dice_state *s = state;
    int cats = dice_categories(s), n = 0;
    double p[DICE_KINDS + 2];
    for (int k = 0; k < s->num_kinds; k++)
        p[k] = s->kind_slots[k] / 6.0;
    p[cats - 2] = p[cats - 1] = 1.0 / 6.0;
    list_outcomes(p, cats, 0, s->to_roll, 0, 1.0, out, prob, &n);
    return n;
}

static kk_move dice_sample_chance(const void *state, kk_rng *rng)
{
    const struct dice_state *s = state;
    static const uint32_t pow6[DICE_COUNT + 1] = {1, 6, 36, 216, 1296, 7776, 46656, 279936,
                                                  1679616, 10077696};
    /* One draw gives every die's face: the digits of a uniform number base 6. */
    uint32_t faces = kk_rng_below(rng, pow6[s->to_roll]);
    kk_move packed = 0;
    for (int d = 0; d < s->to_roll; d++) {
        packed += 1 << (DICE_CAT_BITS * s->slot_category[faces % 6]);
        faces /= 6;
    }
    return packed;
}

static void dice_scores(const void *state, int32_t *out)
{
    const struct dice_state *s = state;
    for (int p = 0; p < s->players; p++)
        out[p] = s->total[p];
}

static uint32_t dice_winners(const void *state)
{
    return ((const struct dice_state *)state)->winners;
}

static void dice_get_stats(const void *state, double *out)
{
    const struct dice_state *s = state;
    for (int i = 0; i < DICE_NUM_STATS; i++)
        out[i] = s->stat[i];
    out[DICE_ST_POINTS_PER_TURN] = s->turns ? (double)s->points_sum / s->turns : 0.0;
}

static int dice_extra_json(const void *state, char *buf, size_t size)
{
    const struct dice_state *s = state;
    char held[2 * DICE_MAX_SEATS + 1] = "";
    for (int p = 0; p < s->players; p++) {
        held[2 * p] = (char)('0' + s->held[p]);
        held[2 * p + 1] = p + 1 < s->players ? ',' : '\0';
    }
    return snprintf(buf, size, ",\"turns\":%d,\"held_knights\":[%s]", (int)s->turns, held);
}

const struct kk_game kk_game_carcassonne_dice = {
    .name = "carcassonne-dice",
    .title = "Carcassonne: The Dice Game",
    .min_players = 2,
    .max_players = DICE_MAX_SEATS,
    .default_players = 2,
    .state_size = sizeof(struct dice_state),
    .max_moves = 4640, /* builds <= 4 faces * 4 rotations * 289 cells, + 12 control moves;
                        * 2002 outcomes of 9 dice over 6 categories */
    .score_scale = 42,
    .cooperative = 0,
    .params = dice_params,
    .num_params = NUM_PARAMS,
    .stats = dice_stats,
    .num_stats = DICE_NUM_STATS,
    .init = dice_init,
    .players = dice_players,
    .to_move = dice_to_move,
    .legal_moves = dice_legal_moves,
    .apply = dice_apply,
    .chance_outcomes = dice_chance_outcomes,
    .sample_chance = dice_sample_chance,
    .scores = dice_scores,
    .winners = dice_winners,
    .move_to_text = dice_move_to_text,
    .move_from_text = dice_move_from_text,
    .get_stats = dice_get_stats,
    .evaluate = dice_evaluate,
    .random_move = dice_random_move,
    .policy_move = dice_policy_move,
    .candidate_moves = dice_candidate_moves,
    .deep_open = dice_deep_open,
    .deep_evaluate = dice_deep_evaluate,
    .deep_close = dice_deep_close,
    .deep_fair = dice_deep_fair,
    .check = dice_check,
    .draw = dice_draw,
    .svg = dice_svg,
    .extra_json = dice_extra_json,
    /* Random placements almost never close a city. The tree searches (mcts, ismcts) rate
     * each leaf by the deep evaluation (the single-turn solver's class value, exact within
     * the class) with throws as chance nodes weighed by their probabilities (backup=auto
     * is expectimax here), the throws' luck taken out, and the game's candidate moves:
     * from 100 iterations they play the solver class's policy (8.55 points a turn against
     * 7.41 for the search below at 100 iterations, 8.04 at 1,000) and beat that search
     * head to head (docs/agents.md, "Whole games follow the turn"). A user's rollout
     * turns the backup to the mean, so that search stays one option away. flatmc keeps
     * the one playout move of the game's policy, greedy's choice at a thirtieth of the
     * evaluations. */
    .agent_defaults = "widen=1,expand=greedy,rollout=policy,depth=1,"
                      "mcts.widen=0,mcts.rollout=none,mcts.chance=explicit,"
                      "mcts.cv=deep,mcts.eval=deep,mcts.backup=auto,mcts.moves=candidates,"
                      "ismcts.widen=0,ismcts.rollout=none,ismcts.chance=explicit,"
                      "ismcts.cv=deep,ismcts.eval=deep,ismcts.backup=auto,"
                      "ismcts.moves=candidates",
};
