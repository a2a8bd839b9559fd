/* kark rules GAME: the game's rules-variant parameters. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

int kk_cmd_rules(int argc, char **argv)
{
    const char *name = NULL;
    for (int i = 1; i < argc; i++) {
        if (kk_cli_is_help(argv[i])) {
            printf("usage: kark rules GAME\n\nLists GAME's rules-variant parameters: name, "
                   "default, allowed values and meaning.\nChange one with --set NAME=VALUE in "
                   "selfplay, tournament and balance, or 'set NAME=VALUE' in a record.\n");
            return KK_EXIT_OK;
        }
        if (argv[i][0] == '-')
            return kk_cli_usage("rules", "unknown option '%s' (expected GAME or --help)",
                                argv[i]);
        if (name)
            return kk_cli_usage("rules", "unexpected argument '%s' (one GAME only)", argv[i]);
        name = argv[i];
    }
    const struct kk_game *g = kk_cli_game("rules", name);
    if (!g)
        return KK_EXIT_USAGE;
    if (g->min_players == g->max_players)
        printf("%s (%s): %d player%s\n", g->title, g->name, g->min_players,
               g->min_players == 1 ? "" : "s");
    else
        printf("%s (%s): %d-%d players (default %d)\n", g->title, g->name, g->min_players,
               g->max_players, g->default_players);
    if (g->num_params == 0) {
        printf("no parameters\n");
        return KK_EXIT_OK;
    }
    /* Columns as wide as the longest name and default, so long ones stay aligned. */
    int wname = 14, wdef = 28;
    for (int p = 0; p < g->num_params; p++) {
        int n = (int)strlen(g->params[p].name), d = (int)strlen(g->params[p].def);
        wname = n > wname ? n : wname;
        wdef = d > wdef ? d : wdef;
    }
    printf("\n%-*s %-*s %s\n", wname, "parameter", wdef, "default", "allowed values / meaning");
    for (int p = 0; p < g->num_params; p++) {
        char accepts[256];
        kk_param_accepts(&g->params[p], accepts, sizeof accepts);
        printf("%-*s %-*s %s\n%-*s %-*s %s\n", wname, g->params[p].name, wdef, g->params[p].def,
               accepts, wname, "", wdef, "", g->params[p].help);
    }
    return KK_EXIT_OK;
}
