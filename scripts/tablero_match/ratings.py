"""Ratings of many players from all their games: the Bradley-Terry (logistic Elo) model fitted
by maximum likelihood, anchored at one player rated 0.

Player a scores against player b with expectation E = 1 / (1 + 10^((R_b - R_a) / 400)); a draw
is half a point, so the log-likelihood of a pairing is s log E + (n - s) log(1 - E) for s
points in n games. Newton's method maximises it over every rating but the anchor's; the
inverse of the negative Hessian there (the observed information) gives each rating's standard
error relative to the anchor. Optional virtual draws between the players of every pairing that
played keep a rating finite when a player won or lost every game.
"""

import math

# Natural-log units of one Elo point: E = sigmoid(ELO_UNIT * (R_a - R_b)).
ELO_UNIT = math.log(10.0) / 400.0


class RatingError(Exception):
    """The ratings cannot be fitted (no anchor, a player not linked to it, no maximum)."""


def game_points(record):
    """(player 1, player 2, player 1's points) of a match.py game record."""
    points = {"p1win": 1.0, "draw": 0.5, "p2win": 0.0}[record["result"]]
    return record["p1"], record["p2"], points


def tally(games):
    """{(a, b): [a's points, games]} of (a, b, a's points) triples, a < b by name."""
    pairs = {}
    for a, b, points in games:
        if a == b:
            raise RatingError("a game of %s against itself" % a)
        if a > b:
            a, b, points = b, a, 1.0 - points
        entry = pairs.setdefault((a, b), [0.0, 0])
        entry[0] += points
        entry[1] += 1
    return pairs


def linked_to(anchor, pairs):
    """The players connected to `anchor` by pairings that played."""
    seen, todo = {anchor}, [anchor]
    while todo:
        player = todo.pop()
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                if x == player and y not in seen:
                    seen.add(y)
                    todo.append(y)
    return seen


def solve(matrix, vector):
    """x with matrix · x = vector (Gaussian elimination with partial pivoting); RatingError
    if the matrix is singular."""
    n = len(vector)
    rows = [list(row) + [value] for row, value in zip(matrix, vector)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            raise RatingError("singular information matrix")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def invert(matrix):
    """The inverse of a square matrix (one solve() per column)."""
    n = len(matrix)
    columns = [solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def sigmoid(x):
    """1 / (1 + e^-x), without overflow."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def log_likelihood(theta, pairs, prior_draws=0.0):
    """The log-likelihood of ratings `theta` (natural units, by name) given `pairs` (tally)
    with `prior_draws` virtual draws added to every pairing."""
    total = 0.0
    for (a, b), (points, n) in pairs.items():
        p = sigmoid(theta[a] - theta[b])
        s, n = points + prior_draws / 2.0, n + prior_draws
        total += s * math.log(max(p, 1e-300)) + (n - s) * math.log(max(1.0 - p, 1e-300))
    return total


def gradient_and_information(theta, pairs, free, prior_draws):
    """The gradient of the log-likelihood over the `free` players (a list, their order) and
    the observed information (minus its Hessian) at `theta`."""
    index = {name: i for i, name in enumerate(free)}
    grad = [0.0] * len(free)
    info = [[0.0] * len(free) for _ in free]
    for (a, b), (points, n) in pairs.items():
        p = sigmoid(theta[a] - theta[b])
        s, n = points + prior_draws / 2.0, n + prior_draws
        g, h = s - n * p, n * p * (1.0 - p)
        ia, ib = index.get(a), index.get(b)
        if ia is not None:
            grad[ia] += g
            info[ia][ia] += h
        if ib is not None:
            grad[ib] -= g
            info[ib][ib] += h
        if ia is not None and ib is not None:
            info[ia][ib] -= h
            info[ib][ia] -= h
    return grad, info


def fit_ratings(games, anchor, prior_draws=0.0, iterations=200):
    """{player: (Elo, standard error)} fitted from `games` ((a, b, a's points) triples) with
    `anchor` at (0, 0); the standard errors are relative to the anchor. `prior_draws` virtual
    draws are added to every pairing that played. RatingError if the anchor has no games, a
    player is not linked to the anchor, or the ratings grow without bound (a player who won
    or lost every game, without prior draws)."""
    pairs = tally(games)
    players = sorted({name for pair in pairs for name in pair})
    if anchor not in players:
        raise RatingError("the anchor %s played no game" % anchor)
    unlinked = sorted(set(players) - linked_to(anchor, pairs))
    if unlinked:
        raise RatingError("not linked to %s by games: %s" % (anchor, ", ".join(unlinked)))
    free = [name for name in players if name != anchor]
    theta = {name: 0.0 for name in players}
    for _ in range(iterations):
        grad, info = gradient_and_information(theta, pairs, free, prior_draws)
        try:
            step = solve(info, grad)
        except RatingError:
            break  # the information vanishes only as ratings run off to infinity
        theta = newton_step(theta, pairs, free, step, prior_draws)
        if max(abs(x) for x in step) < 1e-10:
            break
    else:
        raise RatingError("no maximum of the likelihood (a player won or lost every game?); "
                          "add prior draws")
    if max(abs(x) for x in theta.values()) > 40.0:
        raise RatingError("ratings without bound (a player won or lost every game); add "
                          "prior draws")
    _, info = gradient_and_information(theta, pairs, free, prior_draws)
    covariance = invert(info)
    ratings = {anchor: (0.0, 0.0)}
    for i, name in enumerate(free):
        ratings[name] = (theta[name] / ELO_UNIT, math.sqrt(max(covariance[i][i], 0.0)) /
                         ELO_UNIT)
    return ratings


def newton_step(theta, pairs, free, step, prior_draws):
    """theta moved by `step` (over the `free` players), halved until the likelihood does not
    fall (the model's log-likelihood is concave, so a full step almost always stands)."""
    before = log_likelihood(theta, pairs, prior_draws)
    scale = 1.0
    while True:
        moved = dict(theta)
        for name, delta in zip(free, step):
            moved[name] += scale * delta
        if log_likelihood(moved, pairs, prior_draws) >= before - 1e-12 or scale < 1e-6:
            return moved
        scale /= 2.0
