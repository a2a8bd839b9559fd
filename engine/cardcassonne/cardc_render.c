/* Cardcassonne's pictures: the rows, hands and claimed areas as text for `kark play` (draw
 * hook, as one seat sees them: docs/rules/cardcassonne.md, "What each seat sees"), events
 * as a seat sees them (view_event), and the whole table as SVG for `kark render` (records
 * are complete logs, so the SVG shows face-down cards, marked as such). */
#include <stdio.h>

#include "../core/buf.h"
#include "../core/svg.h"
#include "cardc.h"

static const char row_letters[] = "YRGB";
static const char *const row_names[CARDC_ROWS] = {"yellow", "red", "green", "blue"};

/* A chest's building cards are seen by everyone (open), its owner (own) or nobody. */
static int sees_chest(const struct cardc_state *st, int seat, int owner)
{
    return seat == KK_ONLOOKER || st->rules.chests == CARDC_CHESTS_OPEN ||
           (st->rules.chests == CARDC_CHESTS_OWN && seat == owner);
}

static void cards_text(struct kk_buf *out, const uint8_t counts[CARDC_KINDS])
{
    int any = 0;
    for (int k = 0; k < CARDC_KINDS; k++)
        for (int i = 0; i < counts[k]; i++) {
            char t[8];
            cardc_card_text(k, t, sizeof t);
            kk_buf_printf(out, " %s", t);
            any = 1;
        }
    if (!any)
        kk_buf_printf(out, " -");
}

void cardc_draw(const void *state, int seat, struct kk_buf *out)
{
    const struct cardc_state *st = state;
    kk_buf_printf(out, "round %d of %d, dealer seat %d, supply %d card%s\n", st->round + 1,
                  st->rules.rounds, st->dealer, st->deck_total, st->deck_total == 1 ? "" : "s");
    for (int r = 0; r < CARDC_ROWS; r++) {
        kk_buf_printf(out, "row %c:", row_letters[r]);
        for (int i = 0; i < st->row_len[r]; i++) {
            uint8_t s = st->row[r][i];
            char t[8];
            if (cardc_slot_is_follower(s)) {
                kk_buf_printf(out, " [follower %d]", cardc_slot_seat(s));
            } else if (cardc_slot_is_facedown(s)) {
                int placer = cardc_slot_placer(s);
                if (seat == KK_ONLOOKER || seat == placer) {
                    cardc_card_text(cardc_slot_kind(s), t, sizeof t);
                    kk_buf_printf(out, " ~%s(%d)", t, placer);
                } else {
                    kk_buf_printf(out, " ~?\?(%d)", placer);
                }
            } else {
                cardc_card_text(cardc_slot_kind(s), t, sizeof t);
                kk_buf_printf(out, " %s", t);
            }
        }
        kk_buf_printf(out, "\n");
    }
    for (int p = 0; p < st->players; p++) {
        kk_buf_printf(out, "seat %d%s: %d points; %d card%s in hand", p, p == seat ? " (you)" : "",
                      st->score[p], st->hand_n[p], st->hand_n[p] == 1 ? "" : "s");
        if (p == seat || seat == KK_ONLOOKER) {
            kk_buf_printf(out, ":");
            cards_text(out, st->hand[p]);
        }
        kk_buf_printf(out, "%s%s\n", st->placed_card[p] ? "" : "; first card not yet placed",
                      st->follower_placed[p] ? "; follower placed" : "");
        kk_buf_printf(out, "  animals:");
        int any = 0;
        for (int c = 0; c < CARDC_COLOURS; c++)
            if (st->animals[p][c] || st->animal_jokers_on[p][c]) {
                kk_buf_printf(out, " %s %d%s", row_names[c], st->animals[p][c],
                              st->animal_jokers_on[p][c] ? "+joker" : "");
                any = 1;
            }
        if (st->animal_jokers_waiting[p]) {
            kk_buf_printf(out, " %d waiting joker%s", st->animal_jokers_waiting[p],
                          st->animal_jokers_waiting[p] == 1 ? "" : "s");
            any = 1;
        }
        if (!any)
            kk_buf_printf(out, " -");
        int chest = st->building_jokers[p];
        for (int c = 0; c < CARDC_COLOURS; c++)
            chest += st->buildings[p][c];
        kk_buf_printf(out, "; chest: %d card%s", chest, chest == 1 ? "" : "s");
        if (chest && sees_chest(st, seat, p)) {
            kk_buf_printf(out, " (");
            int first = 1;
            for (int c = 0; c < CARDC_COLOURS; c++)
                if (st->buildings[p][c]) {
                    kk_buf_printf(out, "%s%s %d", first ? "" : ", ", row_names[c], st->buildings[p][c]);
                    first = 0;
                }
            if (st->building_jokers[p])
                kk_buf_printf(out, "%sjokers %d", first ? "" : ", ", st->building_jokers[p]);
            kk_buf_printf(out, ")");
        }
        kk_buf_printf(out, "\n");
    }
    if (st->phase == CARDC_PLAY)
        kk_buf_printf(out, "seat %d to play: a card (R2, Ja>G; ~R2>B face down first), or M>row\n",
                      st->current);
    else if (st->phase == CARDC_DECIDE)
        kk_buf_printf(out, "seat %d decides: keep or cash\n", st->current);
    else if (st->phase == CARDC_SETUP_JOKER)
        kk_buf_printf(out, "seat %d chooses the joker's row\n", st->current);
}

void cardc_view_event(const void *state, kk_move move, int seat, struct kk_buf *out)
{
    const struct cardc_state *st = state;
    char t[32];
    cardc_move_to_text(st, move, t, sizeof t);
    if (st->phase == CARDC_DEAL) {
        if (st->deal_seat == seat)
            kk_buf_printf(out, "%s (your card)", t);
        else
            kk_buf_printf(out, "? (a card to seat %d)", st->deal_seat);
        return;
    }
    if (st->phase == CARDC_PLAY && st->current != seat && !st->placed_card[st->current] &&
        move < CARDC_MOVE_FOLLOWER) {
        kk_buf_printf(out, "~?\?>%c (face down)", row_letters[move % CARDC_ROWS]);
        return;
    }
    kk_buf_printf(out, "%s", t);
}

/* --- SVG ------------------------------------------------------------------------------- */

static const char *const row_fill[CARDC_ROWS] = {"#f6e27a", "#e8847a", "#9fd38a", "#8fb8e8"};

static void card(struct kk_buf *out, double x, double y, int kind, int facedown, int placer)
{
    char t[8];
    cardc_card_text(kind, t, sizeof t);
    int colour = cardc_colour(kind);
    const char *fill = colour >= 0 ? row_fill[colour] : "#e0e0e0";
    kk_buf_printf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"34\" height=\"48\" rx=\"4\" fill=\"%s\" "
                       "stroke=\"%s\" stroke-width=\"%s\"%s/>\n", x, y, fill,
                  facedown ? kk_svg_seat_colour(placer) : "#333", facedown ? "3" : "1",
                  facedown ? " stroke-dasharray=\"4 2\"" : "");
    kk_svg_text(out, x + 17, y + 29, 13, "middle", "#000", t);
}

void cardc_svg(const void *state, struct kk_buf *out)
{
    const struct cardc_state *st = state;
    int longest = 8;
    for (int r = 0; r < CARDC_ROWS; r++)
        longest = st->row_len[r] > longest ? st->row_len[r] : longest;
    const int margin = 30, step = 40, row_h = 64, label = 70;
    int width = margin * 2 + label + longest * step, height = margin * 2 + CARDC_ROWS * row_h + 30 * st->players + 30;
    if (width < 520)
        width = 520;
    kk_svg_begin(out, width, height, "Cardcassonne");
    for (int r = 0; r < CARDC_ROWS; r++) {
        double y = margin + r * row_h;
        kk_buf_printf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                           "opacity=\"0.35\"/>\n", margin, y - 6, width - 2 * margin, row_h - 4, row_fill[r]);
        kk_svg_text(out, margin + 6, y + 28, 14, "start", "#000", row_names[r]);
        for (int i = 0; i < st->row_len[r]; i++) {
            uint8_t s = st->row[r][i];
            double x = margin + label + i * step;
            if (cardc_slot_is_follower(s))
                kk_buf_printf(out, "<path d=\"M %.1f %.1f l 8 -22 a 6 6 0 1 1 10 0 l 8 22 Z\" "
                                   "fill=\"%s\" stroke=\"#000\"/>\n", x + 4, y + 44,
                              kk_svg_seat_colour(cardc_slot_seat(s)));
            else
                card(out, x, y, cardc_slot_kind(s), cardc_slot_is_facedown(s),
                     cardc_slot_is_facedown(s) ? cardc_slot_placer(s) : 0);
        }
    }
    double ly = margin + CARDC_ROWS * row_h + 16;
    for (int p = 0; p < st->players; p++) {
        char line[160];
        int animals = 0, chest = st->building_jokers[p];
        for (int c = 0; c < CARDC_COLOURS; c++) {
            animals += st->animals[p][c] + st->animal_jokers_on[p][c];
            chest += st->buildings[p][c];
        }
        snprintf(line, sizeof line, "seat %d: %d points, %d cards in hand, %d animals, %d buildings",
                 p, st->score[p], st->hand_n[p], animals, chest);
        kk_buf_printf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\" "
                           "stroke=\"#000\"/>\n", margin, ly + 30 * p - 11, kk_svg_seat_colour(p));
        kk_svg_text(out, margin + 20, ly + 30 * p, 14, "start", "#000", line);
    }
    kk_svg_text(out, margin, ly + 30 * st->players, 12, "start", "#444",
                "dashed border: a face-down card, in the colour of the seat that placed it");
    kk_svg_end(out);
}
