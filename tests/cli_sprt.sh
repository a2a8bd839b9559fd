#!/usr/bin/env bash
# kark tournament --sprt: bad settings are one-line errors with exit status 2 before any
# game; the decision and files are the same for 1 and 2 threads and for a run split into
# sessions; summary.json carries "sprt" and stdout the decision.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

T="$KARK tournament"
G=son-of-kark
o="$tmp/o"
S=elo0=0,elo1=100,alpha=0.05,beta=0.05,batch=6
expect 2 "--sprt: missing beta" $T $G --agents greedy,random --sprt elo0=0,elo1=10,alpha=0.05 --out "$o"
expect 2 "--sprt: elo0 \(10\) must be below elo1" $T $G --agents greedy,random --sprt elo0=10,elo1=0,alpha=0.05,beta=0.05 --out "$o"
expect 2 "--sprt: bad value 'x' for alpha" $T $G --agents greedy,random --sprt elo0=0,elo1=10,alpha=x,beta=0.05 --out "$o"
expect 2 "exactly two agents" $T $G --agents greedy,random,flatmc --players 3 --sprt $S --out "$o"
expect 2 "unknown option '--sprt'" "$KARK" balance $G --agents greedy --sweep tokens=7,9 --sprt $S --out "$o"
[ ! -e "$o" ] && ok || bad "a rejected command created $o"

args="$G --agents random,greedy --sprt $S --games 400 --seed 4"
$T $args --threads 1 --out "$tmp/a" >"$tmp/a.out" 2>&1 || bad "sprt threads 1: $(cat "$tmp/a.out")"
$T $args --threads 2 --out "$tmp/b" >/dev/null 2>&1 || bad "sprt threads 2"
same "$tmp/a" "$tmp/b" games.csv summary.json summary.md report.html # clilib.sh
grep -Eq '"sprt": \{"llr": [-0-9.e]+, "lower": -2\.94[0-9]*, "upper": 2\.94[0-9]*, "decision": "H[01]"' \
    "$tmp/a/summary.json" && ok || bad "summary.json sprt: $(head -3 "$tmp/a/summary.json")"
grep -Eq '^sprt: llr -?[0-9.]+ lower -2\.944 upper 2\.944 decision H[01] after [0-9]+ games' \
    "$tmp/a.out" && ok || bad "stdout lacks the decision"
# It stopped at a batch boundary, well before the cap.
n=$(($(wc -l <"$tmp/a/games.csv") - 1))
[ $((n % 6)) -eq 0 ] && [ "$n" -lt 400 ] && ok || bad "stopped after $n games"
grep -q '"decision": "H0"' "$tmp/a/summary.json" && ok || bad "random should be found weaker (H0)"
# Split into sessions by --stop-after (at odd points) and resumed: the same files.
$T $args --stop-after 4 --out "$tmp/c" >/dev/null 2>&1 && cp "$tmp/c/games.csv" "$tmp/c1"
$T --resume "$tmp/c" --stop-after 5 >/dev/null 2>&1
$T --resume "$tmp/c" >/dev/null 2>&1 || bad "resume"
for f in games.csv summary.json; do cmp -s "$tmp/a/$f" "$tmp/c/$f" && ok || bad "sessions changed $f"; done
[ "$(wc -l <"$tmp/c1")" -eq 5 ] && ok || bad "--stop-after 4 was not honoured"

# Resuming a decided run plays nothing more.
$T --resume "$tmp/a" >/dev/null 2>&1 && [ "$(wc -l <"$tmp/a/games.csv")" -eq $((n + 1)) ] &&
    cmp -s "$tmp/a/summary.json" "$tmp/b/summary.json" && ok || bad "resuming a decided run changed it"

# The same with the whole command repeated (--games left at its --sprt default cap).
$T $G --agents random,greedy --sprt $S --seed 4 --out "$tmp/d" >/dev/null 2>&1 &&
    $T $G --agents random,greedy --sprt $S --seed 4 --resume "$tmp/d" >/dev/null 2>&1 &&
    cmp -s "$tmp/a/games.csv" "$tmp/d/games.csv" && ok || bad "repeating the command with --resume"

echo "cli_sprt: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
