"""What a seat sees: view_string and observation_tensor are functions of the seat's
information only. On every hidden-information game, redealing what a seat cannot see
(state.resample, the game's own sample_view) must leave both unchanged for that seat,
while the true state does change."""
import pytest

import kark

HIDDEN = [g["name"] for g in kark.games() if g["hidden"]]


def random_states(game, seed, every):
    """Every `every`-th state of a random game, terminal included."""
    state = game.new_initial_state(seed=seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(state.random_action())
        step += 1
    yield state


def test_hidden_games_are_listed():
    # The games whose rules hide cards or choices: if one stops being hidden, this says so.
    assert {"cardcassonne", "gold-mine", "liars-cards", "flower-garden"} <= set(HIDDEN)


@pytest.mark.parametrize("name", HIDDEN)
def test_hidden_change_leaves_view(name):
    import numpy as np

    info = {g["name"]: g for g in kark.games()}[name]
    params = {"open_hands": 0} if name in ("temple-of-doom", "tunnel-run") else {}
    players = max(3, info["default_players"]) if info["max_players"] >= 3 else 0
    game = kark.load_game(name, players=players, **params)
    changed = 0
    checked = 0
    for state in (st for seed in (4, 5, 6) for st in random_states(game, seed, every=5)):
        for seat in range(game.num_players()):
            view = state.view_string(seat)
            obs = state.observation_tensor(seat)
            for k in range(2):
                other = state.resample(seat, seed=100 + k)
                changed += other.state_bytes() != state.state_bytes()
                assert other.view_string(seat) == view, (name, seat)
                assert np.array_equal(other.observation_tensor(seat), obs), (name, seat)
                assert other.current_player() == state.current_player()
                checked += 1
    assert checked > 0
    # The redeal really moved hidden items (otherwise the test proves nothing).
    assert changed > 0, "%s: no state ever changed under resample" % info["name"]


def test_view_shows_own_cards_not_others():
    # Liar's Cards: a seat's own hand is in its view (its moves name its bids, its state
    # its cards), and the views of two seats differ.
    game = kark.load_game("liars-cards", players=3)
    state = game.new_initial_state(seed=9)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    seat = state.current_player()
    assert "your moves:" in state.view_string(seat)
    assert "your moves:" not in state.view_string((seat + 1) % 3)
    assert state.view_string(0) != state.view_string(1)


def test_perfect_information_view_is_the_state():
    game = kark.load_game("othellino")
    state = game.new_initial_state()
    other = state.resample(0, seed=5)
    assert other.state_bytes() == state.state_bytes()
    obs = state.observation_tensor(0)
    assert obs.shape == (3, 6, 6) and obs.dtype.name == "float32"
    assert obs[0].sum() == 2 and obs[1].sum() == 2 and obs[2].sum() == 36  # seat 0 to move
    assert state.observation_tensor(1)[2].sum() == 0


def test_every_game_has_a_tensor_of_its_shape():
    for info in kark.games():
        game = kark.load_game(info["name"])
        state = game.new_initial_state(seed=1)
        for _ in range(10):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance() if state.is_chance_node()
                               else state.random_action())
        obs = state.observation_tensor(0)
        assert obs.shape == game.observation_shape
        assert game.observation_layout in ("view-bytes", "othellino-planes", "carcassonne-v1",
                                           "liars-cards-v1")


def test_carcassonne_tensor():
    game = kark.load_game("carcassonne", players=2)
    state = game.new_initial_state(seed=1)
    state.apply_action(state.sample_chance())  # the first tile drawn
    obs = state.observation_tensor(0)
    cells = 64 * 64
    planes = 15 + 4 * 2
    board = obs[:planes * cells].reshape(planes, 64, 64)
    tail = obs[planes * cells:]
    assert board[0].sum() == 1 and board[0, 32, 32] == 1  # the start tile, centred
    assert tail[:24].sum() == 1  # the drawn tile
    assert tail[24:48].sum() == 71 - 1  # bag: 72 tiles less the start tile and the drawn one
    assert list(tail[48:50]) == [7, 7] and list(tail[50:52]) == [0, 0]


def test_liars_cards_tensor():
    players = 3
    game = kark.load_game("liars-cards", players=players)
    assert game.observation_layout == "liars-cards-v1"
    state = game.new_initial_state(seed=9)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    seat = state.current_player()
    obs = state.observation_tensor(seat)
    hand = obs[:36]
    track = obs[36:72].reshape(6, 6)
    seats = obs[72:72 + 5 * players].reshape(players, 5)
    assert hand.sum() == seats[0, 1] == 5  # five cards in the first round, all its own
    assert (track.sum(axis=0) == 1).all() and (track.sum(axis=1) == 1).all()
    assert seats[0, 4] == 1 and seats[1:, 4].sum() == 0  # the observer is to move
    assert (seats[:, 0] > 0).all()  # everyone has lives
    bids = obs[72 + 5 * players + 8:]
    assert bids.sum() == 0  # no bid yet
    state.apply_action(state.legal_actions()[0])  # the lowest opening bid
    bids = state.observation_tensor(seat)[72 + 5 * players + 8:]
    assert bids[:384].sum() == 1 and bids[384:].sum() == 1
    assert state.observation_tensor((seat + 1) % players)[72:72 + 5 * players].reshape(
        players, 5)[players - 1, 2] == 1  # seen from the next seat, the bidder is its last
