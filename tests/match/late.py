#!/usr/bin/env python3
"""Test engine for match.py: tablero, except that it answers its Nth go only after its clock
ran out.

    python3 late.py <path to tablero> [N]
"""

import proxy_engine

if __name__ == "__main__":
    proxy_engine.run(proxy_engine.answer_after_the_clock)
