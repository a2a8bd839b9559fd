/* The `gnubg` agent: GNU Backgammon chooses the play. Each agent owns one gnubg process
 * (`gnubg -t -q`, text mode) connected by a socket pair; for a decision kark writes the
 * position (gnubg's position ID), the dice and `hint`, then reads gnubg's ranked plays up
 * to a marker line and maps gnubg's notation back to kark's moves by resulting position.
 * Only backgammon; creating the agent fails clearly when gnubg is not installed. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent.h"
#include "gnubg.h"

#define GNUBG_TIMEOUT_MS 120000 /* one answer; 2-ply plays take well under a second */

struct kk_gnubg {
    pid_t pid;
    int fd;          /* our end of the socket pair: gnubg's stdin and stdout */
    unsigned marker; /* number of the next end-of-answer marker */
    int plies;
    int mode;        /* -1 none yet; else the gammons setting gnubg is playing */
    char *buf;       /* the last answer */
    size_t len, cap;
};

const char *kk_gnubg_path(void)
{
    static const char *const candidates[] = {"/usr/games/gnubg", "/usr/bin/gnubg",
                                             "/usr/local/games/gnubg", "/usr/local/bin/gnubg"};
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
        if (access(candidates[i], X_OK) == 0)
            return candidates[i];
    return NULL;
}

static int send_text(struct kk_gnubg *gb, const char *text, kk_error *err)
{
    size_t n = strlen(text);
    while (n > 0) {
        ssize_t w = send(gb->fd, text, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return kk_fail(err, "gnubg stopped reading its input (%s)", strerror(errno));
        text += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Sends commands (newline-terminated lines) followed by an unknown word as a marker, and
 * reads gnubg's output up to its complaint about that word. */
static int ask(struct kk_gnubg *gb, const char *commands, kk_error *err)
{
    char marker[48];
    snprintf(marker, sizeof marker, "kark-end-%u", gb->marker++);
    if (send_text(gb, commands, err) || send_text(gb, marker, err) || send_text(gb, "\n", err))
        return -1;
    gb->len = 0;
    for (;;) {
        if (gb->cap - gb->len < 4096) {
            size_t cap = gb->cap ? gb->cap * 2 : 65536;
            char *b = realloc(gb->buf, cap);
            if (!b)
                return kk_fail(err, "out of memory reading gnubg's answer");
            gb->buf = b;
            gb->cap = cap;
        }
        struct pollfd p = {.fd = gb->fd, .events = POLLIN};
        int ready = poll(&p, 1, GNUBG_TIMEOUT_MS);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return kk_fail(err, "gnubg did not answer within %d s", GNUBG_TIMEOUT_MS / 1000);
        ssize_t r = read(gb->fd, gb->buf + gb->len, gb->cap - gb->len - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return kk_fail(err, "gnubg exited unexpectedly");
        gb->len += (size_t)r;
        gb->buf[gb->len] = '\0';
        if (strstr(gb->buf, marker))
            return 0;
    }
}

void kk_gnubg_close(struct kk_gnubg *gb)
{
    if (!gb)
        return;
    if (gb->fd >= 0) {
        send(gb->fd, "quit\ny\n", 7, MSG_NOSIGNAL);
        close(gb->fd);
    }
    if (gb->pid > 0)
        waitpid(gb->pid, NULL, 0);
    free(gb->buf);
    free(gb);
}

static int set_mode(struct kk_gnubg *gb, int gammons, kk_error *err)
{
    if (gb->mode == gammons)
        return 0;
    /* gammons=0: a 1-point match, where only winning counts; gammons=1: a money game
     * without the cube, gammons counted (no Jacoby rule). */
    const char *cmd = gammons ? "set jacoby off\nnew session\n" : "new match 1\n";
    if (ask(gb, cmd, err))
        return -1;
    gb->mode = gammons;
    return 0;
}

struct kk_gnubg *kk_gnubg_open(int plies, int gammons, kk_error *err)
{
    const char *path = kk_gnubg_path();
    if (!path) {
        kk_fail(err, "GNU Backgammon is not installed (Debian package gnubg: "
                     "apt-get install gnubg)");
        return NULL;
    }
    struct kk_gnubg *gb = calloc(1, sizeof *gb);
    int sv[2];
    if (!gb) {
        kk_fail(err, "out of memory");
        return NULL;
    }
    gb->fd = -1;
    gb->mode = -1;
    gb->plies = plies;
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        kk_fail(err, "cannot create a socket pair for gnubg: %s", strerror(errno));
        free(gb);
        return NULL;
    }
    /* Other agents' gnubg processes must not inherit these descriptors. */
    fcntl(sv[0], F_SETFD, FD_CLOEXEC);
    fcntl(sv[1], F_SETFD, FD_CLOEXEC);
    char *const argv[] = {(char *)path, (char *)"-t", (char *)"-q", NULL};
    pid_t pid = fork();
    if (pid < 0) {
        kk_fail(err, "cannot start gnubg: %s", strerror(errno));
        close(sv[0]);
        close(sv[1]);
        free(gb);
        return NULL;
    }
    if (pid == 0) {
        /* stderr too: gnubg writes its complaint about the marker word there. */
        dup2(sv[1], 0);
        dup2(sv[1], 1);
        dup2(sv[1], 2);
        execv(path, argv);
        _exit(127);
    }
    close(sv[1]);
    gb->pid = pid;
    gb->fd = sv[0];
    char setup[512];
    snprintf(setup, sizeof setup,
             "set player 0 human\nset player 1 human\nset cube use off\n"
             "set evaluation chequerplay evaluation plies %d\n"
             "set evaluation chequerplay evaluation cubeful off\n",
             plies);
    if (ask(gb, setup, err) || set_mode(gb, gammons, err)) {
        kk_gnubg_close(gb);
        return NULL;
    }
    return gb;
}

/* --- positions and notation ------------------------------------------------------------- */

static void put_bits(uint8_t *key, int *bit, const uint8_t *own)
{
    /* The seat's ace point (point 1, our space 24) first, its 24-point, then the bar. */
    for (int point = 1; point <= 25; point++) {
        int n = point == 25 ? own[BG_BAR] : own[25 - point];
        for (int i = 0; i < n; i++, (*bit)++)
            key[*bit / 8] |= (uint8_t)(1u << (*bit % 8));
        (*bit)++;
    }
}

void kk_gnubg_position_id(const struct bg_state *s, char id[15])
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    uint8_t key[12] = {0};
    int bit = 0;
    /* gnubg 1.07 reads the first half as the player not on roll (checked with `set board`
     * on uneven positions), then the player on roll. */
    put_bits(key, &bit, s->board[1 - s->seat]);
    put_bits(key, &bit, s->board[s->seat]);
    /* 10 bytes as base64 without padding: three full groups, then one byte in 2 chars. */
    for (int g = 0; g < 4; g++) {
        uint32_t v = (uint32_t)key[3 * g] << 16 | (uint32_t)key[3 * g + 1] << 8 | key[3 * g + 2];
        for (int c = 0; c < (g < 3 ? 4 : 2); c++)
            id[4 * g + c] = b64[(v >> (18 - 6 * c)) & 63];
    }
    id[14] = '\0';
}

/* A point in the mover's numbering ("bar", "off" or 1..24) as our space, or -1. */
static int point_space(const char *p, size_t len)
{
    if (len == 3 && strncmp(p, "bar", 3) == 0)
        return BG_BAR;
    if (len == 3 && strncmp(p, "off", 3) == 0)
        return BG_OFF;
    if (len < 1 || len > 2 || !isdigit((unsigned char)p[0]) ||
        (len == 2 && !isdigit((unsigned char)p[1])))
        return -1;
    int point = atoi(p);
    return point >= 1 && point <= 24 ? 25 - point : -1;
}

/* One token: a chain FROM/MID*.../TO with optional '*' marks and an optional "(n)". */
static int apply_token(struct bg_state *t, int seat, const char *tok, size_t len)
{
    int reps = 1;
    const char *paren = memchr(tok, '(', len);
    if (paren) {
        reps = atoi(paren + 1);
        if (reps < 1 || reps > 4)
            return -1;
        len = (size_t)(paren - tok);
    }
    int spaces[8], hits[8], n = 0;
    for (size_t i = 0; i <= len && n < 8;) {
        size_t j = i;
        while (j < len && tok[j] != '/')
            j++;
        size_t end = j;
        hits[n] = end > i && tok[end - 1] == '*';
        if (hits[n])
            end--;
        spaces[n] = point_space(tok + i, end - i);
        if (spaces[n] < 0)
            return -1;
        n++;
        i = j + 1;
    }
    if (n < 2)
        return -1;
    uint8_t *own = t->board[seat], *opp = t->board[1 - seat];
    for (int r = 0; r < reps; r++) {
        if (own[spaces[0]] == 0)
            return -1;
        own[spaces[0]]--;
        own[spaces[n - 1]]++;
    }
    for (int k = 1; k < n; k++) {
        if (!hits[k])
            continue;
        int opp_space = 25 - spaces[k];
        if (spaces[k] == BG_OFF || opp[opp_space] != 1)
            return -1;
        opp[opp_space] = 0;
        opp[BG_BAR]++;
    }
    return 0;
}

int kk_gnubg_apply_text(const struct bg_state *s, const char *text, struct bg_state *out)
{
    *out = *s;
    for (const char *p = text; *p;) {
        while (*p == ' ')
            p++;
        const char *end = p;
        while (*end && *end != ' ')
            end++;
        if (end > p && apply_token(out, s->seat, p, (size_t)(end - p)) != 0)
            return -1;
        p = end;
    }
    out->pips[0] = (int16_t)bg_pip_count(out, 0);
    out->pips[1] = (int16_t)bg_pip_count(out, 1);
    return 0;
}

/* The play text of a hint line "   3. Cubeful 0-ply    24/21 13/7    Eq.: ..." into play;
 * returns 0 when the line is one. */
static int hint_line(const char *line, size_t len, char *play, size_t size)
{
    size_t i = 0;
    while (i < len && line[i] == ' ')
        i++;
    if (i == len || !isdigit((unsigned char)line[i]))
        return -1;
    while (i < len && isdigit((unsigned char)line[i]))
        i++;
    if (i + 1 >= len || line[i] != '.' || line[i + 1] != ' ')
        return -1;
    size_t n = 0;
    int started = 0;
    while (i < len) {
        while (i < len && line[i] == ' ')
            i++;
        size_t j = i;
        while (j < len && line[j] != ' ')
            j++;
        if (j == i)
            break;
        int is_step = memchr(line + i, '/', j - i) != NULL;
        if (started && !is_step)
            break;
        if (is_step) {
            if (n + (j - i) + 2 > size)
                return -1;
            if (n)
                play[n++] = ' ';
            memcpy(play + n, line + i, j - i);
            n += j - i;
            started = 1;
        }
        i = j;
    }
    play[n] = '\0';
    return started ? 0 : -1;
}

int kk_gnubg_plays(struct kk_gnubg *gb, const struct bg_state *s, kk_move *out, int max,
                   kk_error *err)
{
    if (s->phase != BG_PHASE_MOVE)
        return kk_fail(err, "gnubg is asked only at a seat's play");
    if (set_mode(gb, s->gammons, err))
        return -1;
    char id[15], cmd[256];
    kk_gnubg_position_id(s, id);
    snprintf(cmd, sizeof cmd, "set turn 1\nset board %s\nset dice %d %d\nhint %d\n", id,
             s->dice[0], s->dice[1], max);
    if (ask(gb, cmd, err))
        return -1;
    kk_move *legal = malloc(sizeof *legal * BG_MAX_MOVES);
    struct bg_state *after = malloc(sizeof *after * BG_MAX_MOVES);
    if (!legal || !after) {
        free(legal);
        free(after);
        return kk_fail(err, "out of memory");
    }
    int nlegal = kk_game_backgammon.legal_moves(s, legal);
    for (int i = 0; i < nlegal; i++) {
        after[i] = *s;
        for (int j = 0; j < BG_MOVE_STEPS(legal[i]); j++) {
            int step = BG_STEP(legal[i], j);
            bg_step_apply(&after[i], s->seat, BG_STEP_FROM(step), s->dice[BG_STEP_DIE(step)]);
        }
    }
    int n = 0, rc = 0;
    for (const char *line = gb->buf; *line && n < max;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        char play[128];
        if (hint_line(line, len, play, sizeof play) == 0) {
            struct bg_state t;
            int found = -1;
            if (kk_gnubg_apply_text(s, play, &t) == 0)
                for (int i = 0; i < nlegal && found < 0; i++)
                    if (memcmp(after[i].board, t.board, sizeof t.board) == 0)
                        found = i;
            if (found < 0) {
                rc = kk_fail(err, "gnubg's play '%s' (position %s, dice %d-%d) is not one of "
                                  "kark's legal plays", play, id, s->dice[0], s->dice[1]);
                break;
            }
            out[n++] = legal[found];
        }
        line = nl ? nl + 1 : line + len;
    }
    free(legal);
    free(after);
    if (rc)
        return -1;
    if (n == 0)
        return kk_fail(err, "gnubg listed no play for position %s, dice %d-%d", id, s->dice[0],
                       s->dice[1]);
    return n;
}

/* --- the agent -------------------------------------------------------------------------- */

struct gnubg_agent {
    struct kk_agent base; /* first: the agent pointer is the struct pointer */
    struct kk_gnubg *gb;
    int plies;
    kk_move *moves;
};

static kk_move gnubg_choose(struct kk_agent *self, const void *state, kk_rng *rng)
{
    struct gnubg_agent *a = (struct gnubg_agent *)self;
    (void)rng;
    int n = kk_game_backgammon.legal_moves(state, a->moves);
    if (n == 1)
        return a->moves[0];
    kk_move best;
    kk_error err;
    for (int attempt = 0; attempt < 2; attempt++) {
        if (a->gb && kk_gnubg_plays(a->gb, state, &best, 1, &err) == 1)
            return best;
        /* gnubg died or answered nonsense: start a fresh process once. */
        kk_gnubg_close(a->gb);
        a->gb = kk_gnubg_open(a->plies, ((const struct bg_state *)state)->gammons, &err);
    }
    /* The interface has no error path for choose(): say so loudly rather than play on
     * silently with a made-up move. */
    fprintf(stderr, "kark: gnubg agent failed (%s); playing the first legal move\n", err.msg);
    return a->moves[0];
}

static void gnubg_destroy(struct kk_agent *self)
{
    struct gnubg_agent *a = (struct gnubg_agent *)self;
    kk_gnubg_close(a->gb);
    free(a->moves);
    free(a);
}

static const struct kk_agent_opt gnubg_opts[] = {
    {"ply", "0", 0, 2, 1, NULL,
     "gnubg's look-ahead for choosing a play: 0 (its neural net alone, fastest), 1 or 2"},
};

static struct kk_agent *gnubg_create(const struct kk_game *g, const double *vals, kk_error *err)
{
    if (g != &kk_game_backgammon) {
        kk_fail(err, "the gnubg agent plays only backgammon, not %s", g->name);
        return NULL;
    }
    struct gnubg_agent *a = calloc(1, sizeof *a);
    if (!a || !(a->moves = malloc(sizeof *a->moves * BG_MAX_MOVES))) {
        free(a);
        kk_fail(err, "out of memory");
        return NULL;
    }
    a->plies = (int)vals[0];
    /* Started now so that a missing or broken gnubg fails here, with the reason. The
     * scoring mode follows each position's `gammons` rule. */
    a->gb = kk_gnubg_open(a->plies, 0, err);
    if (!a->gb) {
        free(a->moves);
        free(a);
        return NULL;
    }
    a->base.game = g;
    a->base.choose = gnubg_choose;
    a->base.destroy = gnubg_destroy;
    return &a->base;
}

const struct kk_agent_class kk_agent_gnubg = {
    .name = "gnubg",
    .help = "GNU Backgammon (installed gnubg) chooses the play; backgammon only",
    .opts = gnubg_opts,
    .num_opts = (int)(sizeof gnubg_opts / sizeof gnubg_opts[0]),
    .create = gnubg_create,
};
