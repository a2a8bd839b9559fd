/* The greedy evaluation of Tunnel Run (docs/rules/tunnel-run.md, "Greedy evaluation"):
 * progress of the seat's pirates along the tunnel, counting the one furthest behind
 * extra (the race ends only when the last pirate is out), plus a small value per card. */
#include "tunnel_run.h"

/* Weights in track positions. A card is a future forward move; in the advanced game
 * cards are scarcer (forward moves draw none), so each is worth more. The pirate furthest
 * behind counts extra. Against random over 300-400 advanced games, card weights 1-4, last
 * weights 0-2 and a bonus of 6-24 for a pirate out all won 90-94%, within noise; the
 * bonus made greedy self-play stall more often (rules doc), so there is none. */
#define TR_W_CARD_BASIC 0.5
#define TR_W_CARD_ADVANCED 2.0
#define TR_W_LAST 0.5

double tr_evaluate(const void *state, int seat)
{
    const struct tr_state *s = state;
    /* In positions: a pirate at the exit counts 37. */
    double sum = 0;
    int last = TR_EXIT;
    for (int i = 0; i < s->pirates; i++) {
        sum += s->pos[seat][i];
        if (s->pos[seat][i] < last)
            last = s->pos[seat][i];
    }
    double v = sum + TR_W_LAST * last;
    v += (s->advanced ? TR_W_CARD_ADVANCED : TR_W_CARD_BASIC) * tr_hand_cards(s, seat);
    /* In exits: comparable to the score (pirates out). */
    return v / TR_EXIT;
}
