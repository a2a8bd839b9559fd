/* A running GNU Backgammon (the Debian package `gnubg`) behind a pair of pipes: kark asks it
 * for its ranked plays of a backgammon position and roll. Used by the `gnubg` agent and by
 * the test that compares kark's legal plays with gnubg's. One process per kk_gnubg. */
#ifndef KK_GNUBG_H
#define KK_GNUBG_H

#include "../engine/backgammon/backgammon.h"

struct kk_gnubg;

/* Path of an installed gnubg, or NULL when none is found. */
const char *kk_gnubg_path(void);

/* Starts gnubg evaluating plays at `plies` (0..2). gammons=0 plays a 1-point match (only
 * winning counts), gammons=1 a cubeless money game. NULL with err set on failure. */
struct kk_gnubg *kk_gnubg_open(int plies, int gammons, kk_error *err);
void kk_gnubg_close(struct kk_gnubg *gb);

/* Asks gnubg for up to `max` plays of the position and roll in s (phase MOVE), best first,
 * and writes them as kark moves (each one of legal_moves()). Returns the number written,
 * or -1 with err set (gnubg failed, or named a play kark does not list). */
int kk_gnubg_plays(struct kk_gnubg *gb, const struct bg_state *s, kk_move *out, int max,
                   kk_error *err);

/* gnubg's 14-character position ID of s from the side of the seat to play. */
void kk_gnubg_position_id(const struct bg_state *s, char id[15]);

/* Applies a play written in gnubg's notation (such as 24/18* 6/5(2), bar/22, 6/off) for
 * the seat to play in s, writing the result to out. 0, or -1 when the text is malformed. */
int kk_gnubg_apply_text(const struct bg_state *s, const char *text, struct bg_state *out);

#endif
