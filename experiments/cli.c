#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/record.h"

int kk_cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "kark %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return KK_EXIT_USAGE;
}

int kk_cli_is_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

const char *kk_cli_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        kk_cli_usage(cmd, "option '%s' needs a value", argv[*i]);
        return NULL;
    }
    *i += 1;
    return argv[*i];
}

int kk_cli_long(const char *cmd, const char *flag, const char *text, long long min,
                long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno || v < min || v > max) {
        kk_cli_usage(cmd, "bad value '%s' for %s: expected an integer %lld..%lld", text, flag,
                     min, max);
        return -1;
    }
    *out = v;
    return 0;
}

void kk_cli_game_names(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; kk_games[i] && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", kk_games[i]->name);
}

const struct kk_game *kk_cli_game(const char *cmd, const char *name)
{
    const struct kk_game *g = name ? kk_game_find(name) : NULL;
    if (!g) {
        char names[256];
        kk_cli_game_names(names, sizeof names);
        if (name)
            kk_cli_usage(cmd, "unknown game '%s': expected one of %s", name, names);
        else
            kk_cli_usage(cmd, "missing GAME: expected one of %s", names);
    }
    return g;
}

void *kk_cli_position(const char *cmd, const struct kk_game *g, const char *record_path,
                      int players, const char *const *sets, int num_sets,
                      struct kk_variant *variant, int *status)
{
    kk_error err;
    *status = KK_EXIT_USAGE;
    if (record_path && (players || num_sets)) {
        kk_cli_usage(cmd, "--record fixes the players and the variant: drop --players and --set");
        return NULL;
    }
    void *state = calloc(1, g->state_size);
    if (!state) {
        fprintf(stderr, "kark %s: out of memory\n", cmd);
        *status = KK_EXIT_FAIL;
        return NULL;
    }
    if (record_path) {
        struct kk_record rec;
        if (kk_record_load(record_path, &rec, &err) != 0) {
            fprintf(stderr, "kark %s: %s:%s%s\n", cmd, record_path,
                    err.msg[0] >= '0' && err.msg[0] <= '9' ? "" : " ", err.msg);
            *status = KK_EXIT_FAIL;
            free(state);
            return NULL;
        }
        int line = 0;
        if (rec.game != g) {
            kk_cli_usage(cmd, "%s records a game of %s, not %s", record_path, rec.game->name,
                         g->name);
        } else if (kk_record_replay(&rec, state, &line, &err) != 0) {
            fprintf(stderr, "kark %s: %s:%d: %s\n", cmd, record_path, line, err.msg);
            *status = KK_EXIT_FAIL;
        } else {
            *variant = rec.variant;
            kk_record_free(&rec);
            *status = KK_EXIT_OK;
            return state;
        }
        kk_record_free(&rec);
        free(state);
        return NULL;
    }
    if (kk_variant_defaults(g, variant, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        *status = KK_EXIT_FAIL;
        free(state);
        return NULL;
    }
    for (int i = 0; i < num_sets; i++)
        if (kk_variant_set(g, variant, sets[i], &err) != 0) {
            kk_cli_usage(cmd, "%s", err.msg);
            free(state);
            return NULL;
        }
    if (kk_game_init(g, state, variant, players, &err) != 0) {
        kk_cli_usage(cmd, "%s", err.msg);
        free(state);
        return NULL;
    }
    *status = KK_EXIT_OK;
    return state;
}

int kk_cli_game_option(const char *cmd, int argc, char **argv, int *i, long long *players,
                       const char **sets, int *num_sets, int max_sets)
{
    const char *a = argv[*i], *val;
    if (strcmp(a, "--players") == 0) {
        if (!(val = kk_cli_value(cmd, argc, argv, i)) ||
            kk_cli_long(cmd, a, val, 1, KK_MAX_SEATS, players) != 0)
            return -1;
        return 1;
    }
    if (strcmp(a, "--set") == 0) {
        if (!(val = kk_cli_value(cmd, argc, argv, i)))
            return -1;
        if (*num_sets == max_sets) {
            kk_cli_usage(cmd, "too many --set options (at most %d)", max_sets);
            return -1;
        }
        sets[(*num_sets)++] = val;
        return 1;
    }
    return 0;
}
