"""Python plays exactly the games the C engine plays: for every game, a random playout from
Python (chance from the state's chance stream, moves from its agent stream) gives the same
events and scores as the record `kark selfplay --agents random` writes for that seed."""
import os
import subprocess

import pytest

import kark
from conftest import play_python, record_events

GAMES = kark.games()
NAMES = [g["name"] for g in GAMES]


def selfplay_records(program, name, players, agents, seed, games, tmp_path):
    folder = tmp_path / ("%s-%d-%d" % (name, players, seed))
    cmd = [program, "selfplay", name, "--agents", agents, "--games", str(games), "--seed",
           str(seed), "--players", str(players), "--record", str(folder)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return [(folder / ("game-%d.rec" % i)).read_text() for i in range(games)]


def test_games_match_the_program(kark_program):
    out = subprocess.run([kark_program, "games"], check=True, capture_output=True, text=True)
    listed = [line.split()[0] for line in out.stdout.splitlines()[1:] if line.strip()]
    assert NAMES == listed
    for g in GAMES:
        assert g["min_players"] <= g["default_players"] <= g["max_players"]


@pytest.mark.parametrize("info", GAMES, ids=NAMES)
def test_random_playout_matches_selfplay(info, kark_program, tmp_path):
    # The smallest and the largest seat count (up to 4, to keep the suite fast).
    # Some counts need a rules setting (carcassonne-solo's seats are its colours): those
    # are left out, but the default count always plays.
    counts = sorted({info["min_players"], info["default_players"],
                     min(info["max_players"], 4)})
    played = 0
    for players in counts:
        try:
            game = kark.load_game(info["name"], players=players)
        except kark.KarkError:
            assert players != info["default_players"]
            continue
        played += 1
        records = selfplay_records(kark_program, info["name"], players, "random", 11, 2,
                                   tmp_path)
        for index, text in enumerate(records):
            want, want_scores = record_events(text)
            got, final = play_python(kark, game, [None] * players, seed=11, index=index)
            # War writes a whole action (several moves) as one record line, so its lines
            # are not single moves' texts: there the final scores and the C record decide.
            if info["name"] != "war":
                assert got == want, "%s, %d players, game %d" % (info["name"], players, index)
            assert final.scores() == want_scores
            # kark.play runs the same game in C through the library.
            assert record_events(kark.play(game, "random", seed=11, index=index)) == \
                (want, want_scores)
    assert played >= 1


@pytest.mark.parametrize("name,agents", [
    ("son-of-kark", "mcts:iters=12,greedy"),
    ("liars-cards", "mcts:iters=12,greedy,random"),
    ("gold-mine", "mcts:iters=12,random,greedy"),
])
def test_agent_playout_matches_selfplay(name, agents, kark_program, tmp_path):
    split = []
    for item in agents.split(","):
        if "=" in item and ":" not in item:
            split[-1] += "," + item
        else:
            split.append(item)
    players = len(split)
    game = kark.load_game(name, players=players)
    text = selfplay_records(kark_program, name, players, agents, 5, 1, tmp_path)[0]
    want, want_scores = record_events(text)
    got, final = play_python(kark, game, [kark.Agent(s) for s in split], seed=5)
    assert got == want
    assert final.scores() == want_scores
    # The package's own loop gives the same game.
    final, got = kark.play_game(game, [kark.Agent(s) for s in split], seed=5)
    assert got == want and final.scores() == want_scores


def test_play_game_takes_python_functions():
    game = kark.load_game("othellino")
    first = lambda state: state.legal_actions()[0]  # noqa: E731
    final, events = kark.play_game(game, [first, kark.Agent("greedy")], seed=2)
    assert final.is_terminal() and len(events) > 10
    final, events = kark.play_game(game, [None], seed=2)
    assert events == kark.play_game(game, [None, None], seed=2)[1]
    with pytest.raises(ValueError):
        kark.play_game(game, [None, None, None])


def test_chance_outcomes_and_returns():
    for info in GAMES:
        game = kark.load_game(info["name"])
        state = game.new_initial_state(seed=3)
        seen_chance = False
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
                assert state.legal_actions() == [a for a, _ in outcomes]
                seen_chance = True
                state.apply_action(state.sample_chance())
            else:
                legal = state.legal_actions()
                move = state.random_action()
                assert move in legal
                copy = state.clone()
                state.apply_action(move)
                assert copy.state_bytes() != state.state_bytes() or info["name"] == "othellino"
        r = state.returns()
        assert len(r) == game.num_players() and all(0 <= x <= 1 for x in r)
        margin, mix = state.returns("margin"), state.returns("mix")
        assert all(abs(m - (a + b) / 2) < 1e-12 for a, b, m in zip(r, margin, mix))
        if not info["cooperative"]:
            assert abs(sum(r) - 1) < 1e-9
        assert state.to_json()["terminal"] is True
        assert state.legal_actions() == []
        # No chance event: the board games, and War with its fixed default layout.
        assert seen_chance or info["name"] in ("halma", "othellino", "war")


def test_text_round_trip():
    game = kark.load_game("carcassonne", players=2)
    state = game.new_initial_state(seed=2)
    for _ in range(30):
        if state.is_chance_node():
            move = state.sample_chance()
        else:
            move = state.random_action()
        text = state.action_to_string(move)
        assert state.string_to_action(text) == move
        assert state.action_to_string(0, move) == text
        state.apply_text(text)
