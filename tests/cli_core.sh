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
# The "# result" line is checked against the replay; set-up errors point at the header line;
# a parameter set twice is an error; endless or binary input fails at once.
dice="$TESTS/data/carcassonne-dice/greedy-p2-seed102-game0.rec"
sed 's/^# result {"scores":\[45,20\]/# result {"scores":[999,0]/' "$dice" >"$tmp/edited.rec"
rl=$(grep -n '^# result' "$tmp/edited.rec" | cut -d: -f1)
expect 1 "edited.rec:$rl: the result line says scores \[999,0\] but the replay gives \[45,20\]" \
    "$KARK" replay "$tmp/edited.rec"
grep -v '^# result' "$dice" | head -n 20 >"$tmp/cut.rec"
echo '# result {"scores":[45,20]}' >>"$tmp/cut.rec"
expect 1 "cut.rec:21: the record has a result line but its game is not over" \
    "$KARK" replay "$tmp/cut.rec"
printf 'game son-of-kark\nplayers 5\n' >"$tmp/p5.rec"
expect 1 "p5.rec:2: son-of-kark is played by 2 to 4 players, not 5" "$KARK" replay "$tmp/p5.rec"
printf 'game son-of-kark\nset tokens=9\nset tokens=7\n' >"$tmp/twice.rec"
expect 1 "twice.rec:3: 'tokens' is set twice \(first on line 2\)" "$KARK" replay "$tmp/twice.rec"
expect 1 "not a text file" timeout 20 "$KARK" replay /dev/zero
head -c 17000000 /dev/zero | tr '\0' ' ' >"$tmp/huge.rec"
expect 1 "huge.rec: too large for a game record" "$KARK" replay "$tmp/huge.rec"
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
