/* The 72 tiles of the base game (letters as in the published tile lists) and the tables
 * derived from them at start-up: each tile at each rotation in board orientation, and for
 * every edge-constraint pattern of an empty cell which rotations of each tile fit. */
#include "carc.h"

#include <string.h>

/* Bits for sides and half-sides. */
#define N_ (1u << CARC_N)
#define E_ (1u << CARC_E)
#define S_ (1u << CARC_S)
#define W_ (1u << CARC_W)
#define NW_ (1u << CARC_NW)
#define NE_ (1u << CARC_NE)
#define EN_ (1u << CARC_EN)
#define ES_ (1u << CARC_ES)
#define SE_ (1u << CARC_SE)
#define SW_ (1u << CARC_SW)
#define WS_ (1u << CARC_WS)
#define WN_ (1u << CARC_WN)
#define ALL8_ 0xFFu

#define CITY(sides) {CARC_CITY, (sides), 0, 0, 0}
#define CITYP(sides) {CARC_CITY, (sides), 0, 1, 0}
#define ROAD(sides) {CARC_ROAD, (sides), 0, 0, 0}
#define CLOISTER {CARC_CLOISTER, 0, 0, 0, 0}
/* cities: bit j for each local city segment j the farm touches. */
#define FARM(halves, cities) {CARC_FARM, 0, (halves), 0, (cities)}

/* Segments are listed cities, roads, cloister, then farms (legal-move order). */
const struct carc_tile carc_tiles[CARC_NTYPES] = {
    {'A', 2, "FFRF", 3, 1, {ROAD(S_), CLOISTER, FARM(ALL8_, 0)}},
    {'B', 4, "FFFF", 2, 1, {CLOISTER, FARM(ALL8_, 0)}},
    {'C', 1, "CCCC", 1, 0, {CITYP(N_ | E_ | S_ | W_)}},
    {'D', 4, "CRFR", 4, 2,
     {CITY(N_), ROAD(E_ | W_), FARM(EN_ | WN_, 1), FARM(ES_ | SE_ | SW_ | WS_, 0)}},
    {'E', 5, "CFFF", 2, 1, {CITY(N_), FARM(EN_ | ES_ | SE_ | SW_ | WS_ | WN_, 1)}},
    {'F', 2, "FCFC", 3, 2, {CITYP(E_ | W_), FARM(NW_ | NE_, 1), FARM(SE_ | SW_, 1)}},
    {'G', 1, "FCFC", 3, 2, {CITY(E_ | W_), FARM(NW_ | NE_, 1), FARM(SE_ | SW_, 1)}},
    {'H', 3, "CFCF", 3, 1, {CITY(N_), CITY(S_), FARM(EN_ | ES_ | WS_ | WN_, 3)}},
    {'I', 2, "CFFC", 3, 1, {CITY(N_), CITY(W_), FARM(EN_ | ES_ | SE_ | SW_, 3)}},
    {'J', 3, "CRRF", 4, 2,
     {CITY(N_), ROAD(E_ | S_), FARM(ES_ | SE_, 0), FARM(EN_ | SW_ | WS_ | WN_, 1)}},
    {'K', 3, "CFRR", 4, 2,
     {CITY(N_), ROAD(S_ | W_), FARM(SW_ | WS_, 0), FARM(EN_ | ES_ | SE_ | WN_, 1)}},
    {'L', 3, "CRRR", 7, 3,
     {CITY(N_), ROAD(E_), ROAD(S_), ROAD(W_), FARM(EN_ | WN_, 1), FARM(ES_ | SE_, 0),
      FARM(SW_ | WS_, 0)}},
    {'M', 2, "CFFC", 2, 1, {CITYP(N_ | W_), FARM(EN_ | ES_ | SE_ | SW_, 1)}},
    {'N', 3, "CFFC", 2, 1, {CITY(N_ | W_), FARM(EN_ | ES_ | SE_ | SW_, 1)}},
    {'O', 2, "CRRC", 4, 2,
     {CITYP(N_ | W_), ROAD(E_ | S_), FARM(ES_ | SE_, 0), FARM(EN_ | SW_, 1)}},
    {'P', 3, "CRRC", 4, 2,
     {CITY(N_ | W_), ROAD(E_ | S_), FARM(ES_ | SE_, 0), FARM(EN_ | SW_, 1)}},
    {'Q', 1, "CCFC", 2, 1, {CITYP(N_ | E_ | W_), FARM(SE_ | SW_, 1)}},
    {'R', 3, "CCFC", 2, 1, {CITY(N_ | E_ | W_), FARM(SE_ | SW_, 1)}},
    {'S', 2, "CCRC", 4, 2, {CITYP(N_ | E_ | W_), ROAD(S_), FARM(SE_, 1), FARM(SW_, 1)}},
    {'T', 1, "CCRC", 4, 2, {CITY(N_ | E_ | W_), ROAD(S_), FARM(SE_, 1), FARM(SW_, 1)}},
    {'U', 8, "RFRF", 3, 2, {ROAD(N_ | S_), FARM(NE_ | EN_ | ES_ | SE_, 0), FARM(SW_ | WS_ | WN_ | NW_, 0)}},
    {'V', 9, "FFRR", 3, 2,
     {ROAD(S_ | W_), FARM(SW_ | WS_, 0), FARM(NW_ | NE_ | EN_ | ES_ | SE_ | WN_, 0)}},
    {'W', 4, "FRRR", 6, 3,
     {ROAD(E_), ROAD(S_), ROAD(W_), FARM(WN_ | NW_ | NE_ | EN_, 0), FARM(ES_ | SE_, 0),
      FARM(SW_ | WS_, 0)}},
    {'X', 1, "RRRR", 8, 4,
     {ROAD(N_), ROAD(E_), ROAD(S_), ROAD(W_), FARM(NE_ | EN_, 0), FARM(ES_ | SE_, 0),
      FARM(SW_ | WS_, 0), FARM(WN_ | NW_, 0)}},
};

struct carc_rot carc_rots[CARC_NTYPES][4];
uint8_t carc_fit[CARC_NTYPES][256];
uint8_t carc_fitvec[256][32];
uint8_t carc_period[CARC_NTYPES];
uint16_t carc_thr16[CARC_MAX_FRONT * 4 + 1];
uint8_t carc_fit4[CARC_NTYPES][256];
uint8_t carc_multi[CARC_NTYPES];
struct carc_seg_init carc_seg_inits[CARC_NTYPES];

static unsigned rotl4(unsigned m, int r) { return ((m << r) | (m >> (4 - r))) & 0xFu; }
static unsigned rotl8(unsigned m, int r) { return ((m << r) | (m >> (8 - r))) & 0xFFu; }

static int edge_code(char c)
{
    return c == 'C' ? CARC_EDGE_CITY : c == 'R' ? CARC_EDGE_ROAD : CARC_EDGE_FIELD;
}

/* 1 when rotations a and b of tile t have the same segments in board orientation. */
static int same_rotation(int t, int a, int b)
{
    const struct carc_tile *d = &carc_tiles[t];
    for (int j = 0; j < d->nseg; j++) {
        int found = 0;
        for (int k = 0; k < d->nseg && !found; k++)
            found = d->seg[k].kind == d->seg[j].kind && d->seg[k].pennant == d->seg[j].pennant &&
                    carc_rots[t][b].seg_sides[k] == carc_rots[t][a].seg_sides[j] &&
                    carc_rots[t][b].seg_halves[k] == carc_rots[t][a].seg_halves[j];
        if (!found)
            return 0;
    }
    return 1;
}

void carc_tables_init(void)
{
    for (int t = 0; t < CARC_NTYPES; t++) {
        const struct carc_tile *d = &carc_tiles[t];
        int kinds[4] = {0, 0, 0, 0};
        for (int j = 0; j < d->nseg; j++)
            kinds[d->seg[j].kind]++;
        carc_multi[t] = kinds[CARC_CITY] > 1 || kinds[CARC_ROAD] > 1;
        struct carc_seg_init *si = &carc_seg_inits[t];
        memset(si, 0, sizeof *si);
        for (int j = 0; j < d->nseg; j++) {
            si->open[j] = (uint8_t)__builtin_popcount(d->seg[j].sides);
            si->pennants[j] = d->seg[j].pennant;
            si->multi[j] = (uint8_t)(d->seg[j].kind <= CARC_ROAD && kinds[d->seg[j].kind] > 1);
            for (int k = 0; k < 8; k++)
                if (d->seg[j].cities & (1u << k)) {
                    si->contact_farm[si->ncontacts] = (uint8_t)j;
                    si->contact_city[si->ncontacts++] = (uint8_t)k;
                }
        }
        for (int r = 0; r < 4; r++) {
            struct carc_rot *o = &carc_rots[t][r];
            memset(o->side_seg, CARC_NONE, sizeof o->side_seg);
            memset(o->half_seg, CARC_NONE, sizeof o->half_seg);
            o->edge_code = 0;
            o->farm_halves = 0;
            for (int side = 0; side < 4; side++)
                o->edge_code |= (uint8_t)(edge_code(d->edges[side]) << (2 * ((side + r) & 3)));
            for (int j = 0; j < d->nseg; j++) {
                unsigned sides = rotl4(d->seg[j].sides, r), halves = rotl8(d->seg[j].halves, 2 * r);
                o->seg_sides[j] = (uint8_t)sides;
                o->seg_halves[j] = (uint8_t)halves;
                for (int side = 0; side < 4; side++)
                    if (sides & (1u << side))
                        o->side_seg[side] = (uint8_t)j;
                for (int h = 0; h < 8; h++)
                    if (halves & (1u << h))
                        o->half_seg[h] = (uint8_t)j;
                o->farm_halves |= (uint8_t)halves;
            }
        }
        carc_period[t] = 4;
        for (int p = 1; p < 4; p++)
            if (4 % p == 0 && same_rotation(t, 0, p)) {
                carc_period[t] = (uint8_t)p;
                break;
            }
    }
    for (int n = 1; n <= CARC_MAX_FRONT * 4; n++)
        carc_thr16[n] = (uint16_t)(65536u % (unsigned)n);
    for (int pat = 0; pat < 256; pat++) {
        /* Sides with a neighbour must match it; sides without one (code 0) are free. */
        unsigned care = 0;
        for (int side = 0; side < 4; side++)
            if ((pat >> (2 * side)) & 3)
                care |= 3u << (2 * side);
        for (int t = 0; t < CARC_NTYPES; t++) {
            uint8_t mask = 0;
            for (int r = 0; r < carc_period[t]; r++)
                if ((carc_rots[t][r].edge_code & care) == (unsigned)pat)
                    mask |= (uint8_t)(1u << r);
            carc_fit[t][pat] = care ? mask : 0;
            uint8_t all = 0;
            for (int r = 0; r < 4; r++)
                if ((mask >> (r % carc_period[t])) & 1u)
                    all |= (uint8_t)(1u << r);
            carc_fit4[t][pat] = care ? all : 0;
            carc_fitvec[pat][t] = carc_fit[t][pat] != 0;
        }
    }
}

#if defined(__GNUC__)
__attribute__((constructor)) static void carc_tables_at_start(void) { carc_tables_init(); }
#else
#error "engine/carcassonne needs a start-up constructor (GCC or Clang)"
#endif
