#!/usr/bin/env bash
# The external agent (agents/external.c, docs/agents-external.md): the Python example of
# scripts/examples plays a short tournament; the messages follow the protocol (greeting,
# turn/view/legal/go, events, quit) and show only the seat's view on a hidden-information
# game; a program that cannot start, greets wrongly, answers an illegal move, times out or
# crashes gives one clear line (at creation: usage error 2; during play: a message and the
# first legal move) and never a crash of kark.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 not available: skipped"
    exit 77
fi
example="$TESTS/../scripts/examples/external_agent.py"
bad="$TESTS/data/external/bad_agent.py"

# A short tournament with the example agent (two seats rotate; 2 threads: one process each).
"$KARK" tournament othellino --agents "external:cmd=python3 $example,random" --games 6 \
    --seed 1 --threads 2 --out "$tmp/t" >"$tmp/t.out" 2>"$tmp/t.err"
check "tournament runs (status $?): $(head -c 300 "$tmp/t.err")" [ -s "$tmp/t/games.csv" ]
check "tournament: 6 games" [ "$(($(wc -l <"$tmp/t/games.csv") - 1))" -eq 6 ]
check "tournament: no agent failure" bash -c "! grep -q 'failed' '$tmp/t.err'"
check "tournament names the external agent" grep -q 'external:cmd=python3' "$tmp/t.out"
# ('[e]' keeps pgrep from finding this very command line.)
check "no agent process left" bash -c "! pgrep -f '[e]xternal_agent.py' >/dev/null"

# The messages: a logging agent on a perfect-information game and on a hidden one.
"$KARK" selfplay othellino --agents "external:cmd=python3 $bad good $tmp/oth.log,random" \
    --games 1 --seed 2 >/dev/null 2>"$tmp/oth.err"
check "log: greeting" grep -qx 'kark 1 othellino' "$tmp/oth.log"
check "log: new game" grep -qx 'newgame' "$tmp/oth.log"
check "log: turn" grep -qx 'turn 0 2' "$tmp/oth.log"
check "log: view of the board" grep -q '^   a b c d e f' "$tmp/oth.log"
check "log: legal moves" grep -qx 'legal 4' "$tmp/oth.log"
check "log: events" grep -q '^event 1 ' "$tmp/oth.log"
check "log: quit" grep -qx 'quit' "$tmp/oth.log"
"$KARK" selfplay liars-cards --agents "external:cmd=python3 $bad good $tmp/lc.log,random,random" \
    --games 1 --seed 2 >/dev/null 2>"$tmp/lc.err"
check "hidden game: a view with the seat's own cards" grep -q '^seat 0 (you): .* cards\?: ' "$tmp/lc.log"
check "hidden game: no events (they may be private)" bash -c "! grep -q '^event' '$tmp/lc.log'"
# Another seat's hand is never in the view while the round is on: the only lines naming
# seat 1's cards come after a call (hands face up).
check "hidden game: other hands not shown during bidding" \
    bash -c "! grep -B8 'bid or call' '$tmp/lc.log' | grep -q '^seat 1: [0-9] li[a-z]*, [0-9] cards\?: '"

# Errors at creation: exit 2 and one line.
expect 2 "cannot run 'no-such-program-kark'" "$KARK" selfplay othellino \
    --agents "external:cmd=no-such-program-kark,random"
expect 2 "answered 'hello' to the greeting, not 'ready'" "$KARK" selfplay othellino \
    --agents "external:cmd=python3 $bad noready,random"
expect 2 "external needs cmd=PROGRAM" "$KARK" selfplay othellino --agents "external,random"
expect 2 "bad value '0' for external option 'timeout'" "$KARK" selfplay othellino \
    --agents "external:cmd=python3 $bad good,timeout=0,random"

# Errors during play: a clear message, the game still ends, no crash.
for mode in illegal slow crash; do
    "$KARK" selfplay othellino --agents "external:cmd=python3 $bad $mode,timeout=0.5,random" \
        --games 1 --seed 1 >"$tmp/$mode.out" 2>"$tmp/$mode.err"
    st=$?
    check "$mode: selfplay finishes (status $st)" [ "$st" -eq 0 ]
    check "$mode: one failure message" [ "$(grep -c "external agent .* failed" "$tmp/$mode.err")" -eq 1 ]
done
check "illegal: names the answer" grep -q "its answer 'z9' is not a legal move" "$tmp/illegal.err"
check "slow: names the timeout" grep -q "no answer within 0.5 s" "$tmp/slow.err"
check "crash: says it exited" grep -q "exited or closed its output" "$tmp/crash.err"
check "no test agent left running" bash -c "! pgrep -f '[b]ad_agent.py' >/dev/null"

echo "cli_external: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
