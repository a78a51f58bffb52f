"""The board's HTTP server: the page's static files on GET, the JSON API on POST /api/<name>,
requests checked (Host header, content type, length, JSON) before any session sees them."""

import json
import socket
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from tablero_match.referee import RefereeFailure

from . import MAX_BODY, POLL_WAIT, REQUEST_PATIENCE
from .api import API
from .checks import BoardError, check_delay, check_levels, check_limits, check_players, need, \
    refuse_constant

# The page's files stay in scripts/board/, beside this package.
STATIC_DIR = Path(__file__).resolve().parent.parent / "board"
STATIC_FILES = {"/": ("index.html", "text/html; charset=utf-8"),
                "/index.html": ("index.html", "text/html; charset=utf-8"),
                "/board.css": ("board.css", "text/css; charset=utf-8"),
                "/board.js": ("board.js", "text/javascript; charset=utf-8")}
# The requests a page may send as `navigator.sendBeacon` does as it goes away: its string
# body goes as text/plain (a JSON object all the same).
BEACON_REQUESTS = ("close",)
BEACON_TYPE = "text/plain"
# Nothing is loaded from anywhere but this server, and no script or style inline.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; form-action 'none'; "
                               "frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class Handler(BaseHTTPRequestHandler):
    """Static files on GET; the JSON API on POST /api/<name>."""

    server_version = "tablero-board"
    protocol_version = "HTTP/1.1"
    quiet = True
    # Seconds a connection may stay silent (a page polls every few seconds): a request whose
    # body never comes no longer holds its thread forever.
    timeout = REQUEST_PATIENCE

    def setup(self):
        super().setup()
        # Headers and body go out as two writes: without this, Nagle's algorithm holds the
        # body back until the client's delayed acknowledgement, some 40 ms a request.
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)

    def host_allowed(self):
        allowed = self.server.allowed_hosts
        return allowed is None or self.headers.get("Host", "") in allowed

    def send_body(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in SECURITY_HEADERS.items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, status, data):
        self.send_body(status, json.dumps(data).encode(), "application/json")

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        if not self.host_allowed():
            return self.send_json(403, {"ok": False, "error": "unknown Host header"})
        path = self.path.split("?", 1)[0]
        if path in STATIC_FILES:
            name, content_type = STATIC_FILES[path]
            try:
                body = (STATIC_DIR / name).read_bytes()
            except OSError:
                return self.send_json(500, {"ok": False, "error": "page file missing"})
            return self.send_body(200, body, content_type)
        if path == "/favicon.ico":
            return self.send_body(204, b"", "image/x-icon")
        self.send_json(404, {"ok": False, "error": "not found"})

    def do_POST(self):
        try:
            status, reply = self.api()
        except BoardError as e:
            status, reply = e.status, dict(ok=False, error=str(e), **e.extra)
        except RefereeFailure as e:
            status, reply = 500, {"ok": False, "error": "%s; start a new game" % e}
        except Exception as e:  # a bug: reported, the server goes on
            status, reply = 500, {"ok": False, "error": "internal error: %r" % e}
            if not self.server.quiet_errors:
                import traceback
                traceback.print_exc()
        self.send_json(status, reply)

    def read_json(self, name):
        """The JSON object of the request for API `name`, after the Host, content type and
        length checks; BoardError otherwise."""
        if not self.host_allowed():
            raise BoardError("unknown Host header", 403)
        content_type = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if content_type != "application/json" and not (
                name in BEACON_REQUESTS and content_type == BEACON_TYPE and self.same_origin()):
            raise BoardError("requests must be application/json", 415)
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise BoardError("Content-Length required", 411)
        if length < 0 or length > MAX_BODY:
            self.close_connection = True
            raise BoardError("request larger than %d bytes" % MAX_BODY, 413)
        try:
            body = self.rfile.read(length)
        except TimeoutError:
            self.close_connection = True
            raise BoardError("the request's body did not come", 408)
        if len(body) != length:
            self.close_connection = True
            raise BoardError("the request's body is shorter than its Content-Length")
        try:
            data = json.loads(body.decode("utf-8"), parse_constant=refuse_constant)
        except (UnicodeDecodeError, ValueError):
            raise BoardError("the request is not JSON")
        if not isinstance(data, dict):
            raise BoardError("the request must be a JSON object")
        return data

    def same_origin(self):
        """Whether the request comes from this server's own page: no Origin header (an older
        browser), or one naming the Host the request was sent to."""
        origin = self.headers.get("Origin")
        return origin is None or origin in ("http://" + self.headers.get("Host", ""),
                                            "https://" + self.headers.get("Host", ""))

    def api(self):
        path = self.path.split("?", 1)[0]
        if not path.startswith("/api/"):
            raise BoardError("not found", 404)
        name = path[len("/api/"):]
        data = self.read_json(name)
        sessions = self.server.sessions
        if name == "open":
            game = need(data, "game", str)
            players = check_players(data["players"]) if data.get("players") else None
            limits = check_limits(data["limits"]) if data.get("limits") else None
            levels = check_levels(data["levels"]) if data.get("levels") is not None else None
            delay = check_delay(data["delay"]) if data.get("delay") is not None else None
            session = sessions.open(game, need(data, "size", str), players, limits, levels,
                                    delay)
            with session.lock:
                return 200, dict(ok=True, **session.state())
        if name == "close":
            closed = sessions.close(data.get("session"))
            return 200, {"ok": True, "closed": closed}
        session = sessions.get(data.get("session"))
        if name == "ping":
            return 200, {"ok": True}
        if name == "poll":
            since = need(data, "since", int, 0)
            version = need(data, "version", int, -1)
            wait = min(max(need(data, "wait", (int, float), POLL_WAIT), 0), POLL_WAIT)
            events, now = session.poll(since, version, wait)
            reply = {"ok": True, "events": events, "version": now}
            if now != version:
                with session.lock:
                    if session.closed:
                        raise BoardError("this session has ended; start a new game", 410,
                                         gone=True)
                    reply["state"] = session.state()
            return 200, reply
        if name not in API:
            raise BoardError("unknown request '%s'" % name[:30], 404)
        with session.lock:
            if session.closed:
                raise BoardError("this session has ended; start a new game", 410, gone=True)
            try:
                reply = API[name](session, data)
            except RefereeFailure as e:
                raise BoardError("%s; start a new game" % e, 500)
        return 200, dict(ok=True, **reply)


class BoardServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, sessions, quiet_errors=False):
        super().__init__(address, Handler)
        self.sessions, self.quiet_errors = sessions, quiet_errors
        host, port = self.server_address[:2]
        if address[0] in ("0.0.0.0", "::", ""):
            self.allowed_hosts = None
        else:
            names = {"127.0.0.1", "localhost", "[::1]", address[0]}
            self.allowed_hosts = {"%s:%d" % (n, port) for n in names} | \
                ({n for n in names} if port == 80 else set())


    def handle_error(self, request, client_address):
        """A page that went away mid-answer is no error worth a traceback."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


