/* The `external` agent: a separate program chooses the moves, so a researcher can add an
 * agent in any language without touching C. Each agent instance starts its own process
 * (`cmd`, split at spaces, found on PATH) connected by a socket pair to its standard input
 * and output, and speaks the line protocol of docs/agents-external.md: per decision kark
 * sends the seat, the seat's view as text (kk_game_draw for that seat: never hidden
 * information) and the legal moves in notation; the program answers one of them.
 *
 * choose() has no error path, so a program that fails (exits, answers too late or answers
 * something that is not a legal move) is reported once on standard error, as the gnubg
 * agent does, and the instance then plays the first legal move for the rest of the run;
 * destroy() says how many moves were played that way. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../engine/core/buf.h"
#include "agent.h"

extern char **environ;

#define EXT_PROTOCOL 1
#define EXT_MAX_ARGS 32
#define EXT_LINE_MAX 4096
#define EXT_START_MS 30000

enum { OPT_CMD, OPT_TIMEOUT, OPT_OBSERVE, NUM_OPTS };

struct ext_agent {
    struct kk_agent base;
    char cmd[KK_SPEC_LEN];
    int timeout_ms, observe;
    pid_t pid;
    int fd;                   /* our end of the socket pair: the program's stdin and stdout */
    char in[EXT_LINE_MAX];    /* bytes read and not yet consumed */
    size_t in_len;
    int broken;               /* 1 after a failure: first legal moves from then on */
    long fallback_moves;      /* moves played that way */
    struct kk_buf msg;
    kk_move *moves;
};

static int send_all(struct ext_agent *a, const char *text, size_t n, kk_error *err)
{
    while (n > 0) {
        ssize_t w = send(a->fd, text, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return kk_fail(err, "it stopped reading its input (%s)", strerror(errno));
        text += w;
        n -= (size_t)w;
    }
    return 0;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Reads one line (without its newline) into line, waiting at most the timeout. */
static int read_line(struct ext_agent *a, char *line, size_t size, kk_error *err)
{
    double deadline = now_ms() + a->timeout_ms;
    for (;;) {
        char *nl = memchr(a->in, '\n', a->in_len);
        if (nl) {
            size_t n = (size_t)(nl - a->in);
            size_t keep = n < size - 1 ? n : size - 1;
            memcpy(line, a->in, keep);
            line[keep] = '\0';
            if (keep > 0 && line[keep - 1] == '\r')
                line[keep - 1] = '\0';
            memmove(a->in, nl + 1, a->in_len - n - 1);
            a->in_len -= n + 1;
            return 0;
        }
        if (a->in_len == sizeof a->in)
            return kk_fail(err, "it sent a line longer than %d bytes", EXT_LINE_MAX);
        int wait = (int)(deadline - now_ms());
        if (wait <= 0)
            return kk_fail(err, "no answer within %g s (option timeout)", a->timeout_ms / 1e3);
        struct pollfd p = {.fd = a->fd, .events = POLLIN};
        int ready = poll(&p, 1, wait);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            return kk_fail(err, "cannot wait for it: %s", strerror(errno));
        if (ready == 0)
            continue;
        ssize_t r = read(a->fd, a->in + a->in_len, sizeof a->in - a->in_len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return kk_fail(err, "it exited or closed its output");
        a->in_len += (size_t)r;
    }
}

/* Ends the process: `quit`, end of input, then a grace period before signals. */
static void stop_process(struct ext_agent *a)
{
    if (a->fd >= 0) {
        send(a->fd, "quit\n", 5, MSG_NOSIGNAL);
        shutdown(a->fd, SHUT_WR);
    }
    if (a->pid > 0) {
        int done = 0;
        for (int i = 0; i < 100 && !done; i++) { /* up to 1 s */
            pid_t r = waitpid(a->pid, NULL, WNOHANG);
            done = r == a->pid || (r < 0 && errno != EINTR);
            if (!done) {
                struct timespec t = {0, 10 * 1000 * 1000};
                nanosleep(&t, NULL);
            }
        }
        if (!done) {
            kill(a->pid, SIGTERM);
            for (int i = 0; i < 50 && !done; i++) {
                done = waitpid(a->pid, NULL, WNOHANG) == a->pid;
                if (!done) {
                    struct timespec t = {0, 10 * 1000 * 1000};
                    nanosleep(&t, NULL);
                }
            }
            if (!done) {
                kill(a->pid, SIGKILL);
                waitpid(a->pid, NULL, 0);
            }
        }
        a->pid = 0;
    }
    if (a->fd >= 0)
        close(a->fd);
    a->fd = -1;
}

static int start_process(struct ext_agent *a, kk_error *err)
{
    char copy[KK_SPEC_LEN];
    char *argv[EXT_MAX_ARGS + 1];
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", a->cmd);
    for (char *tok = strtok(copy, " \t"); tok; tok = strtok(NULL, " \t")) {
        if (argc == EXT_MAX_ARGS)
            return kk_fail(err, "external option 'cmd': more than %d words", EXT_MAX_ARGS);
        argv[argc++] = tok;
    }
    argv[argc] = NULL;
    if (argc == 0)
        return kk_fail(err, "external needs cmd=PROGRAM (e.g. external:cmd=python3 "
                            "scripts/examples/external_agent.py)");
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
        return kk_fail(err, "external: cannot create a socket pair: %s", strerror(errno));
    /* Other agents' processes must not inherit these descriptors. */
    fcntl(sv[0], F_SETFD, FD_CLOEXEC);
    fcntl(sv[1], F_SETFD, FD_CLOEXEC);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(sv[1]);
    if (rc != 0) {
        close(sv[0]);
        return kk_fail(err, "external: cannot run '%s': %s", argv[0], strerror(rc));
    }
    a->pid = pid;
    a->fd = sv[0];
    a->in_len = 0;
    /* The greeting: the program must say `ready`, so a wrong program fails at once. */
    char hello[128], line[EXT_LINE_MAX];
    int n = snprintf(hello, sizeof hello, "kark %d %s\n", EXT_PROTOCOL, a->base.game->name);
    kk_error e;
    /* Starting an interpreter can take longer than a move: at least 30 s for the greeting. */
    int timeout = a->timeout_ms;
    if (a->timeout_ms < EXT_START_MS)
        a->timeout_ms = EXT_START_MS;
    int rc_hello = send_all(a, hello, (size_t)n, &e) != 0 || read_line(a, line, sizeof line, &e) != 0;
    a->timeout_ms = timeout;
    if (rc_hello) {
        stop_process(a);
        return kk_fail(err, "external agent '%s' did not start: %s", a->cmd, e.msg);
    }
    if (strncmp(line, "ready", 5) != 0 || (line[5] != '\0' && line[5] != ' ')) {
        stop_process(a);
        return kk_fail(err, "external agent '%s' answered '%.60s' to the greeting, not 'ready'",
                       a->cmd, line);
    }
    return 0;
}

static void fail_once(struct ext_agent *a, int seat, const char *why)
{
    if (a->broken)
        return;
    a->broken = 1;
    fprintf(stderr, "kark: external agent '%s' (seat %d) failed: %s; it plays the first legal "
                    "move from now on\n", a->cmd, seat, why);
    stop_process(a);
}

/* The notation of a move or outcome: one line (newlines would break the protocol). */
static void one_line(const struct kk_game *g, const void *state, kk_move m, char *buf,
                     size_t size)
{
    g->move_to_text(state, m, buf, size);
    for (char *p = buf; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
}

static kk_move ext_choose(struct kk_agent *self, const void *state, kk_rng *rng)
{
    (void)rng;
    struct ext_agent *a = (struct ext_agent *)self;
    const struct kk_game *g = self->game;
    int seat = g->to_move(state);
    int n = g->legal_moves(state, a->moves);
    if (a->broken) {
        a->fallback_moves++;
        return a->moves[0];
    }
    struct kk_buf *m = &a->msg;
    kk_buf_clear(m);
    struct kk_buf view = {0};
    kk_game_draw(g, state, seat, &view);
    int lines = 0;
    for (const char *p = kk_buf_str(&view); *p; p++)
        lines += *p == '\n';
    if (view.len > 0 && view.data[view.len - 1] != '\n') {
        kk_buf_printf(&view, "\n");
        lines++;
    }
    kk_buf_printf(m, "turn %d %d\nview %d\n%s", seat, g->players(state), lines, kk_buf_str(&view));
    kk_buf_free(&view);
    kk_buf_printf(m, "legal %d\n", n);
    char text[256];
    for (int i = 0; i < n; i++) {
        one_line(g, state, a->moves[i], text, sizeof text);
        kk_buf_printf(m, "%s\n", text);
    }
    kk_buf_printf(m, "go\n");
    kk_error err;
    char line[EXT_LINE_MAX];
    if (send_all(a, kk_buf_str(m), m->len, &err) != 0 ||
        read_line(a, line, sizeof line, &err) != 0) {
        fail_once(a, seat, err.msg);
        a->fallback_moves++;
        return a->moves[0];
    }
    /* The answer: a listed move's exact notation, else any notation of a legal move. */
    char *t = line;
    while (*t == ' ' || *t == '\t')
        t++;
    size_t len = strlen(t);
    while (len > 0 && (t[len - 1] == ' ' || t[len - 1] == '\t'))
        t[--len] = '\0';
    for (int i = 0; i < n; i++) {
        one_line(g, state, a->moves[i], text, sizeof text);
        if (strcmp(text, t) == 0)
            return a->moves[i];
    }
    kk_move mv;
    if (g->move_from_text(state, t, &mv, &err) == 0)
        for (int i = 0; i < n; i++)
            if (a->moves[i] == mv)
                return mv;
    char why[EXT_LINE_MAX + 64];
    snprintf(why, sizeof why, "its answer '%.200s' is not a legal move", t);
    fail_once(a, seat, why);
    a->fallback_moves++;
    return a->moves[0];
}

static void ext_observe(struct kk_agent *self, const void *state, kk_move move)
{
    struct ext_agent *a = (struct ext_agent *)self;
    const struct kk_game *g = self->game;
    /* Only where every event is public: kark cannot know which seat's eyes to use here. */
    if (a->broken || !a->observe || kk_game_hidden(g))
        return;
    char text[256], line[300];
    one_line(g, state, move, text, sizeof text);
    int who = g->to_move(state);
    int len = who == KK_CHANCE ? snprintf(line, sizeof line, "event * %s\n", text)
                               : snprintf(line, sizeof line, "event %d %s\n", who, text);
    kk_error err;
    if (send_all(a, line, (size_t)len, &err) != 0)
        fail_once(a, who, err.msg);
}

static void ext_reset(struct kk_agent *self)
{
    struct ext_agent *a = (struct ext_agent *)self;
    kk_error err;
    if (!a->broken && send_all(a, "newgame\n", 8, &err) != 0)
        fail_once(a, -1, err.msg);
}

static void ext_destroy(struct kk_agent *self)
{
    struct ext_agent *a = (struct ext_agent *)self;
    stop_process(a);
    if (a->fallback_moves > 0)
        fprintf(stderr, "kark: external agent '%s' played %ld move%s as the first legal move "
                        "after failing\n", a->cmd, a->fallback_moves,
                a->fallback_moves == 1 ? "" : "s");
    kk_buf_free(&a->msg);
    free(a->moves);
    free(a);
}

static struct kk_agent *ext_create(const struct kk_game *g, const double *vals,
                                   const char *const *texts, kk_error *err)
{
    struct ext_agent *a = calloc(1, sizeof *a);
    if (!a || !(a->moves = malloc(sizeof *a->moves * (size_t)g->max_moves))) {
        free(a);
        kk_fail(err, "out of memory");
        return NULL;
    }
    a->base.game = g;
    a->fd = -1;
    snprintf(a->cmd, sizeof a->cmd, "%s", strcmp(texts[OPT_CMD], "-") == 0 ? "" : texts[OPT_CMD]);
    a->timeout_ms = (int)(vals[OPT_TIMEOUT] * 1000);
    a->observe = (int)vals[OPT_OBSERVE];
    if (start_process(a, err) != 0) {
        free(a->moves);
        free(a);
        return NULL;
    }
    a->base.choose = ext_choose;
    a->base.observe = ext_observe;
    a->base.reset = ext_reset;
    a->base.destroy = ext_destroy;
    return &a->base;
}

static const struct kk_agent_opt ext_opts[NUM_OPTS] = {
    {"cmd", "-", 0, 0, 0, KK_OPT_TEXT,
     "the program and its arguments, split at spaces, found on PATH (no commas)"},
    {"timeout", "10", 0.1, 3600, 0, NULL, "seconds the program may take for one answer"},
    {"observe", "1", 0, 1, 1, NULL,
     "1: send every move as an `event` line (games without hidden information only)"},
};

const struct kk_agent_class kk_agent_external = {
    .name = "external",
    .help = "a separate program chooses the moves over a line protocol "
            "(docs/agents-external.md)",
    .opts = ext_opts,
    .num_opts = NUM_OPTS,
    .create_text = ext_create,
};
