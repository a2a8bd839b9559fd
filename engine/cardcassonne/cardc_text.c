/* Cardcassonne notation (docs/rules/cardcassonne.md, "Notation"):
 *   cards    Y1 Y2 Y3 Yb Ya (yellow persons 1-3, building, animal), likewise R G B;
 *            Dr (dragon), Fy (fairy), Ja (animal joker), Jb (building joker)
 *   rows     Y R G B
 *   chance   a card kind: the setup card turned up, or the card dealt
 *   moves    R2      a face-up coloured card into its own row (R2>R is accepted too)
 *            Ja>G    a face-up joker into a row (also the dealer's setup joker choice)
 *            ~R2>B   the first card of the round, face down, into a row
 *            M>G     the large follower at the end of a row
 *            keep(Gb), cash(Gb)  the decision on a claimed mismatched card */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cardc.h"

static const char colour_letters[] = "YRGB";
static const char type_letters[] = "123ba";
static const char *const joker_names[] = {"Dr", "Fy", "Ja", "Jb"};

int cardc_card_text(int kind, char *buf, size_t size)
{
    if (kind < 0 || kind >= CARDC_KINDS)
        return snprintf(buf, size, "?");
    if (cardc_is_joker(kind))
        return snprintf(buf, size, "%s", joker_names[kind - CARDC_DRAGON]);
    return snprintf(buf, size, "%c%c", colour_letters[cardc_colour(kind)],
                    type_letters[cardc_type(kind)]);
}

int cardc_move_to_text(const void *state, kk_move move, char *buf, size_t size)
{
    const struct cardc_state *st = state;
    char card[8];
    switch (st->phase) {
    case CARDC_SETUP_DRAW:
    case CARDC_DEAL:
        return cardc_card_text(move, buf, size);
    case CARDC_DECIDE:
        cardc_card_text(cardc_pending_kind(st), card, sizeof card);
        return snprintf(buf, size, "%s(%s)", move == CARDC_MOVE_CASH ? "cash" : "keep", card);
    default:
        break;
    }
    if (move >= CARDC_MOVE_FOLLOWER && move < CARDC_MOVE_KEEP)
        return snprintf(buf, size, "M>%c", colour_letters[move - CARDC_MOVE_FOLLOWER]);
    int kind = move / CARDC_ROWS, row = move % CARDC_ROWS;
    cardc_card_text(kind, card, sizeof card);
    if (st->phase == CARDC_PLAY && !st->placed_card[st->current])
        return snprintf(buf, size, "~%s>%c", card, colour_letters[row]);
    if (cardc_is_joker(kind) || row != cardc_colour(kind))
        return snprintf(buf, size, "%s>%c", card, colour_letters[row]);
    return snprintf(buf, size, "%s", card);
}

/* Parses a card code at *p (2 characters), advancing p; -1 when it is not one. */
static int parse_card(const char **p)
{
    const char *s = *p;
    if (!s[0] || !s[1])
        return -1;
    for (int j = 0; j < 4; j++)
        if (toupper((unsigned char)s[0]) == joker_names[j][0] &&
            tolower((unsigned char)s[1]) == joker_names[j][1]) {
            *p = s + 2;
            return CARDC_DRAGON + j;
        }
    const char *c = strchr(colour_letters, toupper((unsigned char)s[0]));
    const char *t = strchr(type_letters, tolower((unsigned char)s[1]));
    if (!c || !t || !*c || !*t)
        return -1;
    *p = s + 2;
    return cardc_kind((int)(c - colour_letters), (int)(t - type_letters));
}

/* Parses ">X" at *p; returns the row or -1. */
static int parse_row(const char **p)
{
    const char *s = *p;
    if (s[0] != '>' || !s[1])
        return -1;
    const char *c = strchr(colour_letters, toupper((unsigned char)s[1]));
    if (!c || !*c)
        return -1;
    *p = s + 2;
    return (int)(c - colour_letters);
}

#define CARD_HELP "a card is Y1 Y2 Y3 Yb Ya (or R, G, B for the colour), Dr, Fy, Ja or Jb"

int cardc_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err)
{
    const struct cardc_state *st = state;
    const char *p = text;
    int kind, row;
    switch (st->phase) {
    case CARDC_SETUP_DRAW:
    case CARDC_DEAL:
        kind = parse_card(&p);
        if (kind < 0 || *p)
            return kk_fail(err, "%s", CARD_HELP);
        *move = kind;
        return 0;
    case CARDC_SETUP_JOKER:
        kind = parse_card(&p);
        row = kind >= 0 ? parse_row(&p) : -1;
        if (kind < 0 || row < 0 || *p)
            return kk_fail(err, "write the joker turned up and its row, e.g. Ja>G");
        if (kind != st->pending_joker) {
            char card[8];
            cardc_card_text(st->pending_joker, card, sizeof card);
            return kk_fail(err, "the joker turned up is %s", card);
        }
        *move = cardc_place_move(kind, row);
        return 0;
    case CARDC_DECIDE: {
        int cash;
        if (strncmp(p, "keep", 4) == 0)
            cash = 0;
        else if (strncmp(p, "cash", 4) == 0)
            cash = 1;
        else
            return kk_fail(err, "write keep(CARD) or cash(CARD)");
        p += 4;
        if (*p == '(') {
            p++;
            kind = parse_card(&p);
            if (kind < 0 || *p != ')' || p[1])
                return kk_fail(err, "write keep(CARD) or cash(CARD)");
            if (kind != cardc_pending_kind(st)) {
                char card[8];
                cardc_card_text(cardc_pending_kind(st), card, sizeof card);
                return kk_fail(err, "the card to decide on is %s", card);
            }
        } else if (*p) {
            return kk_fail(err, "write keep(CARD) or cash(CARD)");
        }
        *move = cash ? CARDC_MOVE_CASH : CARDC_MOVE_KEEP;
        return 0;
    }
    case CARDC_PLAY:
        break;
    default:
        return kk_fail(err, "the game is over");
    }
    if ((p[0] == 'M' || p[0] == 'm') && p[1] == '>') {
        p++;
        row = parse_row(&p);
        if (row < 0 || *p)
            return kk_fail(err, "write the follower as M>Y, M>R, M>G or M>B");
        *move = CARDC_MOVE_FOLLOWER + row;
        return 0;
    }
    int facedown = 0;
    if (*p == '~') {
        facedown = 1;
        p++;
    }
    kind = parse_card(&p);
    if (kind < 0)
        return kk_fail(err, "write CARD, ~CARD>ROW, CARD>ROW or M>ROW; %s", CARD_HELP);
    row = *p ? parse_row(&p) : (cardc_is_joker(kind) ? -1 : cardc_colour(kind));
    if (row < 0 || *p)
        return kk_fail(err, "the row is >Y, >R, >G or >B%s",
                       cardc_is_joker(kind) ? " (a joker needs its row)" : "");
    int must_facedown = !st->placed_card[st->current];
    if (facedown != must_facedown)
        return kk_fail(err, must_facedown ? "the first card of the round goes face down, as ~CARD>ROW"
                                          : "only the first card of the round goes face down (~)");
    char card[8];
    cardc_card_text(kind, card, sizeof card);
    if (!facedown && !cardc_is_joker(kind) && row != cardc_colour(kind))
        return kk_fail(err, "a face-up %s goes into its own row, %c", card,
                       colour_letters[cardc_colour(kind)]);
    if (!st->hand[st->current][kind])
        return kk_fail(err, "seat %d holds no %s", st->current, card);
    *move = cardc_place_move(kind, row);
    return 0;
}
