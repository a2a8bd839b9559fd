#!/usr/bin/env bash
# kark tournament / balance under MPI: for 1, 2 and 3 processes (and several thread counts)
# the output files are byte-identical; a rank killed mid-run fails the run and a resume
# (with another process count) completes it to the same files, losing no finished game.
# Skips (77) when kark was built without MPI or mpirun is missing.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

if [ "${KARK_MPI:-0}" != 1 ] || ! command -v mpirun >/dev/null 2>&1; then
    echo "skipped: kark built without MPI or no mpirun (scripts/test installs Open MPI)"
    exit 77
fi
# Containers run tests as root; Open MPI refuses that unless told. Open MPI's own start-up
# allocations are not ours: LeakSanitizer would report them in the sanitizer build.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
MPI="mpirun --oversubscribe"

files="games.csv summary.json summary.md report.html args.txt"

# ---- tournament: 1, 2, 3 processes ----
args="son-of-kark --agents greedy,random --games 60 --seed 11"
$KARK tournament $args --threads 2 --out "$tmp/t1" >/dev/null 2>"$tmp/err" || bad "one process: $(cat "$tmp/err")"
$MPI -np 2 $KARK tournament $args --threads 1 --out "$tmp/t2" >"$tmp/t2.out" 2>"$tmp/err" ||
    bad "2 processes: $(cat "$tmp/err")"
$MPI -np 3 $KARK tournament $args --threads 2 --out "$tmp/t3" >/dev/null 2>"$tmp/err" ||
    bad "3 processes: $(cat "$tmp/err")"
same "$tmp/t1" "$tmp/t2" $files
same "$tmp/t1" "$tmp/t3" $files
# rank 0 alone prints the report
[ "$(grep -c '^files: ' "$tmp/t2.out")" -eq 1 ] && ok || bad "report printed $(grep -c '^files: ' "$tmp/t2.out") times"
[ ! -e "$tmp/t2/pending.csv" ] && ok || bad "a finished run left pending.csv"

# ---- balance (a sweep: several variants per game index) ----
bargs="son-of-kark --agents greedy --players 2 --games 16 --seed 3 --sweep tokens=9,7"
bfiles="games.csv balance.json balance.md report.html args.txt"
$KARK balance $bargs --threads 1 --out "$tmp/b1" >/dev/null 2>"$tmp/err" || bad "balance: $(cat "$tmp/err")"
$MPI -np 2 $KARK balance $bargs --threads 2 --out "$tmp/b2" >/dev/null 2>"$tmp/err" ||
    bad "balance 2 processes: $(cat "$tmp/err")"
$MPI -np 3 $KARK balance $bargs --threads 1 --out "$tmp/b3" >/dev/null 2>"$tmp/err" ||
    bad "balance 3 processes: $(cat "$tmp/err")"
same "$tmp/b1" "$tmp/b2" $bfiles
same "$tmp/b1" "$tmp/b3" $bfiles

# ---- a player-count sweep, and records written by whichever rank plays the game ----
pargs="son-of-kark --agents greedy,random --games 10 --seed 3 --sweep players=2,3"
$KARK balance $pargs --threads 1 --out "$tmp/p1" --record "$tmp/p1r" >/dev/null 2>"$tmp/err" ||
    bad "players sweep: $(cat "$tmp/err")"
$MPI -np 3 $KARK balance $pargs --threads 1 --out "$tmp/p3" --record "$tmp/p3r" >/dev/null 2>"$tmp/err" ||
    bad "players sweep, 3 processes: $(cat "$tmp/err")"
same "$tmp/p1" "$tmp/p3" $bfiles
[ "$(ls "$tmp/p3r" | wc -l)" -eq 20 ] && diff -r "$tmp/p1r" "$tmp/p3r" >/dev/null && ok ||
    bad "records differ between 1 and 3 processes"

# ---- errors: rank 0 reports once; other commands run on rank 0 alone ----
$MPI -np 2 $KARK tournament son-of-kark --agents alphago --out "$tmp/x" >/dev/null 2>"$tmp/err"
st=$?
[ $st -ne 0 ] && ok || bad "a bad agent under mpirun exited 0"
[ "$(grep -c "unknown agent 'alphago'" "$tmp/err")" -eq 1 ] && ok || bad "error not printed once: $(cat "$tmp/err")"
$MPI -np 2 $KARK tournament $args --out "$tmp/t1" >/dev/null 2>"$tmp/err" && bad "an existing run was overwritten" || ok
grep -q "already exists" "$tmp/err" && ok || bad "no 'already exists' message: $(cat "$tmp/err")"
[ "$($MPI -np 3 $KARK games 2>/dev/null | grep -c '^son-of-kark')" -eq 1 ] && ok || bad "kark games ran on several ranks"

# ---- a rank killed mid-run: the run fails; a resume completes it to the same files ----
# Rank 1 is frozen (SIGSTOP) as soon as the games start, so it dies holding an unfinished chunk
# whatever the machine's speed; rank 0 meanwhile plays the rest, parking the games beyond
# the gap in pending.csv, then waits for rank 1. Then rank 1 is killed.
# Games of a few milliseconds each in either build, enough of them that the run outlasts the
# polling below on a loaded machine (the sanitizer build with its invariant
# checks runs MCTS about 100 times slower than Release).
kargs="son-of-kark --agents mcts:iters=20,greedy --games 400 --seed 5"
[ "${KARK_SANITIZED:-0}" = 1 ] && kargs="son-of-kark --agents greedy,random --games 400 --seed 5"
$KARK tournament $kargs --threads 2 --out "$tmp/k1" >/dev/null 2>&1 || bad "kill reference run"
$MPI -np 2 $KARK tournament $kargs --threads 1 --out "$tmp/k" >/dev/null 2>"$tmp/kerr" &
launcher=$!
victim=""
for _ in $(seq 1 600); do
    for p in $(pgrep -f "kark tournament $kargs" 2>/dev/null); do
        grep -qa "OMPI_COMM_WORLD_RANK=1" "/proc/$p/environ" 2>/dev/null && victim=$p
    done
    # MPI start-up waits for every rank: freeze rank 1 only once rank 0 has begun.
    [ -n "$victim" ] && [ -s "$tmp/k/games.csv" ] && break
    sleep 0.05
done
ondisk() { echo $(($(cat "$tmp/k/games.csv" 2>/dev/null | wc -l) - 1 + $(cat "$tmp/k/pending.csv" 2>/dev/null | wc -l))); }
if [ -n "$victim" ] && kill -STOP "$victim" 2>/dev/null; then
    last=-1
    for _ in $(seq 1 240); do # until rank 0 has nothing left to play (at most 2 minutes)
        sleep 0.5
        now=$(ondisk)
        [ "$now" -eq "$last" ] && [ "$now" -gt 0 ] && break
        last=$now
    done
    kill -9 "$victim"
    wait "$launcher"
    st=$?
    [ $st -ne 0 ] && ok || bad "killing rank 1 did not fail the run (too late? $(ondisk) games on disk)"
    grep -q "rank 1" "$tmp/kerr" && ok || bad "no word of the killed rank: $(cat "$tmp/kerr")"
    [ "$(ondisk)" -gt 0 ] && ok || bad "no finished game on disk"
    [ ! -s "$tmp/k/summary.json" ] && ok || bad "a killed run wrote its report"
    $MPI -np 3 $KARK tournament --resume "$tmp/k" --threads 1 >/dev/null 2>"$tmp/err" ||
        bad "resume after a killed rank: $(cat "$tmp/err")"
    same "$tmp/k1" "$tmp/k" $files
    [ ! -e "$tmp/k/pending.csv" ] && ok || bad "the resumed run left pending.csv"
else
    wait "$launcher"
    bad "could not find rank 1 of the run to kill"
fi

echo "cli_mpi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
