"""kark from Python: every kark game, agent and experiment through libkark.so.

The package is a thin ctypes layer over the C binding API (experiments/api/kark_api.h):
the games, the agents and the study runner are kark's own C code, so a state's moves,
chance draws and scores are exactly those of the `kark` program. docs/python.md is the guide.

    import kark
    game = kark.load_game("carcassonne", players=3, farms="2nd")
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(kark.Agent("greedy")(state))
    print(state.returns())

libkark.so is looked for at $KARK_LIB (the file, or a folder holding it), then in build/
of the checkout this package lives in (what scripts/run and scripts/test build).
"""

import csv
import ctypes
import io
import json
import os

__all__ = [
    "CHANCE", "TERMINAL", "KarkError", "Game", "State", "Agent", "games", "load_game",
    "play", "play_game", "tournament", "balance", "library_path",
]

CHANCE = -1  # current_player() at a chance node
TERMINAL = -2  # current_player() once the game is over

_ERR_NAMES = {1: "argument", 2: "node", 3: "illegal", 4: "memory", 5: "run"}


class KarkError(Exception):
    """An error reported by libkark: str(e) is the C library's message; e.code its code
    (1 bad argument, 2 wrong kind of node, 3 illegal move, 4 out of memory, 5 run failed)."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.kind = _ERR_NAMES.get(code, "unknown")


def _find_library():
    env = os.environ.get("KARK_LIB")
    if env:
        path = os.path.join(env, "libkark.so") if os.path.isdir(env) else env
        if not os.path.exists(path):
            raise ImportError("KARK_LIB points to %r, which does not exist" % env)
        return os.path.abspath(path)
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
    path = os.path.join(root, "build", "libkark.so")
    if os.path.exists(path):
        return path
    raise ImportError(
        "libkark.so not found: build kark with scripts/run or scripts/test (it lands in %s), "
        "or set KARK_LIB to the library or its folder" % os.path.dirname(path))


class _Err(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("msg", ctypes.c_char * 256)]


_P = ctypes.c_void_p
_I = ctypes.c_int
_U64 = ctypes.c_uint64
_PI32 = ctypes.POINTER(ctypes.c_int32)
_PD = ctypes.POINTER(ctypes.c_double)
_PE = ctypes.POINTER(_Err)
_PP = ctypes.POINTER(ctypes.c_void_p)
_PS = ctypes.POINTER(ctypes.c_char_p)

_SIGNATURES = {
    # name: (restype, argtypes)
    "kark_api_version": (_I, []),
    "kark_free": (None, [_P]),
    "kark_games_json": (_I, [_PP, _PE]),
    "kark_game_load": (_I, [ctypes.c_char_p, _I, _PS, _I, _PP, _PE]),
    "kark_game_free": (None, [_P]),
    "kark_game_players": (_I, [_P]),
    "kark_game_max_moves": (_I, [_P]),
    "kark_game_hidden": (_I, [_P]),
    "kark_game_variant": (_I, [_P, _PP, _PE]),
    "kark_game_observation_shape": (_I, [_P, ctypes.POINTER(_I), ctypes.POINTER(_I),
                                         _PS, _PE]),
    "kark_state_new": (_I, [_P, _U64, _U64, _PP, _PE]),
    "kark_state_free": (None, [_P]),
    "kark_state_clone": (_I, [_P, _PP, _PE]),
    "kark_state_to_move": (_I, [_P]),
    "kark_state_players": (_I, [_P]),
    "kark_state_sim_pending": (ctypes.c_uint32, [_P]),
    "kark_state_legal_moves": (_I, [_P, _PI32, _I, ctypes.POINTER(_I), _PE]),
    "kark_state_chance_outcomes": (_I, [_P, _PI32, _PD, _I, ctypes.POINTER(_I), _PE]),
    "kark_state_apply": (_I, [_P, ctypes.c_int32, _PE]),
    "kark_state_apply_text": (_I, [_P, ctypes.c_char_p, _PE]),
    "kark_state_parse_move": (_I, [_P, ctypes.c_char_p, _PI32, _PE]),
    "kark_state_sample_chance": (_I, [_P, _PI32, _PE]),
    "kark_state_random_move": (_I, [_P, _PI32, _PE]),
    "kark_state_move_text": (_I, [_P, ctypes.c_int32, ctypes.c_char_p, ctypes.c_size_t, _PE]),
    "kark_state_scores": (_I, [_P, _PI32, _I, _PE]),
    "kark_state_returns": (_I, [_P, _I, _PD, _I, _PE]),
    "kark_state_json": (_I, [_P, _PP, _PE]),
    "kark_state_evaluate": (_I, [_P, _I, _PD, _PE]),
    "kark_state_view_text": (_I, [_P, _I, _PP, _PE]),
    "kark_state_observation": (_I, [_P, _I, ctypes.POINTER(ctypes.c_float), ctypes.c_size_t,
                                    _PE]),
    "kark_state_resample": (_I, [_P, _I, _U64, _PP, _PE]),
    "kark_state_bytes": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
    "kark_agent_new": (_I, [_P, ctypes.c_char_p, _PP, _PE]),
    "kark_agent_free": (None, [_P]),
    "kark_agent_spec": (ctypes.c_char_p, [_P]),
    "kark_agent_choose": (_I, [_P, _P, _PI32, _PE]),
    "kark_agent_observe": (_I, [_P, _P, ctypes.c_int32, _PE]),
    "kark_agent_reset": (None, [_P]),
    "kark_play": (_I, [_P, ctypes.c_char_p, _U64, _U64, _PP, _PE]),
    "kark_study": (_I, [ctypes.c_char_p, _I, _PS, _I, ctypes.c_char_p, ctypes.c_longlong, _U64,
                        _I, ctypes.c_char_p, _PP, _PE]),
}

_API_VERSION = 1


def _load():
    path = _find_library()
    lib = ctypes.CDLL(path)
    for name, (res, args) in _SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = res
        fn.argtypes = args
    if lib.kark_api_version() != _API_VERSION:
        raise ImportError("%s has binding API version %d, this package needs %d"
                          % (path, lib.kark_api_version(), _API_VERSION))
    return lib, path


_lib, _path = _load()


def library_path():
    """The libkark.so this package loaded."""
    return _path


def _call(fn, *args):
    """Calls a libkark function that takes a trailing kark_error*, raising on failure."""
    err = _Err()
    rc = fn(*args, ctypes.byref(err))
    if rc != 0:
        raise KarkError(rc, err.msg.decode("utf-8", "replace"))


def _take_string(ptr):
    """Reads and frees a string the library allocated."""
    try:
        return ctypes.string_at(ptr.value).decode("utf-8", "replace")
    finally:
        _lib.kark_free(ptr)


def _c_strings(items):
    arr = (ctypes.c_char_p * max(1, len(items)))()
    for i, s in enumerate(items):
        arr[i] = s.encode()
    return arr


def _setting(key, value):
    if isinstance(value, (list, tuple)):
        value = ",".join(str(v) for v in value)
    return "%s=%s" % (key, value)


def games():
    """Every kark game: a list of dicts with name, title, min_players, max_players,
    default_players, hidden, simultaneous, cooperative and params (name, default, accepts,
    help)."""
    out = ctypes.c_void_p()
    _call(_lib.kark_games_json, ctypes.byref(out))
    return json.loads(_take_string(out))


def load_game(name, players=0, **params):
    """A game with its rules settings: load_game("carcassonne", players=3, farms="2nd").
    players=0 takes the game's default; a list value is written with commas (scores=[3, 2])."""
    return Game(name, players, params)


class Game:
    """A game, its rules variant and its seat count."""

    def __init__(self, name, players=0, params=None):
        sets = [_setting(k, v) for k, v in (params or {}).items()]
        handle = ctypes.c_void_p()
        _call(_lib.kark_game_load, name.encode(), int(players), _c_strings(sets), len(sets),
              ctypes.byref(handle))
        self._h = handle
        self.name = name
        self.params = dict(params or {})
        self.max_moves = _lib.kark_game_max_moves(handle)
        self.hidden = bool(_lib.kark_game_hidden(handle))
        dims = (ctypes.c_int * 4)()
        nd = ctypes.c_int()
        layout = ctypes.c_char_p()
        _call(_lib.kark_game_observation_shape, handle, dims, ctypes.byref(nd),
              ctypes.byref(layout))
        self.observation_shape = tuple(dims[i] for i in range(nd.value))
        self.observation_layout = layout.value.decode()

    def __del__(self):
        h = getattr(self, "_h", None)
        if h is not None and h.value and _lib is not None:
            _lib.kark_game_free(h)
            self._h = None

    def num_players(self):
        return _lib.kark_game_players(self._h)

    def variant(self):
        """Every rules parameter as "key=value key=value ..."."""
        out = ctypes.c_void_p()
        _call(_lib.kark_game_variant, self._h, ctypes.byref(out))
        return _take_string(out)

    def new_initial_state(self, seed=1, index=0):
        """The start of game `index` under `seed`: chance draws (sample_chance) and agent
        randomness come from the two streams `kark selfplay --seed SEED` gives its game
        `index`, so the same agents replay the same game."""
        return State(self, int(seed), int(index))

    def observation_tensor_shape(self):
        return self.observation_shape

    def __repr__(self):
        return "kark.Game(%r, players=%d)" % (self.name, self.num_players())


class State:
    """A position of a game, with its own chance and agent random streams."""

    def __init__(self, game, seed=1, index=0, _handle=None):
        self.game = game
        if _handle is None:
            _handle = ctypes.c_void_p()
            _call(_lib.kark_state_new, game._h, seed, index, ctypes.byref(_handle))
        self._h = _handle

    def __del__(self):
        h = getattr(self, "_h", None)
        if h is not None and h.value and _lib is not None:
            _lib.kark_state_free(h)
            self._h = None

    def _wrap(self, handle):
        return State(self.game, _handle=handle)

    def clone(self):
        out = ctypes.c_void_p()
        _call(_lib.kark_state_clone, self._h, ctypes.byref(out))
        return self._wrap(out)

    def current_player(self):
        """The seat to move, kark.CHANCE (-1) or kark.TERMINAL (-2)."""
        return _lib.kark_state_to_move(self._h)

    def num_players(self):
        return _lib.kark_state_players(self._h)

    def is_chance_node(self):
        return self.current_player() == CHANCE

    def is_terminal(self):
        return self.current_player() == TERMINAL

    def simultaneous_pending(self):
        """Seats still to commit in the simultaneous round (empty outside one)."""
        mask = _lib.kark_state_sim_pending(self._h)
        return [s for s in range(self.num_players()) if mask >> s & 1]

    def legal_actions(self):
        """The seat's legal moves in the game's order; at a chance node the possible
        outcomes; at the end []."""
        who = self.current_player()
        if who == TERMINAL:
            return []
        if who == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        n = self.game.max_moves
        moves = (ctypes.c_int32 * n)()
        count = ctypes.c_int()
        _call(_lib.kark_state_legal_moves, self._h, moves, n, ctypes.byref(count))
        return moves[:count.value]

    def chance_outcomes(self):
        """[(action, probability), ...] at a chance node."""
        n = self.game.max_moves
        moves = (ctypes.c_int32 * n)()
        probs = (ctypes.c_double * n)()
        count = ctypes.c_int()
        _call(_lib.kark_state_chance_outcomes, self._h, moves, probs, n, ctypes.byref(count))
        return list(zip(moves[:count.value], probs[:count.value]))

    def apply_action(self, action):
        """Applies a legal move or possible chance outcome; anything else raises KarkError."""
        _call(_lib.kark_state_apply, self._h, int(action))

    def apply_text(self, text):
        """Applies a move or chance outcome written in the game's notation."""
        _call(_lib.kark_state_apply_text, self._h, text.encode())

    def string_to_action(self, text):
        out = ctypes.c_int32()
        _call(_lib.kark_state_parse_move, self._h, text.encode(), ctypes.byref(out))
        return out.value

    def action_to_string(self, *args):
        """Notation of a move or chance outcome at this node: action_to_string(a), or
        OpenSpiel's action_to_string(player, a)."""
        action = args[-1]
        buf = ctypes.create_string_buffer(128)
        _call(_lib.kark_state_move_text, self._h, int(action), buf, len(buf))
        return buf.value.decode()

    def sample_chance(self):
        """At a chance node: an outcome drawn from the state's chance stream (not applied)."""
        out = ctypes.c_int32()
        _call(_lib.kark_state_sample_chance, self._h, ctypes.byref(out))
        return out.value

    def random_action(self):
        """A uniformly random legal move from the state's agent stream: the move kark's
        `random` agent makes here (not applied)."""
        out = ctypes.c_int32()
        _call(_lib.kark_state_random_move, self._h, ctypes.byref(out))
        return out.value

    def scores(self):
        n = self.num_players()
        out = (ctypes.c_int32 * n)()
        _call(_lib.kark_state_scores, self._h, out, n)
        return list(out)

    def returns(self, reward="win"):
        """Per-seat returns in [0, 1]: "win" gives 1/k to each of k winners (before the end:
        to the current leaders), "margin" 0.5 + 0.5 * the clamped score margin, "mix" the
        mean of the two."""
        kinds = ("win", "margin", "mix")
        if reward not in kinds:
            raise ValueError("reward must be 'win', 'margin' or 'mix', not %r" % (reward,))
        n = self.num_players()
        out = (ctypes.c_double * n)()
        _call(_lib.kark_state_returns, self._h, kinds.index(reward), out, n)
        return list(out)

    def evaluate(self, seat):
        """The game's heuristic value of this state for seat, in points (the one kark's
        greedy agent maximises; each game's rules doc describes it). It reads the true
        state: on a hidden-information game use it on resample(seat, ...) to stay honest."""
        out = ctypes.c_double()
        _call(_lib.kark_state_evaluate, self._h, int(seat), ctypes.byref(out))
        return out.value

    def to_json(self):
        """The replay JSON of the state, as a dict (game, terminal, scores, winners, ...)."""
        out = ctypes.c_void_p()
        _call(_lib.kark_state_json, self._h, ctypes.byref(out))
        return json.loads(_take_string(out))

    def view_string(self, seat):
        """What `seat` sees, as text; identical for all states the seat cannot tell apart."""
        out = ctypes.c_void_p()
        _call(_lib.kark_state_view_text, self._h, int(seat), ctypes.byref(out))
        return _take_string(out)

    def observation_tensor(self, seat):
        """The seat's observation as a float32 numpy array of game.observation_shape, in
        the layout game.observation_layout (docs/python.md describes each)."""
        import numpy as np

        shape = self.game.observation_shape
        arr = np.zeros(shape, dtype=np.float32)
        ptr = arr.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
        _call(_lib.kark_state_observation, self._h, int(seat), ptr, arr.size)
        return arr

    def resample(self, seat, seed):
        """A state `seat` cannot tell apart from this one, every hidden item redealt (the
        game's sample_view from stream (seed, seat)): a determinization for search."""
        out = ctypes.c_void_p()
        _call(_lib.kark_state_resample, self._h, int(seat), int(seed), ctypes.byref(out))
        return self._wrap(out)

    def state_bytes(self):
        """The raw state (for equality tests; not a stable format)."""
        size = ctypes.c_size_t()
        ptr = _lib.kark_state_bytes(self._h, ctypes.byref(size))
        return ctypes.string_at(ptr, size.value)

    def __str__(self):
        return json.dumps(self.to_json())


class Agent:
    """A kark agent from a spec string (see `kark agents`): Agent("mcts:iters=1000")(state)
    returns its move. Randomness comes from the state's agent stream. The C agent is built
    for a game the first time it sees one of that game's states."""

    def __init__(self, spec):
        self.spec = spec
        self._made = {}  # game object id -> (game, handle)

    def _handle(self, state):
        key = id(state.game)
        got = self._made.get(key)
        if got is None or got[0] is not state.game:
            h = ctypes.c_void_p()
            _call(_lib.kark_agent_new, state.game._h, self.spec.encode(), ctypes.byref(h))
            got = (state.game, h)
            self._made[key] = got
        return got[1]

    def canonical_spec(self, game):
        """The spec with every option filled in, for `game`."""
        return _lib.kark_agent_spec(self._handle(game.new_initial_state())).decode()

    def __call__(self, state):
        out = ctypes.c_int32()
        _call(_lib.kark_agent_choose, self._handle(state), state._h, ctypes.byref(out))
        return out.value

    step = __call__

    def observe(self, state, action):
        """Tells the agent `action` is applied to `state` (optional: lets search reuse
        its tree, as kark's own game loop does)."""
        _call(_lib.kark_agent_observe, self._handle(state), state._h, int(action))

    def reset(self):
        for _, h in self._made.values():
            _lib.kark_agent_reset(h)

    def __del__(self):
        for _, h in getattr(self, "_made", {}).values():
            if h.value and _lib is not None:
                _lib.kark_agent_free(h)
        self._made = {}

    def __repr__(self):
        return "kark.Agent(%r)" % self.spec


def play(game, agents="random", seed=1, index=0):
    """Plays game `index` under `seed` entirely in C, exactly as `kark selfplay --agents
    AGENTS --seed SEED` plays it, and returns its record (docs/records.md) as text."""
    if isinstance(agents, (list, tuple)):
        agents = ",".join(agents)
    out = ctypes.c_void_p()
    _call(_lib.kark_play, game._h, agents.encode(), int(seed), int(index), ctypes.byref(out))
    return _take_string(out)


def play_game(game, agents, seed=1, index=0):
    """Plays game `index` under `seed` from Python the way kark's own game loop does
    (experiments/play.c), so with kark agents it is exactly `kark selfplay`'s game: chance
    from the state's chance stream, seat s played by agents[s] (one entry for every seat, or
    a single one), each a kark.Agent or any function from a state to an action (None: the
    state's random move, i.e. kark's `random` agent). Every kark.Agent is reset first and
    told each event (a simultaneous round's commitments only once the round is revealed),
    which lets MCTS reuse its tree. Returns (final state, events), events being
    (seat or kark.CHANCE, notation) in order."""
    state = game.new_initial_state(seed=seed, index=index)
    seats = state.num_players()
    if len(agents) == 1:
        agents = list(agents) * seats
    if len(agents) != seats:
        raise ValueError("%d agents given for %d seats (give one agent, or one per seat)"
                         % (len(agents), seats))
    told = []
    for a in agents:
        if isinstance(a, Agent) and all(a is not b for b in told):
            told.append(a)
    for a in told:
        a.reset()
    events, held = [], []
    while not state.is_terminal():
        who = state.current_player()
        if who == CHANCE:
            move = state.sample_chance()
        elif agents[who] is None:
            move = state.random_action()
        else:
            move = agents[who](state)
        events.append((who, state.action_to_string(move)))
        pending = set(state.simultaneous_pending())
        before = state.clone() if told else None
        state.apply_action(move)
        if not told:
            continue
        if not pending:
            for a in told:
                a.observe(before, move)
            continue
        held.append((before, move))
        after = set(state.simultaneous_pending())
        if not after or (after - pending):  # the round was revealed
            for st, m in held:
                for a in told:
                    a.observe(st, m)
            held = []
    return state, events


def _number(text):
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def _rows(text):
    rows = []
    for row in csv.DictReader(io.StringIO(text)):
        rows.append({k: (v if k in ("variant", "winners", "check") or k.startswith("agent_")
                         else _number(v)) for k, v in row.items()})
    return rows


def _study(game, agents, variants, games, seed, players, threads, out):
    if isinstance(agents, (list, tuple)):
        agents = ",".join(agents)
    if threads is None:
        threads = os.cpu_count() or 1
    text = ctypes.c_void_p()
    _call(_lib.kark_study, game.encode(), int(players), _c_strings(variants), len(variants),
          agents.encode(), int(games), int(seed), int(threads),
          out.encode() if out else None, ctypes.byref(text))
    return _rows(_take_string(text))


def tournament(game, agents, games=100, seed=1, players=0, threads=None, out=None, **params):
    """`kark tournament` from Python: `games` games between the agents (a list of specs or
    a comma-separated string), seats rotating, in parallel. Returns one dict per game (the
    columns of games.csv, docs/experiments.md), ready for pandas.DataFrame(rows). Rules
    settings as keywords; out=FOLDER also keeps games.csv there."""
    sets = " ".join(_setting(k, v) for k, v in params.items())
    return _study(game, agents, [sets], games, seed, players, threads, out)


def balance(game, sweep, agents, games=100, seed=1, players=0, threads=None, out=None,
            **params):
    """`kark balance` from Python: every combination of the values in sweep ({"tokens":
    [9, 7], ...}) on top of the keyword settings, each played on the same `games` seeds.
    Returns the rows of games.csv (variant_id and variant name the combination)."""
    variants = [[]]
    for key, values in sweep.items():
        variants = [v + [_setting(key, x)] for v in variants for x in values]
    base = [_setting(k, v) for k, v in params.items()]
    return _study(game, agents, [" ".join(base + v) for v in variants], games, seed, players,
                  threads, out)
