/* Son of Kark: the game engine (rules in docs/rules/son-of-kark.md).
 * The state is a flat, pointer-free struct (memcpy-copyable) built around a skewed torus
 * of 1024 cells: a byte per cell (its tile, or what an empty cell offers: frontier,
 * face down forbidden, complete corners), 1024-bit masks of the frontier, of where face
 * down is forbidden and of the cells around Cities, and incrementally kept counts of move
 * targets, so that the number of legal moves is O(1) and a uniform random move needs no
 * move list. The struct is public so tests and tools can read it; only the
 * functions of this module write it. */
#ifndef SOK_H
#define SOK_H

#include <stdint.h>

#include "engine/core/game.h"

#define SOK_SYMBOLS 6
#define SOK_TILES 36
#define SOK_MAX_PLAYERS 4
/* Crossroad categories: the 6 symbols (face-up tiles), then SOK_CITY (every face-down tile). */
#define SOK_CATEGORIES 7
#define SOK_CITY 6

/* Board cells live on a torus of SOK_CELLS cells: cell(x, y) = (x + SOK_STRIDE * y) mod
 * SOK_CELLS. With stride 50 no two cells closer than L1 distance 43 share an index. All 36
 * tiles of a game fit in an L1 diameter of 35 (a connected set of n cells spans at most n-1
 * in width + height), and the engine never looks further than 3 steps from a tile, so no
 * two cells that matter ever collide. Indices are therefore a fixed function of the real
 * coordinates within one game, which keeps move numbers comparable across states. */
#define SOK_CELL_BITS 10
#define SOK_CELLS (1 << SOK_CELL_BITS)
#define SOK_WORDS (SOK_CELLS / 64)
#define SOK_STRIDE 50

/* Bits of a cell byte (struct sok_state cells[]). A cell holding a tile has SOK_CELL_TILE
 * and its slot in tiles[] in the low 6 bits. An empty cell has bit k (0..3 = NE NW SE SW)
 * when corner k is complete (the other three cells at that corner point hold tiles: a
 * Crossroad target), SOK_CELL_FRONTIER when a tile is orthogonally beside it and
 * SOK_CELL_NO_DOWN when a face-down tile is. */
#define SOK_CELL_TILE 0x40
#define SOK_CELL_FRONTIER 0x10
#define SOK_CELL_NO_DOWN 0x20

/* A connected set of n cells has at most 2n + 2 empty orthogonal neighbours. */
#define SOK_MAX_FRONTIER (2 * SOK_TILES + 2)

/* Token placed with a tile; corners are Crossroads. Order = notation order in move lists. */
enum sok_token { SOK_NONE, SOK_CENTRE, SOK_NE, SOK_NW, SOK_SE, SOK_SW };

/* A move: cell | face_down << 10 | token << 11. A chance outcome: the symbol index 0..5. */
#define SOK_MOVE(cell, down, token) ((kk_move)((cell) | ((down) << 10) | ((token) << 11)))
#define SOK_MOVE_CELL(m) ((unsigned)(m) & (SOK_CELLS - 1))
#define SOK_MOVE_DOWN(m) (((unsigned)(m) >> 10) & 1u)
#define SOK_MOVE_TOKEN(m) ((int)(((unsigned)(m) >> 11) & 7u))

/* Points and tokens by source, for the statistics. */
enum sok_source { SOK_SRC_MARKET, SOK_SRC_CITY, SOK_SRC_CROSS, SOK_SOURCES };

struct sok_tile {
    int8_t x, y;      /* real coordinates: x grows east, y grows south */
    uint8_t symbol;   /* 0..5 (printed on the face-up side only) */
    uint8_t face_up;  /* 1 face up, 0 face down */
    uint8_t category; /* Crossroad category: the symbol if face up, else SOK_CITY */
    uint8_t token;    /* enum sok_token placed with this tile (SOK_NONE at setup) */
    int8_t owner;     /* seat of that token, -1 when none */
    uint8_t unused;
};

/* A City on the table: its tile and what its 8 surrounding cells hold so far. */
struct sok_city {
    uint8_t slot;    /* index in tiles[] */
    uint8_t symbols; /* bit s: a face-up tile of symbol s is among the 8 surrounding cells */
    uint8_t filled;  /* number of the 8 surrounding cells holding a tile */
};

/* Four move-target counts (see struct sok_state), also readable as one packed word. */
union sok_counts {
    uint64_t all;
    struct {
        uint16_t cells, cells_down_ok, corners, corners_down_ok;
    } n;
};
/* Shift of count field i (0..3, in the order above) within the packed word. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define SOK_COUNT_SHIFT(i) (16 * (3 - (i)))
#else
#define SOK_COUNT_SHIFT(i) (16 * (i))
#endif

struct sok_state {
    uint64_t frontier[SOK_WORDS]; /* empty cells orthogonally beside a tile */
    uint64_t no_down[SOK_WORDS];  /* cells orthogonally beside a face-down tile */
    /* Cells around an active City: only a tile placed there can change a City, so other
     * placements skip the City list. */
    uint64_t city_zone[SOK_WORDS];
    /* One byte per cell (SOK_CELL_*): a placement reads and writes its 9 cells' bytes and
     * nothing else of the board but a few mask bits; Crossroads, Cities and move decoding
     * find their neighbouring tiles here instead of scanning tiles[]. The frontier and
     * no_down masks repeat two of the bits, for the move generators' bit scans. */
    uint8_t cells[SOK_CELLS];
    struct sok_tile tiles[SOK_TILES]; /* in placement order */
    struct sok_city cities[SOK_TILES];
    int16_t score[SOK_MAX_PLAYERS];
    int16_t points[SOK_SOURCES][SOK_MAX_PLAYERS];
    uint8_t placed[SOK_SOURCES][SOK_MAX_PLAYERS]; /* tokens placed by kind */
    uint8_t displaced[SOK_MAX_PLAYERS]; /* markets this seat pushed off during play */
    uint8_t supply[SOK_MAX_PLAYERS];
    uint8_t crossroads[SOK_MAX_PLAYERS]; /* Crossroad tokens on the table */
    uint8_t turns[SOK_MAX_PLAYERS];      /* turns taken */
    uint8_t influence[SOK_MAX_PLAYERS][SOK_CATEGORIES];
    int8_t market_owner[SOK_SYMBOLS]; /* -1: no Market on this symbol */
    uint8_t market_slot[SOK_SYMBOLS];
    uint8_t face_up_count[SOK_SYMBOLS];
    uint8_t bag[SOK_SYMBOLS];
    uint8_t bag_left;
    uint8_t num_tiles, num_cities;
    uint8_t draws;     /* chance events so far (setup ones included) */
    int8_t drawn;      /* symbol drawn and waiting to be placed, -1 none */
    uint8_t seat;      /* seat whose turn it is (or is next) */
    uint8_t players, removed;
    uint8_t terminal;
    int8_t min_x, min_y, max_x, max_y; /* bounding box of the tiles */
    /* Incremental counts behind the O(1) move count and the fast random move: frontier
     * cells, frontier cells where face down is allowed, complete corners of frontier
     * cells (corner points holding exactly 3 tiles) and those at cells where face down is
     * allowed; in total and per mask word. Each set of four is also one 64-bit word, so a
     * placement updates all four with one addition (no field ever goes negative, so no
     * borrow crosses fields). */
    union {
        uint64_t counts;
        struct {
            uint16_t n_frontier, n_down_ok, n_corners, n_corners_down_ok;
        };
    };
    union sok_counts word_count[SOK_WORDS];
    /* The variant, resolved at init. */
    uint8_t tokens, self_displace, city_close, cross_points;
    uint8_t cross_tie[3];
};

extern const struct kk_game kk_game_son_of_kark;

/* Symbol letters "DHCBWA" and names ("Drop", ...). */
extern const char sok_symbol_letters[SOK_SYMBOLS + 1];
extern const char *const sok_symbol_names[SOK_SYMBOLS];

/* Current value of a City: the number of symbols among its face-up neighbours. */
int sok_city_value(const struct sok_city *c);

/* Number of legal moves for the seat to move (O(1) from the incremental counts). */
int sok_count_moves(const struct sok_state *s);

#endif
