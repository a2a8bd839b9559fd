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



/* ---- Movement (one seat's step) ---- */
/* Positions: a tile index 0..35, or off the track at the start or the end. */
enum { GT_START = GT_TILES, GT_END = GT_TILES + 1 };
#define GT_MAX_STEP 4     /* most spaces one step can use: M = 6 minus one per later step */
#define GT_MAX_PATHS 512  /* bound on gt_paths() (at most 4 choices per space, 4 spaces) */
/* Permissions a step card gives: enter Brick tiles, enter Lumber tiles. */
enum { GT_MAY_BRICK = 1, GT_MAY_LUMBER = 2 };

/* The spaces one step's path enters, in order (len 0: no space could be entered; the
 * step still counts 1 of the turn's moves). */
struct gt_path {
    uint8_t len;
    uint8_t pos[GT_MAX_STEP];
};

/* How many spaces step `step` (1..3) may use with M moves of which `used` are spent: each
 * later step keeps one; step 3 uses everything left. Returns kmax; *kmin is 1, or kmax in
 * step 3. */
int gt_step_bounds(int m, int used, int step, int *kmin);
/* 1 if a pawn may enter position `to` (a tile, or GT_END) from `from` in one orthogonal
 * space with permissions `may`: open ground always, Brick/Lumber with the permission,
 * Arrow tiles never; the start reaches only row-0 tiles, row 11 reaches the end by +y. */
int gt_may_enter(const struct gt_track *t, int from, int to, int may);
/* Writes every path of a step from `from` into out (at most GT_MAX_PATHS, in a fixed
 * order) and returns how many: lengths kmin..kmax, ending early at the end, or shorter
 * when the pawn is stuck (no space can be entered: a length-0 path). */
int gt_paths(const struct gt_track *t, int from, int may, int kmin, int kmax,
             struct gt_path *out);
#endif
