#!/usr/bin/env bash
# kark play driven through standard input: whole games to the end (perfect information,
# hidden hands, simultaneous rounds), the records they save replaying to the printed
# scores, undo giving back the same game, bad input answered with one line and a new
# prompt, end of input ending cleanly, hidden commitments never printed before their
# round is revealed, the usage errors, and one game through a real terminal (script(1)).
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

# play_to_end NAME ARGS...: the human always takes the first legal move.
play_to_end() {
    local name="$1"
    shift
    yes '#1' | head -n 5000 | "$KARK" play "$@" --record "$tmp/$name.rec" >"$tmp/$name.out" 2>"$tmp/$name.err"
    local st=$?
    check "$name: exit 0 (status $st, $(head -c 300 "$tmp/$name.err"))" [ "$st" -eq 0 ]
    check "$name: game over printed" grep -q '^game over' "$tmp/$name.out"
    "$KARK" replay "$tmp/$name.rec" >"$tmp/$name.json" 2>&1
    check "$name: record replays to the end" grep -q '"terminal":true' "$tmp/$name.json"
    # The scores printed at the end are the record's.
    local printed replayed
    printed=$(sed -n 's/^game over. scores: \([-0-9 ]*\).*/\1/p' "$tmp/$name.out" | tr ' ' ',')
    replayed=$(sed -n 's/.*"scores":\[\([-0-9,]*\)\].*/\1/p' "$tmp/$name.json")
    check "$name: printed scores $printed = record's $replayed" [ "$printed" = "$replayed" ]
}

play_to_end othellino othellino --agents human,random --seed 3
play_to_end liars liars-cards --agents human,greedy,random --seed 5 --set cubes=2
play_to_end gold gold-mine --agents greedy,human,random --seed 2 --set rounds=2
play_to_end carc carcassonne --agents random,human --seed 4
play_to_end dice carcassonne-dice --agents human,greedy --seed 6
play_to_end ayb all-your-base --agents human,random --seed 1
play_to_end cardc cardcassonne --agents human,greedy --seed 2 --set rounds=2
play_to_end sok son-of-kark --agents random,human --seed 3
play_to_end bg backgammon --agents human,random --seed 4
play_to_end tunnel tunnel-run --agents greedy,human --seed 6
play_to_end jump jump-gate --agents human,greedy --seed 7
play_to_end halma halma --agents human,random --seed 5 --set max_turns=30

# Othellino shows the board, the human's own moves are marked.
check "othellino draws its board" grep -q '^   a b c d e f' "$tmp/othellino.out"
check "carcassonne draws its board" grep -q 'north is up' "$tmp/carc.out"

# Hidden information: another seat's cards are dealt as '?'; the human's are shown.
check "liars: others' cards hidden" grep -q '^\* ? (a card to seat 1)' "$tmp/liars.out"
check "liars: own cards shown" grep -q '(your card)$' "$tmp/liars.out"
check "cardc: another seat's face-down card hidden" grep -q '^1: ~??>[YRGB] (face down)' "$tmp/cardc.out"
check "cardc: ... and in the rows" grep -q '~??(1)' "$tmp/cardc.out"
check "cardc: own hand shown" grep -q '^seat 0 (you): .* in hand: ' "$tmp/cardc.out"
check "tunnel: another seat's cards hidden" grep -q '^\* ? (a card to seat 0)' "$tmp/tunnel.out"
# Simultaneous rounds: seat 0 commits before the human (seat 1); its choice is printed
# only indented under 'round revealed:', never on its own line before.
check "gold: seat 0 commits hidden" grep -q '^0: committed' "$tmp/gold.out"
check "gold: no choice of another seat before the reveal" \
    bash -c "! grep -Eq '^[02]: [sf]\$' '$tmp/gold.out'"
check "gold: the round is revealed" grep -q '^round revealed:' "$tmp/gold.out"
# All Your Base has no picture of its own: the generic one hides every other seat's move.
check "ayb: another seat's move hidden" grep -q '^1: (hidden)\|^  1: (hidden)' "$tmp/ayb.out"

# Undo: a detour taken back gives the same game as going straight.
printf '#1\n#1\n#1\nquit\n' | "$KARK" play othellino --agents human,mcts:iters=50 --seed 9 \
    --record "$tmp/straight.rec" >/dev/null
printf '#1\n#2\nundo\n#1\n#1\nquit\n' | "$KARK" play othellino --agents human,mcts:iters=50 --seed 9 \
    --record "$tmp/undo.rec" >"$tmp/undo.out"
check "undo gives the same game" cmp -s "$tmp/straight.rec" "$tmp/undo.rec"
check "undo says so" grep -q '^taken back' "$tmp/undo.out"
printf 'undo\nquit\n' | "$KARK" play othellino --agents human,random --seed 9 >"$tmp/undo0.out"
check "nothing to undo at the first decision" grep -q '^nothing to undo' "$tmp/undo0.out"

# Bad input: one line each, then the prompt again; the game goes on.
printf 'z9\nb2\n#99\n\n?\n#1\nquit\n' | "$KARK" play othellino --agents human,random --seed 1 >"$tmp/bad.out"
check "not a move" grep -q "^not a move here: .*? lists the legal moves" "$tmp/bad.out"
check "illegal move" grep -q "^illegal move 'b2'" "$tmp/bad.out"
check "no such index" grep -q "^no move '#99': there are 4 legal moves" "$tmp/bad.out"
check "legal list" grep -q '^#1 c2 | #2 b3' "$tmp/bad.out"
check "the move after bad input is played" grep -q '^0: c2  (you)' "$tmp/bad.out"

# End of input mid-game: a clean stop, exit 0, the record so far replays.
printf '#1\n' | "$KARK" play othellino --agents human,random --seed 1 --record "$tmp/eof.rec" \
    >"$tmp/eof.out" 2>"$tmp/eof.err"
check "eof: exit 0" [ $? -eq 0 ]
check "eof: says it stops" grep -q '^end of input' "$tmp/eof.out"
check "eof: no error output" [ ! -s "$tmp/eof.err" ]
check "eof: partial record replays" bash -c "'$KARK' replay '$tmp/eof.rec' | grep -q '\"terminal\":false'"

# No human: the agents play and the whole game is shown.
"$KARK" play gold-mine --agents greedy --seed 1 --set rounds=1 >"$tmp/watch.out" </dev/null
check "agents only: game over" grep -q '^game over' "$tmp/watch.out"

# Usage errors: one line, status 2.
expect 2 "missing --agents" "$KARK" play othellino
expect 2 "unknown game 'nope'" "$KARK" play nope --agents human
expect 2 "unknown agent 'robot'" "$KARK" play othellino --agents human,robot
expect 2 "played by 2 players, not 3" "$KARK" play othellino --agents human,random,random
expect 2 "rounds" "$KARK" play gold-mine --agents human,random --set rounds=0
expect 2 "unknown option '--bogus'" "$KARK" play othellino --agents human --bogus

# A real terminal: script(1) gives kark a pty (prompts are not echoed by kark then).
if command -v script >/dev/null 2>&1; then
    printf '#1\nquit\n' | script -qec "'$KARK' play othellino --agents human,random --seed 2" \
        /dev/null >"$tmp/pty.out" 2>&1
    check "pty: the board is drawn" grep -q 'a b c d e f' "$tmp/pty.out"
    check "pty: the move is played" grep -q '0: c2  (you)' "$tmp/pty.out"
    check "pty: quit ends the game" grep -q 'the game stops here' "$tmp/pty.out"
else
    echo "script(1) not available: pty part skipped"
fi

echo "cli_play: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
