#!/usr/bin/env python3
"""A misbehaving external agent for tests/play/cli_external.sh. Its first argument says how:
  noready   greets with something other than 'ready'
  illegal   answers a move that is not legal
  slow      never answers a decision (kark's timeout must fire)
  crash     exits at its first decision
  good      plays the first legal move and logs every message to the file in argument 2"""
import sys

mode = sys.argv[1]
log = open(sys.argv[2], "w") if len(sys.argv) > 2 else None
for line in sys.stdin:
    if log:
        log.write(line)
        log.flush()
    words = line.split()
    if not words:
        continue
    if words[0] == "kark":
        print("hello" if mode == "noready" else "ready", flush=True)
    elif words[0] == "turn":
        head = sys.stdin.readline()
        view = [sys.stdin.readline() for _ in range(int(head.split()[1]))]
        head2 = sys.stdin.readline()
        legal = [sys.stdin.readline().rstrip("\n") for _ in range(int(head2.split()[1]))]
        sys.stdin.readline()
        if log:
            log.write(head + "".join(view) + head2 + "\n".join(legal) + "\ngo\n")
        if mode == "illegal":
            print("z9", flush=True)
        elif mode == "slow":
            import time
            time.sleep(30)
        elif mode == "crash":
            sys.exit(3)
        else:
            print(legal[0], flush=True)
    elif words[0] == "quit":
        break
