/* The greedy evaluation of Jump Gate (docs/rules/jump-gate.md, "Greedy evaluation"):
 * crates collected, plus the chance of collecting one on the seat's next turn (with the
 * help of a card from the hand), plus a small value for every card kept and for being
 * close behind the next own crate. */
#include "../box/box.h"
#include "jump_gate.h"

/* Weights, in crates. A crate likely next turn is worth a fraction of one (the turn is still
 * to come, and the die may not cooperate); a card is a future chance to turn a near miss
 * into a crate, so it is worth keeping unless it gains about that much now. Chosen by greedy
 * against random over 3000 games for each setting tried (rules doc, "Greedy evaluation"):
 * card values 0.05 / 0.12 / 0.3 / 0.4 / 0.8 won 70 / 73 / 75 / 76 / 76%. */
#define JG_W_NEXT 0.5
#define JG_W_CARD 0.4
#define JG_W_NEAR 0.1
/* A crate that next turn needs a card counts this much of one reached by the die alone. */
#define JG_CARD_HIT 0.8

/* 1 if some card in the seat's hand moves its ship from q onto one of its crates. */
static int card_reaches(const struct jg_state *s, int seat, int q)
{
    for (int v = 1; v <= JG_VALUES; v++) {
        if (!s->hand[seat][v])
            continue;
        for (int dir = -1; dir <= 1; dir += 2) {
            int r = jg_step(q, dir * v);
            if ((s->planets >> r & 1u) && (s->crates_left[seat] >> r & 1u))
                return 1;
        }
    }
    return 0;
}

/* Expected crates the seat collects on a turn that starts from position pos. */
static double next_turn(const struct jg_state *s, int seat, int pos)
{
    int has_cards = jg_hand_size(s, seat) > 0;
    double sum = 0;
    for (int d = 1; d <= 6; d++) {
        int q = jg_step(pos, d), may_card;
        if (s->track[q] < GB_SYMBOLS) {
            q = s->jump[q];
            may_card = 1;
        } else if (s->planets >> q & 1u) {
            if (s->crates_left[seat] >> q & 1u) {
                sum += 1.0;
                continue;
            }
            may_card = 1;
        } else {
            may_card = s->corner_card;
        }
        if (may_card && has_cards && card_reaches(s, seat, q))
            sum += JG_CARD_HIT;
    }
    return sum / 6.0;
}

double jg_evaluate(const void *state, int seat)
{
    const struct jg_state *s = state;
    double v = jg_collected(s, seat);
    if (s->phase == JG_PHASE_OVER || s->phase == JG_PHASE_LAYOUT)
        return v;
    int pos = s->pos[seat];
    v += JG_W_CARD * jg_hand_size(s, seat);
    v += JG_W_NEXT * next_turn(s, seat, pos);
    /* The mover at its card decision can still collect now. */
    if (s->phase == JG_PHASE_CARD && seat == s->seat && card_reaches(s, seat, pos))
        v += JG_CARD_HIT;
    /* Clockwise distance to the nearest own crate: the ship moves that way on average. */
    uint64_t left = s->crates_left[seat];
    for (int d = 1; d < JG_TRACK && left; d++)
        if (left >> jg_step(pos, d) & 1u) {
            v += JG_W_NEAR * (1.0 - d / (double)JG_TRACK);
            break;
        }
    return v;
}
