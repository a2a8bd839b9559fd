#include "buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void buf_reserve(struct kk_buf *b, size_t extra)
{
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p)
        abort(); /* out of memory: nothing sensible to return to */
    b->data = p;
    b->cap = cap;
}

void kk_buf_append(struct kk_buf *b, const char *text, size_t len)
{
    buf_reserve(b, len);
    memcpy(b->data + b->len, text, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void kk_buf_printf(struct kk_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        buf_reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
        b->len += (size_t)n;
    }
    va_end(ap2);
}

void kk_buf_json_string(struct kk_buf *b, const char *s)
{
    kk_buf_append(b, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            kk_buf_append(b, esc, 2);
        } else if (c < 0x20) {
            kk_buf_printf(b, "\\u%04x", c);
        } else {
            kk_buf_append(b, (const char *)&c, 1);
        }
    }
    kk_buf_append(b, "\"", 1);
}

void kk_buf_clear(struct kk_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

void kk_buf_free(struct kk_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

const char *kk_buf_str(const struct kk_buf *b)
{
    return b->data ? b->data : "";
}
