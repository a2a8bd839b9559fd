#!/usr/bin/env bash
# kark tournament / balance from the command line: bad arguments are one-line errors with
# exit status 2; files are byte-identical for 1 and 2 threads; a run stopped by SIGINT (or
# --stop-after) and resumed gives the same files as an uninterrupted run.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

T="$KARK tournament"
B="$KARK balance"
G=son-of-kark
o="$tmp/o"

# ---- bad arguments ----
expect 2 "missing GAME" $T --agents random --out "$o"
expect 2 "unknown game 'chess'" $T chess --agents random --out "$o"
expect 2 "unknown option '--bogus'" $T $G --bogus
expect 2 "missing --agents" $T $G --out "$o"
expect 2 "missing --out" $T $G --agents random
expect 2 "bad value 'many' for --games" $T $G --agents random --games many --out "$o"
expect 2 "bad value '0' for --threads" $T $G --agents random --threads 0 --out "$o"
expect 2 "option '--seed' needs a value" $T $G --agents random --out "$o" --seed
expect 2 "unknown agent 'alphago'" $T $G --agents random,alphago --out "$o"
expect 2 "tokens" $T $G --agents random --set tokens=lots --out "$o"
expect 2 "unexpected argument 'extra'" $T $G extra --agents random --out "$o"
expect 2 "unknown option '--sweep'" $T $G --agents random --sweep tokens=7,9 --out "$o"
expect 2 "missing --sweep" $B $G --agents random --out "$o"
expect 2 "bad --sweep 'tokens'" $B $G --agents random --sweep tokens --out "$o"
expect 2 "nosuch" $B $G --agents random --sweep nosuch=1,2 --out "$o"
expect 2 "self_displace" $B $G --agents random --sweep self_displace=0,5 --out "$o"
expect 2 "separated by '/'" $B $G --agents random --sweep cross_tie=3,2,1,4,2,0 --out "$o"
expect 2 "swept twice" $B $G --agents random --sweep tokens=7,9 --sweep tokens=5 --out "$o"
expect 2 "both swept and --set" $B $G --agents random --sweep tokens=7,9 --set tokens=5 --out "$o"
expect 2 "cannot resume" $T --resume "$tmp/nothing-here"
expect 2 "repeat the whole original command" $T --resume "$tmp/x" --agents random
expect 2 "differ" $T $G --agents random --out "$tmp/a" --resume "$tmp/b"
[ ! -e "$o" ] && ok || bad "a rejected command created $o"
for c in tournament balance; do
    "$KARK" $c --help >"$tmp/out" 2>&1 && grep -q "usage: kark $c" "$tmp/out" && ok || bad "$c --help"
done

# ---- threads: 1 and 2 give byte-identical files ----
args="$G --agents greedy,random --games 40 --seed 7"
$T $args --threads 1 --out "$tmp/t1" >"$tmp/t1.out" 2>&1 || bad "tournament threads 1: $(cat "$tmp/t1.out")"
$T $args --threads 2 --out "$tmp/t2" >/dev/null 2>&1 || bad "tournament threads 2"
same "$tmp/t1" "$tmp/t2" games.csv summary.json summary.md report.html args.txt
[ "$(wc -l <"$tmp/t1/games.csv")" -eq 41 ] && ok || bad "games.csv should have 41 lines"
grep -q '"win_rate"' "$tmp/t1/summary.json" && ok || bad "summary.json lacks win_rate"
grep -q "files: $tmp/t1/games.csv" "$tmp/t1.out" && ok || bad "no files line on stdout"
# An existing run is never overwritten.
expect 2 "already exists" $T $args --out "$tmp/t1"

bargs="$G --agents greedy --players 2 --games 12 --seed 3 --sweep tokens=9,7 --sweep cross_tie=3,2,1/4,2,0"
$B $bargs --threads 1 --out "$tmp/b1" >/dev/null 2>&1 || bad "balance threads 1"
$B $bargs --threads 2 --out "$tmp/b2" >/dev/null 2>&1 || bad "balance threads 2"
same "$tmp/b1" "$tmp/b2" games.csv balance.json balance.md report.html
[ "$(wc -l <"$tmp/b1/games.csv")" -eq 49 ] && ok || bad "balance games.csv should have 4 x 12 rows"

# ---- --stop-after, then resume by repeating the command with --resume ----
$B $bargs --threads 2 --out "$tmp/b3" --stop-after 17 >/dev/null 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "17 of 48 games" "$tmp/err" && ok || bad "stop-after: $(cat "$tmp/err")"
[ ! -e "$tmp/b3/balance.json" ] && ok || bad "a stopped run wrote balance.json"
$B $bargs --threads 1 --out "$tmp/b3" --resume "$tmp/b3" >/dev/null 2>&1 || bad "balance resume"
same "$tmp/b1" "$tmp/b3" games.csv balance.json balance.md
expect 1 "does not match" $T $G --agents greedy,random --games 40 --seed 8 --resume "$tmp/t1"
# A bad stored setting names the args.txt it comes from.
cp -r "$tmp/t1" "$tmp/t6"
sed -i 's/^7$/seven/' "$tmp/t6/args.txt"
expect 2 "^kark tournament: $tmp/t6/args.txt: bad value 'seven' for --seed" $T --resume "$tmp/t6"
# A row edited by hand (here game 3's last statistic) is caught by its check column.
cp -r "$tmp/t1" "$tmp/t5"
awk -F, 'BEGIN { OFS = "," } NR == 5 { $(NF - 1) = $(NF - 1) + 1 } { print }' "$tmp/t1/games.csv" >"$tmp/t5/games.csv"
expect 1 "games.csv line 5 has a check value that does not match its contents" \
    $T --resume "$tmp/t5" --games 50

# A write error mid-run (here the file size limit; a full disk is the same path) ends the
# run with the error, not a hang: the rows stop reaching disk, so the window of finished
# games never moves again and the players must be told to stop (timeout turns a hang into
# status 124).
expect 1 "cannot write '$tmp/fs/games.csv': File too large" \
    bash -c "ulimit -f 8; exec timeout 120 $T $G --agents random,random --games 20000 --threads 2 --out $tmp/fs"
# With room again, the resume drops the row the error cut short and ends where an unbroken
# run ends.
$T --resume "$tmp/fs" >/dev/null 2>&1 || bad "resume after a write error"
$T $G --agents random,random --games 20000 --threads 2 --out "$tmp/fs2" >/dev/null 2>&1
same "$tmp/fs" "$tmp/fs2" games.csv summary.json

# ---- SIGINT in the middle of a run, then --resume DIR alone ----
# The interrupted run asks for far more games than it will get to, so the signal always
# lands mid-run whatever the machine's speed. With R games on disk, the reference run and
# the resume both use --games R+20 (a resume may change --games while fewer are on disk).
# (random playouts, not the game's greedy ones: the point is resuming, and it must stay fast)
sargs="$G --agents mcts:iters=20,rollout=random,depth=0,random --seed 5"
$T $sargs --games 100000 --threads 2 --out "$tmp/s2" >/dev/null 2>"$tmp/s2.err" &
pid=$!
for _ in $(seq 1 400); do
    [ -f "$tmp/s2/games.csv" ] && [ "$(wc -l <"$tmp/s2/games.csv")" -ge 3 ] && break
    sleep 0.05
done
# While it runs, the folder is locked: a second run of it is refused, and writes nothing.
expect 1 "'$tmp/s2' is in use by another kark run \(process $pid\)" $T --resume "$tmp/s2"
expect 1 "is in use by another kark run" $T $sargs --games 10 --out "$tmp/s2"
kill -INT $pid
wait $pid
status=$?
[ $status -eq 130 ] && ok || bad "interrupted run exited with $status (want 130)"
grep -q "interrupted (SIGINT)" "$tmp/s2.err" && ok || bad "no interruption message: $(cat "$tmp/s2.err")"
[ ! -e "$tmp/s2/summary.json" ] && ok || bad "an interrupted run wrote summary.json"
rows=$(($(wc -l <"$tmp/s2/games.csv") - 1))
[ $rows -ge 2 ] && ok || bad "interrupted after $rows games (want at least 2)"
n=$((rows + 20))
$T $sargs --games $n --threads 2 --out "$tmp/s1" >/dev/null 2>&1 || bad "uninterrupted run"
cmp -s "$tmp/s2/games.csv" <(head -n $((rows + 1)) "$tmp/s1/games.csv") && ok ||
    bad "the interrupted games.csv is not a prefix of the uninterrupted one"
$T --resume "$tmp/s2" --games $n --threads 1 >/dev/null 2>&1 || bad "resume after SIGINT"
same "$tmp/s1" "$tmp/s2" games.csv summary.json summary.md report.html args.txt
ls "$tmp/s2" | grep -q '\.tmp$' && bad "temporary files left in $tmp/s2: $(ls "$tmp/s2")" || ok
expect 1 "more than the 1 games" $T --resume "$tmp/s2" --games 1

echo "cli_tournament: $pass passed, $fail failed"
[ $fail -eq 0 ]
