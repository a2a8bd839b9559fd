/* The greedy evaluation of backgammon (docs/rules/backgammon.md, "Evaluation"): a finished
 * game is worth its score; otherwise about a win chance built from the race (pip counts),
 * the blots the opponent can still hit, the points made in the home board and the opposing
 * checkers sent to the bar. */
#include "backgammon.h"

#define EVAL_PIP_WEIGHT 0.01   /* per pip of race lead: 10 pips ahead ~ +0.1 */
#define EVAL_RACE_CAP 0.4      /* the race term stays within 0.5 +- this */
#define EVAL_HOME_POINT 0.02   /* per home-board space held by 2+ own checkers */
#define EVAL_BLOT 0.03         /* per own single checker that an opposing checker can reach */
#define EVAL_OPP_BAR 0.03      /* per opposing checker on the bar */

/* Own blots (spaces 1..24 with one checker) with an opposing checker behind them: the
 * opponent moves toward higher spaces in its numbering, so a checker on its space q < 25-k
 * (or on its bar) may still land on our space k. */
static int exposed_blots(const struct bg_state *s, int seat)
{
    const uint8_t *own = s->board[seat], *opp = s->board[1 - seat];
    int farthest = -1; /* lowest opposing space with a checker */
    for (int q = 0; q <= 24 && farthest < 0; q++)
        if (opp[q])
            farthest = q;
    if (farthest < 0)
        return 0;
    int n = 0;
    for (int k = 1; k <= 24; k++)
        n += own[k] == 1 && farthest < 25 - k;
    return n;
}

double bg_evaluate(const void *state, int seat)
{
    const struct bg_state *s = state;
    if (s->phase == BG_PHASE_OVER) {
        int32_t sc[BG_SEATS];
        kk_game_backgammon.scores(s, sc);
        return sc[seat];
    }
    double race = EVAL_PIP_WEIGHT * (s->pips[1 - seat] - s->pips[seat]);
    if (race > EVAL_RACE_CAP)
        race = EVAL_RACE_CAP;
    if (race < -EVAL_RACE_CAP)
        race = -EVAL_RACE_CAP;
    int home = 0;
    for (int k = BG_HOME; k <= 24; k++)
        home += s->board[seat][k] >= 2;
    return 0.5 + race + EVAL_HOME_POINT * home - EVAL_BLOT * exposed_blots(s, seat) +
           EVAL_OPP_BAR * s->board[1 - seat][BG_BAR];
}
