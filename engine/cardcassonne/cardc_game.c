/* The Cardcassonne game description: rules-variant parameters, statistics and the
 * struct kk_game that the rest of kark uses. */
#include "cardc.h"

static const char *const joker_targets[] = {"top", "best", NULL};
static const char *const mismatch_decisions[] = {"owner", "cash", "keep", NULL};
static const char *const tiebreaks[] = {"buildings", "none", NULL};
static const char *const chest_views[] = {"open", "own", "hidden", NULL};

static const struct kk_param cardc_params[CARDC_NUM_PARAMS] = {
    [CARDC_PARAM_ANIMAL_POINTS] = {"animal_points", KK_PARAM_INT_LIST,
                                   "3,6,9,12,14,16,18,20,22,24,26,28,30", 0, 1000, NULL, 13, 13,
                                   "points for n = 1..13 animals of a kind, when scored"},
    [CARDC_PARAM_JOKER_ALONE] = {"animal_joker_alone", KK_PARAM_INT, "3", 0, 100, NULL, 0, 0,
                                 "points per animal joker claimed while holding no animals"},
    [CARDC_PARAM_JOKER_TARGET] = {"animal_joker_target", KK_PARAM_CHOICE, "top", 0, 0,
                                  joker_targets, 0, 0,
                                  "animal jokers join the top-scoring kind of the round (top) "
                                  "or the kind adding most points (best)"},
    [CARDC_PARAM_SPECIAL_POINTS] = {"special_points", KK_PARAM_INT, "10", 0, 100, NULL, 0, 0,
                                    "points for the dragon and for the fairy"},
    [CARDC_PARAM_MISMATCH_POINTS] = {"mismatch_points", KK_PARAM_INT, "10", 0, 100, NULL, 0, 0,
                                     "points for a claimed face-down card in a wrong row"},
    [CARDC_PARAM_MISMATCH_DECISION] = {"mismatch_decision", KK_PARAM_CHOICE, "owner", 0, 0,
                                       mismatch_decisions, 0, 0,
                                       "mismatched animal/building: the claimer decides "
                                       "(owner), or always cash, or always keep"},
    [CARDC_PARAM_SETUP_CARDS] = {"setup_cards", KK_PARAM_INT, "10", 0, 40, NULL, 0, 0,
                                 "cards turned face up into the rows before the first round"},
    [CARDC_PARAM_HAND_SIZE] = {"hand_size", KK_PARAM_INT, "auto", 1, 20, NULL, 0, 0,
                               "cards dealt per round (auto: 6, 5, 5, 4 for 2-5 players)"},
    [CARDC_PARAM_ROUNDS] = {"rounds", KK_PARAM_INT, "auto", 1, 60, NULL, 0, 0,
                            "rounds (auto: 10, 8, 6, 6 for 2-5 players)"},
    [CARDC_PARAM_TIEBREAK] = {"tiebreak", KK_PARAM_CHOICE, "buildings", 0, 0, tiebreaks, 0, 0,
                              "a tie for most points goes to most building cards, or is shared"},
    [CARDC_PARAM_CHESTS] = {"chests", KK_PARAM_CHOICE, "own", 0, 0, chest_views, 0, 0,
                            "who knows the buildings under a chest: everyone (open), its owner "
                            "(own), nobody (hidden); the card count is public"},
};

static const struct kk_stat_desc cardc_stats[] = {
    {"points_persons", 1, "points from person cards"},
    {"points_animals", 1, "points from animals (and animal jokers scoring alone)"},
    {"points_buildings", 1, "points from buildings at game end"},
    {"points_jokers", 1, "points from the dragon and the fairy"},
    {"points_mismatches", 1, "points from cashed mismatched face-down cards"},
    {"cards_claimed", 1, "cards taken by the seat's follower"},
    {"rounds_won", 1, "rounds in which the seat scored the most points (ties count for all)"},
};

static int cardc_players(const void *state)
{
    return ((const struct cardc_state *)state)->players;
}

const struct kk_game kk_game_cardcassonne = {
    .name = "cardcassonne",
    .title = "Cardcassonne",
    .min_players = 2,
    .max_players = CARDC_MAX_SEATS,
    .default_players = 2,
    .state_size = sizeof(struct cardc_state),
    .max_moves = CARDC_MAX_MOVES,
    .score_scale = 150,
    .cooperative = 0,
    .params = cardc_params,
    .num_params = CARDC_NUM_PARAMS,
    .stats = cardc_stats,
    .num_stats = (int)(sizeof cardc_stats / sizeof cardc_stats[0]),
    .init = cardc_init,
    .players = cardc_players,
    .to_move = cardc_to_move,
    .legal_moves = cardc_legal_moves,
    .apply = cardc_apply,
    .chance_outcomes = cardc_chance_outcomes,
    .sample_chance = cardc_sample_chance,
    .scores = cardc_scores,
    .winners = cardc_winners,
    .move_to_text = cardc_move_to_text,
    .move_from_text = cardc_move_from_text,
    .get_stats = cardc_get_stats,
    .evaluate = cardc_evaluate,
    .sample_view = cardc_sample_view,
    .extra_json = cardc_extra_json,
    .random_move = cardc_random_move,
    .check = cardc_check,
    .draw = cardc_draw,
    .view_event = cardc_view_event,
    .svg = cardc_svg,
    /* Random playouts drown the claim signal; greedy playouts cut off after 8 moves
     * contest the rows first. Expansion in the evaluation's order keeps the tree's own
     * moves sensible as budgets grow (without it mcts weakened from 100 to 1,000
     * iterations): docs/agents.md. */
    .agent_defaults = "rollout=greedy,depth=8,widen=1,expand=greedy",
};
