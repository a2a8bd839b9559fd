/* Rules variants: each game declares a table of typed parameters (name, default, allowed
 * values, one-line help). A kk_variant holds one value (or list of values) per parameter,
 * in the order of the game's table; `key=value` text is parsed and validated here. */
#ifndef KK_VARIANT_H
#define KK_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

#define KK_MAX_PARAMS 12
#define KK_MAX_LIST 36 /* the longest: the Gauntlet's 36-letter track */
/* Value of an integer parameter whose default is "auto" and was left at it
 * (the game derives the value, e.g. from the number of players). */
#define KK_AUTO INT32_MIN

enum kk_param_kind {
    KK_PARAM_INT,         /* one integer in [min, max] (or "auto" when def is "auto") */
    KK_PARAM_CHOICE,      /* one name from choices; the value is its index */
    KK_PARAM_INT_LIST,    /* comma-separated integers in [min, max], min_len..max_len items */
    KK_PARAM_CHOICE_LIST, /* comma-separated names from choices, min_len..max_len items */
    KK_PARAM_WORD,        /* min_len..max_len letters from the alphabet choices[0], written
                           * together ("DHCBWA"), each letter at most max times (max 0: no
                           * limit); the value is the letters' alphabet indices */
};

struct kk_param {
    const char *name;
    enum kk_param_kind kind;
    const char *def;            /* default, written as a user would write it */
    int32_t min, max;           /* integer kinds: range of every value */
    const char *const *choices; /* choice kinds: NULL-terminated list of names */
    int min_len, max_len;       /* list kinds: allowed number of items */
    const char *help;           /* one line */
};

struct kk_variant {
    int32_t value[KK_MAX_PARAMS][KK_MAX_LIST]; /* scalars use value[p][0] */
    uint8_t len[KK_MAX_PARAMS];                /* number of items (1 for scalars) */
};

struct kk_game;

/* Fills v with every parameter's default. Fails only if a game's table is malformed. */
int kk_variant_defaults(const struct kk_game *g, struct kk_variant *v, kk_error *err);

/* Parses "key=value" and stores it in v. Unknown keys and bad values fail with a message
 * naming the key or value and what is accepted. */
int kk_variant_set(const struct kk_game *g, struct kk_variant *v, const char *assignment,
                   kk_error *err);

/* Index of the parameter called name, or -1. */
int kk_param_index(const struct kk_game *g, const char *name);

/* Writes parameter p's value as text ("3rd", "3,2,1", "auto"). Returns the length. */
int kk_variant_format(const struct kk_game *g, const struct kk_variant *v, int p, char *buf,
                      size_t size);

/* Writes every parameter as "k=v k=v ..." (sep between items). Returns the length. */
int kk_variant_describe(const struct kk_game *g, const struct kk_variant *v, const char *sep,
                        char *buf, size_t size);

/* Describes what parameter p accepts, e.g. "one of 3rd, 2nd, 1st, off" or "an integer 1..20". */
int kk_param_accepts(const struct kk_param *p, char *buf, size_t size);

#endif
