/* CFR on Kuhn poker (support/toy_kuhn.h): exact best responses and exploitability of
 * strategies whose values are computed by hand, MCCFR convergence to the known game value
 * -1/18, determinism per seed, policy-file round trip and errors, the cfr agent, and the
 * `kark cfr` command run on the unregistered toy game. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "agents/cfr.h"
#include "experiments/commands.h"
#include "support/toy_games.h"
#include "support/toy_kuhn.h"
#include "support/toy_liar.h"
#include "testlib.h"

static const struct kk_game *const G = &kk_toy_kuhn;
static const char *const TMP_POLICY = "cfr_kuhn_policy.tmp";
static const char *const TMP_OTHER = "cfr_kuhn_other.tmp";

static void root_state(void *state)
{
    struct kk_variant v;
    kk_error err;
    CHECK(kk_variant_defaults(G, &v, &err) == 0);
    CHECK(kk_game_init(G, state, &v, 2, &err) == 0);
}

/* Writes a policy file for a strategy given as the probability of betting at each
 * information set: bet(seat, card, history as a string of 'p'/'b'). */
static void write_policy(const char *path, double (*bet)(int seat, int card, const char *h))
{
    static const char *const hist[2][2] = {{"", "pb"}, {"p", "b"}};
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fprintf(f, "kark-cfr-policy 1\ngame toy-kuhn\nplayers 2\n");
    for (int seat = 0; seat < 2; seat++)
        for (int card = 0; card < 3; card++)
            for (int k = 0; k < 2; k++) {
                const char *h = hist[seat][k];
                fprintf(f, "%d %02x", seat, card);
                for (const char *c = h; *c; c++)
                    fprintf(f, "%02x", *c == 'b');
                double b = bet(seat, card, h);
                fprintf(f, " %.17g %.17g\n", 1 - b, b);
            }
    fclose(f);
}

static double always_pass(int seat, int card, const char *h)
{
    (void)seat, (void)card, (void)h;
    return 0;
}

static double always_bet(int seat, int card, const char *h)
{
    (void)seat, (void)card, (void)h;
    return 1;
}

/* The equilibrium family with alpha = 1/3: seat 0 bets J with 1/3, K with 1, calls with Q
 * with 2/3; seat 1 bets J after a pass with 1/3, calls with Q with 1/3. */
static double nash(int seat, int card, const char *h)
{
    if (seat == 0) {
        if (h[0] == '\0')
            return card == 0 ? 1.0 / 3 : card == 1 ? 0 : 1;
        return card == 0 ? 0 : card == 1 ? 2.0 / 3 : 1; /* after pb: call? */
    }
    if (strcmp(h, "p") == 0)
        return card == 0 ? 1.0 / 3 : card == 1 ? 0 : 1;
    return card == 0 ? 0 : card == 1 ? 1.0 / 3 : 1; /* after b: call? */
}

static struct kk_cfr_eval evaluate_file(const char *path, double (*bet)(int, int, const char *))
{
    struct kk_cfr_eval ev;
    memset(&ev, 0, sizeof ev);
    char root[64];
    root_state(root);
    kk_error err = {{0}};
    struct kk_cfr_policy *p;
    if (bet) {
        write_policy(path, bet);
        p = kk_cfr_policy_load(G, path, &err);
    } else {
        p = kk_cfr_policy_new(G, &err);
    }
    CHECK(p != NULL);
    if (!p) {
        fprintf(stderr, "%s\n", err.msg);
        return ev;
    }
    CHECK(kk_cfr_evaluate(G, root, p, 1000, &ev, &err) == 0);
    kk_cfr_policy_free(p);
    return ev;
}

static int near(double a, double b, double tol)
{
    if (fabs(a - b) <= tol)
        return 1;
    fprintf(stderr, "  %.9f is not within %g of %.9f\n", a, tol, b);
    return 0;
}

static void test_exact_values(void)
{
    char root[64];
    root_state(root);
    kk_error err;
    /* 1 root chance node, 3 deals to seat 1, 6 deals each with 9 history nodes. */
    CHECK_EQ_INT(kk_cfr_tree_size(G, root, 1000, &err), 58);
    CHECK(kk_cfr_tree_size(G, root, 57, &err) < 0 && strstr(err.msg, "more than 57 nodes"));

    /* Always pass: the other seat bets and the passer folds, +1 every deal: br = 1, 1. */
    struct kk_cfr_eval ev = evaluate_file(TMP_POLICY, always_pass);
    CHECK(near(ev.br[0], 1, 1e-12) && near(ev.br[1], 1, 1e-12));
    CHECK(near(ev.exploitability, 1, 1e-12) && near(ev.value[0], 0, 1e-12));

    /* Always bet and call: seat 0's best reply bets K (+2), passes then folds J (-1), and
     * gets 0 with Q either way: 1/3. Seat 1 calls K (+2), folds J (-1), calls or folds Q
     * for 0: 1/3. A best response that could see seat 0's card would earn 1/2 as seat 1
     * (call Q against J, fold against K), so this also checks that it decides per
     * information set, not per state. */
    ev = evaluate_file(TMP_POLICY, always_bet);
    CHECK(near(ev.br[0], 1.0 / 3, 1e-12) && near(ev.br[1], 1.0 / 3, 1e-12));
    CHECK(near(ev.exploitability, 1.0 / 3, 1e-12) && near(ev.value[0], 0, 1e-12));

    /* An equilibrium: exploitability 0 and value -1/18. */
    ev = evaluate_file(TMP_POLICY, nash);
    CHECK(near(ev.exploitability, 0, 1e-12));
    CHECK(near(ev.value[0], -1.0 / 18, 1e-12) && near(ev.br[0], -1.0 / 18, 1e-12));
    CHECK(near(ev.br[1], 1.0 / 18, 1e-12));

    /* The empty policy plays uniformly. By hand: seat 0's best reply against uniform seat 1
     * is worth 1/2 (J: pass then fold, -1/2; Q: bet, +1/2; K: bet, +3/2), seat 1's against
     * uniform seat 0 is 5/12 (J -1/2, Q +1/4, K +3/2): exploitability 11/24. */
    ev = evaluate_file(NULL, NULL);
    CHECK(near(ev.br[0], 0.5, 1e-12) && near(ev.br[1], 5.0 / 12, 1e-12));
    CHECK(near(ev.exploitability, 11.0 / 24, 1e-12));
}

static struct kk_cfr *train_with(long long iters, uint64_t seed, enum kk_cfr_method method,
                                 enum kk_cfr_regret rm)
{
    struct kk_variant v;
    kk_error err = {{0}};
    kk_variant_defaults(G, &v, &err);
    struct kk_cfr_opts o = {.method = method, .regret = rm};
    struct kk_cfr *c = kk_cfr_create(G, &v, 2, &o, &err);
    CHECK(c != NULL);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 7);
    if (c && kk_cfr_run(c, iters, &rng, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        CHECK(0);
    }
    return c;
}

static struct kk_cfr *train(long long iters, uint64_t seed, enum kk_cfr_regret rm)
{
    return train_with(iters, seed, KK_CFR_EXTERNAL, rm);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 1 << 16);
    if (buf)
        CHECK(fread(buf, 1, (1 << 16) - 1, f) > 0);
    fclose(f);
    return buf;
}

static void test_training(void)
{
    kk_error err = {{0}};
    for (int rm = 0; rm < 2; rm++) {
        struct kk_cfr *c = train(100000, 1, rm ? KK_CFR_RM_PLAIN : KK_CFR_RM_PLUS);
        if (!c)
            return;
        struct kk_cfr_eval ev;
        CHECK(kk_cfr_evaluate(G, kk_cfr_root(c), kk_cfr_policy_of(c), 1000, &ev, &err) == 0);
        printf("kuhn, %s, 1e5 iterations: exploitability %.6f, value %.6f\n",
               rm ? "plain" : "plus", ev.exploitability, ev.value[0]);
        CHECK(ev.exploitability >= -1e-12 && ev.exploitability < 0.01);
        CHECK(near(ev.value[0], -1.0 / 18, 0.01));
        CHECK_EQ_INT(kk_cfr_policy_size(kk_cfr_policy_of(c)), 12);
        CHECK_EQ_INT(kk_cfr_iterations(c), 100000);
        kk_cfr_destroy(c);
    }
    /* Full-width CFR+ is far faster on a tree this small; plain full-width CFR converges
     * too. */
    for (int rm = 0; rm < 2; rm++) {
        struct kk_cfr *c = train_with(rm ? 5000 : 1000, 1, KK_CFR_FULL,
                                      rm ? KK_CFR_RM_PLAIN : KK_CFR_RM_PLUS);
        struct kk_cfr_eval ev;
        CHECK(kk_cfr_evaluate(G, kk_cfr_root(c), kk_cfr_policy_of(c), 1000, &ev, &err) == 0);
        printf("kuhn, full-width %s, %d iterations: exploitability %.6f, value %.6f\n",
               rm ? "plain" : "CFR+", rm ? 5000 : 1000, ev.exploitability, ev.value[0]);
        CHECK(ev.exploitability >= -1e-12 && ev.exploitability < (rm ? 0.005 : 0.001));
        CHECK(near(ev.value[0], -1.0 / 18, 0.002));
        kk_cfr_destroy(c);
    }
    /* Outcome sampling converges too, more slowly (one play-out per walk). */
    {
        struct kk_cfr *c = train_with(300000, 1, KK_CFR_OUTCOME, KK_CFR_RM_PLUS);
        struct kk_cfr_eval ev;
        CHECK(kk_cfr_evaluate(G, kk_cfr_root(c), kk_cfr_policy_of(c), 1000, &ev, &err) == 0);
        printf("kuhn, outcome sampling, 3e5 iterations: exploitability %.6f, value %.6f\n",
               ev.exploitability, ev.value[0]);
        CHECK(ev.exploitability >= -1e-12 && ev.exploitability < 0.02);
        CHECK(near(ev.value[0], -1.0 / 18, 0.01));
        kk_cfr_destroy(c);
    }
    /* Fewer iterations are worse: the curve goes down. */
    struct kk_cfr *few = train(100, 1, KK_CFR_RM_PLUS);
    struct kk_cfr_eval e100;
    CHECK(kk_cfr_evaluate(G, kk_cfr_root(few), kk_cfr_policy_of(few), 1000, &e100, &err) == 0);
    CHECK(e100.exploitability > 0.01);

    /* Same seed, same policy file; another seed, another file. */
    struct kk_cfr *again = train(100, 1, KK_CFR_RM_PLUS), *other = train(100, 2, KK_CFR_RM_PLUS);
    CHECK(kk_cfr_policy_save(kk_cfr_policy_of(few), TMP_POLICY, "", 2, 100, &err) == 0);
    CHECK(kk_cfr_policy_save(kk_cfr_policy_of(again), TMP_OTHER, "", 2, 100, &err) == 0);
    char *a = slurp(TMP_POLICY), *b = slurp(TMP_OTHER);
    CHECK(a && b && strcmp(a, b) == 0);
    free(b);
    CHECK(kk_cfr_policy_save(kk_cfr_policy_of(other), TMP_OTHER, "", 2, 100, &err) == 0);
    b = slurp(TMP_OTHER);
    CHECK(a && b && strcmp(a, b) != 0);
    free(a);
    free(b);

    /* Round trip: the loaded policy has the same probabilities and exploitability. */
    struct kk_cfr_policy *p = kk_cfr_policy_load(G, TMP_POLICY, &err);
    CHECK(p != NULL);
    if (p) {
        struct kk_cfr_eval e2;
        CHECK(kk_cfr_evaluate(G, kk_cfr_root(few), p, 1000, &e2, &err) == 0);
        CHECK(near(e2.exploitability, e100.exploitability, 1e-7));
        CHECK(near(e2.value[0], e100.value[0], 1e-7));
        CHECK_EQ_INT(kk_cfr_policy_size(p), 12);
        /* every information set: same probabilities */
        char s[64];
        memcpy(s, kk_cfr_root(few), G->state_size);
        G->apply(s, 2); /* seat 0 holds K */
        G->apply(s, 0);
        double p1[3], p2[3];
        CHECK(kk_cfr_policy_probs(p, s, 0, p1, 2, &err) == 1);
        CHECK(kk_cfr_policy_probs(kk_cfr_policy_of(few), s, 0, p2, 2, &err) == 1);
        CHECK(near(p1[0], p2[0], 1e-8) && near(p1[1], p2[1], 1e-8));
        CHECK(kk_cfr_policy_probs(p, s, 0, p1, 3, &err) < 0); /* move count checked */
        kk_cfr_policy_free(p);
    }
    kk_cfr_destroy(few);
    kk_cfr_destroy(again);
    kk_cfr_destroy(other);
}

static void expect_load_error(const char *text, const char *fragment)
{
    FILE *f = fopen(TMP_OTHER, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fputs(text, f);
    fclose(f);
    kk_error err = {{0}};
    struct kk_cfr_policy *p = kk_cfr_policy_load(G, TMP_OTHER, &err);
    CHECK(p == NULL);
    if (!strstr(err.msg, fragment)) {
        fprintf(stderr, "  error '%s' lacks '%s'\n", err.msg, fragment);
        CHECK(0);
    }
    kk_cfr_policy_free(p);
}

static void test_bad_files(void)
{
    expect_load_error("", "empty");
    expect_load_error("hello\n", "line 1: expected 'kark-cfr-policy 1'");
    expect_load_error("kark-cfr-policy 1\ngame toy-nim\n", "for game toy-nim, not toy-kuhn");
    expect_load_error("kark-cfr-policy 1\n0 00 0.5 0.5\n", "no 'game NAME' line");
    expect_load_error("kark-cfr-policy 1\ngame toy-kuhn\n0 0 0.5 0.5\n", "line 3: odd number");
    expect_load_error("kark-cfr-policy 1\ngame toy-kuhn\n0 00 0.5 0.6\n", "sum to");
    expect_load_error("kark-cfr-policy 1\ngame toy-kuhn\n0 00 0.5 x\n", "bad probability");
    expect_load_error("kark-cfr-policy 1\ngame toy-kuhn\n0 00 1\n0 00 1\n", "twice");
    expect_load_error("kark-cfr-policy 1\ngame toy-kuhn\n0 00 0.2 0.2 0.2 0.4\n",
                      "more probabilities");
    kk_error err = {{0}};
    CHECK(kk_cfr_policy_load(G, "no/such/file", &err) == NULL && strstr(err.msg, "cannot open"));
}

static void test_agent(void)
{
    kk_error err = {{0}};
    write_policy(TMP_POLICY, nash);
    char spec[128];
    snprintf(spec, sizeof spec, "cfr:policy=%s", TMP_POLICY);
    struct kk_agent *a = kk_agent_create(G, spec, &err), *rnd = kk_agent_create(G, "random", &err);
    CHECK(a && rnd && strcmp(a->spec, spec) == 0);
    if (!a || !rnd)
        return;
    /* Plays legal moves; never folds K; beats random with seats rotated. */
    kk_rng rng;
    kk_rng_seed(&rng, 42, 1);
    double total = 0;
    int games = 4000, folds_k = 0;
    for (int i = 0; i < games; i++) {
        char s[64];
        root_state(s);
        int me = i % 2;
        while (G->to_move(s) != KK_TERMINAL) {
            int who = G->to_move(s);
            kk_move m;
            if (who == KK_CHANCE) {
                m = G->sample_chance(s, &rng);
            } else {
                struct kk_agent *ag = who == me ? a : rnd;
                m = ag->choose(ag, s, &rng);
                CHECK(kk_is_legal(G, s, m));
                uint8_t key[8];
                int len = G->info_key(s, who, key, sizeof key);
                if (who == me && key[0] == 2 && key[len - 1] == TOY_KUHN_BET && len > 1)
                    folds_k += m == TOY_KUHN_PASS;
            }
            G->apply(s, m);
        }
        int32_t sc[2];
        G->scores(s, sc);
        total += sc[me];
    }
    printf("cfr (equilibrium) vs random over %d games: mean %+.4f chips a game\n", games,
           total / games);
    CHECK(total / games > 0.1);
    CHECK_EQ_INT(folds_k, 0);
    kk_agent_destroy(a);
    kk_agent_destroy(rnd);

    /* No file: uniform; errors name the problem. */
    a = kk_agent_create(G, "cfr", &err);
    CHECK(a && strcmp(a->spec, "cfr:policy=-") == 0);
    kk_agent_destroy(a);
    CHECK(kk_agent_create(G, "cfr:policy=no/such/file", &err) == NULL &&
          strstr(err.msg, "cannot open policy"));
    CHECK(kk_agent_create(&kk_toy_nim, spec, &err) == NULL && strstr(err.msg, "info_key"));
    CHECK(kk_agent_create(G, "cfr:iters=3", &err) == NULL && strstr(err.msg, "unknown option"));
}

static int run_command(const char *const *args, int n, char *out, size_t size)
{
    static const struct kk_game *const games[] = {&kk_toy_kuhn, &kk_toy_nim, NULL};
    char *argv[16];
    for (int i = 0; i < n; i++)
        argv[i] = (char *)args[i];
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (!f)
        return -1;
    int rc = kk_cfr_command(games, f, n, argv);
    rewind(f);
    size_t got = fread(out, 1, size - 1, f);
    out[got] = '\0';
    fclose(f);
    return rc;
}

static void test_command(void)
{
    static char out[1 << 14];
    const char *ok[] = {"cfr", "toy-kuhn", "--iters", "3000", "--every", "1000", "--seed", "5",
                        "--out", TMP_POLICY};
    CHECK_EQ_INT(run_command(ok, 10, out, sizeof out), 0);
    CHECK(strstr(out, "tree: 58 nodes") != NULL);
    CHECK(strstr(out, "        1000         12") != NULL);
    CHECK(strstr(out, "        3000         12") != NULL);
    CHECK(strstr(out, "policy: cfr_kuhn_policy.tmp") != NULL);
    kk_error err = {{0}};
    struct kk_cfr_policy *p = kk_cfr_policy_load(G, TMP_POLICY, &err);
    CHECK(p && kk_cfr_policy_size(p) == 12);
    kk_cfr_policy_free(p);
    char *first = slurp(TMP_POLICY);
    CHECK_EQ_INT(run_command(ok, 10, out, sizeof out), 0);
    char *second = slurp(TMP_POLICY);
    CHECK(first && second && strcmp(first, second) == 0);
    free(first);
    free(second);
    /* default checkpoints 1, 2, 5, 10, 20, 50, then N */
    const char *curve[] = {"cfr", "toy-kuhn", "--iters", "70"};
    CHECK_EQ_INT(run_command(curve, 4, out, sizeof out), 0);
    long long its[16];
    int rows = 0;
    for (const char *s = out; s && *s && rows < 16; s = strchr(s, '\n'), s = s ? s + 1 : s) {
        long long it, sets;
        if (sscanf(s, "%lld %lld", &it, &sets) == 2)
            its[rows++] = it;
    }
    CHECK_EQ_INT(rows, 7);
    static const long long want[] = {1, 2, 5, 10, 20, 50, 70};
    for (int i = 0; i < rows && i < 7; i++)
        CHECK_EQ_INT(its[i], want[i]);

    /* Usage errors: status 2 (their one-line messages are checked by cli_cfr.sh). */
    const char *bad[][4] = {
        {"cfr", "toy-nim", "--iters", "5"},   {"cfr", "toy-kuhn", "--iters", "0"},
        {"cfr", "toy-kuhn", "--bogus", "1"},  {"cfr", "toy-kuhn", "--rm", "minus"},
        {"cfr", "chess", "--iters", "5"},     {"cfr", "toy-kuhn", "--iters", "x"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_EQ_INT(run_command(bad[i], 4, out, sizeof out), 2);
    const char *cap[] = {"cfr", "toy-kuhn", "--iters", "5", "--max-nodes", "10"};
    CHECK_EQ_INT(run_command(cap, 6, out, sizeof out), 1);
    const char *nocap[] = {"cfr", "toy-kuhn", "--iters", "5", "--max-nodes", "10", "--every", "0"};
    CHECK_EQ_INT(run_command(nocap, 8, out, sizeof out), 0);
    CHECK(strstr(out, "trained 5 iterations") != NULL);
}

/* toy-liar, the model of Liar's Cards' one-card sum round used for the measurements in
 * docs/cfr.md: the rules' worked sum-round scenario and the size of its tree. */
static void test_toy_liar(void)
{
    const struct kk_game *g = &kk_toy_liar;
    char s[64];
    struct kk_variant v;
    kk_error err = {{0}};
    CHECK(kk_variant_defaults(g, &v, &err) == 0 && kk_game_init(g, s, &v, 2, &err) == 0);
    char root[64];
    memcpy(root, s, g->state_size);
    /* Hands 6 and 2 (sum 8): s7, s9, call: the bid fails, seat 1 (the bidder) loses. */
    static const char *const events[] = {"6", "2", "s7", "s9", "call"};
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++) {
        kk_move m;
        CHECK(g->move_from_text(s, events[i], &m, &err) == 0 && kk_is_legal(g, s, m));
        g->apply(s, m);
    }
    int32_t sc[2];
    g->scores(s, sc);
    CHECK(g->to_move(s) == KK_TERMINAL && sc[0] == 1 && sc[1] == 0);
    CHECK(near(kk_cfr_utility(g, s, 0), 0.5, 1e-12));
    /* Per deal, 2^12 bid sequences each ending in a call (or after s12's call): 8191 nodes;
     * 36 deals, 1 + 6 chance nodes. */
    CHECK_EQ_INT(kk_cfr_tree_size(g, root, 1000000, &err), 1 + 6 + 36 * 8191);
}

/* The key checker accepts the toy games' keys and catches a key that holds the other
 * seat's card. */
static int leaky_key(const void *state, int seat, uint8_t *buf, size_t size)
{
    int len = kk_toy_kuhn.info_key(state, seat, buf, size);
    uint8_t other[8];
    kk_toy_kuhn.info_key(state, 1 - seat, other, sizeof other);
    if (len < 0 || (size_t)len >= size)
        return -1;
    buf[len] = other[0];
    return len + 1;
}

/* A toy-liar key that forgets the bids: states with different legal moves share it. */
static int forgetful_key(const void *state, int seat, uint8_t *buf, size_t size)
{
    int len = kk_toy_liar.info_key(state, seat, buf, size);
    return len < 0 ? -1 : 1;
}

static void test_key_check(void)
{
    {
        struct kk_game forgetful = kk_toy_liar;
        forgetful.info_key = forgetful_key;
        struct kk_variant v;
        kk_error err = {{0}};
        kk_variant_defaults(&forgetful, &v, &err);
        struct kk_cfr_opts o = {.method = KK_CFR_EXTERNAL, .regret = KK_CFR_RM_PLUS};
        struct kk_cfr *c = kk_cfr_create(&forgetful, &v, 2, &o, &err);
        kk_rng r;
        kk_rng_seed(&r, 1, 1);
        CHECK(c && kk_cfr_run(c, 10, &r, &err) < 0);
        CHECK(strstr(err.msg, "info_key gives one key to states with") != NULL);
        kk_cfr_destroy(c);
    }
    kk_rng rng;
    kk_rng_seed(&rng, 3, 3);
    kk_error err = {{0}};
    char root[64];
    root_state(root);
    CHECK(kk_cfr_check_info_key(G, root, 200, 4, &rng, &err) == 0);
    struct kk_game leaky = kk_toy_kuhn;
    leaky.info_key = leaky_key;
    CHECK(kk_cfr_check_info_key(&leaky, root, 200, 4, &rng, &err) < 0);
    CHECK(strstr(err.msg, "cannot see") != NULL);
    struct kk_variant v;
    kk_variant_defaults(&kk_toy_liar, &v, &err);
    CHECK(kk_game_init(&kk_toy_liar, root, &v, 2, &err) == 0);
    CHECK(kk_cfr_check_info_key(&kk_toy_liar, root, 200, 4, &rng, &err) == 0);
}

/* With arguments, runs `kark cfr` on the toy games instead of the tests, for the curves in
 * docs/cfr.md: test_cfr_kuhn cfr toy-kuhn --iters 100000 --every 1000. */
int main(int argc, char **argv)
{
    if (argc > 1) {
        static const struct kk_game *const games[] = {&kk_toy_kuhn, &kk_toy_liar, NULL};
        return kk_cfr_command(games, stdout, argc - 1, argv + 1);
    }
    test_exact_values();
    test_training();
    test_bad_files();
    test_agent();
    test_command();
    test_toy_liar();
    test_key_check();
    remove(TMP_POLICY);
    remove(TMP_OTHER);
    return kk_test_done("cfr_kuhn");
}
