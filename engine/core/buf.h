/* A growable text buffer for building records, JSON and CSV without fixed limits. */
#ifndef KK_BUF_H
#define KK_BUF_H

#include <stddef.h>

struct kk_buf {
    char *data; /* NUL-terminated, or NULL while empty */
    size_t len, cap;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void kk_buf_printf(struct kk_buf *b, const char *fmt, ...);
void kk_buf_append(struct kk_buf *b, const char *text, size_t len);
/* Appends s as a JSON string literal (with quotes and escapes). */
void kk_buf_json_string(struct kk_buf *b, const char *s);
void kk_buf_clear(struct kk_buf *b);
void kk_buf_free(struct kk_buf *b);
const char *kk_buf_str(const struct kk_buf *b); /* "" while empty */

#endif
