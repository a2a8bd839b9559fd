/* isatty, fileno */
#define _POSIX_C_SOURCE 200809L
/* kark play GAME: a person plays in the terminal against agents. A `human` seat reads its
 * moves from standard input in the game's notation; after every move the position is drawn
 * as the human's seat sees it (kk_game_draw), so a hidden-information game never shows
 * another seat's cards or a pending simultaneous commitment. `undo` goes back to the
 * human's previous decision with the generators as they were there, so replaying the same
 * moves gives the same game. The game is saved as a record like `kark selfplay --record`. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../engine/core/record.h"
#include "cli.h"
#include "commands.h"
#include "play.h"

#define CMD "play"
#define MAX_SETS 32
#define LINE_MAX_LEN 1024
/* A game longer than this is an engine bug, not a long game. */
#define MAX_EVENTS 1000000

static void help(void)
{
    printf(
        "usage: kark play GAME --agents A,B,... [--players P] [--set KEY=VALUE ...]\n"
        "                      [--seed S] [--record FILE]\n\n"
        "Plays one game of GAME in the terminal. Seat s is played by the s-th agent of --agents;\n"
        "'human' is a person typing moves (e.g. --agents human,mcts:iters=2000). A single agent\n"
        "plays every seat. The position is drawn after every move as the first human seat sees\n"
        "it (everything when no seat is human).\n\n"
        "At the prompt type a move in the game's notation (see docs/rules/GAME.md), or:\n"
        "  ? or moves   list the legal moves (#N picks the N-th)\n"
        "  board        draw the position again\n"
        "  undo         take back to your previous decision\n"
        "  quit         stop (end of input stops too)\n\n"
        "--seed S fixes chance and the agents (default: from the clock; it is printed).\n"
        "--record FILE saves the game in the record format ('kark replay FILE' checks it); a\n"
        "game stopped early is saved up to where it stopped.\n");
}

/* One event of the game so far, with both generators as they were before it. */
struct event {
    kk_move move;
    int seat; /* who made it: a seat or KK_CHANCE */
    kk_rng chance, agent;
};

struct session {
    const struct kk_game *g;
    const struct kk_variant *v;
    int players, seats;
    struct kk_agent *seat_agent[KK_MAX_SEATS]; /* NULL for a human seat */
    int viewer;                                /* first human seat, or KK_ONLOOKER */
    void *state;
    kk_rng chance, agent;
    struct event *events;
    int num_events, cap_events;
    /* The current simultaneous round's commitments, held back from the agents and the
     * screen until the round is revealed: their event indices and states. */
    int held[8 * KK_MAX_SEATS];
    char *held_states;
    int num_held;
    int quiet;    /* 1 while re-applying events after an undo */
    int stale;    /* the picture on screen is out of date */
    struct kk_buf text;
};

static int is_human(const struct session *s, int seat)
{
    return seat >= 0 && !s->seat_agent[seat];
}

static void observe_all(struct session *s, const void *state, kk_move m)
{
    for (int i = 0; i < s->seats; i++) {
        struct kk_agent *a = s->seat_agent[i];
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= s->seat_agent[j] == a;
        if (a && !dup && a->observe)
            a->observe(a, state, m);
    }
}

static void draw(struct session *s, int seat)
{
    kk_buf_clear(&s->text);
    kk_game_draw(s->g, s->state, seat, &s->text);
    fputs(kk_buf_str(&s->text), stdout);
    s->stale = 0;
}

/* Prints event k (about to be applied to state) as the viewer sees it. */
static void show_event(struct session *s, const void *state, int k, const char *prefix)
{
    const struct event *e = &s->events[k];
    kk_buf_clear(&s->text);
    kk_game_view_event(s->g, state, e->move, s->viewer, &s->text);
    if (s->text.len == 0)
        return;
    if (e->seat == KK_CHANCE)
        printf("%s* %s\n", prefix, kk_buf_str(&s->text));
    else
        printf("%s%d: %s%s\n", prefix, e->seat, kk_buf_str(&s->text),
               e->seat == s->viewer ? "  (you)" : "");
}

/* Applies event k (already in the list) to the state, telling the agents and the screen
 * what they may know: a simultaneous round's commitments only once it is revealed. */
static int apply_event(struct session *s, int k, kk_error *err)
{
    const struct kk_game *g = s->g;
    struct event *e = &s->events[k];
    uint32_t pending = kk_sim_pending(g, s->state);
    if (!pending) {
        if (!s->quiet)
            show_event(s, s->state, k, "");
        observe_all(s, s->state, e->move);
        g->apply(s->state, e->move);
        s->stale = 1;
        return 0;
    }
    if (s->num_held == (int)(sizeof s->held / sizeof s->held[0]))
        return kk_fail(err, "%s: a simultaneous round of more than %d moves", g->name,
                       s->num_held);
    memcpy(s->held_states + (size_t)s->num_held * g->state_size, s->state, g->state_size);
    s->held[s->num_held++] = k;
    if (!s->quiet) {
        if (e->seat == s->viewer) {
            char text[256];
            g->move_to_text(s->state, e->move, text, sizeof text);
            printf("%d: %s  (you; hidden from the others until the round is revealed)\n",
                   e->seat, text);
        } else {
            printf("%d: committed (hidden until the round is revealed)\n", e->seat);
        }
    }
    g->apply(s->state, e->move);
    if (kk_sim_revealed(pending, kk_sim_pending(g, s->state))) {
        if (!s->quiet)
            printf("round revealed:\n");
        for (int h = 0; h < s->num_held; h++) {
            const void *at = s->held_states + (size_t)h * g->state_size;
            if (!s->quiet)
                show_event(s, at, s->held[h], "  ");
            observe_all(s, at, s->events[s->held[h]].move);
        }
        s->num_held = 0;
        s->stale = 1;
    }
    return 0;
}

static int push_event(struct session *s, kk_move m, int seat, const kk_rng *chance,
                      const kk_rng *agent, kk_error *err)
{
    if (s->num_events >= MAX_EVENTS)
        return kk_fail(err, "%s: game did not end after %d events", s->g->name, MAX_EVENTS);
    if (s->num_events == s->cap_events) {
        int cap = s->cap_events ? 2 * s->cap_events : 256;
        struct event *p = realloc(s->events, sizeof *p * (size_t)cap);
        if (!p)
            return kk_fail(err, "out of memory");
        s->events = p;
        s->cap_events = cap;
    }
    struct event *e = &s->events[s->num_events++];
    e->move = m;
    e->seat = seat;
    e->chance = *chance;
    e->agent = *agent;
    return 0;
}

static void reset_agents(struct session *s)
{
    for (int i = 0; i < s->seats; i++) {
        struct kk_agent *a = s->seat_agent[i];
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= s->seat_agent[j] == a;
        if (a && !dup && a->reset)
            a->reset(a);
    }
}

static int start(struct session *s, kk_error *err)
{
    if (kk_game_init(s->g, s->state, s->v, s->players, err) != 0)
        return -1;
    s->num_held = 0;
    reset_agents(s);
    return 0;
}

/* Takes the game back to event `to` (a human decision): replays the events before it
 * silently and restores the generators it was made with. */
static int rewind_to(struct session *s, int to, kk_error *err)
{
    if (start(s, err) != 0)
        return -1;
    s->quiet = 1;
    for (int k = 0; k < to; k++)
        if (apply_event(s, k, err) != 0)
            return -1;
    s->quiet = 0;
    s->chance = s->events[to].chance;
    s->agent = s->events[to].agent;
    s->num_events = to;
    s->stale = 1;
    return 0;
}

static void list_moves(struct session *s)
{
    const struct kk_game *g = s->g;
    kk_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
    if (!moves)
        return;
    int n = g->legal_moves(s->state, moves), col = 0;
    printf("%d legal move%s:\n", n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        char text[256], item[300];
        g->move_to_text(s->state, moves[i], text, sizeof text);
        int len = snprintf(item, sizeof item, "#%d %s", i + 1, text);
        if (col > 0 && col + 3 + len > 78) {
            printf("\n");
            col = 0;
        }
        col += printf("%s%s", col ? " | " : "", item);
    }
    printf("\n");
    free(moves);
}

static char *trim(char *t)
{
    while (*t == ' ' || *t == '\t')
        t++;
    size_t n = strlen(t);
    while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\n' || t[n - 1] == '\r'))
        t[--n] = '\0';
    return t;
}

enum { ASK_MOVE, ASK_UNDO, ASK_QUIT, ASK_EOF };

/* Reads the human's decision at seat `who`: a legal move in *move, or a command. */
static int ask(struct session *s, int who, kk_move *move)
{
    const struct kk_game *g = s->g;
    for (;;) {
        if (s->stale)
            draw(s, who);
        printf("seat %d> ", who);
        fflush(stdout);
        char line[LINE_MAX_LEN];
        if (!fgets(line, sizeof line, stdin))
            return ASK_EOF;
        /* Typed input echoes itself; piped input is shown so a transcript reads right. */
        if (!isatty(STDIN_FILENO))
            printf("%s%s", line, strchr(line, '\n') ? "" : "\n");
        if (!strchr(line, '\n') && !feof(stdin)) {
            int c;
            while ((c = getchar()) != '\n' && c != EOF)
                ;
            printf("that line is too long (at most %d characters)\n", LINE_MAX_LEN - 2);
            continue;
        }
        char *t = trim(line);
        if (!*t) {
            printf("type a move, ? for the legal moves, undo, board or quit\n");
        } else if (strcmp(t, "?") == 0 || strcmp(t, "moves") == 0) {
            list_moves(s);
        } else if (strcmp(t, "board") == 0) {
            draw(s, who);
        } else if (strcmp(t, "help") == 0) {
            printf("a move in %s notation, ? or moves, #N (the N-th legal move), board, undo, "
                   "quit\n", g->name);
        } else if (strcmp(t, "undo") == 0) {
            return ASK_UNDO;
        } else if (strcmp(t, "quit") == 0 || strcmp(t, "exit") == 0) {
            return ASK_QUIT;
        } else if (t[0] == '#') {
            kk_move *moves = malloc(sizeof *moves * (size_t)g->max_moves);
            if (!moves)
                return ASK_QUIT;
            int n = g->legal_moves(s->state, moves);
            char *end;
            long k = strtol(t + 1, &end, 10);
            int ok = end != t + 1 && *end == '\0' && k >= 1 && k <= n;
            if (ok)
                *move = moves[k - 1];
            free(moves);
            if (ok)
                return ASK_MOVE;
            printf("no move '%s': there %s %d legal move%s (? lists them)\n", t,
                   n == 1 ? "is" : "are", n, n == 1 ? "" : "s");
        } else {
            kk_error err;
            if (g->move_from_text(s->state, t, move, &err) != 0)
                printf("not a move here: %s (? lists the legal moves)\n", err.msg);
            else if (!kk_is_legal(g, s->state, *move))
                printf("illegal move '%s' (? lists the legal moves)\n", t);
            else
                return ASK_MOVE;
        }
    }
}

static int save_record(const struct session *s, const char *path, const char *comment,
                       kk_error *err)
{
    const struct kk_game *g = s->g;
    void *st = malloc(g->state_size);
    if (!st)
        return kk_fail(err, "out of memory");
    struct kk_buf rec = {0};
    kk_record_write_header(&rec, g, s->players, s->v, comment);
    int rc = kk_game_init(g, st, s->v, s->players, err);
    for (int k = 0; rc == 0 && k < s->num_events; k++) {
        kk_record_write_event(&rec, g, st, s->events[k].move);
        g->apply(st, s->events[k].move);
    }
    if (rc == 0 && g->to_move(st) == KK_TERMINAL)
        kk_record_write_result(&rec, g, st);
    free(st);
    if (rc == 0) {
        FILE *f = fopen(path, "w");
        if (!f || fputs(kk_buf_str(&rec), f) < 0 || fclose(f) != 0)
            rc = kk_fail(err, "cannot write '%s': %s", path, strerror(errno));
    }
    kk_buf_free(&rec);
    return rc;
}

static void print_result(const struct session *s)
{
    const struct kk_game *g = s->g;
    int32_t scores[KK_MAX_SEATS];
    g->scores(s->state, scores);
    uint32_t w = g->winners(s->state);
    printf("game over. scores:");
    for (int i = 0; i < s->seats; i++)
        printf(" %d", scores[i]);
    if (g->cooperative && g->result)
        printf("; result %g", g->result(s->state));
    else {
        printf("; winner%s:", __builtin_popcount(w) == 1 ? "" : "s");
        for (int i = 0; i < s->seats; i++)
            if (w >> i & 1u)
                printf(" seat %d%s", i, is_human(s, i) ? " (human)" : "");
    }
    printf("\n");
}

/* Plays the game to its end or until the human stops. 0, or -1 with err. */
static int play(struct session *s, kk_error *err)
{
    const struct kk_game *g = s->g;
    if (start(s, err) != 0)
        return -1;
    s->stale = 1;
    for (;;) {
        int who = g->to_move(s->state);
        if (who == KK_TERMINAL)
            break;
        kk_rng chance0 = s->chance, agent0 = s->agent;
        kk_move m;
        if (who == KK_CHANCE) {
            m = g->sample_chance(s->state, &s->chance);
        } else if (is_human(s, who)) {
            int r = ask(s, who, &m);
            if (r == ASK_EOF || r == ASK_QUIT) {
                printf(r == ASK_EOF ? "\nend of input: the game stops here\n"
                                    : "the game stops here\n");
                return 0;
            }
            if (r == ASK_UNDO) {
                int k = s->num_events - 1;
                while (k >= 0 && !is_human(s, s->events[k].seat))
                    k--;
                if (k < 0) {
                    printf("nothing to undo: this is your first decision\n");
                    continue;
                }
                if (rewind_to(s, k, err) != 0)
                    return -1;
                printf("taken back to seat %d's previous decision (event %d of the game)\n",
                       s->events[k].seat, k + 1);
                continue;
            }
        } else {
            if (!s->stale && s->viewer != KK_ONLOOKER)
                fflush(stdout);
            m = s->seat_agent[who]->choose(s->seat_agent[who], s->state, &s->agent);
        }
        if (push_event(s, m, who, &chance0, &agent0, err) != 0)
            return -1;
        int pending = kk_sim_pending(g, s->state) != 0;
        if (apply_event(s, s->num_events - 1, err) != 0)
            return -1;
        /* The picture after every move; chance waits for the next move or prompt. */
        if (who != KK_CHANCE && s->stale && !(pending && s->num_held > 0))
            draw(s, s->viewer);
    }
    printf("\n");
    draw(s, KK_ONLOOKER);
    print_result(s);
    return 0;
}

int kk_cmd_play(int argc, char **argv)
{
    const char *game_name = NULL, *agents_arg = NULL, *record_path = NULL;
    const char *sets[MAX_SETS];
    int num_sets = 0, seed_given = 0;
    long long seed = 0, players = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int taken = kk_cli_game_option(CMD, argc, argv, &i, &players, sets, &num_sets, MAX_SETS);
        if (taken < 0)
            return KK_EXIT_USAGE;
        if (taken)
            continue;
        if (kk_cli_is_help(a)) {
            help();
            return KK_EXIT_OK;
        }
        const char *val;
        if (strcmp(a, "--agents") == 0) {
            if (!(agents_arg = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 0, INT64_MAX, &seed) != 0)
                return KK_EXIT_USAGE;
            seed_given = 1;
        } else if (strcmp(a, "--record") == 0) {
            if (!(record_path = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (a[0] == '-') {
            return kk_cli_usage(CMD, "unknown option '%s' (expected --agents, --players, --set, "
                                     "--seed, --record or --help)", a);
        } else if (!game_name) {
            game_name = a;
        } else {
            return kk_cli_usage(CMD, "unexpected argument '%s' (one GAME only)", a);
        }
    }
    const struct kk_game *g = kk_cli_game(CMD, game_name);
    if (!g)
        return KK_EXIT_USAGE;
    if (!agents_arg)
        return kk_cli_usage(CMD, "missing --agents (e.g. --agents human,mcts)");
    if (!seed_given)
        seed = (long long)(time(NULL) & 0x7fffffff);
    struct kk_variant v;
    kk_error err;
    if (kk_variant_defaults(g, &v, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
        return KK_EXIT_FAIL;
    }
    for (int i = 0; i < num_sets; i++)
        if (kk_variant_set(g, &v, sets[i], &err) != 0)
            return kk_cli_usage(CMD, "%s", err.msg);
    char specs[KK_MAX_SEATS][KK_SPEC_LEN];
    int num_agents = kk_agent_list_split(agents_arg, specs, KK_MAX_SEATS, &err);
    if (num_agents < 0)
        return kk_cli_usage(CMD, "%s", err.msg);
    if (players == 0 && num_agents > 1)
        players = num_agents;

    struct session s = {0};
    s.g = g;
    s.v = &v;
    s.players = (int)players;
    s.state = calloc(1, g->state_size);
    s.held_states = malloc(g->state_size * (sizeof s.held / sizeof s.held[0]));
    if (!s.state || !s.held_states) {
        free(s.state);
        free(s.held_states);
        fprintf(stderr, "kark %s: out of memory\n", CMD);
        return KK_EXIT_FAIL;
    }
    struct kk_agent *agents[KK_MAX_SEATS] = {0};
    int status = KK_EXIT_OK;
    if (kk_game_init(g, s.state, &v, (int)players, &err) != 0) {
        status = kk_cli_usage(CMD, "%s", err.msg);
        goto done;
    }
    s.seats = g->players(s.state);
    if (num_agents > 1 && num_agents != s.seats) {
        status = kk_cli_usage(CMD, "%d agents given for %d seats (give one agent, or one per seat)",
                              num_agents, s.seats);
        goto done;
    }
    for (int a = 0; a < num_agents; a++) {
        if (strcmp(specs[a], "human") == 0)
            continue;
        agents[a] = kk_agent_create(g, specs[a], &err);
        if (!agents[a]) {
            status = kk_cli_usage(CMD, "%s", err.msg);
            goto done;
        }
    }
    s.viewer = KK_ONLOOKER;
    for (int i = 0; i < s.seats; i++) {
        s.seat_agent[i] = agents[num_agents == 1 ? 0 : i];
        if (!s.seat_agent[i] && s.viewer == KK_ONLOOKER)
            s.viewer = i;
    }
    kk_game_rngs((uint64_t)seed, 0, &s.chance, &s.agent);
    char desc[1024];
    kk_variant_describe(g, &v, " ", desc, sizeof desc);
    printf("%s, %d seat%s, seed %lld\nvariant: %s\n", g->title, s.seats, s.seats == 1 ? "" : "s",
           seed, g->num_params ? desc : "(no parameters)");
    for (int i = 0; i < s.seats; i++)
        printf("seat %d: %s\n", i, s.seat_agent[i] ? s.seat_agent[i]->spec : "human");
    if (s.viewer != KK_ONLOOKER)
        printf("type ? for the legal moves, undo, board or quit\n");
    printf("\n");
    if (play(&s, &err) != 0) {
        fflush(stdout);
        fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
        status = KK_EXIT_FAIL;
    }
    if (record_path) {
        char comment[KK_SPEC_LEN * KK_MAX_SEATS + 64];
        size_t n = (size_t)snprintf(comment, sizeof comment, "kark play seed %lld:", seed);
        for (int i = 0; i < s.seats && n < sizeof comment; i++)
            n += (size_t)snprintf(comment + n, sizeof comment - n, " %s",
                                  s.seat_agent[i] ? s.seat_agent[i]->spec : "human");
        if (save_record(&s, record_path, comment, &err) != 0) {
            fflush(stdout);
            fprintf(stderr, "kark %s: %s\n", CMD, err.msg);
            status = KK_EXIT_FAIL;
        } else {
            printf("record: %s\n", record_path);
        }
    }
done:
    for (int a = 0; a < num_agents; a++)
        kk_agent_destroy(agents[a]);
    kk_buf_free(&s.text);
    free(s.events);
    free(s.state);
    free(s.held_states);
    return status;
}
