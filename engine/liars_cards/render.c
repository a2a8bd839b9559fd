/* Liar's Cards' text picture (draw hook) and events as a seat sees them (view_event).
 * A seat sees its own cards, every seat's card count and lives, the track, the bids; all
 * hands only between rounds (after a challenge) and at the end (docs/rules/liars-cards.md). */
#include "../core/buf.h"
#include "liars_cards.h"

static void hand_text(const struct lc_state *s, int p, struct kk_buf *out)
{
    for (int i = 0; i < s->hand_len[p]; i++) {
        char t[8];
        gb_kind_text(s->hand[p][i], t, sizeof t);
        kk_buf_printf(out, " %s", t);
    }
}

void lc_draw(const void *state, int seat, struct kk_buf *out)
{
    const struct lc_state *s = state;
    int face_up = s->phase == LC_PHASE_OVER || (s->phase == LC_PHASE_DEAL && s->dealt == 0);
    kk_buf_printf(out, "track (position 0 first):");
    for (int i = 0; i < GB_SYMBOLS; i++)
        kk_buf_printf(out, " %c", gb_symbol_letters[s->track[i]]);
    kk_buf_printf(out, "%s\n", s->phase == LC_PHASE_TRACK ? " (not laid out yet)"
                               : s->wild_active          ? " (wild active)"
                                                         : "");
    for (int p = 0; p < s->players; p++) {
        kk_buf_printf(out, "seat %d%s: %d li%s, %d card%s", p, p == seat ? " (you)" : "",
                      s->lives[p], s->lives[p] == 1 ? "fe" : "ves", s->hand_len[p],
                      s->hand_len[p] == 1 ? "" : "s");
        if (s->hand_len[p] && (face_up || p == seat || seat == KK_ONLOOKER)) {
            kk_buf_printf(out, ":");
            hand_text(s, p, out);
        }
        kk_buf_printf(out, "\n");
    }
    if (s->bidder != LC_NO_SEAT) {
        /* Written here, not by lc_move_to_text, which reads a move by the phase. */
        if (lc_is_sum_bid(s->bid))
            kk_buf_printf(out, "standing bid: s%d", s->bid - LC_MOVE_SUM);
        else
            kk_buf_printf(out, "standing bid: %d%c", lc_bid_n(s->bid),
                          gb_symbol_letters[lc_bid_symbol(s->bid)]);
        kk_buf_printf(out, " by seat %d\n", s->bidder);
    }
    if (face_up && s->caller != LC_NO_SEAT)
        kk_buf_printf(out, "seat %d called; seat %d lost a cube\n", s->caller, s->loser);
    if (s->phase == LC_PHASE_BID || s->phase == LC_PHASE_WILD)
        kk_buf_printf(out, "seat %d to %s\n", s->seat,
                      s->phase == LC_PHASE_WILD ? "choose the wild" : "bid or call");
}

/* A dealt card is seen by the seat that gets it; everything else is public. */
void lc_view_event(const void *state, kk_move move, int seat, struct kk_buf *out)
{
    const struct lc_state *s = state;
    char t[32];
    lc_move_to_text(s, move, t, sizeof t);
    /* The first card of a deal goes to the first seat with lives (deal_seat is set then). */
    int to = s->dealt > 0 ? s->deal_seat : s->lives[0] > 0 ? 0 : lc_next_active(s, 0);
    if (s->phase == LC_PHASE_DEAL && to != seat)
        kk_buf_printf(out, "? (a card to seat %d)", to);
    else if (s->phase == LC_PHASE_DEAL)
        kk_buf_printf(out, "%s (your card)", t);
    else
        kk_buf_printf(out, "%s", t);
}
