/* Helpers shared by the kark subcommands: argument parsing with one-line errors.
 * Usage errors print "kark CMD: ..." on stderr; the command then returns 2. */
#ifndef KK_CLI_H
#define KK_CLI_H

#include <stdint.h>

#include "../engine/core/game.h"

#define KK_EXIT_OK 0
#define KK_EXIT_FAIL 1
#define KK_EXIT_USAGE 2

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
/* Prints "kark CMD: message" on stderr and returns KK_EXIT_USAGE. */
int kk_cli_usage(const char *cmd, const char *fmt, ...);

/* 1 if arg is -h or --help. */
int kk_cli_is_help(const char *arg);

/* Takes the value of flag argv[*i] (the next argument); returns NULL after printing an
 * error when it is missing. Advances *i. */
const char *kk_cli_value(const char *cmd, int argc, char **argv, int *i);

/* Parses an integer flag value within [min, max]; prints an error and returns -1 if bad. */
int kk_cli_long(const char *cmd, const char *flag, const char *text, long long min,
                long long max, long long *out);

/* Looks up a game by name; prints "unknown game 'x': expected one of ..." if there is none,
 * or "missing GAME: ..." when name is NULL, and returns NULL. */
const struct kk_game *kk_cli_game(const char *cmd, const char *name);

/* Writes the comma-separated game names. */
void kk_cli_game_names(char *buf, size_t size);

/* The position a position-analysing command (perft, solve) starts from, in a new
 * g->state_size buffer the caller frees: the end of the record at record_path when it is
 * non-NULL (the record names the game, which must be g, and fixes players and variant),
 * else the start of g for `players` seats (0: default) and the `KEY=VALUE` settings.
 * On failure prints one line and returns NULL with *status set (2 usage, 1 bad record). */
void *kk_cli_position(const char *cmd, const struct kk_game *g, const char *record_path,
                      int players, const char *const *sets, int num_sets,
                      struct kk_variant *variant, int *status);

/* The options every game-playing command shares: --players P (1..KK_MAX_SEATS) and --set
 * KEY=VALUE (repeatable, at most max_sets; checked later against the game). Returns 1 when
 * argv[*i] was one of them (taken with its value, *i advanced), 0 when it was not, or -1 after
 * printing the usage error. */
int kk_cli_game_option(const char *cmd, int argc, char **argv, int *i, long long *players,
                       const char **sets, int *num_sets, int max_sets);

#endif
