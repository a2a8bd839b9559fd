/* Son of Kark internals shared by the module's files: torus cell arithmetic, mask bits,
 * and the functions that change a state (board.c) or list its moves (moves.c). */
#ifndef SOK_INTERNAL_H
#define SOK_INTERNAL_H

#include "sok.h"

static inline unsigned sok_cell(int x, int y)
{
    return (unsigned)(x + SOK_STRIDE * y) & (SOK_CELLS - 1);
}

static inline unsigned sok_step(unsigned cell, int dx, int dy)
{
    return (cell + (unsigned)(dx + SOK_STRIDE * dy)) & (SOK_CELLS - 1);
}

static inline int sok_bit(const uint64_t *mask, unsigned cell)
{
    return (int)((mask[cell >> 6] >> (cell & 63)) & 1u);
}

static inline void sok_set(uint64_t *mask, unsigned cell)
{
    mask[cell >> 6] |= (uint64_t)1 << (cell & 63);
}

static inline void sok_clear(uint64_t *mask, unsigned cell)
{
    mask[cell >> 6] &= ~((uint64_t)1 << (cell & 63));
}

/* Slot of the tile on cell, or -1 when the cell is empty. */
static inline int sok_slot_at(const struct sok_state *s, unsigned cell)
{
    unsigned v = s->cells[cell];
    return v & SOK_CELL_TILE ? (int)(v & 63u) : -1;
}

/* Complete corners of an empty cell: bit k for corner k (0..3 = NE NW SE SW). */
static inline unsigned sok_corners(const struct sok_state *s, unsigned cell)
{
    return s->cells[cell] & 15u;
}

/* Corner directions, indexed by token - SOK_NE: east/west and north/south steps. */
static const int sok_corner_dx[4] = {1, -1, 1, -1};
static const int sok_corner_dy[4] = {-1, -1, 1, 1};
static const int sok_dir_dx[4] = {1, -1, 0, 0};
static const int sok_dir_dy[4] = {0, 0, 1, -1};

/* 1 when the other three cells at corner k (0..3 = NE NW SE SW) of cell are all set in
 * the occupancy mask occ. */
static inline int sok_corner_complete(const uint64_t *occ, unsigned cell, int k)
{
    int dx = sok_corner_dx[k], dy = sok_corner_dy[k];
    return sok_bit(occ, sok_step(cell, dx, 0)) && sok_bit(occ, sok_step(cell, 0, dy)) &&
           sok_bit(occ, sok_step(cell, dx, dy));
}

/* Real coordinates of a cell in the tiles' bounding box grown by one; 0, or -1 outside. */
static inline int sok_cell_coords(const struct sok_state *s, unsigned cell, int *x, int *y)
{
    /* Cells that matter lie in the tiles' bounding box grown by one: at most 38 wide and
     * high, any two of its cells within L1 distance 39 (so no index collisions). The offset
     * (dx, dy) from its corner is recovered from dx + SOK_STRIDE * dy (dx < SOK_STRIDE),
     * which may have wrapped the torus once. */
    int x0 = s->min_x - 1, y0 = s->min_y - 1;
    int w = s->max_x - s->min_x + 3, h = s->max_y - s->min_y + 3;
    unsigned u = (cell - sok_cell(x0, y0)) & (SOK_CELLS - 1);
    for (unsigned v = u; v < u + 2 * SOK_CELLS; v += SOK_CELLS) {
        int dx = (int)(v % SOK_STRIDE), dy = (int)(v / SOK_STRIDE);
        if (dx < w && dy < h) {
            *x = x0 + dx;
            *y = y0 + dy;
            return 0;
        }
    }
    return -1;
}

/* board.c */
/* Puts a tile on the table and updates masks, counts and neighbouring Cities. The cell
 * must be empty (and legal for the face, except at setup). Returns its slot. */
int sok_place_tile(struct sok_state *s, int x, int y, int symbol, int face_up);
/* Applies seat's move for the drawn tile: placement, token, scoring, next turn. */
void sok_play(struct sok_state *s, kk_move move);
/* Scores every token still on the table (rules "End of the game"). */
void sok_end_scoring(struct sok_state *s);
/* Crossroad awards the influence table gives now: adds them to out[seat]. */
void sok_crossroad_awards(const struct sok_state *s, int32_t *out);
/* Slot of the tile at (x, y), or -1. */
int sok_tile_at(const struct sok_state *s, int x, int y);

/* moves.c */
int sok_legal_moves(const void *state, kk_move *out);
kk_move sok_random_move(const void *state, kk_rng *rng);
/* Whether the drawn tile may carry a Market for the seat to move (self_displace). */
int sok_market_allowed(const struct sok_state *s);

/* notation.c */
int sok_move_to_text(const void *state, kk_move move, char *buf, size_t size);
int sok_move_from_text(const void *state, const char *text, kk_move *move, kk_error *err);

/* check.c */
int sok_check(const void *state, kk_error *err);

/* --- render.c: the table as text (draw hook) and SVG (svg hook) --- */
struct kk_buf;
void sok_draw(const void *state, int seat, struct kk_buf *out);
void sok_svg(const void *state, struct kk_buf *out);

#endif
