#!/usr/bin/env python3
"""Test engine for match.py: tablero, except that it never answers its Nth go.

    python3 silent.py <path to tablero> [N]
"""

import proxy_engine

if __name__ == "__main__":
    proxy_engine.run(proxy_engine.never_answer)
