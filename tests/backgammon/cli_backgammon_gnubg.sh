#!/usr/bin/env bash
# The gnubg agent through the kark command: games GNU Backgammon plays against itself
# (both scoring rules) are recorded and replay in kark to the recorded scores; the agent
# refuses other games with a one-line error. Skipped (exit 77) without gnubg.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

gnubg=""
for p in /usr/games/gnubg /usr/bin/gnubg /usr/local/games/gnubg /usr/local/bin/gnubg; do
    [ -x "$p" ] && gnubg="$p" && break
done
if [ -z "$gnubg" ]; then
    echo "SKIP: GNU Backgammon (gnubg) is not installed; scripts/test installs it"
    exit 77
fi

expect 2 "gnubg agent plays only backgammon" "$KARK" selfplay carcassonne-dice --agents gnubg,random
expect 2 "gnubg option 'ply'" "$KARK" selfplay backgammon --agents gnubg:ply=5,random

"$KARK" selfplay backgammon --agents gnubg,gnubg --games 2 --seed 11 --record "$tmp/dmp" \
    >"$tmp/out1" 2>"$tmp/err1"
check "gnubg self-play runs without agent errors" test ! -s "$tmp/err1"
"$KARK" selfplay backgammon --agents gnubg,gnubg --games 2 --seed 12 --set gammons=1 \
    --record "$tmp/money" >"$tmp/out2" 2>"$tmp/err2"
check "gnubg money self-play runs without agent errors" test ! -s "$tmp/err2"
n=0
for f in "$tmp"/dmp/game-*.rec "$tmp"/money/game-*.rec; do
    [ -f "$f" ] || continue
    n=$((n + 1))
    want=$(tail -1 "$f" | sed -n 's/^# result {"scores":\(\[[^]]*\]\).*/\1/p')
    got=$("$KARK" replay "$f" | sed -n 's/.*"scores":\(\[[^]]*\]\).*/\1/p')
    check "$(basename "$f") replays to $want" test -n "$want" -a "$want" = "$got" -a "$want" != "[0,0]"
done
check "4 records written" [ "$n" -eq 4 ]

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
