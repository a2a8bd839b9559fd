/* libFuzzer target: any bytes as a game record. Parsing and replaying must never crash,
 * hang or read out of bounds; a failure must come back as an error with a line number in
 * range. Seed corpus: the golden records in tests/data/. */
#include <stdlib.h>
#include <string.h>

#include "engine/core/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    struct kk_record rec;
    kk_error err;
    if (kk_record_parse(text, &rec, &err) == 0) {
        void *state = calloc(1, rec.game->state_size);
        int line = 0;
        struct kk_buf trace = {0};
        if (state && kk_record_replay_trace(&rec, state, &line, &trace, &err) != 0) {
            int lines = 1;
            for (size_t i = 0; i < size; i++)
                lines += text[i] == '\n';
            if (line < 0 || line > lines || err.msg[0] == '\0')
                abort(); /* an error must name a line of the input and say why */
        }
        kk_buf_free(&trace);
        free(state);
        kk_record_free(&rec);
    }
    free(text);
    return 0;
}
