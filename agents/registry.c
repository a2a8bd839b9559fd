/* Agent registry and spec strings: "name" or "name:key=value,key=value". */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"

#define KK_AGENT(sym) extern const struct kk_agent_class sym;
#include "agents.def"
#undef KK_AGENT

const struct kk_agent_class *const kk_agent_classes[] = {
#define KK_AGENT(sym) &sym,
#include "agents.def"
#undef KK_AGENT
    NULL,
};

const char *const kk_agent_opt_text[] = {NULL};

const struct kk_agent_class *kk_agent_class_find(const char *name)
{
    for (int i = 0; kk_agent_classes[i]; i++)
        if (strcmp(kk_agent_classes[i]->name, name) == 0)
            return kk_agent_classes[i];
    return NULL;
}

static void join_names(char *buf, size_t size, int options_of, const struct kk_agent_class *cls)
{
    size_t n = 0;
    buf[0] = '\0';
    if (options_of) {
        for (int i = 0; i < cls->num_opts && n < size; i++)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", cls->opts[i].name);
    } else {
        for (int i = 0; kk_agent_classes[i] && n < size; i++)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "",
                                  kk_agent_classes[i]->name);
    }
}

static int parse_opt(const struct kk_agent_class *cls, const struct kk_agent_opt *o,
                     const char *text, double *out, kk_error *err)
{
    if (o->choices == KK_OPT_TEXT) {
        *out = 0;
        return 0;
    }
    if (o->choices) {
        char names[256] = "";
        size_t n = 0;
        for (int i = 0; o->choices[i]; i++) {
            if (strcmp(o->choices[i], text) == 0) {
                *out = i;
                return 0;
            }
            if (n < sizeof names)
                n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                                      o->choices[i]);
        }
        return kk_fail(err, "bad value '%s' for %s option '%s': expected one of %s", text,
                       cls->name, o->name, names);
    }
    /* Plain decimal only, as every other number kark reads: no exponent, hex, sign '+',
     * spaces, or a fraction on a whole-number option ("1e3", "0x10", " 1", "1.0"). */
    const char *c = text + (text[0] == '-');
    int digits = 0, dot = 0, plain = 1;
    for (; *c && plain; c++) {
        if (*c >= '0' && *c <= '9')
            digits++;
        else if (*c == '.' && !dot && !o->is_int)
            dot = 1;
        else
            plain = 0;
    }
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (!plain || !digits || *text == '\0' || *end != '\0' || errno || !isfinite(v) ||
        v < o->min || v > o->max || (o->is_int && v != floor(v))) {
        if (o->is_int)
            return kk_fail(err, "bad value '%s' for %s option '%s': expected a whole number "
                                "%.0f..%.0f", text, cls->name, o->name, o->min, o->max);
        return kk_fail(err, "bad value '%s' for %s option '%s': expected a number %g..%g", text,
                       cls->name, o->name, o->min, o->max);
    }
    *out = v;
    return 0;
}

/* Returns 0, or -1 when buf was too small (the spec is then cut short). */
static int format_spec(const struct kk_agent_class *cls, const double *vals,
                       const char *const *texts, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "%s", cls->name);
    for (int i = 0; i < cls->num_opts && n < size; i++) {
        const struct kk_agent_opt *o = &cls->opts[i];
        if (o->choices == KK_OPT_TEXT)
            n += (size_t)snprintf(buf + n, size - n, "%c%s=%s", i ? ',' : ':', o->name,
                                  texts ? texts[i] : o->def);
        else if (o->choices)
            n += (size_t)snprintf(buf + n, size - n, "%c%s=%s", i ? ',' : ':', o->name,
                                  o->choices[(int)vals[i]]);
        else
            n += (size_t)snprintf(buf + n, size - n, "%c%s=%g", i ? ',' : ':', o->name, vals[i]);
    }
    return n < size ? 0 : -1;
}

void kk_agent_format_spec(const struct kk_agent_class *cls, const double *vals, char *buf,
                          size_t size)
{
    (void)format_spec(cls, vals, NULL, buf, size);
}

int kk_agent_defaults(const struct kk_agent_class *cls, const struct kk_game *g, double *vals,
                      kk_error *err)
{
    for (int i = 0; i < cls->num_opts; i++)
        if (parse_opt(cls, &cls->opts[i], cls->opts[i].def, &vals[i], err) != 0)
            return -1;
    if (!g || !g->agent_defaults)
        return 0;
    char copy[KK_SPEC_LEN * 2];
    if (strlen(g->agent_defaults) >= sizeof copy)
        return kk_fail(err, "%s: agent defaults too long", g->name);
    strcpy(copy, g->agent_defaults);
    for (char *item = copy[0] ? copy : NULL; item;) {
        char *comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        char *eq = strchr(item, '=');
        if (!eq)
            return kk_fail(err, "%s: bad agent default '%s': expected key=value", g->name, item);
        *eq = '\0';
        /* CLASS.key=value applies to that agent class only, key=value to every class with
         * the option. */
        char *dot = strchr(item, '.');
        const char *key = item;
        if (dot) {
            *dot = '\0';
            key = dot + 1;
        }
        if (!dot || strcmp(item, cls->name) == 0)
            for (int i = 0; i < cls->num_opts; i++)
                if (strcmp(cls->opts[i].name, key) == 0 &&
                    parse_opt(cls, &cls->opts[i], eq + 1, &vals[i], err) != 0)
                    return -1;
        item = comma ? comma + 1 : NULL;
    }
    return 0;
}

struct kk_agent *kk_agent_create(const struct kk_game *g, const char *spec, kk_error *err)
{
    char copy[KK_SPEC_LEN * 2];
    if (strlen(spec) >= sizeof copy) {
        kk_fail(err, "agent spec too long: '%.40s...'", spec);
        return NULL;
    }
    strcpy(copy, spec);
    char *colon = strchr(copy, ':');
    if (colon)
        *colon = '\0';
    const struct kk_agent_class *cls = kk_agent_class_find(copy);
    if (!cls) {
        char names[256];
        join_names(names, sizeof names, 0, NULL);
        kk_fail(err, "unknown agent '%s': expected one of %s", copy, names);
        return NULL;
    }
    double vals[KK_MAX_AGENT_OPTS];
    const char *texts[KK_MAX_AGENT_OPTS];
    int seen[KK_MAX_AGENT_OPTS] = {0};
    for (int i = 0; i < cls->num_opts; i++)
        texts[i] = cls->opts[i].def;
    if (kk_agent_defaults(cls, g, vals, err) != 0)
        return NULL;
    if (colon && colon[1] == '\0') {
        kk_fail(err, "agent spec '%s' has ':' but no options", spec);
        return NULL;
    }
    for (char *item = colon ? colon + 1 : NULL; item;) {
        char *comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        char *eq = strchr(item, '=');
        if (!eq) {
            kk_fail(err, "bad option '%s' in agent spec '%s': expected key=value", item, spec);
            return NULL;
        }
        *eq = '\0';
        int found = -1;
        for (int i = 0; i < cls->num_opts; i++)
            if (strcmp(cls->opts[i].name, item) == 0)
                found = i;
        if (found < 0) {
            char names[256];
            join_names(names, sizeof names, 1, cls);
            if (cls->num_opts == 0)
                kk_fail(err, "unknown option '%s': agent %s has no options", item, cls->name);
            else
                kk_fail(err, "unknown option '%s' for agent %s: expected one of %s", item,
                        cls->name, names);
            return NULL;
        }
        if (seen[found]) {
            kk_fail(err, "option '%s' given twice in agent spec '%s'", item, spec);
            return NULL;
        }
        seen[found] = 1;
        if (parse_opt(cls, &cls->opts[found], eq + 1, &vals[found], err) != 0)
            return NULL;
        texts[found] = eq + 1;
        item = comma ? comma + 1 : NULL;
    }
    struct kk_agent *a = cls->create_text ? cls->create_text(g, vals, texts, err)
                                          : cls->create(g, vals, err);
    if (!a)
        return NULL;
    a->cls = cls;
    a->game = g;
    if (format_spec(cls, vals, texts, a->spec, sizeof a->spec) != 0) {
        /* A cut spec would be read back (resume, records) as another agent. */
        kk_fail(err, "agent spec '%.40s...': its canonical form is longer than %d characters",
                spec, KK_SPEC_LEN - 1);
        kk_agent_destroy(a);
        return NULL;
    }
    return a;
}

void kk_agent_destroy(struct kk_agent *a)
{
    if (a)
        a->destroy(a);
}

int kk_agent_list_split(const char *list, char specs[][KK_SPEC_LEN], int max_specs,
                        kk_error *err)
{
    int n = 0;
    const char *p = list;
    if (*p == '\0')
        return kk_fail(err, "empty agent list");
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0)
            return kk_fail(err, "empty item in agent list '%s'", list);
        int continues = memchr(p, '=', len) && !memchr(p, ':', len);
        if (continues) {
            if (n == 0)
                return kk_fail(err, "agent list '%s' starts with an option, not an agent", list);
            size_t cur = strlen(specs[n - 1]);
            if (cur + 1 + len >= KK_SPEC_LEN)
                return kk_fail(err, "agent spec too long in '%s'", list);
            specs[n - 1][cur] = strchr(specs[n - 1], ':') ? ',' : ':';
            memcpy(specs[n - 1] + cur + 1, p, len);
            specs[n - 1][cur + 1 + len] = '\0';
        } else {
            if (n == max_specs)
                return kk_fail(err, "too many agents in '%s' (at most %d)", list, max_specs);
            if (len >= KK_SPEC_LEN)
                return kk_fail(err, "agent spec too long in '%s'", list);
            memcpy(specs[n], p, len);
            specs[n][len] = '\0';
            n++;
        }
        p = comma ? comma + 1 : p + len;
        if (comma && *p == '\0')
            return kk_fail(err, "agent list '%s' ends with a comma", list);
    }
    return n;
}
