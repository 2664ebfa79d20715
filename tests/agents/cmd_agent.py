"""A local command agent for the tests: reads the request JSON on stdin, prints a move JSON.

``cmd_agent.py first`` plays the first legal move; ``sleep`` never answers in time; any other
argument is echoed into a file named by ``--mark`` if given (to prove arguments are not shell).
"""

from __future__ import annotations

import json
import sys
import time


def main() -> None:
    args = sys.argv[1:]
    request = json.load(sys.stdin)
    if args and args[0] == "sleep":
        time.sleep(30)
    if "--mark" in args:
        with open(args[args.index("--mark") + 1], "w") as f:
            f.write(json.dumps(args))
    print(json.dumps(request["legalMoves"][0]))


if __name__ == "__main__":
    main()
