/* Gold Mine's text picture (draw hook). Everything in a Gold Mine state is public except
 * the pending stay/flee choices (docs/rules/gold-mine.md), so the picture shows the round,
 * the cards face up, the pool and every seat's gold, and never `fleeing`. */
#include "../core/buf.h"
#include "gold_mine.h"

void gm_draw(const void *state, int seat, struct kk_buf *out)
{
    const struct gm_state *s = state;
    kk_buf_printf(out, "round %d of %d, deck %d card%s\nin the mine:", s->round, s->rounds,
                  s->deck_left, s->deck_left == 1 ? "" : "s");
    for (int i = 0; i < s->num_face; i++) {
        char t[8];
        gb_kind_text(s->face[i], t, sizeof t);
        kk_buf_printf(out, " %s", t);
    }
    if (s->num_face == 0)
        kk_buf_printf(out, " (no card yet)");
    kk_buf_printf(out, "\ngold lying on the cards: %d\n", s->pool);
    for (int p = 0; p < s->players; p++) {
        int in = s->inside >> p & 1;
        kk_buf_printf(out, "seat %d%s: banked %d, carrying %d, %s%s\n", p,
                      p == seat ? " (you)" : "", s->banked[p], s->carried[p],
                      s->phase == GM_PHASE_OVER ? "done" : in ? "inside" : "out this round",
                      s->last_fled >> p & 1 ? " (fled at the last reveal)" : "");
    }
    if (s->phase == GM_PHASE_DECIDE && seat >= 0 && (s->inside >> seat & 1))
        kk_buf_printf(out, "the next card collapses the mine with chance %.2f; stay (s) or "
                           "flee (f)?\n", gm_collapse_chance(s));
}

/* Every event is public: the cards turn up face up and the choices are shown to the
 * viewer only once revealed (the caller holds them back until then). */
void gm_view_event(const void *state, kk_move move, int seat, struct kk_buf *out)
{
    (void)seat;
    char t[16];
    gm_move_to_text(state, move, t, sizeof t);
    kk_buf_printf(out, "%s", t);
}
