/* kark games: the registered games with their player counts and state sizes. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

int kk_cmd_games(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (kk_cli_is_help(argv[i])) {
            printf("usage: kark games\n\nLists every game: its command-line name, player "
                   "counts, default player count, state size in bytes and title.\n");
            return KK_EXIT_OK;
        }
        return kk_cli_usage("games", "unexpected argument '%s' (games takes no arguments)",
                            argv[i]);
    }
    printf("%-18s %-8s %-8s %-12s %s\n", "game", "players", "default", "state_bytes", "title");
    for (int i = 0; kk_games[i]; i++) {
        const struct kk_game *g = kk_games[i];
        char range[16];
        if (g->min_players == g->max_players)
            snprintf(range, sizeof range, "%d", g->min_players);
        else
            snprintf(range, sizeof range, "%d-%d", g->min_players, g->max_players);
        printf("%-18s %-8s %-8d %-12zu %s\n", g->name, range, g->default_players, g->state_size,
               g->title);
    }
    return KK_EXIT_OK;
}
