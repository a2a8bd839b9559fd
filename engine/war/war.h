/* War 2.0 (Green Box, 2-4 players): groundwork only. This header holds the map of the game
 * (the fixed maps for 2, 3 and 4 players, the layout_seed generator of the Green Box
 * convention, hex "odd-r" and square adjacency) and the scoring of a seat's tiles. The game
 * engine itself (turns, battles, records) is not written yet and the game is not registered
 * in engine/core/games.def; see the branch's report for the notation question it must
 * settle first (one record line per compound action). */
#ifndef WAR_H
#define WAR_H

#include <stdint.h>

#define WAR_MAX_SEATS 4
#define WAR_ROWS 6
#define WAR_MAX_COLS 6
#define WAR_MAX_CELLS (WAR_ROWS * WAR_MAX_COLS)
#define WAR_BLANK 6        /* a face-down (brown) tile: no symbol */
#define WAR_MAX_NEIGHBOURS 6
#define WAR_LAYOUT_SEQ 4   /* the generator constant G of the rules */

enum war_grid { WAR_HEX, WAR_SQUARE };

/* A map: cols x 6 cells in row-major order (y, then x), each a symbol 0-5 or WAR_BLANK. */
struct war_map {
    uint8_t cols, cells;
    uint8_t tile[WAR_MAX_CELLS];
};

/* Columns of the map for a player count (2: 4, 3: 5, 4: 6). */
int war_map_cols(int players);
/* Builds the map for `players` seats: layout_seed n = 0 the fixed map of the rules, n >= 1
 * the generator's layout n (3 tiles of each symbol in use, then the blanks, shuffled and
 * dealt row-major). */
void war_build_map(struct war_map *m, int players, int n);
/* The map as the rules' test vectors write it: rows y0..y5 separated by " / ", cells by
 * spaces, '.' for a blank. buf needs at least 2 * WAR_MAX_CELLS + 4 * WAR_ROWS bytes. */
void war_map_text(const struct war_map *m, char *buf);
/* Writes the cell indices adjacent to cell c under grid and returns how many. */
int war_neighbours(const struct war_map *m, enum war_grid grid, int c, uint8_t *out);
/* Score of a seat owning the cells whose bits are set in owned: one point per tile,
 * k(k+1)/2 for k different symbols among its face-up tiles, 5 per symbol of which it owns
 * all three face-up tiles. */
int war_score_tiles(const struct war_map *m, uint64_t owned);

#endif
