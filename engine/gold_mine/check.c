/* Gold Mine's consistency check (Debug builds and tests): every card in exactly one place,
 * every gold piece accounted for, the seat masks nested as the round machine keeps them. */
#include "gold_mine.h"

int gm_check(const void *state, kk_error *err)
{
    const struct gm_state *s = state;
    if (s->players < 2 || s->players > GM_MAX_SEATS)
        return kk_fail(err, "bad player count %d", s->players);
    if (s->collapse_count < 2 || s->collapse_count > 4 || s->rounds < 1 || s->rounds > 10)
        return kk_fail(err, "bad rules: collapse_count %d, rounds %d", s->collapse_count,
                       s->rounds);
    if (s->phase > GM_PHASE_OVER || s->round < 1 || s->round > s->rounds)
        return kk_fail(err, "phase %d in round %d of %d", s->phase, s->round, s->rounds);
    unsigned all = (1u << s->players) - 1;
    if ((s->inside & ~all) || (s->committed & ~s->inside) || (s->fleeing & ~s->committed))
        return kk_fail(err, "seat masks not nested: inside %#x committed %#x fleeing %#x",
                       s->inside, s->committed, s->fleeing);
    if (s->phase == GM_PHASE_OVER) {
        if (s->inside || s->rounds_done != s->rounds || s->num_face)
            return kk_fail(err, "game over with %d rounds done, seats inside %#x",
                           s->rounds_done, s->inside);
    } else {
        if (!s->inside)
            return kk_fail(err, "a round in progress with nobody inside");
        if (s->rounds_done != s->round - 1)
            return kk_fail(err, "round %d with %d rounds done", s->round, s->rounds_done);
        if (s->phase == GM_PHASE_REVEAL && (s->committed || s->deck_left == 0))
            return kk_fail(err, "a reveal with commitments %#x or an empty deck (%d)",
                           s->committed, s->deck_left);
        if (s->phase == GM_PHASE_DECIDE && (s->committed == s->inside || s->num_face == 0))
            return kk_fail(err, "a decision with every choice in or no card up");
    }

    /* Cards: deck + discard + face up + removed = the box's copies of each kind. */
    int face[GB_KINDS] = {0}, sym[GB_SYMBOLS] = {0}, left = 0, removed = 0;
    if (s->num_face > GM_MAX_FACE)
        return kk_fail(err, "%d cards face up", s->num_face);
    for (int i = 0; i < s->num_face; i++) {
        if (s->face[i] >= GB_KINDS)
            return kk_fail(err, "face-up card %d has kind %d", i, s->face[i]);
        face[s->face[i]]++;
        sym[gb_kind_symbol(s->face[i])]++;
    }
    for (int k = 0; k < GB_KINDS; k++) {
        int n = s->deck[k] + s->discard[k] + face[k] + s->removed[k];
        if (n != gb_kind_copies(k)) {
            char name[8];
            gb_kind_text(k, name, sizeof name);
            return kk_fail(err, "%d cards of %s (deck %d, discard %d, up %d, removed %d), "
                                "the box has %d", n, name, s->deck[k], s->discard[k], face[k],
                           s->removed[k], gb_kind_copies(k));
        }
        left += s->deck[k];
        removed += s->removed[k];
    }
    if (left != s->deck_left)
        return kk_fail(err, "deck_left %d but %d cards in the deck", s->deck_left, left);
    if (removed > s->collapses || (removed && !s->remove_collapse_card))
        return kk_fail(err, "%d cards removed after %d collapses", removed, s->collapses);
    if (s->deck_mode == GM_DECK_RESHUFFLE && s->phase != GM_PHASE_OVER)
        for (int k = 0; k < GB_KINDS; k++)
            if (s->discard[k])
                return kk_fail(err, "discarded cards during a round with deck=reshuffle");
    for (int y = 0; y < GB_SYMBOLS; y++)
        if (sym[y] != s->symbol_up[y] || sym[y] >= s->collapse_count)
            return kk_fail(err, "symbol %c: %d up, counted %d", gb_symbol_letters[y], sym[y],
                           s->symbol_up[y]);

    /* Gold: found = banked + carried + pool + lost; only seats inside carry gold. */
    int32_t held = s->pool;
    if (s->pool < 0)
        return kk_fail(err, "pool %d", s->pool);
    for (int p = 0; p < s->players; p++) {
        if (s->banked[p] < 0 || s->carried[p] < 0)
            return kk_fail(err, "seat %d: banked %d, carried %d", p, s->banked[p],
                           s->carried[p]);
        if (s->carried[p] && !((s->inside >> p) & 1u))
            return kk_fail(err, "seat %d carries %d gold outside the mine", p, s->carried[p]);
        held += s->banked[p] + s->carried[p];
    }
    if (held + s->gold_gone != s->gold_found)
        return kk_fail(err, "gold does not add up: %d held, %d lost, %d found", held,
                       s->gold_gone, s->gold_found);
    return 0;
}
