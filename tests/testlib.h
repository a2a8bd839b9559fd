/* Minimal test support: CHECK macros that count failures, and helpers to replay
 * records. A test program returns kk_test_done(), non-zero when any check failed. */
#ifndef KK_TESTLIB_H
#define KK_TESTLIB_H

#include <stdio.h>

#include "engine/core/game.h"
#include "engine/core/record.h"

extern int kk_test_failures;
extern int kk_test_checks;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        kk_test_checks++;                                                              \
        if (!(cond)) {                                                                 \
            kk_test_failures++;                                                        \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
        }                                                                              \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                             \
    do {                                                                               \
        long long kk_a_ = (long long)(a), kk_b_ = (long long)(b);                      \
        kk_test_checks++;                                                              \
        if (kk_a_ != kk_b_) {                                                          \
            kk_test_failures++;                                                        \
            fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", __FILE__,      \
                    __LINE__, #a, kk_a_, #b, kk_b_);                                   \
        }                                                                              \
    } while (0)

/* Prints "<checks> checks, <failures> failed" and returns the exit status. */
int kk_test_done(const char *name);

/* Parses text as a record and replays it into state (g->state_size bytes, caller owns).
 * Returns 0, or -1 and (when err_line is non-NULL) the offending line. The game is
 * returned through *g. */
int kk_test_replay_text(const char *text, const struct kk_game **g, void *state, int *err_line,
                        kk_error *err);
/* Same for a file. */
int kk_test_replay_file(const char *path, const struct kk_game **g, void *state, int *err_line,
                        kk_error *err);
/* Parses a one-line expect file {"scores": [a, b, ...]} into scores; returns the count or -1. */
int kk_test_read_expect(const char *path, int32_t *scores, int max);
/* Helpers the game suites share; each failure is a CHECK failure with a message. */
/* v = g's defaults with each "key=value" of sets[0..nsets) applied. */
void kk_test_variant(const struct kk_game *g, struct kk_variant *v, const char *const *sets,
                     int nsets);
/* kk_test_variant, then sets state up for `players` seats (0: the game's default). */
void kk_test_new_game(const struct kk_game *g, void *state, int players,
                      const char *const *sets, int nsets);
/* Replays the record file at path, which must be a game of g, into state and runs g->check
 * on the end position. */
void kk_test_replay_checked(const struct kk_game *g, const char *path, void *state);
/* Parses text at state, checks it is legal, applies it: 0, or -1 (a failed check). */
int kk_test_apply_text(const struct kk_game *g, void *state, const char *text);
/* kk_test_apply_text for each event of a list separated by any of the characters in seps
 * (a chance outcome or a move, whichever the node is), with g->check after each; stops at
 * the first failure. */
void kk_test_play_events(const struct kk_game *g, void *state, const char *events,
                         const char *seps);
/* move_to_text then move_from_text gives m back at state: 0, or -1 (a failed check). */
int kk_test_roundtrip(const struct kk_game *g, const void *state, kk_move m);
/* 1 if m is among list[0..n). */
int kk_test_in_list(kk_move m, const kk_move *list, int n);
/* kk_test_variant from one space-separated string of "key=value" settings (NULL: none). */
void kk_test_variant_line(const struct kk_game *g, struct kk_variant *v, const char *line);
/* kk_test_variant_line, then sets state up for `players` seats. */
void kk_test_start(const struct kk_game *g, void *state, int players, const char *settings);

/* One random game walked to its end with the checks every game suite shares: g->check after
 * every event (and before the first); at a chance node the listed outcomes' probabilities
 * are positive and add up to 1 and the drawn outcome is among them; at a decision between
 * 1 and g->max_moves legal moves, all distinct; notation round trips. The game-specific
 * invariants come in through the two optional callbacks. */
struct kk_test_walk {
    const char *label;    /* names the game in failure messages (setting, seed, ...) */
    int chance_texts;     /* round-trip every chance outcome when there are at most this
                             many, otherwise only the drawn one */
    int move_texts;       /* round-trip the text of every legal move (0), or of about this
                             many spread over the list (every (1 + n / move_texts)-th) */
    int use_random_move;  /* pick by kk_random_move (checked legal) instead of uniformly */
    int max_events;       /* a game longer than this is a failure (0: one million) */
    /* At each decision, after the shared checks and before the pick. */
    void (*decision)(void *ctx, const void *state, int who, const kk_move *moves, int n,
                     int event, kk_rng *rng);
    /* After each event: the state before it, the state now, who moved (or KK_CHANCE). */
    void (*after)(void *ctx, const void *before, const void *state, int who, kk_move m);
    void *ctx;
};
/* Walks state (set up by the caller) to the end drawing from rng. Returns the number of
 * events, or -1 after a failed check (reported with the label and the event). */
int kk_test_walk(const struct kk_game *g, void *state, kk_rng *rng, const struct kk_test_walk *w);

/* A buffer big enough for any game's state (checked at start-up). */
#define KK_TEST_STATE_MAX (1 << 16)

#endif
