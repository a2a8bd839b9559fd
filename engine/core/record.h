/* Game records: plain text, one event per line (see docs/records.md).
 *   # comment            game NAME           players N          set key=value
 *   * OUTCOME            (a chance outcome in the game's notation)
 *   S: MOVE              (seat S's move in the game's notation)
 * A last comment line "# result {...}" is kept as result_json. */
#ifndef KK_RECORD_H
#define KK_RECORD_H

#include <stdio.h>

#include "buf.h"
#include "game.h"

#define KK_EVENT_TEXT 64

struct kk_record_event {
    int line;                /* 1-based line number in the source text */
    int seat;                /* KK_CHANCE for '*' lines, else the seat */
    char text[KK_EVENT_TEXT]; /* the notation, trimmed */
};

struct kk_record {
    const struct kk_game *game;
    int players; /* 0 when the record has no players line */
    struct kk_variant variant;
    int num_events, cap_events;
    struct kk_record_event *events;
    char result_json[512]; /* from "# result ..." or "" */
};

/* Parses text. Errors are "LINE: reason" in err (no file name). rec must be freed. */
int kk_record_parse(const char *text, struct kk_record *rec, kk_error *err);
/* Reads and parses a file; errors are "LINE: reason", or a reason for I/O failures. */
int kk_record_load(const char *path, struct kk_record *rec, kk_error *err);
void kk_record_free(struct kk_record *rec);

/* Replays rec into state (g->state_size bytes), checking each event's kind (chance or
 * the right seat) and legality. On failure returns -1, sets *bad_line to the offending
 * line (0 when not line-specific) and err to the reason. events_done (may be NULL)
 * receives the number of events applied. */
int kk_record_replay(const struct kk_record *rec, void *state, int *bad_line, kk_error *err);
/* The same, and when trace is non-NULL appends one line per event, "LINE EVENT" ("12 * 3D",
 * "13 0: s"), except that the commitments of a simultaneous round are held back and written
 * together when the round is revealed: "13-15 reveal 0: s | 1: s | 2: f". */
int kk_record_replay_trace(const struct kk_record *rec, void *state, int *bad_line,
                           struct kk_buf *trace, kk_error *err);

/* Writers used by selfplay: header lines, one event line, the closing result comment. */
void kk_record_write_header(struct kk_buf *out, const struct kk_game *g, int players,
                            const struct kk_variant *v, const char *comment);
void kk_record_write_event(struct kk_buf *out, const struct kk_game *g, const void *state,
                           kk_move move);
void kk_record_write_result(struct kk_buf *out, const struct kk_game *g, const void *state);

/* The replay JSON object {"game":...,"terminal":...,"scores":[...],"winners":[...]...}. */
void kk_state_json(struct kk_buf *out, const struct kk_game *g, const void *state);

#endif
