/* kark selfplay GAME: plays games between agents (seat s by the s-th agent) and prints
 * mean scores, win rates and the game's statistics; --record DIR writes each game as
 * DIR/game-<i>.rec, ending with "# result {...}", which `kark replay` reproduces. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../engine/core/record.h"
#include "cli.h"
#include "commands.h"
#include "play.h"

#define CMD "selfplay"
#define MAX_SETS 32

static void help(void)
{
    printf("usage: kark selfplay GAME [--agents A,B,...] [--games N] [--seed S] [--players P]\n"
           "                          [--set KEY=VALUE ...] [--record DIR]\n\n"
           "Plays N games of GAME (default 1). Seat s is played by the s-th agent of --agents\n"
           "(default random); a single agent plays every seat. Game i draws from PCG streams\n"
           "(S, i) for chance and (S xor 0x9E3779B97F4A7C15, i) for the agents (default seed 1).\n"
           "--players defaults to the number of agents, or the game's default.\n"
           "--set changes a rules parameter (see 'kark rules GAME'); repeatable.\n"
           "--record DIR writes DIR/game-<i>.rec for each game; 'kark replay' checks them.\n"
           "Prints each seat's win rate and mean score, the mean game length, and the mean\n"
           "of every per-game statistic (for 0/1 statistics: the rate).\n");
}

static int make_dir(const char *dir)
{
    if (mkdir(dir, 0777) == 0 || errno == EEXIST)
        return 0;
    return -1;
}

int kk_cmd_selfplay(int argc, char **argv)
{
    const char *game_name = NULL, *agents_arg = "random", *record_dir = NULL;
    const char *sets[MAX_SETS];
    int num_sets = 0;
    long long games = 1, seed = 1, players = 0;
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
        } else if (strcmp(a, "--games") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 1, 100000000, &games) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(val = kk_cli_value(CMD, argc, argv, &i)) ||
                kk_cli_long(CMD, a, val, 0, INT64_MAX, &seed) != 0)
                return KK_EXIT_USAGE;
        } else if (strcmp(a, "--record") == 0) {
            if (!(record_dir = kk_cli_value(CMD, argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (a[0] == '-') {
            return kk_cli_usage(CMD, "unknown option '%s' (expected --agents, --games, --seed, "
                                     "--players, --set, --record or --help)", a);
        } else if (!game_name) {
            game_name = a;
        } else {
            return kk_cli_usage(CMD, "unexpected argument '%s' (one GAME only)", a);
        }
    }
    const struct kk_game *g = kk_cli_game(CMD, game_name);
    if (!g)
        return KK_EXIT_USAGE;
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

    /* Validate the setup once, and learn the real seat count (players 0 = default). */
    void *state = calloc(1, g->state_size);
    if (!state) {
        fprintf(stderr, "kark %s: out of memory\n", CMD);
        return KK_EXIT_FAIL;
    }
    if (kk_game_init(g, state, &v, (int)players, &err) != 0) {
        free(state);
        return kk_cli_usage(CMD, "%s", err.msg);
    }
    int seats = g->players(state);
    if (num_agents > 1 && num_agents != seats) {
        free(state);
        return kk_cli_usage(CMD, "%d agents given for %d seats (give one agent, or one per seat)",
                            num_agents, seats);
    }
    struct kk_agent *agents[KK_MAX_SEATS] = {0};
    struct kk_agent *seat_agent[KK_MAX_SEATS];
    int status = KK_EXIT_OK;
    for (int a = 0; a < num_agents; a++) {
        agents[a] = kk_agent_create(g, specs[a], &err);
        if (!agents[a]) {
            status = kk_cli_usage(CMD, "%s", err.msg);
            goto done;
        }
    }
    for (int s = 0; s < seats; s++)
        seat_agent[s] = agents[num_agents == 1 ? 0 : s];
    if (record_dir && make_dir(record_dir) != 0) {
        fprintf(stderr, "kark %s: cannot create directory '%s': %s\n", CMD, record_dir,
                strerror(errno));
        status = KK_EXIT_FAIL;
        goto done;
    }

    int width = kk_stats_width(g, seats);
    double *stats = calloc((size_t)width + 1, sizeof *stats);
    double *stat_sum = calloc((size_t)width + 1, sizeof *stat_sum);
    double win_share[KK_MAX_SEATS] = {0}, score_sum[KK_MAX_SEATS] = {0}, length_sum = 0;
    double *results = g->cooperative ? calloc((size_t)games, sizeof *results) : NULL;
    struct kk_buf rec = {0};
    for (long long gi = 0; gi < games; gi++) {
        kk_rng chance, arng;
        kk_game_rngs((uint64_t)seed, (uint64_t)gi, &chance, &arng);
        struct kk_game_result res;
        kk_buf_clear(&rec);
        if (record_dir) {
            char comment[KK_SPEC_LEN * KK_MAX_SEATS + 64];
            size_t n = (size_t)snprintf(comment, sizeof comment, "kark selfplay seed %lld game %lld:",
                                        seed, gi);
            for (int s = 0; s < seats && n < sizeof comment; s++)
                n += (size_t)snprintf(comment + n, sizeof comment - n, " %s", seat_agent[s]->spec);
            kk_record_write_header(&rec, g, (int)players, &v, comment);
        }
        if (kk_play_game(g, &v, (int)players, seat_agent, &chance, &arng, state,
                         record_dir ? &rec : NULL, &res, stats, &err) != 0) {
            fprintf(stderr, "kark %s: game %lld: %s\n", CMD, gi, err.msg);
            status = KK_EXIT_FAIL;
            break;
        }
        int k = __builtin_popcount(res.winners);
        for (int s = 0; s < seats; s++) {
            score_sum[s] += res.scores[s];
            if (res.winners >> s & 1u)
                win_share[s] += 1.0 / k;
        }
        length_sum += res.length;
        for (int w = 0; w < width; w++)
            stat_sum[w] += stats[w];
        if (results)
            results[gi] = res.result;
        if (record_dir) {
            kk_record_write_result(&rec, g, state);
            char path[4096];
            snprintf(path, sizeof path, "%s/game-%lld.rec", record_dir, gi);
            FILE *f = fopen(path, "w");
            if (!f || fputs(kk_buf_str(&rec), f) < 0 || fclose(f) != 0) {
                fprintf(stderr, "kark %s: cannot write '%s': %s\n", CMD, path, strerror(errno));
                status = KK_EXIT_FAIL;
                break;
            }
        }
    }
    if (status == KK_EXIT_OK) {
        char desc[1024];
        kk_variant_describe(g, &v, " ", desc, sizeof desc);
        printf("%s, %d seat%s, %lld game%s, seed %lld\nvariant: %s\n\n", g->name, seats,
               seats == 1 ? "" : "s", games, games == 1 ? "" : "s", seed,
               g->num_params ? desc : "(no parameters)");
        if (g->cooperative) {
            double sum = 0, sq = 0, lo = 1e300, hi = -1e300;
            for (long long i = 0; i < games; i++) {
                sum += results[i];
                sq += results[i] * results[i];
                lo = fmin(lo, results[i]);
                hi = fmax(hi, results[i]);
            }
            double mean = sum / (double)games;
            double sd = games > 1 ? sqrt(fmax(0, (sq - sum * mean) / (double)(games - 1))) : 0;
            printf("agent: %s\nresult: mean %.2f  sd %.2f  min %.0f  max %.0f\n",
                   seat_agent[0]->spec, mean, sd, lo, hi);
            printf("distribution of results:\n");
            int lo_b = (int)floor(lo / 10), hi_b = (int)floor(hi / 10);
            for (int b = lo_b; b <= hi_b; b++) {
                long long c = 0;
                for (long long i = 0; i < games; i++)
                    c += (int)floor(results[i] / 10) == b;
                printf("  %4d-%-4d %8lld  %5.1f%%\n", b * 10, b * 10 + 9, c,
                       100.0 * (double)c / (double)games);
            }
        } else {
            printf("%-5s %-40s %10s %10s\n", "seat", "agent", "win_rate", "mean_score");
            for (int s = 0; s < seats; s++)
                printf("%-5d %-40s %10.4f %10.2f\n", s, seat_agent[s]->spec,
                       win_share[s] / (double)games, score_sum[s] / (double)games);
        }
        printf("mean length: %.2f decisions\n", length_sum / (double)games);
        if (g->num_stats > 0) {
            printf("\nstatistics (mean per game):\n");
            int w = 0;
            for (int k = 0; k < g->num_stats; k++) {
                const struct kk_stat_desc *d = &g->stats[k];
                if (d->per_seat) {
                    printf("  %-28s", d->name);
                    for (int s = 0; s < seats; s++)
                        printf(" s%d=%-10.3f", s, stat_sum[w++] / (double)games);
                    printf("\n");
                } else {
                    printf("  %-28s %.4f\n", d->name, stat_sum[w++] / (double)games);
                }
            }
        }
        if (record_dir)
            printf("\nrecords: %s/game-0.rec .. game-%lld.rec\n", record_dir, games - 1);
    }
    kk_buf_free(&rec);
    free(results);
    free(stats);
    free(stat_sum);
done:
    for (int a = 0; a < num_agents; a++)
        kk_agent_destroy(agents[a]);
    free(state);
    return status;
}
