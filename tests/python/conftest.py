"""Shared set-up of the Python suite: the package from scripts/python, the kark program
(for comparing with `kark selfplay` records) from $KARK or build/kark."""
import os
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "python"))


@pytest.fixture(scope="session")
def kark_program():
    path = os.environ.get("KARK") or os.path.join(ROOT, "build", "kark")
    if not os.path.exists(path):
        pytest.skip("the kark program is not built (%s)" % path)
    return path


def record_events(text):
    """The events of a record: [(seat or -1, notation), ...] (a ' ; ' line is several
    moves of one seat), and the scores of its '# result' line (or None)."""
    import json

    events, scores = [], None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("# result "):
            scores = json.loads(line[len("# result "):])["scores"]
            continue
        if not line or line.startswith("#") or line.split(" ")[0] in ("game", "players", "set"):
            continue
        if line.startswith("* "):
            events.append((-1, line[2:]))
        else:
            seat, moves = line.split(": ", 1)
            events.extend((int(seat), m) for m in moves.split(" ; "))
    return events, scores


def play_python(kark, game, agents, seed, index=0):
    """Plays game `index` under `seed` from Python the way kark's game loop does
    (experiments/play.c): chance from the state's chance stream, seat s by agents[s]
    (kark.Agent objects, or None for the state's random move), every agent told each event,
    a simultaneous round's commitments told only once it is revealed. Returns the events
    as (seat, notation) and the final state."""
    state = game.new_initial_state(seed=seed, index=index)
    distinct = []
    for a in agents:
        if a is not None and all(a is not b for b in distinct):
            distinct.append(a)
    for a in distinct:
        a.reset()
    events, held = [], []
    while not state.is_terminal():
        who = state.current_player()
        if who == kark.CHANCE:
            move = state.sample_chance()
        elif agents[who] is None:
            move = state.random_action()
        else:
            move = agents[who](state)
        events.append((who, state.action_to_string(move)))
        pending = set(state.simultaneous_pending())
        before = state.clone()
        state.apply_action(move)
        if not pending:
            for a in distinct:
                a.observe(before, move)
            continue
        held.append((before, move))
        after = set(state.simultaneous_pending())
        if not after or (after - pending):
            for st, m in held:
                for a in distinct:
                    a.observe(st, m)
            held = []
    return events, state
