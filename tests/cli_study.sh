#!/usr/bin/env bash
# What a designer runs first: a 2-4 player sweep in one command whose report shows every
# seat and the paired differences; "--name=value" options; integer ranges in --sweep;
# --version and the provenance line; the hint when the output folder exists, and --force;
# --record on tournament and balance (records that replay to their scores); the rotation
# note and the head-to-head table with more agents than seats; --summary-only.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

T="$KARK tournament"
B="$KARK balance"
G=son-of-kark

# strip FILE: the file without the line naming the kark version, date and command.
strip() { grep -v '^\(<p>\)\?Made with kark' "$1"; }

# ---- --version ----
"$KARK" --version >"$tmp/v" 2>&1 && grep -Eq '^kark [0-9]+\.[0-9]+ \(commit ' "$tmp/v" && ok ||
    bad "kark --version: $(cat "$tmp/v")"

# ---- a 2-4 player sweep in one command, with a rules parameter ----
pargs="$G --agents random --sweep players=2,3,4 --sweep self_displace=1,0 --games 8 --seed 4"
$B $pargs --threads 2 --out "$tmp/p1" >"$tmp/p1.out" 2>"$tmp/p1.err" || bad "players sweep: $(cat "$tmp/p1.err")"
# 6 variants x 16 games; games.csv has a players column and 4 seat columns, empty for a
# 2-player game's seats 2 and 3.
[ "$(wc -l <"$tmp/p1/games.csv")" -eq 49 ] && ok || bad "players sweep: games.csv should have 6 x 8 rows"
head -1 "$tmp/p1/games.csv" | grep -q '^index,variant_id,variant,players,seed,agent_s0,agent_s1,agent_s2,agent_s3,' &&
    ok || bad "games.csv header: $(head -1 "$tmp/p1/games.csv")"
awk -F'"' 'NR == 2 { print $3 }' "$tmp/p1/games.csv" | grep -q '^,2,4,random,random,,,' && ok ||
    bad "a 2-player row should leave seats 2 and 3 empty: $(sed -n 2p "$tmp/p1/games.csv")"
# The overview has every seat, marks the baselines (one per player count) and has the
# paired differences; every variant is compared at its own player count.
md="$tmp/p1/balance.md"
grep -q '^| variant | settings | seat 0 | seat 1 | seat 2 | seat 3 | first-seat advantage' "$md" && ok ||
    bad "the overview does not show every seat"
[ "$(grep -c '^| ▶ ' "$md")" -ge 3 ] && ok || bad "the baselines (one per player count) are not marked"
grep -q '^| variant | settings | compared with | Δ seat 0 | Δ seat 1 | Δ seat 2 | Δ seat 3 |' "$md" && ok ||
    bad "no paired-difference table in the overview"
grep -q '^| 5 | players=4 self_displace=0 | 4 |' "$md" && ok ||
    bad "players=4 self_displace=0 should be compared with variant 4 (players=4 self_displace=1)"
grep -q '"compared_with": 4' "$tmp/p1/balance.json" && grep -q '"players": 3,' "$tmp/p1/balance.json" && ok ||
    bad "balance.json lacks players / compared_with"
grep -q 'balance sweep, 2-4 players' "$tmp/p1.out" && ok || bad "the title should say 2-4 players"
# The chart page: the title comes first, then charts with axis titles; the baseline rows are
# marked and the difference chart is there.
html="$tmp/p1/report.html"
awk '/<h2>/ { h = NR } /<svg/ && !s { s = NR } END { exit !(h && s && h < s) }' "$html" && ok ||
    bad "report.html: the charts should come below the page title"
grep -q 'Win rate by seat and variant' "$html" && grep -q 'Paired difference in win rate from the baseline' "$html" &&
    grep -q '95% Wilson interval' "$html" && grep -q '(baseline) · seat 3' "$html" && ok ||
    bad "report.html lacks the seat chart, the difference chart, an axis title or the baseline mark"
grep -q '^Made with kark [0-9.]*, .*UTC: `kark balance son-of-kark --agents random --sweep players=2,3,4' "$md" && ok ||
    bad "balance.md does not state the version, date and command"
# 1 and 2 threads, and a stopped and resumed run, give the same files.
$B $pargs --threads 1 --out "$tmp/p2" >/dev/null 2>&1 || bad "players sweep, 1 thread"
$B $pargs --threads 2 --out "$tmp/p3" --stop-after 21 >/dev/null 2>&1 || bad "players sweep, stop-after"
$B --resume "$tmp/p3" --threads 1 >/dev/null 2>&1 || bad "players sweep, resume"
for d in p2 p3; do
    for f in games.csv balance.json; do
        cmp -s "$tmp/p1/$f" "$tmp/$d/$f" && ok || bad "$d/$f differs from p1/$f"
    done
    for f in balance.md report.html; do
        cmp -s <(strip "$tmp/p1/$f") <(strip "$tmp/$d/$f") && ok || bad "$d/$f differs from p1/$f"
    done
done
expect 2 "players is both swept and given with --players" $B $G --agents greedy --players 2 --sweep players=2,3 --out "$tmp/x"
expect 2 "bad value '5': son-of-kark plays with 2..4 players" $B $G --agents greedy --sweep players=2,5 --out "$tmp/x"

# ---- --name=value, ranges ----
$T $G --agents=random --games=3 --seed=2 --out="$tmp/g" >/dev/null 2>&1 && ok || bad "--games=3 refused"
[ "$(wc -l <"$tmp/g/games.csv")" -eq 4 ] && ok || bad "--games=3 should play 3 games"
expect 2 "bad value 'x' for --games" $T $G --agents random --games=x --out "$tmp/x"
expect 2 "unknown option '--bogus=1'" $T $G --agents random --bogus=1 --out "$tmp/x"
expect 2 "option '--force' takes no value" $T $G --agents random --force=1 --out "$tmp/x"
"$KARK" selfplay $G --games=2 --agents=random >"$tmp/sp" 2>&1 && grep -q '2 games' "$tmp/sp" && ok ||
    bad "selfplay --games=2: $(cat "$tmp/sp")"
$B $G --agents random --sweep city_close=2..4 --games 2 --out "$tmp/r" >/dev/null 2>&1 || bad "range sweep refused"
[ "$(wc -l <"$tmp/r/games.csv")" -eq 7 ] && grep -q '^| 2 | city_close=4 |' "$tmp/r/balance.md" && ok ||
    bad "--sweep city_close=2..4 should give 3 variants"
expect 2 "too many values" $B $G --agents greedy --sweep cross_points=0..100 --out "$tmp/x"
expect 2 "bad value '0' for 'city_close'" $B $G --agents greedy --sweep city_close=0..2 --out "$tmp/x"
expect 2 "to try a range, use 'kark balance --sweep KEY=A..B'" $T $G --agents greedy --set city_close=2..4 --out "$tmp/x"

# ---- an existing folder: the hint, then --force ----
expect 2 "already exists: continue that run with --resume $tmp/g, start it again with --force" \
    $T $G --agents random --games 3 --seed 2 --out "$tmp/g"
$T $G --agents random --games 5 --seed 2 --out "$tmp/g" --force >/dev/null 2>&1 && ok || bad "--force"
[ "$(wc -l <"$tmp/g/games.csv")" -eq 6 ] && grep -q -- '--games\n5\|^5$' "$tmp/g/args.txt" && ok ||
    bad "--force should start the run again (5 games)"

# ---- --record on tournament and balance: records that replay to their scores ----
$T $G --agents random --games 4 --out "$tmp/tr" --record "$tmp/tr/rec" --threads 2 >/dev/null 2>&1 ||
    bad "tournament --record"
for i in 0 1 2 3; do
    "$KARK" replay "$tmp/tr/rec/game-$i.rec" >"$tmp/rj" 2>&1 || bad "replay game-$i: $(cat "$tmp/rj")"
    s=$(sed 's/"[^"]*"//' "$tmp/tr/games.csv" | awk -F, -v i=$((i + 2)) 'NR == i { print $8 "," $9 }')
    grep -q "\"scores\":\[$s\]" "$tmp/rj" && ok || bad "game-$i.rec replays to $(cat "$tmp/rj"), games.csv says $s"
done
$B $G --agents random --sweep players=2,3 --games 2 --out "$tmp/br" --record "$tmp/br/rec" >/dev/null 2>&1 ||
    bad "balance --record"
[ "$(ls "$tmp/br/rec" | wc -l)" -eq 4 ] && grep -q '^players 3' "$tmp/br/rec/v1-game-1.rec" &&
    "$KARK" replay "$tmp/br/rec/v1-game-1.rec" >/dev/null 2>&1 && ok || bad "balance records: $(ls "$tmp/br/rec")"

# ---- more agents than seats: a note on stderr and in the report, and a head-to-head table ----
$T $G --agents greedy,random,random --players 2 --games 3 --out "$tmp/h" >"$tmp/h.out" 2>"$tmp/h.err" ||
    bad "3 agents, 2 seats"
grep -q "note: 3 agents for 2 seats: seats rotate cyclically" "$tmp/h.err" && ok || bad "no rotation note: $(cat "$tmp/h.err")"
grep -q '^Head to head' "$tmp/h/summary.md" && grep -Eq '^\| `greedy` \| — \| [01]\.[0-9]{3} \(1\) \|' "$tmp/h/summary.md" && ok ||
    bad "no head-to-head table: $(grep -A5 'Head to head' "$tmp/h/summary.md")"

# ---- --summary-only prints the overview only; the files are whole ----
$B $pargs --out "$tmp/p1" --resume "$tmp/p1" --summary-only >"$tmp/so" 2>/dev/null || bad "--summary-only"
grep -q '^| variant | settings | compared with' "$tmp/so" && ! grep -q '^### Variant' "$tmp/so" &&
    grep -q '^### Variant' "$tmp/p1/balance.md" && ok || bad "--summary-only output: $(head -5 "$tmp/so")"

# ---- progress lines when stderr is a file (here after every game instead of every 10 s) ----
KARK_PROGRESS_SECONDS=1e-9 $T $G --agents random --games 30 --out "$tmp/pr" 2>"$tmp/pr.err" >/dev/null ||
    bad "progress run"
grep -Eq '^progress: [0-9]+/30 games \([0-9]+%\)  [0-9.]+ games/s  ETA [0-9]+s$' "$tmp/pr.err" && ok ||
    bad "no progress line on a file: $(head -3 "$tmp/pr.err")"
$T $G --agents random --games 30 --out "$tmp/pr2" 2>"$tmp/pr2.err" >/dev/null
[ ! -s "$tmp/pr2.err" ] && ok || bad "a run shorter than 10 s printed progress: $(cat "$tmp/pr2.err")"

# ---- a cooperative game's balance: the team's success rate and result, no seat win rates ----
$B temple-of-doom --agents greedy --sweep players=1,2 --sweep easy=0,1 --games 6 --seed 1 \
    --out "$tmp/coop" >"$tmp/coop.out" 2>&1 || bad "cooperative balance: $(cat "$tmp/coop.out")"
grep -q "| success rate (Wilson) | mean result | Δ result |" "$tmp/coop/balance.md" && ok ||
    bad "cooperative overview lacks the team's columns"
! grep -q "^| variant | settings | seat 0 |" "$tmp/coop/balance.md" && ok ||
    bad "cooperative overview shows seat win rates"
grep -q "Team success rate by variant" "$tmp/coop/report.html" && ok || bad "no team success chart"

echo "cli_study: $pass passed, $fail failed"
[ $fail -eq 0 ]
