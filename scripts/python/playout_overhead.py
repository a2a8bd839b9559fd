#!/usr/bin/env python3
"""Measures the cost of a random playout driven from Python against the same playout in C
(docs/performance.md, "Python binding overhead"). Three ways per game, CPU time per game:
  c        `kark selfplay GAME --agents random`: the whole game in C (user CPU of the
           program per game, start-up included, so a slight overestimate)
  py-c     Python loop, each draw made in C: state.sample_chance() / state.random_action()
  py-pure  Python loop, each draw made in Python: random.choice(state.legal_actions()),
           chance by random.choices over state.chance_outcomes()
usage: PYTHONPATH=scripts/python python3 scripts/python/playout_overhead.py [GAMES...]"""
import os
import random
import resource
import subprocess
import sys
import time

import kark


def py_c(game, seed, index):
    state = game.new_initial_state(seed=seed, index=index)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(state.random_action())


def py_pure(game, seed, index, rng):
    state = game.new_initial_state(seed=seed, index=index)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def measure(fn, budget=3.0):
    n, start = 0, time.process_time()
    while time.process_time() - start < budget:
        fn(n)
        n += 1
    return (time.process_time() - start) / n, n


def c_selfplay(program, name, games):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    subprocess.run([program, "selfplay", name, "--agents", "random", "--games", str(games),
                    "--seed", "1"], check=True, stdout=subprocess.DEVNULL)
    return (resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before) / games


def main():
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    program = os.environ.get("KARK") or os.path.join(root, "build", "kark")
    names = sys.argv[1:] or ["son-of-kark", "carcassonne", "othellino", "gold-mine"]
    print("| game | C (kark selfplay), us/game | Python, draws in C, us/game | ratio | "
          "Python, draws in Python, us/game | ratio |")
    print("|---|---|---|---|---|---|")
    for name in names:
        game = kark.load_game(name)
        rng = random.Random(1)
        c = c_selfplay(program, name, 20000)
        pc, _ = measure(lambda i: py_c(game, 1, i))
        pp, _ = measure(lambda i: py_pure(game, 1, i, rng))
        print("| %s | %.1f | %.0f | %.0fx | %.0f | %.0fx |"
              % (name, c * 1e6, pc * 1e6, pc / c, pp * 1e6, pp / c))


if __name__ == "__main__":
    main()
