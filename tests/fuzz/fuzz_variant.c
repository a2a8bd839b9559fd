/* libFuzzer target: rules settings. The first byte picks a game and a player count, the
 * rest is "key=value" settings separated by spaces. Accepted settings must format back to
 * text that parses to the same variant, and any accepted variant must set up a game or
 * refuse with a message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count_games(void)
{
    int n = 0;
    while (kk_games[n])
        n++;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    const struct kk_game *g = kk_games[data[0] % count_games()];
    int players = (data[0] >> 4) % (KK_MAX_SEATS + 2);
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    struct kk_variant v;
    kk_error err;
    if (kk_variant_defaults(g, &v, &err) != 0)
        abort();
    for (char *tok = strtok(text, " \n"); tok; tok = strtok(NULL, " \n")) {
        if (kk_variant_set(g, &v, tok, &err) != 0 && err.msg[0] == '\0')
            abort(); /* a refusal says why */
    }
    /* Round trip: every parameter's text sets the same values. */
    struct kk_variant w;
    kk_variant_defaults(g, &w, &err);
    for (int p = 0; p < g->num_params; p++) {
        char val[1024], assign[1200];
        kk_variant_format(g, &v, p, val, sizeof val);
        snprintf(assign, sizeof assign, "%s=%s", g->params[p].name, val);
        if (kk_variant_set(g, &w, assign, &err) != 0)
            abort();
        if (w.len[p] != v.len[p] || memcmp(w.value[p], v.value[p], sizeof v.value[p][0] * v.len[p]))
            abort();
    }
    void *state = malloc(g->state_size);
    if (state && kk_game_init(g, state, &v, players, &err) != 0 && err.msg[0] == '\0')
        abort();
    free(state);
    free(text);
    return 0;
}
