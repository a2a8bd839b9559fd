/* mkdir */
#define _POSIX_C_SOURCE 200809L

#include "study_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <time.h>
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "mpi.h"
#include "sprt.h"
#include "version.h"

#define MAX_SWEEP_VALUES 64
#define MAX_ARGS_FILE 256

enum {
    OPT_AGENTS = 256, OPT_PLAYERS, OPT_GAMES, OPT_SEED, OPT_THREADS, OPT_STOP_AFTER, OPT_SET,
    OPT_SWEEP, OPT_OUT, OPT_RESUME, OPT_RECORD, OPT_FORCE, OPT_SUMMARY_ONLY, OPT_SPRT, OPT_HELP
};

static const struct option long_options[] = {
    {"agents", required_argument, NULL, OPT_AGENTS},
    {"players", required_argument, NULL, OPT_PLAYERS},
    {"games", required_argument, NULL, OPT_GAMES},
    {"seed", required_argument, NULL, OPT_SEED},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"stop-after", required_argument, NULL, OPT_STOP_AFTER},
    {"set", required_argument, NULL, OPT_SET},
    {"sweep", required_argument, NULL, OPT_SWEEP},
    {"out", required_argument, NULL, OPT_OUT},
    {"resume", required_argument, NULL, OPT_RESUME},
    {"record", required_argument, NULL, OPT_RECORD},
    {"force", no_argument, NULL, OPT_FORCE},
    {"summary-only", no_argument, NULL, OPT_SUMMARY_ONLY},
    {"sprt", required_argument, NULL, OPT_SPRT},
    {"help", no_argument, NULL, OPT_HELP},
    {NULL, 0, NULL, 0},
};

/* The option as the user wrote it, without "=value": "--games" for "--games=x". */
static void option_text(const char *arg, char *buf, size_t size)
{
    size_t n = strcspn(arg, "=");
    snprintf(buf, size, "%.*s", (int)n, arg);
}

/* Parses argv into a (which the caller zeroed and gave defaults) with getopt_long, so
 * "--games 3" and "--games=3" both work. Returns 0, or the exit status after printing the
 * error. argv[0] is the command; argv may be reordered (GNU getopt permutes it). */
static int parse_args(struct kk_study_args *a, int argc, char **argv)
{
    const char *cmd = a->cmd;
    opterr = 0;  /* our own messages, in the "kark CMD: ..." form */
    optind = 0;  /* a full re-initialisation (GNU), since args.txt is parsed after argv */
    int c, idx;
    while ((c = getopt_long(argc, argv, "-:h", long_options, &idx)) != -1) {
        const char *val = optarg;
        char flag[64];
        if (c != 1 && c != '?' && c != ':' && c != 'h' && c != OPT_HELP)
            snprintf(flag, sizeof flag, "--%s", long_options[idx].name);
        switch (c) {
        case 'h':
        case OPT_HELP:
            a->help = 1;
            return 0;
        case OPT_AGENTS:
            a->agents = val;
            a->settings_given = 1;
            break;
        case OPT_PLAYERS:
            if (kk_cli_long(cmd, flag, val, 1, KK_MAX_SEATS, &a->players) != 0)
                return KK_EXIT_USAGE;
            a->settings_given = 1;
            break;
        case OPT_GAMES:
            if (kk_cli_long(cmd, flag, val, 1, 100000000, &a->games) != 0)
                return KK_EXIT_USAGE;
            a->games_given = 1;
            break;
        case OPT_SEED:
            if (kk_cli_long(cmd, flag, val, 0, INT64_MAX, &a->seed) != 0)
                return KK_EXIT_USAGE;
            a->settings_given = 1;
            break;
        case OPT_THREADS:
            if (kk_cli_long(cmd, flag, val, 1, 1024, &a->threads) != 0)
                return KK_EXIT_USAGE;
            break;
        case OPT_STOP_AFTER:
            if (kk_cli_long(cmd, flag, val, 1, INT64_MAX, &a->stop_after) != 0)
                return KK_EXIT_USAGE;
            break;
        case OPT_SET:
            if (a->num_sets == KK_STUDY_MAX_SETS)
                return kk_cli_usage(cmd, "too many --set options (at most %d)",
                                    KK_STUDY_MAX_SETS);
            a->sets[a->num_sets++] = val;
            a->settings_given = 1;
            break;
        case OPT_SWEEP:
            if (!a->allow_sweep)
                return kk_cli_usage(cmd, "unknown option '--sweep' (a sweep is 'kark balance')");
            if (a->num_sweeps == KK_STUDY_MAX_SWEEPS)
                return kk_cli_usage(cmd, "too many --sweep options (at most %d)",
                                    KK_STUDY_MAX_SWEEPS);
            a->sweeps[a->num_sweeps++] = val;
            a->settings_given = 1;
            break;
        case OPT_SPRT:
            if (a->allow_sweep)
                return kk_cli_usage(cmd, "unknown option '--sprt' (a sequential test is 'kark "
                                         "tournament')");
            a->sprt = val;
            a->settings_given = 1;
            break;
        case OPT_OUT:
            a->out = val;
            break;
        case OPT_RESUME:
            a->resume = val;
            break;
        case OPT_RECORD:
            a->record = val;
            break;
        case OPT_FORCE:
            a->force = 1;
            break;
        case OPT_SUMMARY_ONLY:
            a->summary_only = 1;
            break;
        case ':':
            option_text(argv[optind - 1], flag, sizeof flag);
            return kk_cli_usage(cmd, "option '%s' needs a value", flag);
        case '?':
            if (optopt && optopt < 256 && argv[optind - 1][0] == '-' && argv[optind - 1][1] != '-')
                return kk_cli_usage(cmd, "unknown option '-%c' (see 'kark %s --help')", optopt,
                                    a->cmd);
            option_text(argv[optind - 1], flag, sizeof flag);
            if (optopt) /* "--force=x": a flag that takes no value */
                return kk_cli_usage(cmd, "option '%s' takes no value", flag);
            return kk_cli_usage(cmd, "unknown option '%s' (expected --agents, --players, "
                                     "--games, --seed, --threads, --set,%s --out, --resume, "
                                     "--stop-after, --record, --force, --summary-only or --help)",
                                argv[optind - 1], a->allow_sweep ? " --sweep," : "");
        case 1:
            if (!a->game_name) {
                a->game_name = val;
                a->settings_given = 1;
            } else {
                return kk_cli_usage(cmd, "unexpected argument '%s' (one GAME only)", val);
            }
            break;
        default:
            return kk_cli_usage(cmd, "cannot parse '%s'", argv[optind - 1]);
        }
    }
    for (int i = optind; i < argc; i++) { /* after "--": positional arguments only */
        if (a->game_name)
            return kk_cli_usage(cmd, "unexpected argument '%s' (one GAME only)", argv[i]);
        a->game_name = argv[i];
        a->settings_given = 1;
    }
    return 0;
}

/* The settings that define a run, one argument per line: what --resume reads back.
 * --threads, --out and --stop-after are left out: they do not change the results. */
static void format_args(const struct kk_study_args *a, struct kk_buf *b)
{
    kk_buf_printf(b, "%s\n--agents\n%s\n", a->game_name, a->agents);
    if (a->players)
        kk_buf_printf(b, "--players\n%lld\n", a->players);
    kk_buf_printf(b, "--games\n%lld\n--seed\n%lld\n", a->games, a->seed);
    for (int i = 0; i < a->num_sets; i++)
        kk_buf_printf(b, "--set\n%s\n", a->sets[i]);
    for (int i = 0; i < a->num_sweeps; i++)
        kk_buf_printf(b, "--sweep\n%s\n", a->sweeps[i]);
    if (a->sprt)
        kk_buf_printf(b, "--sprt\n%s\n", a->sprt);
}

/* Reads DIR/args.txt into lines (argv-style, strings owned by *storage). */
static int read_args_file(const char *cmd, const char *dir, char **storage, char **lines,
                          int *count)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/args.txt", dir);
    FILE *f = fopen(path, "rb");
    if (!f)
        return kk_cli_usage(cmd, "cannot resume '%s': %s/args.txt: %s", dir, dir,
                            strerror(errno));
    struct kk_buf b = {0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        kk_buf_append(&b, chunk, n);
    fclose(f);
    *storage = b.data ? b.data : calloc(1, 1);
    *count = 0;
    for (char *line = *storage; *line && *count < MAX_ARGS_FILE;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lines[(*count)++] = line;
        if (!nl)
            break;
        line = nl + 1;
    }
    return 0;
}

/* Writes DIR/args.txt (through a temporary file and a rename); prints why not. */
static int write_args(const char *cmd, const struct kk_study_args *a)
{
    struct kk_buf args = {0};
    char path[4096], tmp_path[4100];
    snprintf(path, sizeof path, "%s/args.txt", a->out);
    snprintf(tmp_path, sizeof tmp_path, "%s.tmp", path);
    format_args(a, &args);
    FILE *f = fopen(tmp_path, "wb");
    int ok = f && fputs(kk_buf_str(&args), f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    if (ok && rename(tmp_path, path) != 0)
        ok = 0;
    int e = errno;
    if (!ok)
        remove(tmp_path);
    kk_buf_free(&args);
    if (!ok) {
        fprintf(stderr, "kark %s: cannot write '%s': %s\n", cmd, path, strerror(e));
        return -1;
    }
    return 0;
}

/* Takes an exclusive lock on DIR/.lock for the life of the process (a POSIX record lock,
 * released when the process ends however it ends), so two runs can never write one folder.
 * Returns the open descriptor, or -1 after printing why not. */
static int lock_dir(const char *cmd, const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/.lock", dir);
    int fd = open(path, O_RDWR | O_CREAT, 0666);
    if (fd < 0) {
        fprintf(stderr, "kark %s: cannot open '%s': %s\n", cmd, path, strerror(errno));
        return -1;
    }
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(fd, F_SETLK, &fl) != 0) {
        struct flock who = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
        long pid = fcntl(fd, F_GETLK, &who) == 0 && who.l_type != F_UNLCK ? (long)who.l_pid : 0;
        if (pid > 0)
            fprintf(stderr, "kark %s: '%s' is in use by another kark run (process %ld); wait "
                            "for it to finish or stop it first\n", cmd, dir, pid);
        else
            fprintf(stderr, "kark %s: '%s' is in use by another kark run; wait for it to "
                            "finish or stop it first\n", cmd, dir);
        close(fd);
        return -1;
    }
    return fd;
}

/* mkdir -p */
static int make_dirs(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (char *c = path + 1; *c; c++) {
        if (*c != '/')
            continue;
        *c = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            return -1;
        *c = '/';
    }
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

/* Splits a --sweep value list: list-valued parameters take '/' between values (their own
 * items are comma-separated), scalar ones ',' or '/'. */
static int split_values(char *text, int list_kind, char **vals, int max)
{
    int n = 0;
    for (char *c = text;;) {
        if (n == max)
            return -1;
        vals[n++] = c;
        c += strcspn(c, list_kind ? "/" : ",/");
        if (*c == '\0')
            return n;
        *c++ = '\0';
    }
}

struct sweep_axis_values {
    int param;
    int count;
    char *vals[MAX_SWEEP_VALUES];
    char storage[2048];
};

/* Copies a scalar --sweep value list into out with every integer range "A..B" written out
 * ("1..4" becomes "1,2,3,4"; a descending range counts down). Returns 0, or -1 when the
 * result does not fit or a range is longer than MAX_SWEEP_VALUES. */
static int expand_ranges(const char *text, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (const char *c = text;;) {
        size_t len = strcspn(c, ",/");
        char item[128];
        snprintf(item, sizeof item, "%.*s", (int)(len < sizeof item ? len : sizeof item - 1), c);
        char *dots = strstr(item, "..");
        char *end1, *end2;
        long lo = 0, hi = 0;
        int range = 0;
        if (dots && dots != item) {
            *dots = '\0';
            lo = strtol(item, &end1, 10);
            hi = strtol(dots + 2, &end2, 10);
            range = *end1 == '\0' && dots[2] != '\0' && *end2 == '\0';
            *dots = '.';
        }
        if (range) {
            if (labs(hi - lo) >= MAX_SWEEP_VALUES)
                return -1;
            for (long v = lo;; v += hi >= lo ? 1 : -1) {
                n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%ld", n ? "," : "", v);
                if (v == hi)
                    break;
            }
        } else {
            n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%.*s", n ? "," : "",
                                  (int)len, c);
        }
        if (n >= size)
            return -1;
        if (c[len] == '\0')
            return 0;
        c += len + 1;
    }
}

/* Builds the variants of a sweep grid (first --sweep varies slowest). Returns 0 or the
 * exit status after printing the error. */
static int grid_values(const struct kk_study_args *a, const struct kk_variant *base,
                       struct kk_study *st, struct kk_sweep_axis *axes, int *num_axes,
                       struct sweep_axis_values *ax)
{
    const struct kk_game *g = st->game;
    kk_error err;
    long long combos = 1;
    for (int s = 0; s < a->num_sweeps; s++) {
        const char *eq = strchr(a->sweeps[s], '=');
        if (!eq || eq == a->sweeps[s] || eq[1] == '\0')
            return kk_cli_usage(a->cmd, "bad --sweep '%s': expected KEY=V1,V2,... (see "
                                        "'kark rules %s')", a->sweeps[s], g->name);
        char key[128];
        snprintf(key, sizeof key, "%.*s", (int)(eq - a->sweeps[s]), a->sweeps[s]);
        int p = kk_param_index(g, key);
        if (p < 0 && strcmp(key, "players") == 0) {
            /* The player count as a sweep axis: each value is a seat count. */
            if (a->players)
                return kk_cli_usage(a->cmd, "players is both swept and given with --players");
            for (int t = 0; t < s; t++)
                if (ax[t].param == KK_SWEEP_PLAYERS)
                    return kk_cli_usage(a->cmd, "parameter 'players' is swept twice");
            ax[s].param = KK_SWEEP_PLAYERS;
            if (expand_ranges(eq + 1, ax[s].storage, sizeof ax[s].storage) != 0)
                return kk_cli_usage(a->cmd, "--sweep players: too many values (at most %d)",
                                    MAX_SWEEP_VALUES);
            ax[s].count = split_values(ax[s].storage, 0, ax[s].vals, MAX_SWEEP_VALUES);
            if (ax[s].count < 0)
                return kk_cli_usage(a->cmd, "--sweep players: too many values (at most %d)",
                                    MAX_SWEEP_VALUES);
            for (int k = 0; k < ax[s].count; k++) {
                char *end;
                long n = strtol(ax[s].vals[k], &end, 10);
                if (ax[s].vals[k][0] == '\0' || *end != '\0' || n < g->min_players ||
                    n > g->max_players)
                    return kk_cli_usage(a->cmd, "--sweep players: bad value '%s': %s plays with "
                                                "%d..%d players",
                                        ax[s].vals[k], g->name, g->min_players, g->max_players);
            }
            combos *= ax[s].count;
            if (combos > KK_STUDY_MAX_VARIANTS)
                return kk_cli_usage(a->cmd, "the sweep has more than %d combinations",
                                    KK_STUDY_MAX_VARIANTS);
            axes[s].param = KK_SWEEP_PLAYERS;
            axes[s].num_values = ax[s].count;
            continue;
        }
        if (p < 0) {
            /* Let the variant parser word the unknown-key error with the accepted keys. */
            struct kk_variant tmp = *base;
            if (kk_variant_set(g, &tmp, a->sweeps[s], &err) != 0)
                return kk_cli_usage(a->cmd, "--sweep: %s", err.msg);
            return kk_cli_usage(a->cmd, "--sweep: unknown parameter '%s'", key);
        }
        for (int t = 0; t < s; t++)
            if (ax[t].param == p)
                return kk_cli_usage(a->cmd, "parameter '%s' is swept twice", key);
        for (int t = 0; t < a->num_sets; t++)
            if (strncmp(a->sets[t], key, strlen(key)) == 0 && a->sets[t][strlen(key)] == '=')
                return kk_cli_usage(a->cmd, "parameter '%s' is both swept and --set", key);
        ax[s].param = p;
        int list_kind = g->params[p].kind == KK_PARAM_INT_LIST ||
                        g->params[p].kind == KK_PARAM_CHOICE_LIST;
        if (list_kind)
            snprintf(ax[s].storage, sizeof ax[s].storage, "%s", eq + 1);
        else if (expand_ranges(eq + 1, ax[s].storage, sizeof ax[s].storage) != 0)
            return kk_cli_usage(a->cmd, "--sweep %s: too many values (at most %d)", key,
                                MAX_SWEEP_VALUES);
        ax[s].count = split_values(ax[s].storage, list_kind, ax[s].vals, MAX_SWEEP_VALUES);
        if (ax[s].count < 0)
            return kk_cli_usage(a->cmd, "--sweep %s: too many values (at most %d)", key,
                                MAX_SWEEP_VALUES);
        for (int k = 0; k < ax[s].count; k++) {
            char assign[2200];
            struct kk_variant tmp = *base;
            snprintf(assign, sizeof assign, "%s=%s", key, ax[s].vals[k]);
            if (ax[s].vals[k][0] == '\0')
                return kk_cli_usage(a->cmd, "--sweep %s: empty value in '%s'%s", key, eq + 1,
                                    list_kind ? " (values of a list parameter are separated "
                                                "by '/', e.g. 3,2,1/4,2,0)" : "");
            if (kk_variant_set(g, &tmp, assign, &err) != 0)
                return kk_cli_usage(a->cmd, "--sweep: %s%s", err.msg,
                                    list_kind ? " (values of a list parameter are separated "
                                                "by '/', e.g. 3,2,1/4,2,0)" : "");
        }
        combos *= ax[s].count;
        if (combos > KK_STUDY_MAX_VARIANTS)
            return kk_cli_usage(a->cmd, "the sweep has more than %d combinations",
                                KK_STUDY_MAX_VARIANTS);
        axes[s].param = p;
        axes[s].num_values = ax[s].count;
    }
    *num_axes = a->num_sweeps;
    st->num_variants = (int)combos;
    for (int v = 0; v < st->num_variants; v++) {
        st->variants[v] = *base;
        st->seats[v] = (int)a->players; /* 0: the game's default, resolved later */
        int rest = v;
        for (int s = a->num_sweeps - 1; s >= 0; s--) {
            int k = rest % ax[s].count;
            rest /= ax[s].count;
            if (ax[s].param == KK_SWEEP_PLAYERS) {
                st->seats[v] = atoi(ax[s].vals[k]);
                continue;
            }
            char assign[2200];
            snprintf(assign, sizeof assign, "%s=%s", g->params[ax[s].param].name, ax[s].vals[k]);
            kk_variant_set(g, &st->variants[v], assign, &err);
        }
        kk_variant_describe(g, &st->variants[v], " ", st->variant_text[v],
                            sizeof st->variant_text[v]);
    }
    return 0;
}

static int build_grid(const struct kk_study_args *a, const struct kk_variant *base,
                      struct kk_study *st, struct kk_sweep_axis *axes, int *num_axes)
{
    struct sweep_axis_values *ax = calloc(KK_STUDY_MAX_SWEEPS, sizeof *ax);
    if (!ax) {
        fprintf(stderr, "kark %s: out of memory\n", a->cmd);
        return KK_EXIT_FAIL;
    }
    int status = grid_values(a, base, st, axes, num_axes, ax);
    free(ax);
    return status;
}

/* "kark 0.1, 2026-11-23 22:40 UTC: `kark balance ...`": the version, the date (from
 * SOURCE_DATE_EPOCH when set, for reproducible files) and the command as typed, each
 * argument quoted for a POSIX shell when it needs it. */
static void provenance(char *buf, size_t size, int argc, char **argv, int resumed)
{
    time_t now = time(NULL);
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    if (epoch && *epoch)
        now = (time_t)strtoll(epoch, NULL, 10);
    struct tm tm;
    char date[64];
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
    size_t n = (size_t)snprintf(buf, size, "kark %s, %s%s: `kark", KK_VERSION, date,
                                resumed ? " (finished by a resume)" : "");
    for (int i = 0; i < argc && n < size; i++) {
        const char *arg = argv[i];
        int plain = *arg != '\0';
        for (const char *c = arg; *c; c++)
            if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                        "-_=.,:/+@%", *c))
                plain = 0;
        if (plain) {
            n += (size_t)snprintf(buf + n, size - n, " %s", arg);
        } else {
            n += (size_t)snprintf(buf + n, size - n, " '");
            for (const char *c = arg; *c && n < size; c++)
                n += (size_t)snprintf(buf + n, size - n, *c == '\'' ? "'\\''" : "%c", *c);
            if (n < size)
                n += (size_t)snprintf(buf + n, size - n, "'");
        }
    }
    if (n < size)
        snprintf(buf + n, size - n, "`");
}

/* 1 when variant a with pa seats and variant b with pb seats set up the same game: they
 * describe alike, or they start from the same state (so "tokens=auto" at 2 players, which
 * the game resolves to 9, is the same rules as "tokens=9"). */
static int same_rules(const struct kk_game *g, const struct kk_variant *a, int pa,
                      const struct kk_variant *b, int pb, void *sa, void *sb)
{
    char ta[KK_VARIANT_TEXT], tb[KK_VARIANT_TEXT];
    kk_variant_describe(g, a, " ", ta, sizeof ta);
    kk_variant_describe(g, b, " ", tb, sizeof tb);
    if (strcmp(ta, tb) == 0)
        return 1;
    kk_error err;
    memset(sa, 0, g->state_size);
    memset(sb, 0, g->state_size);
    if (kk_game_init(g, sa, a, pa, &err) != 0 || kk_game_init(g, sb, b, pb, &err) != 0)
        return 0;
    return g->players(sa) == g->players(sb) && memcmp(sa, sb, g->state_size) == 0;
}

/* Removes the files of a finished or stopped run from dir (--force). */
static int clear_run(const char *cmd, const char *dir)
{
    static const char *const names[] = {"games.csv", "args.txt", "summary.json", "summary.md",
                                        "balance.json", "balance.md", "report.html",
                                        "pending.csv"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (remove(path) != 0 && errno != ENOENT) {
            fprintf(stderr, "kark %s: cannot remove '%s': %s\n", cmd, path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

int kk_study_main(int argc, char **argv, int allow_sweep, void (*help)(void))
{
    struct kk_study_args a;
    memset(&a, 0, sizeof a);
    a.cmd = argv[0];
    a.allow_sweep = allow_sweep;
    a.games = 100;
    a.seed = 1;
    a.threads = omp_get_num_procs();
    /* The command as typed, before getopt reorders argv. */
    char made_by[2048], made_by_resume[2048];
    provenance(made_by, sizeof made_by, argc, argv, 0);
    provenance(made_by_resume, sizeof made_by_resume, argc, argv, 1);
    int status = parse_args(&a, argc, argv);
    if (status)
        return status;
    if (a.help) {
        help();
        return KK_EXIT_OK;
    }
    const char *cmd = a.cmd;
    char *stored = NULL;
    char *lines[MAX_ARGS_FILE + 1];
    if (a.resume) {
        if (a.out && strcmp(a.out, a.resume) != 0)
            return kk_cli_usage(cmd, "--out '%s' and --resume '%s' differ (give one directory)",
                                a.out, a.resume);
        a.out = a.resume;
        if (!a.settings_given) {
            /* Only --resume DIR (and --threads, --games, --stop-after): take the rest of
             * the settings from the run being continued. */
            struct kk_study_args b;
            memset(&b, 0, sizeof b);
            b.cmd = cmd;
            b.allow_sweep = allow_sweep;
            b.games = 100;
            b.seed = 1;
            int count = 0;
            if ((status = read_args_file(cmd, a.resume, &stored, lines + 1, &count)) != 0)
                return status;
            lines[0] = (char *)cmd;
            /* Errors in the stored settings name the file they come from. */
            char from[4200];
            snprintf(from, sizeof from, "%s: %s/args.txt", cmd, a.resume);
            b.cmd = from;
            status = parse_args(&b, count + 1, lines);
            b.cmd = cmd;
            if (status != 0 || b.help || !b.game_name) {
                free(stored);
                return status ? status : kk_cli_usage(cmd, "%s/args.txt is not a %s run",
                                                      a.resume, cmd);
            }
            b.threads = a.threads;
            b.stop_after = a.stop_after;
            b.out = a.out;
            b.resume = a.resume;
            b.record = a.record;
            b.summary_only = a.summary_only;
            if (a.games_given)
                b.games = a.games;
            a = b;
        }
    }
    if (!a.game_name && a.resume) {
        status = kk_cli_usage(cmd, "with --resume, repeat the whole original command or give "
                                   "only --resume DIR (with --threads, --games, --stop-after)");
        goto out;
    }
    if (!a.game_name) {
        char names[256];
        kk_cli_game_names(names, sizeof names);
        status = kk_cli_usage(cmd, "missing GAME: expected one of %s", names);
        goto out;
    }
    if (!a.agents) {
        status = kk_cli_usage(cmd, "missing --agents A,B,... (see 'kark agents')");
        goto out;
    }
    if (!a.out) {
        status = kk_cli_usage(cmd, "missing --out DIR (where games.csv and the reports go)");
        goto out;
    }
    if (allow_sweep && a.num_sweeps == 0) {
        status = kk_cli_usage(cmd, "missing --sweep KEY=V1,V2,... (see 'kark rules %s')",
                              a.game_name);
        goto out;
    }

    const struct kk_game *g = kk_cli_game(cmd, a.game_name);
    if (!g) {
        status = KK_EXIT_USAGE;
        goto out;
    }
    struct kk_study *st = calloc(1, sizeof *st);
    struct kk_variant base;
    kk_error err;
    if (!st) {
        fprintf(stderr, "kark %s: out of memory\n", cmd);
        status = KK_EXIT_FAIL;
        goto out;
    }
    st->game = g;
    if (a.sprt && !a.games_given)
        a.games = 100000; /* with --sprt, --games is only a cap */
    st->games = a.games;
    st->seed = (uint64_t)a.seed;
    if (kk_variant_defaults(g, &base, &err) != 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        status = KK_EXIT_FAIL;
        goto free_study;
    }
    for (int i = 0; i < a.num_sets; i++)
        if (kk_variant_set(g, &base, a.sets[i], &err) != 0) {
            /* "1..15" in the allowed values is a range; a range of values is a sweep. */
            status = kk_cli_usage(cmd, "%s%s", err.msg,
                                  strstr(a.sets[i], "..") ? " (--set takes one value; to try "
                                                            "a range, use 'kark balance "
                                                            "--sweep KEY=A..B')" : "");
            goto free_study;
        }
    struct kk_sweep_axis axes[KK_STUDY_MAX_SWEEPS];
    int num_axes = 0, baseline = 0, baseline_is_default = 0;
    if (allow_sweep) {
        if ((status = build_grid(&a, &base, st, axes, &num_axes)) != 0)
            goto free_study;
        void *sa = calloc(1, g->state_size), *sb = calloc(1, g->state_size);
        for (int v = 0; v < st->num_variants && sa && sb; v++)
            if (same_rules(g, &st->variants[v], st->seats[v], &base, st->seats[v], sa, sb)) {
                baseline = v;
                baseline_is_default = 1;
                break;
            }
        free(sa);
        free(sb);
    } else {
        st->num_variants = 1;
        st->variants[0] = base;
        kk_variant_describe(g, &base, " ", st->variant_text[0], sizeof st->variant_text[0]);
    }

    int num_agents = kk_agent_list_split(a.agents, st->specs, KK_STUDY_MAX_AGENTS, &err);
    if (num_agents < 0) {
        status = kk_cli_usage(cmd, "--agents: %s", err.msg);
        goto free_study;
    }
    st->num_agents = num_agents;
    /* Seats: --players, else one per agent when the game allows it, else the default;
     * a swept player count sets each variant's own (st->seats, filled by build_grid). */
    int players = (int)a.players, players_swept = 0;
    for (int v = 0; v < st->num_variants; v++)
        players_swept |= allow_sweep && st->seats[v] != 0 && !a.players;
    if (!players && num_agents >= g->min_players && num_agents <= g->max_players)
        players = num_agents;
    if (players_swept) {
        st->players = 0;
    } else {
        void *state = calloc(1, g->state_size);
        if (!state || kk_game_init(g, state, &st->variants[0], players, &err) != 0) {
            status = state ? kk_cli_usage(cmd, "%s", err.msg) : KK_EXIT_FAIL;
            free(state);
            goto free_study;
        }
        st->players = g->players(state);
        free(state);
        for (int v = 0; v < st->num_variants; v++)
            st->seats[v] = st->players;
    }
    if (kk_study_check(st, &err) != 0) {
        status = kk_cli_usage(cmd, "%s", err.msg);
        goto free_study;
    }
    snprintf(st->provenance, sizeof st->provenance, "%s", made_by);
    if (a.sprt && kk_sprt_check(st, a.sprt, &err) != 0) {
        status = kk_cli_usage(cmd, "--sprt: %s", err.msg);
        goto free_study;
    }

    /* Under MPI the other ranks play chunks that rank 0 hands out; only rank 0 touches the
     * output folder. */
    if (kk_mpi_rank() > 0) {
        if (a.sprt)
            goto free_study; /* a sequential test runs on rank 0 alone (docs/cluster.md) */
        struct kk_run_opts serve = {.threads = (int)a.threads, .record_dir = a.record,
                                    .command = cmd};
        if (kk_study_serve(st, &serve, &err) != 0) {
            fprintf(stderr, "kark %s (rank %d): %s\n", cmd, kk_mpi_rank(), err.msg);
            status = KK_EXIT_FAIL;
        }
        goto free_study;
    }
    if (make_dirs(a.out) != 0) {
        fprintf(stderr, "kark %s: cannot create directory '%s': %s\n", cmd, a.out,
                strerror(errno));
        status = KK_EXIT_FAIL;
        goto free_study;
    }
    int lock_fd = lock_dir(cmd, a.out);
    if (lock_fd < 0) {
        status = KK_EXIT_FAIL;
        goto free_study;
    }
    if (!a.resume) {
        char path[4096];
        snprintf(path, sizeof path, "%s/games.csv", a.out);
        if (access(path, F_OK) == 0 && a.force) {
            if (clear_run(cmd, a.out) != 0) {
                status = KK_EXIT_FAIL;
                goto unlock;
            }
        } else if (access(path, F_OK) == 0) {
            status = kk_cli_usage(cmd, "'%s' already exists: continue that run with --resume "
                                       "%s, start it again with --force, or choose another "
                                       "--out", path, a.out);
            goto unlock;
        }
    }
    if (a.record && make_dirs(a.record) != 0) {
        fprintf(stderr, "kark %s: cannot create directory '%s': %s\n", cmd, a.record,
                strerror(errno));
        status = KK_EXIT_FAIL;
        goto unlock;
    }
    /* args.txt records the settings. A new run writes it before any game, so a run stopped
     * at any point can be resumed; a resume rewrites it only once the rows on disk have been
     * checked against the settings, so a refused resume leaves the folder as it was. */
    if (!a.resume && write_args(cmd, &a) != 0) {
        status = KK_EXIT_FAIL;
        goto unlock;
    }

    /* Said once the run is sure to start, so an error stays a single line. */
    {
        int fewest = st->players;
        for (int v = 0; v < st->num_variants; v++)
            fewest = st->seats[v] < fewest ? st->seats[v] : fewest;
        if (num_agents > fewest)
            fprintf(stderr, "kark %s: note: %d agents for %d seats: seats rotate cyclically "
                            "(game i seats agents i, i+1, ... mod %d), so every agent holds "
                            "every seat equally often but not against every opponent (agent 0 "
                            "always sits before agent 1); the report adds a head-to-head "
                            "table\n",
                    cmd, num_agents, fewest, num_agents);
    }

    struct kk_run_opts opts = {
        .threads = (int)a.threads,
        .stop_after = a.stop_after,
        .progress = isatty(2) ? 1 : 2,
        /* KARK_PROGRESS_SECONDS: the interval of the plain progress lines (tests, logs). */
        .progress_every = getenv("KARK_PROGRESS_SECONDS")
                              ? strtod(getenv("KARK_PROGRESS_SECONDS"), NULL) : 0,
        .handle_signals = 1,
        .record_dir = a.record,
        .command = cmd,
        .distributed = !a.sprt, /* the test's batches run on rank 0 alone */
    };
    if (a.sprt) {
        status = kk_sprt_tournament(cmd, st, a.sprt, a.out, a.resume != NULL, &opts);
        if (a.resume && write_args(cmd, &a) != 0)
            status = KK_EXIT_FAIL;
        goto unlock;
    }
    struct kk_study_results res;
    int sig = 0;
    int rc = kk_study_run(st, a.out, a.resume != NULL, &opts, &res, &sig, &err);
    if (rc < 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        status = KK_EXIT_FAIL;
        goto unlock;
    }
    if (a.resume) /* the report names the command that finished the run */
        snprintf(st->provenance, sizeof st->provenance, "%s", made_by_resume);
    if (a.resume && write_args(cmd, &a) != 0) {
        status = KK_EXIT_FAIL;
        kk_study_results_free(&res);
        goto unlock;
    }
    if (rc == 1) {
        long long total = st->games * st->num_variants;
        fprintf(stderr, "kark %s: %s: %lld of %lld games are in %s/games.csv; continue with "
                        "'kark %s --resume %s'\n", cmd,
                sig == 0 ? "stopped (--stop-after)" : sig == SIGINT ? "interrupted (SIGINT)"
                                                                : "interrupted (SIGTERM)",
                res.jobs, total, a.out, cmd, a.out);
        status = sig ? 128 + sig : KK_EXIT_OK;
        kk_study_results_free(&res);
        goto unlock;
    }
    struct kk_buf md = {0};
    int rep = allow_sweep ? kk_report_balance(st, &res, axes, num_axes, baseline,
                                              baseline_is_default, a.out, &md, &err)
                          : kk_report_tournament(st, &res, a.out, &md, &err);
    if (rep != 0) {
        fprintf(stderr, "kark %s: %s\n", cmd, err.msg);
        status = KK_EXIT_FAIL;
    } else {
        if (a.summary_only) {
            /* The overview: everything before the per-variant sections (balance) or the
             * statistics table (tournament). */
            const char *text = kk_buf_str(&md);
            const char *cut = strstr(text, allow_sweep ? "\n### " : "\n| statistic |");
            fwrite(text, 1, cut ? (size_t)(cut - text) + 1 : md.len, stdout);
        } else {
            fputs(kk_buf_str(&md), stdout);
        }
        const char *stem = allow_sweep ? "balance" : "summary";
        printf("\nfiles: %s/games.csv, %s/%s.json, %s/%s.md, %s/report.html\n", a.out, a.out,
               stem, a.out, stem, a.out);
    }
    kk_buf_free(&md);
    kk_study_results_free(&res);
unlock:
    close(lock_fd); /* releases the lock */
free_study:
    free(st);
out:
    free(stored);
    return status;
}
