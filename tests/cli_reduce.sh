#!/usr/bin/env bash
# The reports are reduced from games.csv as a stream (issue 24: memory O(threads), not
# O(games)), and must still give every digit the in-memory reduction gave. tests/data/study
# holds three finished runs (games.csv, args.txt) with the summary/balance JSON and Markdown
# that kark wrote for them before the change (made with the commands in args.txt, `--threads
# 2`; the "Made with kark" line dropped): a son-of-kark sweep of players and tokens with
# three agents (head to head, paired differences per player count), a 3-seat gold-mine
# tournament of four agents (points by source per agent and for the winners) and a
# cooperative temple-of-doom sweep (team result and success rate). Resuming a finished run
# plays nothing and reports from the rows on disk alone, so the test does not depend on how
# the games or agents play today.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

for d in sok gm tod; do
    mkdir -p "$tmp/$d"
    cp "data/study/$d/args.txt" "data/study/$d/games.csv" "$tmp/$d/"
    if [ -e "data/study/$d/summary.json" ]; then
        cmd=tournament files="summary.json summary.md"
    else
        cmd=balance files="balance.json balance.md"
    fi
    $KARK $cmd --resume "$tmp/$d" --threads 2 >"$tmp/$d.out" 2>"$tmp/err" ||
        bad "$cmd --resume $d: $(cat "$tmp/err")"
    same "data/study/$d" "$tmp/$d" $files # clilib.sh
    cmp -s "data/study/$d/games.csv" "$tmp/$d/games.csv" && ok || bad "$d: games.csv changed"
done

echo "cli_reduce: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
