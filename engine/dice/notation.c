/* Text notation of the dice game (docs/rules/carcassonne-dice.md, "Notation"):
 *   roll outcome   CCSTTKX       one letter per die, any order (written in face order)
 *   build          T1@-1,0       face letter, quarter turns clockwise, x,y from the first die
 *   control        roll, roll+2 (set aside 2 of this roll's knights), stop, bank */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"

static char category_letter(const struct dice_state *s, int cat)
{
    if (cat < s->num_kinds)
        return dice_layout_letters[s->kind_layout[cat]];
    return cat == s->num_kinds ? 'K' : 'X';
}

/* Category of a roll letter, or -1. */
static int letter_category(const struct dice_state *s, int c)
{
    c = toupper(c);
    for (int k = 0; k < s->num_kinds; k++)
        if (dice_layout_letters[s->kind_layout[k]] == c)
            return k;
    if (c == 'K')
        return s->num_kinds;
    if (c == 'X')
        return s->num_kinds + 1;
    return -1;
}

/* The letters of this game's dice, for error messages. */
static void face_letters(const struct dice_state *s, char *buf)
{
    int n = 0;
    for (int cat = 0; cat < dice_categories(s); cat++) {
        buf[n++] = category_letter(s, cat);
        buf[n++] = ' ';
    }
    buf[n - 1] = '\0';
}

int dice_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct dice_state *s = state;
    if (s->phase == DICE_PHASE_ROLL) {
        char letters[DICE_COUNT + 1];
        int n = 0;
        for (int cat = 0; cat < dice_categories(s); cat++)
            for (int i = dice_outcome_count(move, cat); i > 0 && n < DICE_COUNT; i--)
                letters[n++] = category_letter(s, cat);
        letters[n] = '\0';
        return snprintf(buf, size, "%s", letters);
    }
    if (move == DICE_MOVE_STOP)
        return snprintf(buf, size, "stop");
    if (move == DICE_MOVE_BANK)
        return snprintf(buf, size, "bank");
    if (move >= DICE_MOVE_ROLL) {
        if (s->rolled_knights == 0)
            return snprintf(buf, size, "roll");
        return snprintf(buf, size, "roll+%d", move - DICE_MOVE_ROLL);
    }
    int kind = (move >> DICE_MOVE_KIND_SHIFT) & 3, rot = (move >> DICE_MOVE_ROT_SHIFT) & 3;
    int cell = move & DICE_MOVE_CELL_MASK;
    return snprintf(buf, size, "%c%d@%d,%d", dice_layout_letters[s->kind_layout[kind]], rot,
                    cell % DICE_GRID - DICE_ORIGIN, cell / DICE_GRID - DICE_ORIGIN);
}

static int parse_roll(const struct dice_state *s, const char *text, kk_move *move,
                      kk_error *err)
{
    int counts[DICE_KINDS + 2] = {0}, n = 0;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p) || *p == ',')
            continue;
        int cat = letter_category(s, (unsigned char)*p);
        if (cat < 0) {
            char letters[2 * (DICE_KINDS + 2)];
            face_letters(s, letters);
            return kk_fail(err, "'%c' is not a face of these dice (faces: %s)", *p, letters);
        }
        if (++n > DICE_COUNT)
            break;
        counts[cat]++;
    }
    if (n != s->to_roll)
        return kk_fail(err, "this roll throws %d dice, the outcome '%s' shows %s%d", s->to_roll,
                       text, n > DICE_COUNT ? "more than " : "", n > DICE_COUNT ? DICE_COUNT : n);
    kk_move packed = 0;
    for (int cat = 0; cat < dice_categories(s); cat++)
        packed |= counts[cat] << (DICE_CAT_BITS * cat);
    *move = packed;
    return 0;
}

static int parse_int(const char **p, int *value)
{
    char *end;
    long v = strtol(*p, &end, 10);
    if (end == *p || v < -1000 || v > 1000)
        return -1;
    *value = (int)v;
    *p = end;
    return 0;
}

static int parse_build(const struct dice_state *s, const char *text, kk_move *move,
                       kk_error *err)
{
    const char *p = text;
    int kind = -1, c = toupper((unsigned char)*p);
    for (int k = 0; k < s->num_kinds; k++)
        if (dice_layout_letters[s->kind_layout[k]] == c)
            kind = k;
    if (kind < 0)
        return kk_fail(err, "bad move '%s': expected stop, bank, roll, roll+N, or a build like "
                            "T1@0,-1 with a city face of these dice", text);
    p++;
    if (*p < '0' || *p > '3')
        return kk_fail(err, "bad build '%s': rotation must be a digit 0-3 after the face", text);
    int rot = *p++ - '0', x, y;
    if (*p++ != '@' || parse_int(&p, &x) || *p++ != ',' || parse_int(&p, &y) || *p)
        return kk_fail(err, "bad build '%s': expected FACE ROTATION @ x,y as in T1@0,-1", text);
    int lo = -DICE_ORIGIN, hi = DICE_GRID - 1 - DICE_ORIGIN;
    if (x < lo || x > hi || y < lo || y > hi)
        return kk_fail(err, "build '%s' is outside the window: x and y must be in %d..%d", text,
                        lo, hi);
    int cell = (y + DICE_ORIGIN) * DICE_GRID + x + DICE_ORIGIN;
    /* Rotations equal under the face's symmetry are one move. */
    *move = DICE_BUILD(kind, rot % s->kind_periods[kind], cell);
    return 0;
}

int dice_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct dice_state *s = state;
    if (s->phase == DICE_PHASE_OVER)
        return kk_fail(err, "the game is over");
    if (s->phase == DICE_PHASE_ROLL)
        return parse_roll(s, text, move, err);
    if (!strcmp(text, "stop")) {
        *move = DICE_MOVE_STOP;
        return 0;
    }
    if (!strcmp(text, "bank")) {
        *move = DICE_MOVE_BANK;
        return 0;
    }
    if (!strncmp(text, "roll", 4)) {
        const char *p = text + 4;
        int keep = 0;
        if (*p == '+') {
            p++;
            if (parse_int(&p, &keep) || *p || keep < 0)
                return kk_fail(err, "bad move '%s': expected roll+N, N knights to set aside",
                               text);
        } else if (*p) {
            return kk_fail(err, "bad move '%s'", text);
        } else if (s->rolled_knights > 0) {
            return kk_fail(err, "'roll' after a roll with %d knight(s): say how many to set "
                                "aside, roll+0 .. roll+%d", s->rolled_knights, s->rolled_knights);
        }
        if (keep > s->rolled_knights)
            return kk_fail(err, "'%s': this roll has only %d knight(s)", text, s->rolled_knights);
        *move = DICE_MOVE_ROLL + keep;
        return 0;
    }
    return parse_build(s, text, move, err);
}
