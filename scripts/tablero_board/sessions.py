"""The running sessions of the board: at most --max-sessions at once, each found by its
random id, idle ones reaped with their processes."""

import secrets
import threading
import time

from .checks import BoardError
from .session import Session


class Sessions:
    """The running sessions, at most config.max_sessions; idle ones are reaped."""

    def __init__(self, config):
        self.config = config
        self.lock = threading.Lock()
        self.by_id = {}
        self.stopping = threading.Event()
        self.reaper = None

    def open(self, game=None, size=None, players=None, limits=None, levels=None, delay=None):
        """A new session with its first game; BoardError 503 when the board is full."""
        with self.lock:
            if self.stopping.is_set():
                raise BoardError("the board is shutting down", 503)
            if len(self.by_id) >= self.config.max_sessions:
                raise BoardError("the board already runs %d sessions (--max-sessions); wait "
                                 "for one to end" % self.config.max_sessions, 503, busy=True)
            session = Session(self.config, secrets.token_hex(16))
            self.by_id[session.id] = session
        try:
            with session.lock:
                session.new_game(game or self.config.game or next(iter(self.config.games)),
                                 size or (self.config.size if not game or
                                          game == self.config.game else None),
                                 players, limits, levels, delay)
        except Exception:
            self.close(session.id)
            raise
        return session

    def get(self, sid):
        if not isinstance(sid, str):
            raise BoardError("missing 'session'")
        with self.lock:
            session = self.by_id.get(sid)
        if session is None:
            raise BoardError("this page's session has ended (idle for %g s, closed, or the "
                             "server restarted); start a new game" % self.config.idle_timeout,
                             410, gone=True)
        session.touched = time.monotonic()
        return session

    def close(self, sid):
        with self.lock:
            session = self.by_id.pop(sid, None)
        if session is not None:
            session.close()
        return session is not None

    def count(self):
        with self.lock:
            return len(self.by_id)

    def reap(self, now=None):
        """Closes the sessions idle longer than the timeout; their ids."""
        now = time.monotonic() if now is None else now
        with self.lock:
            idle = [sid for sid, s in self.by_id.items()
                    if now - s.touched > self.config.idle_timeout]
        for sid in idle:
            self.close(sid)
        return idle

    def start_reaper(self):
        """Reaps idle sessions every second (sooner for a short timeout), so that a closed
        page's processes end soon after its timeout."""
        def loop():
            while not self.stopping.wait(min(1.0, self.config.idle_timeout / 4)):
                self.reap()
        self.reaper = threading.Thread(target=loop, daemon=True)
        self.reaper.start()

    def close_all(self):
        self.stopping.set()
        with self.lock:
            ids = list(self.by_id)
        for sid in ids:
            self.close(sid)


