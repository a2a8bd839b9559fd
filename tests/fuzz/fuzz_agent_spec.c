/* libFuzzer target: agent lists and specs ("mcts:iters=500,c=0.5,greedy"). Splitting and
 * building agents must never crash; a refusal says why. Inputs with numbers of more than
 * five digits are skipped: they may legitimately ask for gigabytes of search tree. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1024)
        return 0;
    int run = 0;
    for (size_t i = 1; i < size; i++) {
        run = isdigit(data[i]) ? run + 1 : 0;
        if (run > 5)
            return 0;
    }
    int ngames = 0;
    while (kk_games[ngames])
        ngames++;
    const struct kk_game *g = kk_games[data[0] % ngames];
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char specs[8][KK_SPEC_LEN];
    kk_error err;
    int n = kk_agent_list_split(text, specs, 8, &err);
    if (n < 0 && err.msg[0] == '\0')
        abort();
    for (int i = 0; i < n; i++) {
        struct kk_agent *a = kk_agent_create(g, specs[i], &err);
        if (!a && err.msg[0] == '\0')
            abort();
        if (a) {
            /* The canonical spec builds the same agent. */
            struct kk_agent *b = kk_agent_create(g, a->spec, &err);
            if (!b || strcmp(a->spec, b->spec) != 0)
                abort();
            kk_agent_destroy(b);
        }
        kk_agent_destroy(a);
    }
    free(text);
    return 0;
}
