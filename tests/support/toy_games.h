/* Tiny games for agent tests, where the right answer is known exactly.
 *
 * toy-nim (2-3 players, perfect information, with chance): a pile of stones (variant
 * `pile`, default 10); the mover takes 1, 2 or 3; whoever takes the last stone wins alone.
 * After every move that leaves stones, chance adds one stone back with probability 1/3.
 * (variant `add=0` turns that off: the chance node then has the one outcome +0, and the
 * game is plain Nim, where leaving a multiple of 4 wins.) After 40 moves the game stops
 * and every seat shares the win. toy_nim_solve() gives the exact winning chances, so a
 * test can ask whether MCTS finds the best move.
 *
 * toy-guess (2 players, hidden information): chance deals seat 1 a secret card 0..2. Seat 0
 * then either plays safe (wins with probability 0.6, by a chance event) or names a card
 * (wins if it is the secret card). Seeing the card, guessing is worth 1; not seeing it,
 * 1/3, so safe is right. A search that peeks (mcts) guesses; ismcts, through
 * sample_view, plays safe.
 *
 * toy-pennies (2 players, one simultaneous round): seat 0 commits safe, heads or tails, then
 * seat 1 commits heads or tails, hidden from each other until both are in. Safe wins for
 * seat 0 with probability 0.4 (a chance event); otherwise seat 0 wins if the coins match.
 * The round is matching pennies, worth 0.5 to seat 0 at the equilibrium (both 50/50), so
 * playing a coin is right. A search that lets seat 1 answer seat 0's commitment (a
 * sequential tree) sees every coin lose and plays safe.
 *
 * toy-mix (2 players, one simultaneous round): seat 0 commits A or B, seat 1 commits L or R,
 * hidden from each other until both are in. A/L: seat 0 wins; A/R and B/L: seat 1 wins;
 * B/R: both share the win (scores 1 and 1, a return of 0.5 each). The only equilibrium is
 * mixed and not uniform: seat 0 plays A with probability 1/3, seat 1 plays L with
 * probability 1/3, and the round is worth 1/3 to seat 0.
 *
 * toy-differ (2 players, one simultaneous round, a compound commitment): seat 0 commits two
 * bits x then y (two moves of its own, both hidden), then seat 1 commits a bit that changes
 * nothing. Seat 0 wins iff y differs from x, so its second move must depend on its first,
 * which it knows; a search that pools its two moves in one set of statistics cannot. */
#ifndef KK_TOY_GAMES_H
#define KK_TOY_GAMES_H

#include "engine/core/game.h"

extern const struct kk_game kk_toy_nim;
extern const struct kk_game kk_toy_guess;
extern const struct kk_game kk_toy_pennies;
extern const struct kk_game kk_toy_mix;
extern const struct kk_game kk_toy_differ;

/* Moves of toy-mix: seat 0 plays A or B, seat 1 L or R. */
enum { TOY_MIX_A = 0, TOY_MIX_B = 1, TOY_MIX_L = 0, TOY_MIX_R = 1 };

/* Moves of toy-pennies. */
enum { TOY_PENNIES_SAFE = 0, TOY_PENNIES_HEADS = 1, TOY_PENNIES_TAILS = 2 };

/* Sets up toy-pennies, seat 0 to commit. */
void toy_pennies_setup(void *state);

/* Moves of toy-guess. */
enum { TOY_GUESS_SAFE = 0, TOY_GUESS_CARD0 = 1 }; /* card c is TOY_GUESS_CARD0 + c */

/* Sets up toy-nim with a pile of `pile` stones, seat 0 to move (no chance first); add: 1 if
 * chance may add a stone back, 0 for plain Nim. */
void toy_nim_setup(void *state, int players, int pile, int add);

/* Exact probability that seat wins a 2-player toy-nim state (a shared win counts 1/2)
 * under optimal play by both seats, by expectimax. Memoised in static tables: call it
 * from one thread only. */
double toy_nim_solve(const void *state, int seat);

/* Sets up toy-guess with the secret card dealt, seat 0 to move. */
void toy_guess_setup(void *state, int card);

#endif
