#!/usr/bin/env bash
# The kark command's contract for bad input: one-line errors naming the offending word,
# exit status 2 for usage errors and 1 for bad records; --help everywhere.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

expect 2 "unknown command 'frobnicate'" "$KARK" frobnicate
expect 2 "missing COMMAND" "$KARK"
expect 2 "unknown game 'chess'" "$KARK" rules chess
expect 2 "missing GAME" "$KARK" rules
expect 2 "unexpected argument 'extra'" "$KARK" games extra
expect 2 "unknown option '--bogus'" "$KARK" replay --bogus
expect 2 "missing FILE" "$KARK" replay
# --events: one "LINE EVENT" line per event, then the JSON line.
rec="$TESTS/data/son-of-kark/sok-p2-default-00900.rec"
if "$KARK" replay --events "$rec" >"$tmp/ev" 2>"$tmp/everr" &&
    [ "$(head -n 1 "$tmp/ev")" = "4 * C" ] && grep -qx "7 0: 1,1,u M" "$tmp/ev" &&
    [ "$(tail -n 1 "$tmp/ev")" = "$("$KARK" replay "$rec")" ]; then ok; else
    bad "kark replay --events $rec: $(head -n 3 "$tmp/ev") $(cat "$tmp/everr")"; fi
expect 1 "nonexistent.rec: cannot open" "$KARK" replay "$tmp/nonexistent.rec"
expect 2 "unknown game 'chess'" "$KARK" selfplay chess

printf 'players 2\n' >"$tmp/nogame.rec"
expect 1 "nogame.rec:1: expected 'game NAME'" "$KARK" replay "$tmp/nogame.rec"
printf '# a comment\n\ngame chess\n' >"$tmp/badgame.rec"
expect 1 "badgame.rec:3: unknown game 'chess'" "$KARK" replay "$tmp/badgame.rec"
printf '# nothing\n' >"$tmp/empty.rec"
expect 1 "empty.rec:1: no 'game NAME' line" "$KARK" replay "$tmp/empty.rec"

for cmd in games rules replay selfplay; do
    if "$KARK" "$cmd" --help >"$tmp/out" 2>&1 && grep -q "usage: kark $cmd" "$tmp/out"; then
        pass=$((pass + 1))
    else
        echo "FAIL: kark $cmd --help"
        fail=$((fail + 1))
    fi
done
if "$KARK" --help | grep -q "commands:"; then pass=$((pass + 1)); else
    echo "FAIL: kark --help"; fail=$((fail + 1)); fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
