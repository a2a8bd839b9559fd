#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    const struct kk_game *g = kk_game_find(name);
    if (!g) {
        char names[256];
        kk_cli_game_names(names, sizeof names);
        kk_cli_usage(cmd, "unknown game '%s': expected one of %s", name, names);
    }
    return g;
}
