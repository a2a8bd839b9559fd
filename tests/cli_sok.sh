#!/usr/bin/env bash
# Son of Kark through the kark command: selfplay records (several agents, player counts
# and variants) replay to the scores written in their "# result" line; an illegal record
# is refused with its line number and exit status 1; `kark rules` lists every parameter.
set -u
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check_dir() {
    local dir="$1" n=0
    for rec in "$dir"/game-*.rec; do
        want=$(sed -n 's/^# result .*"scores":\(\[[-0-9,]*\]\).*/\1/p' "$rec")
        got=$("$KARK" replay "$rec" | sed -n 's/.*"scores":\(\[[-0-9,]*\]\).*/\1/p')
        if [ -z "$want" ] || [ "$want" != "$got" ]; then
            echo "FAIL: $rec: recorded $want, replayed $got"
            fail=$((fail + 1))
        fi
        n=$((n + 1))
    done
    [ "$n" -gt 0 ] || { echo "FAIL: no records in $dir"; fail=$((fail + 1)); }
}

run() {
    local name="$1"
    shift
    if ! "$KARK" selfplay son-of-kark "$@" --record "$tmp/$name" >"$tmp/$name.out" 2>&1; then
        echo "FAIL: selfplay $*: $(tail -1 "$tmp/$name.out")"
        fail=$((fail + 1))
        return
    fi
    check_dir "$tmp/$name"
}

run p2 --agents random,greedy --games 6 --seed 11
run p2t7 --agents greedy,random --games 4 --seed 12 --set tokens=7 --set self_displace=0
run p3 --agents random,random,greedy --games 4 --seed 13 --set city_close=4
run p4 --agents random --players 4 --games 4 --seed 14 --set cross_tie=4,2,0 --set cross_points=6

# An illegal move: exit status 1 and the line number in the message.
"$KARK" replay "$TESTS/data/son-of-kark/bad-down-beside-down.rec" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -ne 1 ] || ! grep -q ":8: .*face-down tile beside a face-down tile at 0,0" "$tmp/err"; then
    echo "FAIL: bad record: status $status, stderr $(cat "$tmp/err")"
    fail=$((fail + 1))
fi

rules=$("$KARK" rules son-of-kark)
for p in tokens self_displace city_close cross_points cross_tie; do
    if ! grep -q "^$p " <<<"$rules"; then
        echo "FAIL: kark rules son-of-kark does not list $p"
        fail=$((fail + 1))
    fi
done

if [ "$fail" -ne 0 ]; then
    echo "cli_sok: $fail failures"
    exit 1
fi
echo "cli_sok: ok"
