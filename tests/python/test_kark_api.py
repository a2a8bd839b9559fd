"""Errors come back as Python exceptions carrying the C library's message; experiments
return rows pandas takes as they are; a long create/free loop keeps memory stable."""
import csv
import os
import subprocess

import pytest

import kark


def error_of(fn, *args, **kw):
    with pytest.raises(kark.KarkError) as e:
        fn(*args, **kw)
    return e.value


def test_errors_carry_the_c_message():
    e = error_of(kark.load_game, "nope")
    assert str(e).startswith("unknown game 'nope': expected one of son-of-kark") and e.code == 1
    e = error_of(kark.load_game, "carcassonne", farms="9th")
    assert str(e) == "bad value '9th' for 'farms': expected one of 3rd, 2nd, 1st, off"
    e = error_of(kark.load_game, "carcassonne", colour="red")
    assert "colour" in str(e)
    e = error_of(kark.load_game, "othellino", players=3)
    assert "3" in str(e) and e.kind == "argument"

    game = kark.load_game("carcassonne", players=2)
    state = game.new_initial_state(seed=1)
    assert state.is_chance_node()
    e = error_of(state.apply_action, 9999)
    assert e.kind == "illegal" and "9999 is not a possible chance outcome" in str(e)
    e = error_of(state.random_action)
    assert e.kind == "node" and "chance node" in str(e)
    state.apply_action(state.sample_chance())
    e = error_of(state.chance_outcomes)
    assert e.kind == "node" and str(e) == "chance outcomes asked at a seat's turn"
    e = error_of(state.sample_chance)
    assert e.kind == "node"
    e = error_of(state.apply_text, "zz9")
    assert str(e).startswith("bad move 'zz9': ")
    e = error_of(state.view_string, 2)
    assert str(e) == "seat 2: expected 0..1"
    e = error_of(state.observation_tensor, -1)
    assert e.kind == "argument"
    e = error_of(kark.Agent("mcts:iters=-5"), state)
    assert "iters" in str(e)
    e = error_of(kark.Agent("nosuchagent"), state)
    assert "nosuchagent" in str(e)
    e = error_of(kark.tournament, "son-of-kark", ["greedy", "random"], games=0)
    assert str(e) == "games 0: expected 1..100000000"
    e = error_of(kark.play, game, "random,random,random")
    assert "3 agents given for 2 seats" in str(e)
    with pytest.raises(ValueError):
        state.returns("points")
    # The state is untouched by the failed calls and plays on.
    state.apply_action(state.random_action())


def test_terminal_state_errors():
    game = kark.load_game("othellino")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.random_action())
    assert error_of(state.apply_action, 0).kind == "node"
    assert error_of(kark.Agent("random"), state).kind == "node"
    assert state.legal_actions() == []


def test_tournament_rows_equal_games_csv(kark_program, tmp_path):
    rows = kark.tournament("son-of-kark", ["greedy", "random"], games=6, seed=7, threads=2,
                           out=str(tmp_path))
    with open(tmp_path / "games.csv") as f:
        on_disk = list(csv.DictReader(f))
    assert len(rows) == 6 and [str(r["index"]) for r in rows] == [r["index"] for r in on_disk]
    assert rows[0]["agent_s0"] == "greedy" and rows[1]["agent_s0"] == "random"
    # The program's own tournament gives the same file.
    prog = tmp_path / "prog"
    subprocess.run([kark_program, "tournament", "son-of-kark", "--agents", "greedy,random",
                    "--games", "6", "--seed", "7", "--threads", "1", "--out", str(prog)],
                   check=True, stdout=subprocess.DEVNULL)
    assert (prog / "games.csv").read_text() == (tmp_path / "games.csv").read_text()
    # No temporary folder is left behind without out=.
    before = set(os.listdir(os.environ.get("TMPDIR", "/tmp")))
    kark.tournament("othellino", "random", games=2, threads=1)
    after = set(os.listdir(os.environ.get("TMPDIR", "/tmp")))
    assert not [d for d in after - before if d.startswith("kark-study-")]


def test_balance_rows_and_pandas():
    rows = kark.balance("son-of-kark", {"tokens": [9, 7]}, ["greedy", "random"], games=4,
                        seed=2, threads=2)
    assert len(rows) == 8
    assert {r["variant"].split()[0] for r in rows} == {"tokens=9", "tokens=7"}
    assert all(isinstance(r["score_s0"], int) for r in rows)
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(rows)
    assert list(df.groupby("variant_id").size()) == [4, 4]


def rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


@pytest.mark.skipif(os.environ.get("KARK_ASAN") == "1",
                    reason="AddressSanitizer's quarantine holds freed memory, so RSS grows "
                           "by design; tests/api/test_api.c checks the same loop for leaks "
                           "under LeakSanitizer")
def test_create_free_loop_keeps_memory_stable():
    def round_trip(i):
        game = kark.load_game("cardcassonne", players=3)
        state = game.new_initial_state(seed=i)
        agent = kark.Agent("greedy")
        for _ in range(20):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
            else:
                state.apply_action(agent(state))
        copy = state.clone()
        copy.view_string(1)
        copy.observation_tensor(2)
        copy.resample(0, seed=i).legal_actions()
        copy.to_json()
        kark.games()

    for i in range(300):
        round_trip(i)
    start = rss_kib()
    for i in range(3000):
        round_trip(i)
    grown = rss_kib() - start
    # A leak of even one 1.5 KB state per round would add 4.5 MB.
    assert grown < 2048, "RSS grew by %d KiB over 3000 rounds" % grown
