#!/usr/bin/env python3
"""Test engine for match.py's records of evaluations: tablero (told to play random moves, which
prints no `info` line), with an option `Skill Level` of its own and made-up `info` lines
before each bestmove, in a cycle of three `go`s:

1. `info … score cp <Skill Level> wdl 520 300 180 …`, then an `info string` naming a score;
2. a `cp 5` line, a `mate -3 upperbound` line, then a second principal variation (`multipv 2`);
3. no `info` line.

    python3 scored_engine.py <path to tablero>
"""

import sys

import proxy_engine

SKILL_OPTION = "option name Skill Level type spin default 20 min 0 max 20"


class Scored(proxy_engine.Proxy):
    def __init__(self, tablero):
        super().__init__(tablero)
        self.level = 20
        self.gos = 0

    def say(self, line):
        words = line.split()
        if words == ["uciok"]:
            super().say(SKILL_OPTION)
        elif words[:1] == ["bestmove"]:
            for info in self.infos():
                super().say(info)
        super().say(line)

    def infos(self):
        """The made-up `info` lines of the current `go`."""
        return [["info depth 3 seldepth 4 score cp %d wdl 520 300 180 nodes 10 time 1"
                 % self.level, "info string score cp 999 wdl 1 2 3"],
                ["info depth 1 score cp 5 nodes 1", "info depth 2 score mate -3 upperbound "
                 "nodes 2 pv a1", "info depth 2 multipv 2 score cp 7 nodes 3"],
                []][(self.gos - 1) % 3]


def main():
    proxy = Scored(sys.argv[1])
    proxy.tell("setoption name Strategy value random\n")
    for line in sys.stdin:
        words = line.split()
        if words[:4] == ["setoption", "name", "Skill", "Level"] and words[4:5] == ["value"]:
            proxy.level = int(words[5])
            continue
        if words[:1] == ["go"]:
            proxy.gos += 1
        if words[:1] == ["quit"]:
            break
        proxy.tell(line)
    proxy.tell("quit\n")
    proxy.child.wait()


if __name__ == "__main__":
    main()
