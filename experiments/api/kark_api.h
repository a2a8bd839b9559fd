/* The binding API of libkark.so: a small, stable C interface for other languages (the
 * Python package scripts/python/kark uses it through ctypes). Everything is reached through
 * opaque handles; every function that can fail returns a KARK_* code and fills a
 * caller-owned kark_error with a one-line message. Nothing here prints, exits or aborts:
 * a bad name, a bad value, an illegal move or a call at the wrong kind of node is an
 * error code, never a crash. Only the functions declared here are exported by the shared
 * library (the engine's own symbols stay hidden).
 *
 * Threads: handles are not shared between threads without locking; distinct handles may
 * be used from distinct threads. Strings returned through `char **` are allocated here and
 * released with kark_free(). */
#ifndef KARK_API_H
#define KARK_API_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define KARK_API __attribute__((visibility("default")))
#else
#define KARK_API
#endif

/* Raised whenever a function below changes incompatibly. */
#define KARK_API_VERSION 1

enum kark_code {
    KARK_OK = 0,
    KARK_ERR_ARGUMENT = 1, /* unknown name, bad value, buffer too small, wrong game */
    KARK_ERR_NODE = 2,     /* the call does not fit the node (moves at a chance node...) */
    KARK_ERR_ILLEGAL = 3,  /* the move or outcome is not legal here */
    KARK_ERR_MEMORY = 4,   /* out of memory */
    KARK_ERR_RUN = 5       /* an experiment or game failed (I/O, engine error) */
};

typedef struct kark_error {
    int code;
    char msg[256];
} kark_error;

typedef struct kark_game kark_game;   /* a game with its rules variant and seat count */
typedef struct kark_state kark_state; /* a position, with its own chance and agent streams */
typedef struct kark_agent kark_agent; /* an agent built from a spec string for one game */

KARK_API int kark_api_version(void);
/* Releases a string returned by this API (NULL is fine). */
KARK_API void kark_free(void *p);

/* Every registered game as a JSON array of objects: name, title, min_players,
 * max_players, default_players, hidden (0/1), simultaneous (0/1), cooperative (0/1),
 * params [{name, default, accepts, help}]. */
KARK_API int kark_games_json(char **json, kark_error *err);

/* Loads game `name` with `players` seats (0: the game's default) and rules settings
 * sets[0..num_sets-1], each "key=value" as in `kark --set`. */
KARK_API int kark_game_load(const char *name, int players, const char *const *sets,
                            int num_sets, kark_game **out, kark_error *err);
KARK_API void kark_game_free(kark_game *g);
KARK_API const char *kark_game_name(const kark_game *g);
KARK_API int kark_game_players(const kark_game *g);
/* Upper bound on the number of legal moves or chance outcomes at any node: the size of
 * the arrays given to kark_state_legal_moves and kark_state_chance_outcomes. */
KARK_API int kark_game_max_moves(const kark_game *g);
/* 1 when a seat cannot see everything (hidden cards or simultaneous commitments). */
KARK_API int kark_game_hidden(const kark_game *g);
/* The variant as "key=value key=value ..." (every parameter). */
KARK_API int kark_game_variant(const kark_game *g, char **text, kark_error *err);
/* Shape of kark_state_observation's tensor: writes up to 4 dims, returns how many
 * (*ndims) and the layout's name (*layout, static text). */
KARK_API int kark_game_observation_shape(const kark_game *g, int *dims, int *ndims,
                                         const char **layout, kark_error *err);

/* A new initial state of game index `index` under `seed`: its chance stream and its agent
 * stream are kark's kk_game_rngs(seed, index), the two streams `kark selfplay --seed seed`
 * uses for its game `index`. */
KARK_API int kark_state_new(const kark_game *g, uint64_t seed, uint64_t index, kark_state **out,
                            kark_error *err);
KARK_API void kark_state_free(kark_state *s);
/* A copy: the position and both random streams. */
KARK_API int kark_state_clone(const kark_state *s, kark_state **out, kark_error *err);
/* The seat to move, or -1 (chance node) or -2 (terminal). */
KARK_API int kark_state_to_move(const kark_state *s);
/* The number of seats. */
KARK_API int kark_state_players(const kark_state *s);
/* The seats still to commit in the simultaneous round s is in, a bit each (0 outside one). */
KARK_API uint32_t kark_state_sim_pending(const kark_state *s);
/* At a seat's node: its legal moves, in the game's fixed order. cap >= max_moves. */
KARK_API int kark_state_legal_moves(const kark_state *s, int32_t *moves, int cap, int *count,
                                    kark_error *err);
/* At a chance node: the outcomes and their probabilities. cap >= max_moves. */
KARK_API int kark_state_chance_outcomes(const kark_state *s, int32_t *moves, double *probs,
                                        int cap, int *count, kark_error *err);
/* Applies a legal move or possible chance outcome (checked). */
KARK_API int kark_state_apply(kark_state *s, int32_t move, kark_error *err);
/* Parses the notation of a move or chance outcome at this node, checks it, applies it. */
KARK_API int kark_state_apply_text(kark_state *s, const char *text, kark_error *err);
/* Parses notation into a move (checked for legality, not applied). */
KARK_API int kark_state_parse_move(const kark_state *s, const char *text, int32_t *move,
                                   kark_error *err);
/* At a chance node: draws an outcome from the state's chance stream (not applied). */
KARK_API int kark_state_sample_chance(kark_state *s, int32_t *move, kark_error *err);
/* At a seat's node: a uniformly random legal move from the state's agent stream, exactly
 * the draw the `random` agent makes there (not applied). */
KARK_API int kark_state_random_move(kark_state *s, int32_t *move, kark_error *err);
/* Notation of a move or chance outcome about to be applied here. */
KARK_API int kark_state_move_text(const kark_state *s, int32_t move, char *buf, size_t size,
                                  kark_error *err);
/* Each seat's points (cap >= players). */
KARK_API int kark_state_scores(const kark_state *s, int32_t *out, int cap, kark_error *err);
/* Per-seat returns in [0, 1] (kk_returns): reward 0 = win share (1/k to each of k winners;
 * at a non-terminal state the current leaders), 1 = score margin, 2 = their mean (mix). */
KARK_API int kark_state_returns(const kark_state *s, int reward, double *out, int cap,
                                kark_error *err);
/* The game's heuristic value of s for seat, in points (what the greedy agent maximises;
 * each game's rules doc describes it). */
KARK_API int kark_state_evaluate(const kark_state *s, int seat, double *value, kark_error *err);
/* The replay JSON object of the state ({"game":...,"terminal":...,"scores":...}). */
KARK_API int kark_state_json(const kark_state *s, char **json, kark_error *err);
/* What `seat` sees, as text: computed from the seat's canonical view (see
 * kark_state_view), so it is the same for every state the seat cannot tell apart. */
KARK_API int kark_state_view_text(const kark_state *s, int seat, char **text, kark_error *err);
/* The seat's observation tensor, float32, in the layout kark_game_observation_shape
 * names (docs/python.md describes each). cap >= the product of the dims. */
KARK_API int kark_state_observation(const kark_state *s, int seat, float *out, size_t cap,
                                    kark_error *err);
/* A state `seat` cannot tell apart from s: every hidden item redealt by the game's
 * sample_view from stream (seed, seat). On a perfect-information game, a copy. */
KARK_API int kark_state_resample(const kark_state *s, int seat, uint64_t seed, kark_state **out,
                                 kark_error *err);
/* The raw state bytes (for equality tests): *size gets the length. Not a stable format. */
KARK_API const void *kark_state_bytes(const kark_state *s, size_t *size);

/* An agent from a spec ("mcts:iters=1000"; see `kark agents`) for the game of g. */
KARK_API int kark_agent_new(const kark_game *g, const char *spec, kark_agent **out,
                            kark_error *err);
KARK_API void kark_agent_free(kark_agent *a);
/* The canonical spec with every option. */
KARK_API const char *kark_agent_spec(const kark_agent *a);
/* Chooses a move for the seat to move in s, drawing from the state's agent stream
 * (so an agent playing every seat of a state from kark_state_new plays as in selfplay). */
KARK_API int kark_agent_choose(kark_agent *a, kark_state *s, int32_t *move, kark_error *err);
/* Tells the agent that move is applied to s (s is the state before it); optional, lets
 * search reuse its tree. */
KARK_API int kark_agent_observe(kark_agent *a, const kark_state *s, int32_t move,
                                kark_error *err);
/* Starts a new game for the agent (forgets per-game memory). */
KARK_API void kark_agent_reset(kark_agent *a);

/* Plays one whole game of g like `kark selfplay --seed seed` plays its game `index`:
 * agents is a comma-separated list (one for every seat, or one per seat). Writes the
 * game's record (header, events, "# result" line) to *record. */
KARK_API int kark_play(const kark_game *g, const char *agents, uint64_t seed, uint64_t index,
                       char **record, kark_error *err);

/* Runs an experiment through kark's study runner: games x variants, seats rotating among
 * the agents (comma-separated list), in parallel on `threads` threads. variants[v] is a
 * list of "key=value" settings separated by spaces, applied on top of the game's
 * defaults (num_variants 0: the defaults only). players 0: one seat per agent when the
 * game allows it, else the default. out_dir NULL: a private temporary folder, removed
 * afterwards; else games.csv is written there (the folder must exist, the file must not).
 * *csv receives games.csv's text (docs/experiments.md lists its columns). */
KARK_API int kark_study(const char *game, int players, const char *const *variants,
                        int num_variants, const char *agents, long long games, uint64_t seed,
                        int threads, const char *out_dir, char **csv, kark_error *err);

#endif
