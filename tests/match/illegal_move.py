#!/usr/bin/env python3
"""Test engine for match.py: tablero, except that it plays the opponent's last move (illegal)
at its Nth go.

    python3 illegal_move.py <path to tablero> [N]
"""

import proxy_engine

if __name__ == "__main__":
    proxy_engine.run(proxy_engine.play_opponents_last_move)
