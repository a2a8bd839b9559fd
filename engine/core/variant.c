#include "variant.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

int kk_param_index(const struct kk_game *g, const char *name)
{
    for (int p = 0; p < g->num_params; p++)
        if (strcmp(g->params[p].name, name) == 0)
            return p;
    return -1;
}

static int is_list(const struct kk_param *p)
{
    return p->kind == KK_PARAM_INT_LIST || p->kind == KK_PARAM_CHOICE_LIST;
}

static int is_word(const struct kk_param *p)
{
    return p->kind == KK_PARAM_WORD;
}

static int is_choice(const struct kk_param *p)
{
    return p->kind == KK_PARAM_CHOICE || p->kind == KK_PARAM_CHOICE_LIST;
}

static int choice_index(const struct kk_param *p, const char *word)
{
    for (int i = 0; p->choices && p->choices[i]; i++)
        if (strcmp(p->choices[i], word) == 0)
            return i;
    return -1;
}

int kk_param_accepts(const struct kk_param *p, char *buf, size_t size)
{
    int n = 0;
    const char *auto_note = strcmp(p->def, "auto") == 0 ? " or auto" : "";
    switch (p->kind) {
    case KK_PARAM_INT:
        n = snprintf(buf, size, "an integer %d..%d%s", (int)p->min, (int)p->max, auto_note);
        break;
    case KK_PARAM_INT_LIST:
        n = snprintf(buf, size, "%d to %d comma-separated integers %d..%d", p->min_len,
                     p->max_len, (int)p->min, (int)p->max);
        break;
    case KK_PARAM_WORD: {
        const char *abc = p->choices ? p->choices[0] : "";
        if (p->max == 1 && p->min_len == p->max_len && (size_t)p->min_len == strlen(abc))
            n = snprintf(buf, size, "a permutation of %s", abc);
        else if (p->max > 0)
            n = snprintf(buf, size, "%d to %d letters from %s, each at most %d times",
                         p->min_len, p->max_len, abc, (int)p->max);
        else
            n = snprintf(buf, size, "%d to %d letters from %s", p->min_len, p->max_len, abc);
        break;
    }
    case KK_PARAM_CHOICE:
    case KK_PARAM_CHOICE_LIST: {
        if (p->kind == KK_PARAM_CHOICE)
            n = snprintf(buf, size, "one of ");
        else
            n = snprintf(buf, size, "%d to %d comma-separated names from ", p->min_len,
                         p->max_len);
        for (int i = 0; p->choices && p->choices[i]; i++) {
            if (n < 0 || (size_t)n >= size)
                break;
            n += snprintf(buf + n, size - (size_t)n, "%s%s", i ? ", " : "", p->choices[i]);
        }
        break;
    }
    }
    return n;
}

/* Parses one item of parameter p; stores into *out. */
static int parse_item(const struct kk_param *p, const char *item, int32_t *out)
{
    if (is_choice(p)) {
        int i = choice_index(p, item);
        if (i < 0)
            return -1;
        *out = i;
        return 0;
    }
    if (!is_list(p) && strcmp(item, "auto") == 0 && strcmp(p->def, "auto") == 0) {
        *out = KK_AUTO;
        return 0;
    }
    if (*item == '\0')
        return -1;
    char *end;
    errno = 0;
    long v = strtol(item, &end, 10);
    if (*end != '\0' || errno != 0 || v < p->min || v > p->max)
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* Parses a whole value text for parameter index pi into v. */
static int parse_value(const struct kk_game *g, int pi, const char *text, struct kk_variant *v,
                       kk_error *err)
{
    const struct kk_param *p = &g->params[pi];
    char accepts[256];
    char copy[512];
    if (strlen(text) >= sizeof copy)
        return kk_fail(err, "value for '%s' is too long", p->name);
    strcpy(copy, text);
    int n = 0;
    int32_t vals[KK_MAX_LIST];
    if (is_word(p)) {
        const char *abc = p->choices ? p->choices[0] : "";
        int len = (int)strlen(copy), uses[KK_MAX_LIST] = {0}, ok = len >= p->min_len &&
                                                           len <= p->max_len && len <= KK_MAX_LIST;
        for (int i = 0; ok && i < len; i++) {
            const char *at = strchr(abc, copy[i]);
            ok = at != NULL && (size_t)(at - abc) < KK_MAX_LIST;
            if (ok) {
                vals[i] = (int32_t)(at - abc);
                ok = ++uses[vals[i]] <= p->max || p->max == 0;
            }
        }
        if (!ok) {
            kk_param_accepts(p, accepts, sizeof accepts);
            return kk_fail(err, "bad value '%s' for '%s': expected %s", text, p->name, accepts);
        }
        n = len;
    } else if (!is_list(p)) {
        if (parse_item(p, copy, &vals[0]) != 0) {
            kk_param_accepts(p, accepts, sizeof accepts);
            return kk_fail(err, "bad value '%s' for '%s': expected %s", text, p->name, accepts);
        }
        n = 1;
    } else {
        int count = 1;
        for (const char *c = copy; *c; c++)
            count += *c == ',';
        if (count < p->min_len || count > p->max_len || count > KK_MAX_LIST) {
            kk_param_accepts(p, accepts, sizeof accepts);
            return kk_fail(err, "bad value '%s' for '%s': expected %s", text, p->name, accepts);
        }
        /* strtok would skip empty items; walk commas by hand so "3,,1" is an error. */
        char *item = copy;
        for (;;) {
            char *comma = strchr(item, ',');
            if (comma)
                *comma = '\0';
            if (parse_item(p, item, &vals[n]) != 0) {
                kk_param_accepts(p, accepts, sizeof accepts);
                return kk_fail(err, "bad item '%s' in '%s' for '%s': expected %s", item, text,
                               p->name, accepts);
            }
            n++;
            if (!comma)
                break;
            item = comma + 1;
        }
    }
    for (int i = 0; i < n; i++)
        v->value[pi][i] = vals[i];
    for (int i = n; i < KK_MAX_LIST; i++)
        v->value[pi][i] = 0;
    v->len[pi] = (uint8_t)n;
    return 0;
}

int kk_variant_defaults(const struct kk_game *g, struct kk_variant *v, kk_error *err)
{
    memset(v, 0, sizeof *v);
    if (g->num_params > KK_MAX_PARAMS)
        return kk_fail(err, "game %s has too many parameters", g->name);
    for (int p = 0; p < g->num_params; p++) {
        kk_error e;
        if (parse_value(g, p, g->params[p].def, v, &e) != 0)
            return kk_fail(err, "game %s: bad default: %s", g->name, e.msg);
    }
    return 0;
}

int kk_variant_set(const struct kk_game *g, struct kk_variant *v, const char *assignment,
                   kk_error *err)
{
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment)
        return kk_fail(err, "bad setting '%s': expected key=value", assignment);
    char key[64];
    size_t klen = (size_t)(eq - assignment);
    if (klen >= sizeof key)
        return kk_fail(err, "unknown parameter '%.*s'", (int)klen, assignment);
    memcpy(key, assignment, klen);
    key[klen] = '\0';
    int p = kk_param_index(g, key);
    if (p < 0) {
        char names[256] = "";
        size_t n = 0;
        for (int i = 0; i < g->num_params && n < sizeof names; i++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                                  g->params[i].name);
        if (g->num_params == 0)
            return kk_fail(err, "unknown parameter '%s': %s has no parameters", key, g->name);
        return kk_fail(err, "unknown parameter '%s' for %s: expected one of %s", key, g->name,
                       names);
    }
    return parse_value(g, p, eq + 1, v, err);
}

int kk_variant_format(const struct kk_game *g, const struct kk_variant *v, int p, char *buf,
                      size_t size)
{
    const struct kk_param *par = &g->params[p];
    int n = 0;
    buf[0] = '\0';
    for (int i = 0; i < v->len[p]; i++) {
        if (n < 0 || (size_t)n >= size)
            break;
        int32_t x = v->value[p][i];
        if (is_word(par))
            n += snprintf(buf + n, size - (size_t)n, "%c", par->choices[0][x]);
        else if (is_choice(par))
            n += snprintf(buf + n, size - (size_t)n, "%s%s", i ? "," : "", par->choices[x]);
        else if (x == KK_AUTO)
            n += snprintf(buf + n, size - (size_t)n, "%sauto", i ? "," : "");
        else
            n += snprintf(buf + n, size - (size_t)n, "%s%d", i ? "," : "", (int)x);
    }
    return n;
}

int kk_variant_describe(const struct kk_game *g, const struct kk_variant *v, const char *sep,
                        char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int p = 0; p < g->num_params && n < size; p++) {
        char val[256];
        kk_variant_format(g, v, p, val, sizeof val);
        n += (size_t)snprintf(buf + n, size - n, "%s%s=%s", p ? sep : "", g->params[p].name, val);
    }
    return (int)(n < size ? n : size - 1);
}
