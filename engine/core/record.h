/* Game records: plain text, one event per line (see docs/records.md).
 *   # comment            game NAME           players N          set key=value
 *   * OUTCOME            (a chance outcome in the game's notation)
 *   S: MOVE              (seat S's move in the game's notation)
 *   S: MOVE ; MOVE ...   (one commitment of seat S made of several sub-decisions)
 *   S: PART PART ...     (games with line hooks: one compound action, a move per part)
 * A last comment line "# result {...}" is kept as result_json. */
#ifndef KK_RECORD_H
#define KK_RECORD_H

#include <stdio.h>

#include "buf.h"
#include "game.h"

#define KK_EVENT_TEXT 64
/* Consecutive moves of one seat that make up one commitment of a simultaneous round (a
 * compound choice split into sub-decisions) share a record line, joined by this. */
#define KK_RECORD_JOIN " ; "

struct kk_record_event {
    int line;                /* 1-based line number in the source text */
    int seat;                /* KK_CHANCE for '*' lines, else the seat */
    char text[KK_EVENT_TEXT]; /* the notation, trimmed */
    int joined;              /* games with line hooks: 1 for a word that continues the line
                              * of the event before (a seat line is stored word by word) */
};

struct kk_record {
    const struct kk_game *game;
    int players; /* 0 when the record has no players line */
    struct kk_variant variant;
    int num_events, cap_events;
    struct kk_record_event *events;
    char result_json[512]; /* from "# result ..." or "" */
    int result_line;       /* its line, 0 without one */
    int header_line;       /* the last game/players/set line: where set-up errors point */
    int set_line[KK_MAX_PARAMS]; /* line that set each parameter, 0 if none */
};

/* Records larger than this are refused while reading (a record is a few kilobytes). */
#define KK_RECORD_MAX_BYTES (16u << 20)

/* Parses text. Errors are "LINE: reason" in err (no file name). rec must be freed. */
int kk_record_parse(const char *text, struct kk_record *rec, kk_error *err);
/* Reads and parses a file; errors are "LINE: reason", or a reason for I/O failures. */
int kk_record_load(const char *path, struct kk_record *rec, kk_error *err);
/* The same for an open stream (standard input): stops reading at the first NUL byte or past
 * KK_RECORD_MAX_BYTES, so endless input fails at once. */
int kk_record_read(FILE *f, struct kk_record *rec, kk_error *err);
void kk_record_free(struct kk_record *rec);

/* Replays rec into state (g->state_size bytes), checking each event's kind (chance or
 * the right seat) and legality, and at the end the "# result" line if there is one (its
 * scores must be the replayed ones). On failure returns -1, sets *bad_line to the offending
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
