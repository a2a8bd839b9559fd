/* Carcassonne dice: roll outcomes. The listed outcomes and their multinomial probabilities
 * are checked exactly, and sampled rolls against them with a chi-square test on a million
 * rolls from a fixed seed (deterministic: the same draws every run). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/dice/dice.h"
#include "testlib.h"

static kk_move outcomes[4096];
static double probs[4096];

static int cmp_move(const void *a, const void *b)
{
    kk_move x = *(const kk_move *)a, y = *(const kk_move *)b;
    return (x > y) - (x < y);
}

static void start(struct dice_state *s, const char *setting, int players)
{
    struct kk_variant v;
    kk_error err;
    CHECK_EQ_INT(kk_variant_defaults(&kk_game_carcassonne_dice, &v, &err), 0);
    if (setting)
        CHECK_EQ_INT(kk_variant_set(&kk_game_carcassonne_dice, &v, setting, &err), 0);
    CHECK_EQ_INT(kk_game_init(&kk_game_carcassonne_dice, s, &v, players, &err), 0);
}

/* Chi-square of `rolls` sampled rolls at s against chance_outcomes(); bins expected to
 * hold fewer than 5 rolls are pooled. Returns 1 when below the 0.1% critical value. */
static int chi_square_ok(const struct dice_state *s, int rolls, uint64_t seed, int biased)
{
    const struct kk_game *g = &kk_game_carcassonne_dice;
    int n = g->chance_outcomes(s, outcomes, probs);
    /* Sort outcomes (with their probabilities) for a binary search. */
    struct pair { kk_move m; double p; } *pairs = malloc(sizeof *pairs * (size_t)n);
    for (int i = 0; i < n; i++) {
        pairs[i].m = outcomes[i];
        pairs[i].p = probs[i];
    }
    qsort(pairs, (size_t)n, sizeof *pairs, cmp_move);
    long *count = calloc((size_t)n, sizeof *count);
    kk_rng rng;
    kk_rng_seed(&rng, seed, 17);
    for (int r = 0; r < rolls; r++) {
        kk_move m = g->sample_chance(s, &rng);
        /* The negative control: one roll in 20 shows a cap as a straight. */
        if (biased && r % 20 == 0 && dice_outcome_count(m, 0) > 0)
            m += (1 << DICE_CAT_BITS) - 1;
        int lo = 0, hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (pairs[mid].m < m)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (pairs[lo].m != m) {
            CHECK(!"sampled outcome not among the listed outcomes");
            break;
        }
        count[lo]++;
    }
    double chi = 0, pooled_exp = 0, pooled_obs = 0;
    int bins = 0;
    for (int i = 0; i < n; i++) {
        double e = pairs[i].p * rolls;
        if (e < 5) {
            pooled_exp += e;
            pooled_obs += (double)count[i];
            continue;
        }
        chi += (count[i] - e) * (count[i] - e) / e;
        bins++;
    }
    if (pooled_exp > 0) {
        chi += (pooled_obs - pooled_exp) * (pooled_obs - pooled_exp) / pooled_exp;
        bins++;
    }
    int df = bins - 1;
    /* Wilson-Hilferty approximation of the 99.9% quantile of chi-square(df). */
    double z = 3.09, h = 2.0 / (9.0 * df);
    double critical = df * pow(1 - h + z * sqrt(h), 3);
    printf("  %d outcomes, %d bins, chi-square %.1f, critical %.1f\n", n, bins, chi, critical);
    free(pairs);
    free(count);
    return chi < critical;
}

static double sum_probs(const struct dice_state *s, int *n)
{
    *n = kk_game_carcassonne_dice.chance_outcomes(s, outcomes, probs);
    double sum = 0;
    for (int i = 0; i < *n; i++)
        sum += probs[i];
    return sum;
}

static double prob_of(const struct dice_state *s, kk_move m)
{
    int n = kk_game_carcassonne_dice.chance_outcomes(s, outcomes, probs);
    for (int i = 0; i < n; i++)
        if (outcomes[i] == m)
            return probs[i];
    return 0;
}

static kk_move parse(const struct dice_state *s, const char *text)
{
    kk_move m = -1;
    kk_error err;
    CHECK_EQ_INT(kk_game_carcassonne_dice.move_from_text(s, text, &m, &err), 0);
    return m;
}

int main(void)
{
    struct dice_state s;
    int n;

    /* Default faces: 6 categories, 9 dice. */
    start(&s, NULL, 2);
    CHECK(fabs(sum_probs(&s, &n) - 1) < 1e-12);
    CHECK_EQ_INT(n, 2002);
    CHECK(fabs(prob_of(&s, parse(&s, "XXXXXXXXX")) - pow(6, -9)) < 1e-20);
    /* 9 different-looking dice: C S L T twice... e.g. 2 of each city face + 1 knight:
     * 9! / (2!^4 1!) / 6^9. */
    CHECK(fabs(prob_of(&s, parse(&s, "CCSSLLTTK")) - 362880.0 / 16 / pow(6, 9)) < 1e-15);
    CHECK(chi_square_ok(&s, 1000000, 2024, 0));

    /* A repeated face: cap on 2 of the 6 faces; 5 categories. */
    start(&s, "faces=cap,cap,corner,tee", 2);
    CHECK(fabs(sum_probs(&s, &n) - 1) < 1e-12);
    CHECK_EQ_INT(n, 715); /* C(9+4, 4) */
    CHECK(fabs(prob_of(&s, parse(&s, "CCCCCCCCC")) - pow(2.0 / 6, 9)) < 1e-15);
    CHECK(chi_square_ok(&s, 200000, 7, 0));

    /* Fewer dice: after a bank by seat 0, seat 1 throws 8. */
    start(&s, NULL, 2);
    kk_game_carcassonne_dice.apply(&s, parse(&s, "CCSKKKXXX"));
    kk_game_carcassonne_dice.apply(&s, DICE_MOVE_BANK);
    CHECK_EQ_INT(s.to_roll, 8);
    CHECK(fabs(sum_probs(&s, &n) - 1) < 1e-12);
    CHECK_EQ_INT(n, 1287);
    CHECK(chi_square_ok(&s, 200000, 8, 0));

    /* The test has teeth: a slightly biased sampler fails it. */
    start(&s, NULL, 2);
    CHECK(!chi_square_ok(&s, 200000, 9, 1));
    return kk_test_done("dice_chance");
}
