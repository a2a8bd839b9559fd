/* kark replay FILE: checks every event of a record and prints the final state as JSON.
 * A malformed or illegal event: "FILE:LINE: reason" on stderr, exit status 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/record.h"
#include "cli.h"
#include "commands.h"

int kk_cmd_replay(int argc, char **argv)
{
    const char *path = NULL;
    int events = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--events") == 0) {
            events = 1;
            continue;
        }
        if (kk_cli_is_help(argv[i])) {
            printf("usage: kark replay [--events] FILE\n\nChecks every event of the game record "
                   "FILE (its kind and its legality) and prints\n"
                   "{\"game\":...,\"terminal\":true|false,\"scores\":[...],\"winners\":[...]} "
                   "on stdout.\nA malformed or illegal event prints FILE:LINE: reason on "
                   "stderr and exits with status 1.\nFILE '-' reads standard input.\n\n"
                   "--events  first print one line per event, \"LINE EVENT\"; the commitments "
                   "of a\n          simultaneous round are held back and printed together "
                   "when it is\n          revealed: \"13-15 reveal 0: s | 1: s | 2: f\"\n");
            return KK_EXIT_OK;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            return kk_cli_usage("replay", "unknown option '%s' (expected --events, FILE or --help)",
                                argv[i]);
        if (path)
            return kk_cli_usage("replay", "unexpected argument '%s' (one FILE only)", argv[i]);
        path = argv[i];
    }
    if (!path)
        return kk_cli_usage("replay", "missing FILE (a game record)");

    struct kk_record rec;
    kk_error err;
    int rc;
    if (strcmp(path, "-") == 0)
        rc = kk_record_read(stdin, &rec, &err);
    else
        rc = kk_record_load(path, &rec, &err);
    if (rc != 0) {
        /* Parse errors already start with "LINE: "; I/O errors do not. */
        if (err.msg[0] >= '0' && err.msg[0] <= '9')
            fprintf(stderr, "%s:%s\n", path, err.msg);
        else
            fprintf(stderr, "%s: %s\n", path, err.msg);
        return KK_EXIT_FAIL;
    }
    void *state = calloc(1, rec.game->state_size);
    if (!state) {
        kk_record_free(&rec);
        fprintf(stderr, "kark replay: out of memory\n");
        return KK_EXIT_FAIL;
    }
    int line;
    struct kk_buf trace = {0};
    rc = kk_record_replay_trace(&rec, state, &line, events ? &trace : NULL, &err);
    if (events)
        fputs(kk_buf_str(&trace), stdout);
    kk_buf_free(&trace);
    if (rc != 0) {
        fprintf(stderr, "%s:%d: %s\n", path, line, err.msg);
    } else {
        struct kk_buf out = {0};
        kk_state_json(&out, rec.game, state);
        printf("%s\n", kk_buf_str(&out));
        kk_buf_free(&out);
    }
    free(state);
    kk_record_free(&rec);
    return rc == 0 ? KK_EXIT_OK : KK_EXIT_FAIL;
}
