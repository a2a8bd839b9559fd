/* War 2.0 notation (docs/rules/war.md). A move on its own is written as the rules write
 * its part of a record line ("turn yD3", "R yH2", "1,1", "M yD1", "1,1>2,1x2", "D bH1",
 * "F 3,2", "V 2", "end", "3,2" for a placement), except two moves that a record line spells
 * by other parts: the attack declaration ("A 1,1>2,1" on its own; in a line the attacker's
 * card part "A yC1 1,1>2,1" spells it) and the close of a reinforce or move action ("-" on
 * its own; in a line the line's end, or "-" for a move action that moved nothing).
 * Reading matches the text against every legal move's text, so writing and reading
 * cannot disagree. */
#include <stdio.h>
#include <string.h>

#include "../box/box.h"
#include "war.h"

static int cell_text(const struct war_state *s, int c, char *buf, size_t size)
{
    return snprintf(buf, size, "%d,%d", c % s->map.cols, c / s->map.cols);
}

static int card_text(const struct war_state *s, int seat, int k, char *buf, size_t size)
{
    return gb_card_text(gb_deck(GB_DECK_GB1), s->colour[seat] * WAR_HAND + k, buf, size);
}

/* The move's text; line = 1 for its part of a record line (may be empty). */
static int text_of(const struct war_state *s, kk_move m, int line, char *buf, size_t size)
{
    char a[16], b[16];
    int seat = s->seat;
    buf[0] = '\0';
    switch (s->phase) {
    case WAR_PH_LAYOUT:
        return snprintf(buf, size, "layout %d", (int)m);
    case WAR_PH_PLACE:
        return cell_text(s, m - WAR_MV_CELL, buf, size);
    case WAR_PH_TURN:
        card_text(s, seat, m - WAR_MV_TURN, a, sizeof a);
        return snprintf(buf, size, "turn %s", a);
    case WAR_PH_ACTION:
        if (m == WAR_MV_END)
            return snprintf(buf, size, "end");
        if (m >= WAR_MV_ATTACK) {
            if (line)
                return 0;
            cell_text(s, (m - WAR_MV_ATTACK) / WAR_MAX_CELLS, a, sizeof a);
            cell_text(s, (m - WAR_MV_ATTACK) % WAR_MAX_CELLS, b, sizeof b);
            return snprintf(buf, size, "A %s>%s", a, b);
        }
        if (m >= WAR_MV_MOVE) {
            card_text(s, seat, m - WAR_MV_MOVE, a, sizeof a);
            return snprintf(buf, size, "M %s", a);
        }
        card_text(s, seat, m - WAR_MV_REINF, a, sizeof a);
        return snprintf(buf, size, "R %s", a);
    case WAR_PH_REINF:
        if (m == WAR_MV_CLOSE)
            return line ? 0 : snprintf(buf, size, "-");
        return cell_text(s, m - WAR_MV_CELL, buf, size);
    case WAR_PH_MOVE: {
        if (m == WAR_MV_CLOSE)
            return line && s->steps > 0 ? 0 : snprintf(buf, size, "-");
        int step = m - WAR_MV_STEP;
        cell_text(s, step / 21 / WAR_MAX_CELLS, a, sizeof a);
        cell_text(s, step / 21 % WAR_MAX_CELLS, b, sizeof b);
        return snprintf(buf, size, "%s>%sx%d", a, b, step % 21);
    }
    case WAR_PH_ATTACK: {
        char c[16];
        card_text(s, seat, m - WAR_MV_CARD, c, sizeof c);
        cell_text(s, s->from, a, sizeof a);
        cell_text(s, s->target, b, sizeof b);
        return snprintf(buf, size, "A %s %s>%s", c, a, b);
    }
    case WAR_PH_DEFEND:
        card_text(s, seat, m - WAR_MV_CARD, a, sizeof a);
        return snprintf(buf, size, "D %s", a);
    case WAR_PH_FLEE:
        if (m == WAR_MV_CLOSE)
            return snprintf(buf, size, "F -");
        cell_text(s, m - WAR_MV_CELL, a, sizeof a);
        return snprintf(buf, size, "F %s", a);
    case WAR_PH_ADVANCE:
        return snprintf(buf, size, "V %d", m - WAR_MV_ADVANCE);
    default:
        return snprintf(buf, size, "?");
    }
}

int war_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    return text_of(state, move, 0, buf, size);
}

int war_line_text(const void *state, kk_move move, char *buf, size_t size, int *more)
{
    const struct war_state *s = state;
    struct war_state next = *s;
    war_apply(&next, move);
    /* The line goes on while the same seat is inside the action: choosing its tiles or
     * steps, or (after the declaration) committing the attacker's card. */
    *more = next.phase != WAR_PH_OVER && next.seat == s->seat && next.turn_seat == s->turn_seat &&
            (next.phase == WAR_PH_REINF || next.phase == WAR_PH_MOVE ||
             next.phase == WAR_PH_ATTACK);
    return text_of(s, move, 1, buf, size);
}

/* Parses "x,y" at p; returns the cell or -1, and the end through *end. */
static int parse_cell(const struct war_state *s, const char *p, const char **end)
{
    int x = 0, y = 0, nx = 0, ny = 0;
    while (*p >= '0' && *p <= '9' && nx < 3)
        x = x * 10 + (*p++ - '0'), nx++;
    if (!nx || *p++ != ',')
        return -1;
    while (*p >= '0' && *p <= '9' && ny < 3)
        y = y * 10 + (*p++ - '0'), ny++;
    if (!ny || x >= s->map.cols || y >= WAR_ROWS)
        return -1;
    *end = p;
    return y * s->map.cols + x;
}

/* The legal move whose text (line or standalone) is text's first `len` characters. */
static int match(const struct war_state *s, const char *text, size_t len, int line,
                 kk_move *move)
{
    kk_move moves[WAR_MAX_MOVES];
    int n = war_legal_moves(s, moves);
    for (int i = 0; i < n; i++) {
        char buf[64];
        int k = text_of(s, moves[i], line, buf, sizeof buf);
        if (k > 0 && (size_t)k == len && strncmp(buf, text, len) == 0) {
            *move = moves[i];
            return 0;
        }
    }
    return -1;
}

static const char *phase_hint(const struct war_state *s)
{
    switch (s->phase) {
    case WAR_PH_PLACE: return "a placement 'x,y'";
    case WAR_PH_TURN: return "a turn card 'turn CARD'";
    case WAR_PH_ACTION: return "'R CARD', 'M CARD', 'A CARD x,y>x,y' or 'end'";
    case WAR_PH_REINF: return "a tile 'x,y' for the reinforce";
    case WAR_PH_MOVE: return "a step 'x,y>x,yxN' (or '-' to move nothing)";
    case WAR_PH_ATTACK: return "the attacker's 'A CARD x,y>x,y'";
    case WAR_PH_DEFEND: return "a defence 'D CARD'";
    case WAR_PH_FLEE: return "a flight 'F x,y' or 'F -'";
    case WAR_PH_ADVANCE: return "an advance 'V N'";
    default: return "nothing (the game is over)";
    }
}

int war_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct war_state *s = state;
    if (s->phase == WAR_PH_LAYOUT) {
        int n = 0, used = 0;
        if (sscanf(text, "layout %d%n", &n, &used) == 1 && text[used] == '\0' && n >= 1 &&
            n <= 1000) {
            *move = n;
            return 0;
        }
        return kk_fail(err, "expected 'layout N' with N in 1..1000");
    }
    if (match(s, text, strlen(text), 0, move) == 0)
        return 0;
    return kk_fail(err, "not a legal move here: expected %s", phase_hint(s));
}

int war_line_read(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct war_state *s = state;
    if (s->phase == WAR_PH_ACTION && strncmp(text, "A ", 2) == 0) {
        /* "A CARD T>E": the declaration comes first, spelt by the card part that follows. */
        const char *p = strchr(text + 2, ' '), *end;
        int t = p ? parse_cell(s, p + 1, &end) : -1, e = -1;
        if (t >= 0 && *end == '>')
            e = parse_cell(s, end + 1, &end);
        if (e < 0 || (*end != '\0' && *end != ' '))
            return kk_fail(err, "expected 'A CARD x,y>x,y'");
        *move = WAR_MV_ATTACK + t * WAR_MAX_CELLS + e;
        return 0;
    }
    if ((s->phase == WAR_PH_REINF || (s->phase == WAR_PH_MOVE && s->steps > 0)) && *text == '\0') {
        *move = WAR_MV_CLOSE; /* the line's end closes the action */
        return 0;
    }
    /* A part is one word, or a keyword and one word ("M yD1", "F -"), or the attacker's
     * "A CARD T>E". */
    size_t len = strcspn(text, " ");
    if (len < strlen(text)) {
        static const char *const keys[] = {"turn", "R", "M", "D", "F", "V"};
        int words = 1;
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
            if (strlen(keys[i]) == len && strncmp(text, keys[i], len) == 0)
                words = 2;
        if (s->phase == WAR_PH_ATTACK && len == 1 && text[0] == 'A')
            words = 3;
        for (int w = 1; w < words && text[len] == ' '; w++)
            len += 1 + strcspn(text + len + 1, " ");
    }
    if (match(s, text, len, 1, move) == 0)
        return (int)len;
    return kk_fail(err, "not a legal move here: expected %s", phase_hint(s));
}
