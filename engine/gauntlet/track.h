/* The Gauntlet's track: 3 columns x 12 rows of tiles (open ground, Brick, Lumber or an
 * Arrow tile with a direction), the fixed track of the rules, the explicit 36-character
 * `track` text, the `layout_seed` generator (constant 5 of the Green Box convention) and
 * the lines of fire. This is the board half of the game, kept apart from the turn logic
 * so that both the engine and the tests build tracks the same way. Flat, no pointers. */
#ifndef GT_TRACK_H
#define GT_TRACK_H

#include <stddef.h>
#include <stdint.h>

#define GT_COLS 3
#define GT_ROWS 12
#define GT_TILES (GT_COLS * GT_ROWS)
#define GT_LAYOUT_SEQ 5 /* the generator constant G of the rules */

/* Tile codes; the Arrow codes are GT_ARROW_N + direction index of the generator's
 * below(4) draw (0 n, 1 >, 2 s, 3 <). */
enum gt_tile { GT_OPEN, GT_BRICK, GT_LUMBER, GT_ARROW_N, GT_ARROW_E, GT_ARROW_S, GT_ARROW_W };

struct gt_track {
    uint8_t tile[GT_TILES]; /* row-major from (0,0): index y * 3 + x */
    /* hits[i]: how many Arrow tiles' lines of fire contain tile i (0 on Brick and Lumber
     * tiles, which stop lines; a pawn there is never hit). */
    uint8_t hits[GT_TILES];
};

static inline int gt_is_arrow(int t) { return t >= GT_ARROW_N; }

/* The track of the rules' text alphabet ". B L n > s <", row-major. */
extern const char gt_tile_letters[8]; /* ".BLn>s<" */

/* The fixed track (layout_seed=0). */
void gt_track_fixed(struct gt_track *t);
/* Parses a 36-character track; returns 0, or -1 if a letter is not in the alphabet or the
 * length is not 36. Lines of fire are computed. */
int gt_track_parse(struct gt_track *t, const char *text);
/* The generated track of layout_seed=n (n >= 1). */
void gt_track_generate(struct gt_track *t, uint64_t n);
/* Writes the 36 letters (and a NUL) into buf (at least 37 bytes). */
void gt_track_text(const struct gt_track *t, char *buf);
/* 1 if open ground alone connects some row-0 tile to some row-11 tile orthogonally. */
int gt_track_connected(const struct gt_track *t);
/* Recomputes hits[] from tile[]. */
void gt_track_fire_lines(struct gt_track *t);

#endif
