/* mkdir */
#define _POSIX_C_SOURCE 200809L

#include "study_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "sprt.h"

#define MAX_SWEEP_VALUES 64
#define MAX_ARGS_FILE 256

/* Parses argv into a (which the caller zeroed and gave defaults). Returns 0, or the exit
 * status after printing the error. from_file: the arguments come from DIR/args.txt. */
static int parse_args(struct kk_study_args *a, int argc, char **argv, int first)
{
    const char *cmd = a->cmd;
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i], *val;
        if (kk_cli_is_help(arg)) {
            a->help = 1;
            return 0;
        }
        if (strcmp(arg, "--agents") == 0) {
            if (!(a->agents = kk_cli_value(cmd, argc, argv, &i)))
                return KK_EXIT_USAGE;
            a->settings_given = 1;
        } else if (strcmp(arg, "--players") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 1, KK_MAX_SEATS, &a->players) != 0)
                return KK_EXIT_USAGE;
            a->settings_given = 1;
        } else if (strcmp(arg, "--games") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 1, 100000000, &a->games) != 0)
                return KK_EXIT_USAGE;
            a->games_given = 1;
        } else if (strcmp(arg, "--seed") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 0, INT64_MAX, &a->seed) != 0)
                return KK_EXIT_USAGE;
            a->settings_given = 1;
        } else if (strcmp(arg, "--threads") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 1, 1024, &a->threads) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(arg, "--stop-after") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)) ||
                kk_cli_long(cmd, arg, val, 1, INT64_MAX, &a->stop_after) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(arg, "--set") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)))
                return KK_EXIT_USAGE;
            if (a->num_sets == KK_STUDY_MAX_SETS)
                return kk_cli_usage(cmd, "too many --set options (at most %d)",
                                    KK_STUDY_MAX_SETS);
            a->sets[a->num_sets++] = val;
            a->settings_given = 1;
        } else if (a->allow_sweep && strcmp(arg, "--sweep") == 0) {
            if (!(val = kk_cli_value(cmd, argc, argv, &i)))
                return KK_EXIT_USAGE;
            if (a->num_sweeps == KK_STUDY_MAX_SWEEPS)
                return kk_cli_usage(cmd, "too many --sweep options (at most %d)",
                                    KK_STUDY_MAX_SWEEPS);
            a->sweeps[a->num_sweeps++] = val;
            a->settings_given = 1;
        } else if (!a->allow_sweep && strcmp(arg, "--sprt") == 0) {
            if (!(a->sprt = kk_cli_value(cmd, argc, argv, &i)))
                return KK_EXIT_USAGE;
            a->settings_given = 1;
        } else if (strcmp(arg, "--out") == 0) {
            if (!(a->out = kk_cli_value(cmd, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (strcmp(arg, "--resume") == 0) {
            if (!(a->resume = kk_cli_value(cmd, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (arg[0] == '-') {
            return kk_cli_usage(cmd, "unknown option '%s' (expected --agents, --players, "
                                     "--games, --seed, --threads, --set,%s --out, --resume, "
                                     "--stop-after or --help)",
                                arg, a->allow_sweep ? " --sweep," : "");
        } else if (!a->game_name) {
            a->game_name = arg;
            a->settings_given = 1;
        } else {
            return kk_cli_usage(cmd, "unexpected argument '%s' (one GAME only)", arg);
        }
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
    char storage[1024];
};

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
        snprintf(ax[s].storage, sizeof ax[s].storage, "%s", eq + 1);
        int list_kind = g->params[p].kind == KK_PARAM_INT_LIST ||
                        g->params[p].kind == KK_PARAM_CHOICE_LIST;
        ax[s].count = split_values(ax[s].storage, list_kind, ax[s].vals, MAX_SWEEP_VALUES);
        if (ax[s].count < 0)
            return kk_cli_usage(a->cmd, "--sweep %s: too many values (at most %d)", key,
                                MAX_SWEEP_VALUES);
        for (int k = 0; k < ax[s].count; k++) {
            char assign[1200];
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
        int rest = v;
        for (int s = a->num_sweeps - 1; s >= 0; s--) {
            int k = rest % ax[s].count;
            rest /= ax[s].count;
            char assign[1200];
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

int kk_study_main(int argc, char **argv, int allow_sweep, void (*help)(void))
{
    struct kk_study_args a;
    memset(&a, 0, sizeof a);
    a.cmd = argv[0];
    a.allow_sweep = allow_sweep;
    a.games = 100;
    a.seed = 1;
    a.threads = omp_get_num_procs();
    int status = parse_args(&a, argc, argv, 1);
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
            status = parse_args(&b, count + 1, lines, 1);
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
            status = kk_cli_usage(cmd, "%s", err.msg);
            goto free_study;
        }
    struct kk_sweep_axis axes[KK_STUDY_MAX_SWEEPS];
    int num_axes = 0, baseline = 0, baseline_is_default = 0;
    if (allow_sweep) {
        if ((status = build_grid(&a, &base, st, axes, &num_axes)) != 0)
            goto free_study;
        char base_text[KK_VARIANT_TEXT];
        kk_variant_describe(g, &base, " ", base_text, sizeof base_text);
        for (int v = 0; v < st->num_variants; v++)
            if (strcmp(st->variant_text[v], base_text) == 0) {
                baseline = v;
                baseline_is_default = 1;
                break;
            }
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
    /* Seats: --players, else one per agent when the game allows it, else the default. */
    int players = (int)a.players;
    if (!players && num_agents >= g->min_players && num_agents <= g->max_players)
        players = num_agents;
    {
        void *state = calloc(1, g->state_size);
        if (!state || kk_game_init(g, state, &st->variants[0], players, &err) != 0) {
            status = state ? kk_cli_usage(cmd, "%s", err.msg) : KK_EXIT_FAIL;
            free(state);
            goto free_study;
        }
        st->players = g->players(state);
        free(state);
    }
    if (kk_study_check(st, &err) != 0) {
        status = kk_cli_usage(cmd, "%s", err.msg);
        goto free_study;
    }
    if (a.sprt && kk_sprt_check(st, a.sprt, &err) != 0) {
        status = kk_cli_usage(cmd, "--sprt: %s", err.msg);
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
        if (access(path, F_OK) == 0) {
            status = kk_cli_usage(cmd, "'%s' already exists: continue that run with --resume "
                                       "%s, or choose another --out", path, a.out);
            goto unlock;
        }
    }
    /* args.txt records the settings. A new run writes it before any game, so a run stopped
     * at any point can be resumed; a resume rewrites it only once the rows on disk have been
     * checked against the settings, so a refused resume leaves the folder as it was. */
    if (!a.resume && write_args(cmd, &a) != 0) {
        status = KK_EXIT_FAIL;
        goto unlock;
    }

    struct kk_run_opts opts = {
        .threads = (int)a.threads,
        .stop_after = a.stop_after,
        .progress = isatty(2),
        .handle_signals = 1,
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
        fputs(kk_buf_str(&md), stdout);
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
