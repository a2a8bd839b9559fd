/* kark render FILE [--ply N] --svg OUT: an SVG picture of a recorded position, drawn by the
 * game's svg hook (engine/<game>/render.c). The record is checked as `kark replay` does;
 * --ply N stops after its first N event lines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/record.h"
#include "cli.h"
#include "commands.h"

#define CMD "render"

static void help(void)
{
    printf("usage: kark render FILE [--ply N] --svg OUT\n\n"
           "Replays the record FILE ('-' for standard input), checking every event as\n"
           "'kark replay' does, and writes an SVG picture of the position to OUT ('-' for\n"
           "standard output). --ply N pictures the position after the first N event lines\n"
           "(default: the end of the record). Games with a picture: ");
    int first = 1;
    for (int i = 0; kk_games[i]; i++)
        if (kk_games[i]->svg) {
            printf("%s%s", first ? "" : ", ", kk_games[i]->name);
            first = 0;
        }
    printf(".\n");
}

int kk_cmd_render(int argc, char **argv)
{
    const char *path = NULL, *svg_path = NULL;
    long long ply = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val;
        if (kk_cli_is_help(a)) {
            help();
            return KK_EXIT_OK;
        }
        if (strcmp(a, "--ply") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 0, 100000000, &ply) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--svg") == 0) {
            if (!(svg_path = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (a[0] == '-' && a[1] != '\0') {
            return kk_cli_usage(CMD, "unknown option '%s' (expected --ply, --svg or --help)", a);
        } else if (!path) {
            path = a;
        } else {
            return kk_cli_usage(CMD, "unexpected argument '%s' (one FILE only)", a);
        }
    }
    if (!path)
        return kk_cli_usage(CMD, "missing FILE (a game record)");
    if (!svg_path)
        return kk_cli_usage(CMD, "missing --svg OUT (the picture's file)");
    struct kk_record rec;
    kk_error err;
    int is_stdin = strcmp(path, "-") == 0;
    if ((is_stdin ? kk_record_read(stdin, &rec, &err) : kk_record_load(path, &rec, &err)) != 0) {
        /* Parse errors already start with "LINE: "; I/O errors do not. */
        fprintf(stderr, "kark %s: %s:%s%s\n", CMD, path,
                err.msg[0] >= '0' && err.msg[0] <= '9' ? "" : " ", err.msg);
        return KK_EXIT_FAIL;
    }
    const struct kk_game *g = rec.game;
    int status = KK_EXIT_OK;
    void *state = NULL;
    if (!g->svg) {
        status = kk_cli_usage(CMD, "%s has no picture yet (see 'kark render --help')", g->name);
        goto done;
    }
    if (ply > rec.num_events) {
        status = kk_cli_usage(CMD, "--ply %lld: the record has %d event line%s", ply,
                              rec.num_events, rec.num_events == 1 ? "" : "s");
        goto done;
    }
    if (ply >= 0 && ply < rec.num_events) {
        /* A position inside the game: the result line belongs to the end. */
        rec.num_events = (int)ply;
        rec.result_json[0] = '\0';
        rec.result_line = 0;
    }
    if (!(state = malloc(g->state_size))) {
        fprintf(stderr, "kark %s: out of memory\n", CMD);
        status = KK_EXIT_FAIL;
        goto done;
    }
    int bad_line = 0;
    if (kk_record_replay(&rec, state, &bad_line, &err) != 0) {
        if (bad_line)
            fprintf(stderr, "kark %s: %s:%d: %s\n", CMD, path, bad_line, err.msg);
        else
            fprintf(stderr, "kark %s: %s: %s\n", CMD, path, err.msg);
        status = KK_EXIT_FAIL;
        goto done;
    }
    struct kk_buf svg = {0};
    g->svg(state, &svg);
    int to_stdout = strcmp(svg_path, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(svg_path, "w");
    if (!f || fputs(kk_buf_str(&svg), f) < 0 || (to_stdout ? fflush(f) : fclose(f)) != 0) {
        fprintf(stderr, "kark %s: cannot write '%s': %s\n", CMD, svg_path, strerror(errno));
        status = KK_EXIT_FAIL;
    }
    kk_buf_free(&svg);
done:
    free(state);
    kk_record_free(&rec);
    return status;
}
