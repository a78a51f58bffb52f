#!/usr/bin/env python3
"""Test engine for match.py: tablero, except that it exits with status 3 at its Nth go.

    python3 crash.py <path to tablero> [N]
"""

import proxy_engine

if __name__ == "__main__":
    proxy_engine.run(proxy_engine.crash)
