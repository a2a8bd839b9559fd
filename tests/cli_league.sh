#!/usr/bin/env bash
# kark league from the command line: bad arguments are one-line errors with exit status 2;
# the files are byte-identical for 1 and 2 threads; running the command again over a
# finished or interrupted league gives the same files; ratings.json has one object per agent.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

L="$KARK league"
G=son-of-kark
o="$tmp/o"
expect 2 "missing GAME" $L --agents random,greedy --out "$o"
expect 2 "missing --agents" $L $G --out "$o"
expect 2 "missing --out" $L $G --agents random,greedy
expect 2 "at least 2 agents" $L $G --agents random --out "$o"
expect 2 "listed twice" $L $G --agents random,greedy,random --out "$o"
expect 2 "unknown agent 'alphago'" $L $G --agents random,alphago --out "$o"
expect 2 "unknown option '--bogus'" $L $G --bogus
expect 2 "bad value 'x' for --bootstrap" $L $G --agents random,greedy --bootstrap x --out "$o"
expect 2 "tokens" $L $G --agents random,greedy --set tokens=lots --out "$o"
expect 2 "cooperative" $L temple-of-doom --agents random,greedy --out "$o"
[ ! -e "$o" ] && ok || bad "a rejected command created $o"
"$KARK" league --help | grep -q "usage: kark league" && ok || bad "league --help"

args="$G --agents greedy,random,greedy:value=diff --games 8 --seed 9 --bootstrap 40"
$L $args --threads 1 --out "$tmp/a" >"$tmp/a.out" 2>&1 || bad "league threads 1: $(cat "$tmp/a.out")"
$L $args --threads 2 --out "$tmp/b" >/dev/null 2>&1 || bad "league threads 2"
for f in games.csv ratings.csv ratings.json ratings.md matrix.csv report.html; do
    [ -s "$tmp/a/$f" ] && cmp -s "$tmp/a/$f" "$tmp/b/$f" && ok || bad "$f differs or is empty"
done
[ "$(wc -l <"$tmp/a/games.csv")" -eq 25 ] && ok || bad "games.csv should have 3 x 8 + 1 lines"
[ "$(grep -c '"agent": ' "$tmp/a/ratings.json")" -eq 3 ] && ok || bad "ratings.json agents"
grep -q '{"agent": "random", "spec": "random", "rating": 0, "low": 0, "high": 0' \
    "$tmp/a/ratings.json" && ok || bad "random is not the anchor"
grep -q '<svg' "$tmp/a/report.html" && ok || bad "report.html has no chart"
# Again over the finished league: nothing is replayed, the files stay the same.
cp "$tmp/a/ratings.json" "$tmp/first.json"
$L $args --out "$tmp/a" >/dev/null 2>&1 && cmp -s "$tmp/a/ratings.json" "$tmp/first.json" &&
    ok || bad "rerun changed ratings.json"
# An interrupted pairing (its games.csv cut short) is completed by the same command.
head -n 5 "$tmp/b/pairing-001/games.csv" >"$tmp/cut" && mv "$tmp/cut" "$tmp/b/pairing-001/games.csv"
$L $args --out "$tmp/b" >/dev/null 2>&1 && cmp -s "$tmp/a/games.csv" "$tmp/b/games.csv" &&
    ok || bad "resumed league differs"
# Another seed over the same folder is refused (the rows do not match the run).
$L $G --agents greedy,random,greedy:value=diff --games 8 --seed 10 --out "$tmp/a" \
    >/dev/null 2>"$tmp/err" && bad "a league with another seed reused $tmp/a" || ok

echo "cli_league: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
