#!/usr/bin/env python3
"""Test engine for the board's server tests: tablero, with every line it is sent appended to a
log file (`-`: none), the `option` lines of the names given after the log file left out of its
`uci` answers (an older engine without them; a '+' in a name stands for a blank: Skill+Level),
and with `wdl=W,D,L` its `wdl` words replaced by these (from the side to move's view), or left
out with `wdl=none`: an engine whose estimate the test chooses.

    python3 logging_engine.py <path to tablero> <log file|-> [wdl=W,D,L|none] [option name]...
"""

import re
import subprocess
import sys
import threading

WDL_WORDS = re.compile(r" wdl [0-9]+ [0-9]+ [0-9]+")


def main():
    tablero, log_path = sys.argv[1], sys.argv[2]
    wdl = next((arg[4:] for arg in sys.argv[3:] if arg.startswith("wdl=")), None)
    fixed = None if wdl is None else "" if wdl == "none" else " wdl " + wdl.replace(",", " ")
    hidden = {name.replace("+", " ").lower() for name in sys.argv[3:]
              if not name.startswith("wdl=")}
    child = subprocess.Popen([tablero], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, bufsize=1)

    def forward():
        for line in child.stdout:
            words = line.split()
            if words[:2] == ["option", "name"] and "type" in words and \
                    " ".join(words[2:words.index("type")]).lower() in hidden:
                continue
            sys.stdout.write(line if fixed is None else WDL_WORDS.sub(fixed, line))
            sys.stdout.flush()

    output = threading.Thread(target=forward, daemon=True)
    output.start()
    with open(log_path if log_path != "-" else "/dev/null", "a") as log:
        for line in sys.stdin:
            log.write(line)
            log.flush()
            child.stdin.write(line)
            child.stdin.flush()
            if line.split() == ["quit"]:
                break
    child.stdin.close()
    child.wait()
    output.join(5)


if __name__ == "__main__":
    main()
