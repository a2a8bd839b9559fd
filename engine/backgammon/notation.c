/* Backgammon notation (docs/rules/backgammon.md, "Notation"):
 *   opening roll   open 3-1     seat 0's die, then seat 1's (the higher die's seat starts)
 *   roll           6-5, 4-4     higher die first
 *   play           24/18 18/13  one step per die in the mover's point numbers (25 - space),
 *                  bar/22, 4/off, a hit marked 19/15* (optional on input); pass
 * Output prints a position's steps sorted by decreasing from-point, then decreasing
 * to-point; input applies the steps in the order written. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backgammon.h"

static int point_text(char *buf, size_t size, int space, int is_from)
{
    if (is_from && space == BG_BAR)
        return snprintf(buf, size, "bar");
    if (!is_from && space == BG_OFF)
        return snprintf(buf, size, "off");
    return snprintf(buf, size, "%d", 25 - space);
}

int bg_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct bg_state *s = state;
    if (s->phase == BG_PHASE_OPENING)
        return snprintf(buf, size, "open %d-%d", move >> 3, move & 7);
    if (s->phase == BG_PHASE_ROLL)
        return snprintf(buf, size, "%d-%d", move >> 3, move & 7);
    if (BG_MOVE_STEPS(move) == 0)
        return snprintf(buf, size, "pass");
    struct bg_state t = *s;
    char text[128];
    size_t n = 0;
    for (int i = 0; i < BG_MOVE_STEPS(move); i++) {
        int step = BG_STEP(move, i), from = BG_STEP_FROM(step), d = s->dice[BG_STEP_DIE(step)];
        int to = from + d > BG_OFF ? BG_OFF : from + d;
        int hit = bg_step_apply(&t, s->seat, from, d);
        char a[8], b[8];
        point_text(a, sizeof a, from, 1);
        point_text(b, sizeof b, to, 0);
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s/%s%s", i ? " " : "", a, b,
                              hit ? "*" : "");
    }
    return snprintf(buf, size, "%s", text);
}

static int parse_die(const char **p)
{
    if (**p < '1' || **p > '6')
        return -1;
    return *(*p)++ - '0';
}

static int parse_roll(const struct bg_state *s, const char *text, kk_move *move, kk_error *err)
{
    const char *p = text;
    int opening = s->phase == BG_PHASE_OPENING;
    if (opening) {
        if (strncmp(p, "open ", 5) != 0)
            return kk_fail(err, "bad opening roll '%s': expected 'open A-B' (seat 0's die, "
                                "then seat 1's), e.g. open 3-1", text);
        p += 5;
        while (*p == ' ')
            p++;
    }
    int a = parse_die(&p), b = -1;
    if (a > 0 && *p == '-') {
        p++;
        b = parse_die(&p);
    }
    if (a < 0 || b < 0 || *p)
        return kk_fail(err, "bad roll '%s': expected two dice 1-6 like %s", text,
                       opening ? "open 3-1" : "6-5");
    if (opening && a == b)
        return kk_fail(err, "bad opening roll '%s': equal dice are rolled again", text);
    if (!opening && a < b)
        return kk_fail(err, "bad roll '%s': write the higher die first (%d-%d)", text, b, a);
    *move = BG_ROLL(a, b);
    return 0;
}

struct parsed_step {
    int from, to, hit_mark; /* spaces of the mover; to = BG_OFF when borne off */
    char text[16];
};

/* What went furthest wrong among the ways of giving the written steps dice. */
enum { FAIL_NONE, FAIL_NO_DIE, FAIL_STEP, FAIL_HIT_MARK, FAIL_NOT_MAXIMAL };

struct search {
    const struct bg_state *start;
    const struct parsed_step *steps;
    int nsteps, nlegal;
    const kk_move *legal;
    int fail, fail_step;
    kk_move found;
};

static int same_position(const struct bg_state *a, const struct bg_state *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0;
}

/* Tries to give step i onwards a die each (dice_used: bit mask on a non-double, a count on
 * a double), applying them in the written order. Returns 1 when a legal play was found. */
static int assign(struct search *sr, struct bg_state *cur, int i, int used)
{
    const struct bg_state *s = sr->start;
    if (i == sr->nsteps) {
        for (int k = 0; k < sr->nlegal; k++) {
            struct bg_state t = *s;
            kk_move m = sr->legal[k];
            for (int j = 0; j < BG_MOVE_STEPS(m); j++)
                bg_step_apply(&t, s->seat, BG_STEP_FROM(BG_STEP(m, j)),
                              s->dice[BG_STEP_DIE(BG_STEP(m, j))]);
            if (same_position(&t, cur)) {
                sr->found = m;
                return 1;
            }
        }
        if (sr->fail < FAIL_NOT_MAXIMAL)
            sr->fail = FAIL_NOT_MAXIMAL;
        return 0;
    }
    const struct parsed_step *ps = &sr->steps[i];
    int dbl = s->dice[0] == s->dice[1], any_die = 0;
    for (int die = 0; die < (dbl ? 1 : 2); die++) {
        if (dbl ? used >= 4 : (used >> die) & 1)
            continue;
        int d = s->dice[die];
        int fits = ps->to == BG_OFF ? ps->from + d >= BG_OFF : ps->from + d == ps->to;
        if (!fits)
            continue;
        any_die = 1;
        if (bg_step_target(cur, s->seat, ps->from, d) < 0) {
            if (sr->fail < FAIL_STEP || (sr->fail == FAIL_STEP && i > sr->fail_step)) {
                sr->fail = FAIL_STEP;
                sr->fail_step = i;
            }
            continue;
        }
        struct bg_state next = *cur;
        int hit = bg_step_apply(&next, s->seat, ps->from, d);
        if (ps->hit_mark && !hit) {
            if (sr->fail < FAIL_HIT_MARK) {
                sr->fail = FAIL_HIT_MARK;
                sr->fail_step = i;
            }
            continue;
        }
        if (assign(sr, &next, i + 1, dbl ? used + 1 : used | 1 << die))
            return 1;
    }
    if (!any_die && sr->fail == FAIL_NONE) {
        sr->fail = FAIL_NO_DIE;
        sr->fail_step = i;
    }
    return 0;
}

static int parse_point(const char *p, const char *end, int is_from, int *space)
{
    size_t len = (size_t)(end - p);
    if (is_from && len == 3 && strncmp(p, "bar", 3) == 0) {
        *space = BG_BAR;
        return 0;
    }
    if (!is_from && len == 3 && strncmp(p, "off", 3) == 0) {
        *space = BG_OFF;
        return 0;
    }
    if (len < 1 || len > 2 || !isdigit((unsigned char)p[0]) ||
        (len == 2 && !isdigit((unsigned char)p[1])) || p[0] == '0')
        return -1;
    int point = atoi(p);
    if (point < 1 || point > 24)
        return -1;
    *space = 25 - point;
    return 0;
}

static int parse_step(const char *tok, struct parsed_step *ps)
{
    size_t len = strlen(tok);
    if (len >= sizeof ps->text)
        return -1;
    memcpy(ps->text, tok, len + 1);
    ps->hit_mark = len > 0 && tok[len - 1] == '*';
    const char *end = tok + len - ps->hit_mark;
    const char *slash = strchr(tok, '/');
    if (!slash || slash > end)
        return -1;
    if (parse_point(tok, slash, 1, &ps->from) || parse_point(slash + 1, end, 0, &ps->to))
        return -1;
    return 0;
}

int bg_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct bg_state *s = state;
    if (s->phase == BG_PHASE_OVER)
        return kk_fail(err, "the game is over");
    if (s->phase != BG_PHASE_MOVE)
        return parse_roll(s, text, move, err);
    if (strcmp(text, "pass") == 0) {
        *move = BG_MOVE_PASS;
        return 0;
    }
    struct parsed_step steps[4];
    int n = 0;
    char copy[128];
    if (strlen(text) >= sizeof copy)
        return kk_fail(err, "play '%s' is too long", text);
    strcpy(copy, text);
    for (char *tok = copy, *next; *tok; tok = next) {
        while (*tok == ' ')
            tok++;
        if (!*tok)
            break;
        next = tok;
        while (*next && *next != ' ')
            next++;
        if (*next)
            *next++ = '\0';
        if (n == 4)
            return kk_fail(err, "play '%s' has more than 4 steps", text);
        struct parsed_step *ps = &steps[n++];
        if (parse_step(tok, ps))
            return kk_fail(err, "bad step '%s' in '%s': expected FROM/TO in points, like "
                                "24/18, bar/22, 19/15* or 4/off, or 'pass'", tok, text);
        if (ps->to <= ps->from)
            return kk_fail(err, "step '%s' does not move forward", tok);
        int dist = ps->to - ps->from, ok = 0;
        for (int die = 0; die < 2; die++)
            ok |= ps->to == BG_OFF ? s->dice[die] >= dist : s->dice[die] == dist;
        if (!ok)
            return kk_fail(err, "step '%s' moves %d pips: no single die of the roll %d-%d "
                                "does (one step per die)", tok, dist, s->dice[0], s->dice[1]);
    }
    if (n == 0)
        return kk_fail(err, "empty play: expected steps like 24/18 18/13, or 'pass'");
    kk_move legal[BG_MAX_MOVES];
    struct search sr = {.start = s, .steps = steps, .nsteps = n, .legal = legal};
    sr.nlegal = kk_game_backgammon.legal_moves(s, legal);
    struct bg_state cur = *s;
    if (assign(&sr, &cur, 0, 0)) {
        *move = sr.found;
        return 0;
    }
    switch (sr.fail) {
    case FAIL_HIT_MARK:
        return kk_fail(err, "step '%s' of '%s' is marked as a hit but hits nothing",
                       steps[sr.fail_step].text, text);
    case FAIL_NOT_MAXIMAL:
        return kk_fail(err, "play '%s' is not legal: it must use as many dice as possible%s",
                       text, s->higher_die ? " (the higher die when only one can be used)" : "");
    case FAIL_NO_DIE:
        return kk_fail(err, "step '%s' of '%s' needs a die that the earlier steps already "
                            "used (roll %d-%d)", steps[sr.fail_step].text, text, s->dice[0],
                       s->dice[1]);
    default:
        return kk_fail(err, "step '%s' of '%s' cannot be played there (blocked, a checker on "
                            "the bar, or bearing off not allowed)",
                       steps[sr.fail_step].text, text);
    }
}
