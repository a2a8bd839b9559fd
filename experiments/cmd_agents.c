/* kark agents: every agent kind with its options (default, accepted values, meaning), and
 * a spec checker that prints the canonical form of a spec or the reason it is bad. */
#include <stdio.h>
#include <string.h>

#include "../agents/agent.h"
#include "cli.h"
#include "commands.h"

static void print_accepts(const struct kk_agent_opt *o, char *buf, size_t size)
{
    if (o->choices == KK_OPT_TEXT) {
        snprintf(buf, size, "text (no ',')");
    } else if (o->choices) {
        size_t n = (size_t)snprintf(buf, size, "one of ");
        for (int i = 0; o->choices[i] && n < size; i++)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", o->choices[i]);
    } else {
        snprintf(buf, size, "%s %.10g..%.10g", o->is_int ? "whole number" : "number", o->min,
                 o->max);
    }
}

/* Lists cls's options; with a game g, the defaults are the effective ones on g (the
 * game's agent_defaults applied), marked "(game)" where they differ from the kind's own. */
static int print_class(const struct kk_agent_class *cls, const struct kk_game *g)
{
    printf("%s — %s\n", cls->name, cls->help);
    if (cls->num_opts == 0) {
        printf("  (no options)\n");
        return 0;
    }
    double vals[KK_MAX_AGENT_OPTS], base[KK_MAX_AGENT_OPTS];
    kk_error err = {{0}};
    if (kk_agent_defaults(cls, g, vals, &err) != 0 || kk_agent_defaults(cls, NULL, base, &err) != 0)
        return kk_cli_usage("agents", "%s", err.msg);
    for (int i = 0; i < cls->num_opts; i++) {
        const struct kk_agent_opt *o = &cls->opts[i];
        char accepts[256], def[64];
        print_accepts(o, accepts, sizeof accepts);
        if (o->choices == KK_OPT_TEXT)
            snprintf(def, sizeof def, "%s", o->def);
        else if (o->choices)
            snprintf(def, sizeof def, "%s", o->choices[(int)vals[i]]);
        else
            snprintf(def, sizeof def, "%g", vals[i]);
        if (vals[i] != base[i])
            snprintf(def + strlen(def), sizeof def - strlen(def), " (game)");
        printf("  %-10s default %-14s %s\n  %-10s %s\n", o->name, def, accepts, "", o->help);
    }
    return 0;
}

static int usage(void)
{
    printf("usage: kark agents [NAME] [--game GAME]\n"
           "       kark agents --check SPEC [--game GAME]\n\n"
           "Lists every agent kind (or only NAME) with each option's default, accepted\n"
           "values and meaning. Agents are named by specs: \"name\" or\n"
           "\"name:key=value,key=value\", e.g. mcts:iters=1000,c=0.7. Options left out keep\n"
           "their defaults. In a list (--agents A,B) an item with '=' and no ':' continues\n"
           "the agent before it: mcts:iters=500,c=0.5,greedy is two agents.\n\n"
           "On games with hidden information (or simultaneous rounds) every search agent\n"
           "searches only what its seat sees; view=peek searches the true state: that is\n"
           "CHEATING, meant only as a baseline, and reports mark such agents.\n\n"
           "--game GAME    show the effective defaults on GAME (a game may supply its own\n"
           "               preferred options, marked \"(game)\"; your options still win).\n"
           "--check SPEC   build the agent for GAME (default: the first game) and print its\n"
           "               canonical spec, or the reason the spec is bad (exit status 2).\n");
    return KK_EXIT_OK;
}

int kk_cmd_agents(int argc, char **argv)
{
    const char *name = NULL, *check = NULL, *game_name = NULL;
    for (int i = 1; i < argc; i++) {
        if (kk_cli_is_help(argv[i]))
            return usage();
        if (strcmp(argv[i], "--check") == 0) {
            if (!(check = kk_cli_value("agents", argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (strcmp(argv[i], "--game") == 0) {
            if (!(game_name = kk_cli_value("agents", argc, argv, &i)))
                return KK_EXIT_USAGE;
        } else if (argv[i][0] == '-') {
            return kk_cli_usage("agents", "unknown flag '%s' (see kark agents --help)", argv[i]);
        } else if (!name) {
            name = argv[i];
        } else {
            return kk_cli_usage("agents", "unexpected argument '%s'", argv[i]);
        }
    }
    if (check) {
        const struct kk_game *g = game_name ? kk_cli_game("agents", game_name) : kk_games[0];
        if (!g) {
            if (!game_name)
                return kk_cli_usage("agents", "no game is registered to check the spec with");
            return KK_EXIT_USAGE;
        }
        kk_error err = {{0}};
        struct kk_agent *a = kk_agent_create(g, check, &err);
        if (!a)
            return kk_cli_usage("agents", "%s", err.msg);
        printf("%s\n", a->spec);
        kk_agent_destroy(a);
        return KK_EXIT_OK;
    }
    const struct kk_game *g = NULL;
    if (game_name && !(g = kk_cli_game("agents", game_name)))
        return KK_EXIT_USAGE;
    if (name) {
        const struct kk_agent_class *cls = kk_agent_class_find(name);
        if (!cls) {
            char names[256];
            size_t n = 0;
            names[0] = '\0';
            for (int i = 0; kk_agent_classes[i] && n < sizeof names; i++)
                n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                                      kk_agent_classes[i]->name);
            return kk_cli_usage("agents", "unknown agent '%s': expected one of %s", name, names);
        }
        return print_class(cls, g) ? KK_EXIT_USAGE : KK_EXIT_OK;
    }
    for (int i = 0; kk_agent_classes[i]; i++) {
        if (i)
            printf("\n");
        if (print_class(kk_agent_classes[i], g))
            return KK_EXIT_USAGE;
    }
    return KK_EXIT_OK;
}
