#include "record.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

static void add_event(struct kk_record *rec, int line, int seat, const char *text)
{
    if (rec->num_events == rec->cap_events) {
        int cap = rec->cap_events ? rec->cap_events * 2 : 256;
        struct kk_record_event *ev = realloc(rec->events, sizeof *ev * (size_t)cap);
        if (!ev)
            abort();
        rec->events = ev;
        rec->cap_events = cap;
    }
    struct kk_record_event *e = &rec->events[rec->num_events++];
    e->joined = 0;
    e->line = line;
    e->seat = seat;
    snprintf(e->text, sizeof e->text, "%s", text);
}

static int game_names(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; kk_games[i] && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", kk_games[i]->name);
    return (int)n;
}

/* Parses one non-comment line. */
static int parse_line(struct kk_record *rec, int ln, char *s, kk_error *err)
{
    if (strncmp(s, "game", 4) == 0 && (s[4] == '\0' || isspace((unsigned char)s[4]))) {
        char *name = trim(s + 4);
        if (rec->game)
            return kk_fail(err, "%d: a second 'game' line", ln);
        rec->header_line = ln;
        rec->game = kk_game_find(name);
        if (!rec->game) {
            char names[256];
            game_names(names, sizeof names);
            return kk_fail(err, "%d: unknown game '%s': expected one of %s", ln, name, names);
        }
        kk_error e;
        if (kk_variant_defaults(rec->game, &rec->variant, &e) != 0)
            return kk_fail(err, "%d: %s", ln, e.msg);
        return 0;
    }
    if (!rec->game)
        return kk_fail(err, "%d: expected 'game NAME' before anything else, got '%s'", ln, s);
    if (strncmp(s, "players", 7) == 0 && (s[7] == '\0' || isspace((unsigned char)s[7]))) {
        if (rec->num_events > 0)
            return kk_fail(err, "%d: 'players' must come before the first event", ln);
        if (rec->players)
            return kk_fail(err, "%d: a second 'players' line", ln);
        rec->header_line = ln;
        char *num = trim(s + 7), *end;
        errno = 0;
        long n = strtol(num, &end, 10);
        if (*num == '\0' || *end != '\0' || errno || n < 1 || n > KK_MAX_SEATS)
            return kk_fail(err, "%d: bad player count '%s'", ln, num);
        rec->players = (int)n;
        return 0;
    }
    if (strncmp(s, "set", 3) == 0 && (s[3] == '\0' || isspace((unsigned char)s[3]))) {
        if (rec->num_events > 0)
            return kk_fail(err, "%d: 'set' must come before the first event", ln);
        char *p = trim(s + 3);
        if (*p == '\0')
            return kk_fail(err, "%d: 'set' needs key=value", ln);
        /* Several space-separated settings may share a line. */
        while (*p) {
            char *q = p;
            while (*q && !isspace((unsigned char)*q))
                q++;
            char save = *q;
            *q = '\0';
            kk_error e;
            if (kk_variant_set(rec->game, &rec->variant, p, &e) != 0)
                return kk_fail(err, "%d: %s", ln, e.msg);
            char *eq = strchr(p, '=');
            *eq = '\0'; /* kk_variant_set accepted it, so there is one */
            int idx = kk_param_index(rec->game, p);
            if (idx >= 0 && rec->set_line[idx])
                return kk_fail(err, "%d: '%s' is set twice (first on line %d)", ln, p,
                               rec->set_line[idx]);
            if (idx >= 0)
                rec->set_line[idx] = ln;
            rec->header_line = ln;
            *q = save;
            p = trim(q);
        }
        return 0;
    }
    if (s[0] == '*') {
        char *text = trim(s + 1);
        if (*text == '\0')
            return kk_fail(err, "%d: chance line '*' has no outcome", ln);
        if (strlen(text) >= KK_EVENT_TEXT)
            return kk_fail(err, "%d: event text too long", ln);
        add_event(rec, ln, KK_CHANCE, text);
        return 0;
    }
    if (isdigit((unsigned char)s[0])) {
        char *end;
        long seat = strtol(s, &end, 10);
        if (*end == ':') {
            char *text = trim(end + 1);
            if (seat >= KK_MAX_SEATS)
                return kk_fail(err, "%d: bad seat %ld", ln, seat);
            if (*text == '\0')
                return kk_fail(err, "%d: seat %ld's line has no move", ln, seat);
            if (rec->game->line_read) {
                /* The game reads the line part by part at replay time, when it knows the
                 * state; stored word by word so that no word needs a long buffer. */
                for (char *w = text; *w;) {
                    char *e = w;
                    while (*e && !isspace((unsigned char)*e))
                        e++;
                    char save = *e;
                    *e = '\0';
                    if (strlen(w) >= KK_EVENT_TEXT)
                        return kk_fail(err, "%d: event text too long", ln);
                    add_event(rec, ln, (int)seat, w);
                    rec->events[rec->num_events - 1].joined = w != text;
                    *e = save;
                    while (isspace((unsigned char)*e))
                        e++;
                    w = e;
                }
                return 0;
            }
            /* Several moves of one seat may share a line, joined by " ; " (the sub-decisions
             * of one commitment). */
            for (char *part = text; part;) {
                char *join = strstr(part, KK_RECORD_JOIN);
                if (join)
                    *join = '\0';
                part = trim(part);
                if (*part == '\0')
                    return kk_fail(err, "%d: empty move between ';' separators", ln);
                if (strlen(part) >= KK_EVENT_TEXT)
                    return kk_fail(err, "%d: event text too long", ln);
                add_event(rec, ln, (int)seat, part);
                part = join ? join + strlen(KK_RECORD_JOIN) : NULL;
            }
            return 0;
        }
    }
    return kk_fail(err, "%d: unrecognised line '%s' (expected game, players, set, '* OUTCOME' "
                        "or 'SEAT: MOVE')", ln, s);
}

int kk_record_parse(const char *text, struct kk_record *rec, kk_error *err)
{
    memset(rec, 0, sizeof *rec);
    int ln = 0;
    const char *p = text;
    char line[1024];
    while (*p) {
        ln++;
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        const char *first = p;
        while (first < p + len && (*first == ' ' || *first == '\t'))
            first++;
        if (len >= sizeof line && *first == '#' && strncmp(first, "# result", 8) != 0) {
            /* A long comment (selfplay's header lists every seat's agent spec) is
             * ignored like any other comment. */
            p = nl ? nl + 1 : p + len;
            continue;
        }
        if (len >= sizeof line) {
            kk_record_free(rec);
            return kk_fail(err, "%d: line too long", ln);
        }
        memcpy(line, p, len);
        line[len] = '\0';
        p = nl ? nl + 1 : p + len;

        char *s = trim(line);
        if (strncmp(s, "# result", 8) == 0) {
            snprintf(rec->result_json, sizeof rec->result_json, "%s", trim(s + 8));
            rec->result_line = ln;
        }
        char *hash = strchr(s, '#');
        if (hash)
            *hash = '\0';
        s = trim(s);
        if (*s == '\0')
            continue;
        if (parse_line(rec, ln, s, err) != 0) {
            kk_record_free(rec);
            return -1;
        }
    }
    if (!rec->game) {
        kk_record_free(rec);
        return kk_fail(err, "%d: no 'game NAME' line", ln > 0 ? ln : 1);
    }
    return 0;
}

int kk_record_read(FILE *f, struct kk_record *rec, kk_error *err)
{
    struct kk_buf b = {0};
    char chunk[4096];
    size_t n;
    int rc = 0;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (memchr(chunk, '\0', n) != NULL) {
            rc = kk_fail(err, "not a text file (contains a NUL byte)");
            break;
        }
        if (b.len + n > KK_RECORD_MAX_BYTES) {
            rc = kk_fail(err, "too large for a game record (over %u MiB)",
                         KK_RECORD_MAX_BYTES >> 20);
            break;
        }
        kk_buf_append(&b, chunk, n);
    }
    if (rc == 0 && ferror(f))
        rc = kk_fail(err, "read error");
    if (rc == 0)
        rc = kk_record_parse(kk_buf_str(&b), rec, err);
    kk_buf_free(&b);
    return rc;
}

int kk_record_load(const char *path, struct kk_record *rec, kk_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return kk_fail(err, "cannot open: %s", strerror(errno));
    int rc = kk_record_read(f, rec, err);
    fclose(f);
    return rc;
}

void kk_record_free(struct kk_record *rec)
{
    free(rec->events);
    rec->events = NULL;
    rec->num_events = rec->cap_events = 0;
}

int kk_record_replay(const struct kk_record *rec, void *state, int *bad_line, kk_error *err)
{
    return kk_record_replay_trace(rec, state, bad_line, NULL, err);
}

/* Reads the integers of the "scores" array of a result line; returns the count or -1. */
static int result_scores(const char *json, long *out, int max)
{
    const char *p = strstr(json, "\"scores\"");
    if (!p || !(p = strchr(p, '[')))
        return -1;
    int n = 0;
    for (p++;;) {
        while (isspace((unsigned char)*p))
            p++;
        if (*p == ']')
            return n;
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (end == p || errno || n == max)
            return -1;
        out[n++] = v;
        p = end;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == ',')
            p++;
        else if (*p != ']')
            return -1;
    }
}

/* The replayed game must have ended with the scores its "# result" line states. */
static int check_result(const struct kk_record *rec, const void *state, kk_error *err)
{
    const struct kk_game *g = rec->game;
    long want[KK_MAX_SEATS];
    int n = result_scores(rec->result_json, want, KK_MAX_SEATS);
    if (n < 0)
        return kk_fail(err, "the result line has no readable \"scores\":[...]");
    if (g->to_move(state) != KK_TERMINAL)
        return kk_fail(err, "the record has a result line but its game is not over");
    int32_t got[KK_MAX_SEATS];
    g->scores(state, got);
    int players = g->players(state), same = n == players;
    for (int s = 0; s < players && same; s++)
        same = got[s] == want[s];
    if (same)
        return 0;
    char a[160] = "", b[160] = "";
    for (int s = 0; s < n; s++)
        snprintf(a + strlen(a), sizeof a - strlen(a), "%s%ld", s ? "," : "", want[s]);
    for (int s = 0; s < players; s++)
        snprintf(b + strlen(b), sizeof b - strlen(b), "%s%d", s ? "," : "", (int)got[s]);
    return kk_fail(err, "the result line says scores [%s] but the replay gives [%s]", a, b);
}

/* Writes one trace line: the record line (or range) and what happened there. */
static void trace_line(struct kk_buf *trace, int first, int last, const char *what)
{
    if (first == last)
        kk_buf_printf(trace, "%d %s\n", first, what);
    else
        kk_buf_printf(trace, "%d-%d %s\n", first, last, what);
}

/* The open simultaneous round of a replay trace: its commitments are held back until the
 * round is revealed. */
struct trace_round {
    char text[4 * KK_MAX_SEATS * (KK_EVENT_TEXT + 8)];
    int first, seat;
};

/* Applies m (legal, by seat `who`, spelt `text` on record line `line`) and writes its trace. */
static int replay_apply(const struct kk_game *g, void *state, int who, kk_move m,
                        const char *text, int line, struct kk_buf *trace,
                        struct trace_round *round, char *joined, size_t joined_size,
                        kk_error *err)
{
    uint32_t pending = trace ? kk_sim_pending(g, state) : 0;
    char what[KK_EVENT_TEXT + 16] = "";
    if (trace && *text) {
        if (who == KK_CHANCE)
            snprintf(what, sizeof what, "* %s", text);
        else
            snprintf(what, sizeof what, "%d: %s", who, text);
        if (!pending && joined) {
            /* the parts of one line are traced together, as the line reads */
            size_t used = strlen(joined);
            snprintf(joined + used, joined_size - used, "%s", used ? " " : what);
            if (used)
                snprintf(joined + used + 1, joined_size - used - 1, "%s", text);
        } else if (!pending) {
            trace_line(trace, line, line, what);
        } else {
            size_t used = strlen(round->text);
            if (used == 0)
                round->first = line;
            /* A seat's sub-decisions read as its record line does ("0: a ; b"), seats
             * apart by " | ". Bounded: a pathological round is cut short, never overrun. */
            if (used && who == round->seat)
                snprintf(round->text + used, sizeof round->text - used, "%s%s", KK_RECORD_JOIN,
                         text);
            else
                snprintf(round->text + used, sizeof round->text - used, "%s%s",
                         used ? " | " : "", what);
            round->seat = who;
        }
    }
    g->apply(state, m);
    if (pending && kk_sim_revealed(pending, kk_sim_pending(g, state)) && round->text[0]) {
        char out[sizeof round->text + 16];
        snprintf(out, sizeof out, "reveal %s", round->text);
        trace_line(trace, round->first, line, out);
        round->text[0] = '\0';
    }
#ifdef KK_CHECKS
    kk_error e;
    if (g->check && g->check(state, &e) != 0)
        return kk_fail(err, "internal state check failed after '%s': %s", text, e.msg);
#else
    (void)err;
#endif
    return 0;
}

/* Games with line hooks: replays the seat line whose words are events[i..j) part by part,
 * the game reading each part (and the implied ones) from the rest of the line. */
static int replay_line(const struct kk_record *rec, int i, int j, void *state,
                       struct kk_buf *trace, struct trace_round *round, kk_error *err)
{
    const struct kk_game *g = rec->game;
    int seat = rec->events[i].seat;
    char line[1024] = "";
    for (int k = i; k < j; k++)
        snprintf(line + strlen(line), sizeof line - strlen(line), "%s%s", k > i ? " " : "",
                 rec->events[k].text);
    const char *rest = line;
    char joined[sizeof line + 16] = ""; /* the trace of the line's parts outside a round */
    for (int parts = 0;; parts++) {
        if (parts > 4 * (int)sizeof line)
            return kk_fail(err, "the line does not end: '%s' is not read", rest);
        int who = g->to_move(state);
        if (who != seat) {
            if (who == KK_TERMINAL)
                return kk_fail(err, "the game is already over; '%s' cannot be played", rest);
            if (who == KK_CHANCE)
                return kk_fail(err, "a chance outcome ('* ...') is due, not seat %d's '%s'",
                               seat, rest);
            return kk_fail(err, "seat %d is to move, not seat %d", who, seat);
        }
        kk_move m;
        kk_error e;
        int used = g->line_read(state, rest, &m, &e);
        if (used < 0)
            return kk_fail(err, "bad move '%s': %s", rest, e.msg);
        char part[KK_EVENT_TEXT];
        int more = 0;
        if (!kk_is_legal(g, state, m))
            return kk_fail(err, "illegal move '%.*s' for seat %d", used ? used : (int)strlen(rest),
                           rest, who);
        g->line_text(state, m, part, sizeof part, &more);
        if (replay_apply(g, state, who, m, part, rec->events[i].line, trace, round, joined,
                         sizeof joined, err) != 0)
            return -1;
        rest += used;
        while (*rest == ' ')
            rest++;
        if (!more) {
            if (*rest)
                return kk_fail(err, "'%s' is left over: seat %d's action ended before it", rest,
                               seat);
            if (trace && joined[0])
                trace_line(trace, rec->events[i].line, rec->events[i].line, joined);
            return 0;
        }
    }
}

int kk_record_replay_trace(const struct kk_record *rec, void *state, int *bad_line,
                           struct kk_buf *trace, kk_error *err)
{
    const struct kk_game *g = rec->game;
    /* Commitments of the open simultaneous round, hidden until its last one is in. */
    struct trace_round round = {.text = "", .first = 0, .seat = -1};
    kk_error e;
    *bad_line = rec->header_line;
    if (kk_game_init(g, state, &rec->variant, rec->players, &e) != 0)
        return kk_fail(err, "%s", e.msg);
    for (int i = 0; i < rec->num_events; i++) {
        const struct kk_record_event *ev = &rec->events[i];
        *bad_line = ev->line;
        int who = g->to_move(state);
        if (who == KK_TERMINAL)
            return kk_fail(err, "the game is already over; '%s' cannot be played", ev->text);
        if (ev->seat == KK_CHANCE && who != KK_CHANCE)
            return kk_fail(err, "seat %d is to move, not chance ('* %s')", who, ev->text);
        if (ev->seat != KK_CHANCE && who == KK_CHANCE)
            return kk_fail(err, "a chance outcome ('* ...') is due, not seat %d's move", ev->seat);
        if (ev->seat != KK_CHANCE && ev->seat != who)
            return kk_fail(err, "seat %d is to move, not seat %d", who, ev->seat);
        if (ev->seat != KK_CHANCE && g->line_read) {
            int j = i + 1;
            while (j < rec->num_events && rec->events[j].joined)
                j++;
            if (replay_line(rec, i, j, state, trace, &round, err) != 0)
                return -1;
            i = j - 1;
            continue;
        }
        kk_move m;
        if (g->move_from_text(state, ev->text, &m, &e) != 0)
            return kk_fail(err, "%s '%s': %s", who == KK_CHANCE ? "bad outcome" : "bad move",
                           ev->text, e.msg);
        if (!kk_is_legal(g, state, m)) {
            if (who == KK_CHANCE)
                return kk_fail(err, "impossible chance outcome '%s'", ev->text);
            return kk_fail(err, "illegal move '%s' for seat %d", ev->text, who);
        }
        if (replay_apply(g, state, who, m, ev->text, ev->line, trace, &round, NULL, 0, err) != 0)
            return -1;
    }
    if (trace && round.text[0])
        trace_line(trace, round.first, round.first, "(a simultaneous round still open: its "
                   "commitments stay hidden)");
    if (rec->result_line && check_result(rec, state, err) != 0) {
        *bad_line = rec->result_line;
        return -1;
    }
    *bad_line = 0;
    return 0;
}

void kk_record_write_header(struct kk_buf *out, const struct kk_game *g, int players,
                            const struct kk_variant *v, const char *comment)
{
    if (comment && *comment)
        kk_buf_printf(out, "# %s\n", comment);
    kk_buf_printf(out, "game %s\n", g->name);
    if (players > 0)
        kk_buf_printf(out, "players %d\n", players);
    for (int p = 0; p < g->num_params; p++) {
        char val[256];
        kk_variant_format(g, v, p, val, sizeof val);
        kk_buf_printf(out, "set %s=%s\n", g->params[p].name, val);
    }
}

void kk_record_write_event(struct kk_buf *out, const struct kk_game *g, const void *state,
                           kk_move move)
{
    char text[KK_EVENT_TEXT];
    g->move_to_text(state, move, text, sizeof text);
    int who = g->to_move(state);
    if (who == KK_CHANCE) {
        kk_buf_printf(out, "* %s\n", text);
        return;
    }
    if (g->line_text) {
        /* A line is "S:" and then " PART" for each of its moves that spells one; it stays
         * open (no newline yet) while the game says the seat's next move continues it. */
        int more = 0;
        int n = g->line_text(state, move, text, sizeof text, &more);
        if (!(out->len > 0 && kk_buf_str(out)[out->len - 1] != '\n'))
            kk_buf_printf(out, "%d:", who);
        if (n > 0)
            kk_buf_printf(out, " %s", text);
        if (!more)
            kk_buf_printf(out, "\n");
        return;
    }
    /* A commitment split into sub-decisions goes on one line, its moves joined by " ; ":
     * the line before ends with the separator when this move continues it. */
    size_t sep = strlen(KK_RECORD_JOIN);
    int continues = out->len >= sep && strcmp(kk_buf_str(out) + out->len - sep, KK_RECORD_JOIN) == 0;
    if (continues)
        kk_buf_printf(out, "%s", text);
    else
        kk_buf_printf(out, "%d: %s", who, text);
    uint32_t before = kk_sim_pending(g, state);
    if (before & (1u << who)) {
        void *next = malloc(g->state_size);
        if (next) {
            memcpy(next, state, g->state_size);
            g->apply(next, move);
            uint32_t after = kk_sim_pending(g, next);
            int more = !kk_sim_revealed(before, after) && (after & (1u << who)) &&
                       g->to_move(next) == who;
            free(next);
            if (more) {
                kk_buf_printf(out, "%s", KK_RECORD_JOIN);
                return;
            }
        }
    }
    kk_buf_printf(out, "\n");
}

static void scores_json(struct kk_buf *out, const struct kk_game *g, const void *state)
{
    int32_t sc[KK_MAX_SEATS];
    g->scores(state, sc);
    kk_buf_printf(out, "\"scores\":[");
    for (int s = 0; s < g->players(state); s++)
        kk_buf_printf(out, "%s%d", s ? "," : "", (int)sc[s]);
    kk_buf_printf(out, "]");
}

static void extra_json(struct kk_buf *out, const struct kk_game *g, const void *state)
{
    if (g->extra_json) {
        char extra[1024];
        g->extra_json(state, extra, sizeof extra);
        kk_buf_printf(out, "%s", extra);
    }
}

void kk_record_write_result(struct kk_buf *out, const struct kk_game *g, const void *state)
{
    kk_buf_printf(out, "# result {");
    scores_json(out, g, state);
    extra_json(out, g, state);
    kk_buf_printf(out, "}\n");
}

void kk_state_json(struct kk_buf *out, const struct kk_game *g, const void *state)
{
    int terminal = g->to_move(state) == KK_TERMINAL;
    kk_buf_printf(out, "{\"game\":");
    kk_buf_json_string(out, g->name);
    kk_buf_printf(out, ",\"terminal\":%s,", terminal ? "true" : "false");
    scores_json(out, g, state);
    kk_buf_printf(out, ",\"winners\":[");
    if (terminal) {
        uint32_t w = g->winners(state);
        int first = 1;
        for (int s = 0; s < g->players(state); s++)
            if (w >> s & 1u) {
                kk_buf_printf(out, "%s%d", first ? "" : ",", s);
                first = 0;
            }
    }
    kk_buf_printf(out, "]");
    extra_json(out, g, state);
    kk_buf_printf(out, "}");
}
