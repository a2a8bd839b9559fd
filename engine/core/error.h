/* Error reporting for library code: functions return 0 on success or -1 on failure
 * and fill a caller-owned kk_error with a one-line message. Only main() prints. */
#ifndef KK_ERROR_H
#define KK_ERROR_H

#include <stddef.h>

typedef struct kk_error {
    char msg[256];
} kk_error;

/* Formats msg into err (if err is non-NULL) and returns -1, so callers can write
 * `return kk_fail(err, "bad %s", x);`. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int kk_fail(kk_error *err, const char *fmt, ...);

#endif
