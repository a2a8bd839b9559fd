/* Jump Gate's track: the fixed layout of the rules and the seeded generator of the
 * `layout_seed` convention (engine/box/layout.h), step for step as the rules give it, so
 * that layout N is the same track in every implementation. */
#include "../box/box.h"
#include "../box/layout.h"
#include "jump_gate.h"

const char jg_fixed_layout[JG_TRACK + 1] = "KPDPCPHPBKPWPDPAPHKPHPBPDPWKPAPHPCPD";

static void from_text(const char *text, uint8_t *track)
{
    for (int p = 0; p < JG_TRACK; p++) {
        char c = text[p];
        track[p] = c == 'K' ? JG_CORNER : c == 'P' ? JG_PLANET : (uint8_t)gb_symbol_from_letter(c);
    }
}

void jg_build_layout(int n, uint8_t *track)
{
    if (n <= 0) {
        from_text(jg_fixed_layout, track);
        return;
    }
    kk_rng g;
    gb_layout_rng(&g, (uint64_t)n, JG_LAYOUT_SEQ);
    /* 1. Symbols: the first two get 4 gates (one per side), the next four 2 gates. */
    uint8_t sym[GB_SYMBOLS] = {0, 1, 2, 3, 4, 5};
    gb_layout_shuffle(&g, sym, GB_SYMBOLS);
    uint8_t x = sym[0], y = sym[1], a = sym[2], b = sym[3], c = sym[4], d = sym[5];
    /* 2. Sides, in shuffled order, take the pairs {a,b}, {c,d}, {a,c}, {b,d}. */
    uint8_t sides[4] = {0, 1, 2, 3};
    gb_layout_shuffle(&g, sides, 4);
    const uint8_t pair[4][2] = {{a, b}, {c, d}, {a, c}, {b, d}};
    uint8_t side_pair[4][2];
    for (int i = 0; i < 4; i++) {
        side_pair[sides[i]][0] = pair[i][0];
        side_pair[sides[i]][1] = pair[i][1];
    }
    for (int p = 0; p < JG_TRACK; p++)
        track[p] = p % JG_SIDE == 0 ? JG_CORNER : JG_PLANET;
    /* 3. Per side: shuffled gates go to the 4 lowest of the first 4 shuffled offsets. */
    for (int k = 0; k < 4; k++) {
        uint8_t gates[4] = {x, y, side_pair[k][0], side_pair[k][1]};
        gb_layout_shuffle(&g, gates, 4);
        uint8_t offs[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        gb_layout_shuffle(&g, offs, 8);
        uint8_t chosen = 0; /* bit o set: offset o is a gate */
        for (int i = 0; i < 4; i++)
            chosen |= (uint8_t)(1u << (offs[i] - 1));
        int next = 0;
        for (int o = 1; o <= 8; o++)
            if (chosen >> (o - 1) & 1u)
                track[JG_SIDE * k + o] = gates[next++];
    }
}

void jg_layout_text(const uint8_t *track, char *buf)
{
    for (int p = 0; p < JG_TRACK; p++)
        buf[p] = track[p] == JG_CORNER   ? 'K'
                 : track[p] == JG_PLANET ? 'P'
                                         : gb_symbol_letters[track[p]];
    buf[JG_TRACK] = '\0';
}
