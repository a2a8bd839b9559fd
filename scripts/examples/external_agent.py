#!/usr/bin/env python3
"""A kark agent written in Python: the external-agent line protocol of
docs/agents-external.md in about 40 lines. Try it:

    kark tournament othellino --games 20 \
        --agents "external:cmd=python3 scripts/examples/external_agent.py,random"

kark starts this program, writes messages to its standard input and reads one move per
decision from its standard output. This agent takes an Othellino corner when it can and
otherwise a uniformly random legal move: replace choose() with your own policy."""
import random
import sys


def read_lines(n):
    return [sys.stdin.readline().rstrip("\n") for _ in range(n)]


def choose(game, seat, view, legal, rng):
    # A real agent would parse `view` (the seat's picture) or keep its own game state
    # from `event` lines. Here: Othellino corners first, otherwise uniformly at random.
    if game == "othellino":
        corners = [m for m in legal if m in ("a1", "f1", "a6", "f6")]
        if corners:
            return corners[0]
    return rng.choice(legal)


def main():
    rng = random.Random(1)
    game = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "kark":  # kark PROTOCOL GAME: answer once that we are ready
            game = words[2]
            print("ready python-example", flush=True)
        elif words[0] == "turn":  # turn SEAT PLAYERS, view N + N lines, legal K + K lines, go
            seat = int(words[1])
            view = read_lines(int(sys.stdin.readline().split()[1]))
            legal = read_lines(int(sys.stdin.readline().split()[1]))
            sys.stdin.readline()  # go
            print(choose(game, seat, view, legal, rng), flush=True)
        elif words[0] == "quit":
            break
        # "newgame" and "event WHO MOVE" lines need no answer.


if __name__ == "__main__":
    main()
