"""Statistics of a match, from the first engine's point of view.

A game scores 1, 1/2 or 0; a pair (the two games of one opening, colours swapped) scores 0,
1/2, 1, 3/2 or 2 points, written here as the fraction 0, 1/4, 1/2, 3/4, 1 of the two points
(the pentanomial outcomes). Elo is logistic Elo throughout.
"""

import collections
import math

GAME_SCORES = (1.0, 0.5, 0.0)  # win, draw, loss
PENTA_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # LL, LD, DD or WL, WD, WW
Z_95 = 1.959963984540054  # two-sided 95% quantile of the standard normal distribution


def score_to_elo(score):
    """Logistic Elo difference of an expected score: -400 log10(1/score - 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_to_score(elo):
    """Expected score of a logistic Elo difference: 1 / (1 + 10^(-elo/400))."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def mean_and_error(outcomes, counts):
    """Mean outcome and its standard error (sample variance / n); None without samples."""
    n = sum(counts)
    if n == 0:
        return None
    mean = sum(a * c for a, c in zip(outcomes, counts)) / n
    variance = sum(c * (a - mean) ** 2 for a, c in zip(outcomes, counts)) / n
    return mean, math.sqrt(variance / n)


def trinomial_estimate(wins, draws, losses):
    """Mean game score and its standard error from win/draw/loss counts."""
    return mean_and_error(GAME_SCORES, (wins, draws, losses))


def pentanomial_estimate(penta):
    """Mean game score and its standard error from pair counts [LL, LD, DD+WL, WD, WW]."""
    return mean_and_error(PENTA_SCORES, penta)


def elo_interval(mean, error):
    """(Elo, lower, upper): the Elo of the mean score and of its 95% confidence bounds."""
    low = min(max(mean - Z_95 * error, 0.0), 1.0)
    high = min(max(mean + Z_95 * error, 0.0), 1.0)
    return score_to_elo(mean), score_to_elo(low), score_to_elo(high)


def likelihood_of_superiority(mean, error):
    """P(the first engine is stronger) = Phi((mean - 1/2) / error), normal approximation."""
    if error == 0.0:
        return 1.0 if mean > 0.5 else 0.0 if mean < 0.5 else 0.5
    return 0.5 * (1.0 + math.erf((mean - 0.5) / (error * math.sqrt(2.0))))


def sprt_bounds(alpha, beta):
    """Wald's stopping bounds for the log-likelihood ratio: (ln(b/(1-a)), ln((1-b)/a))."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def distribution_with_mean(outcomes, probs, mean):
    """The distribution on `outcomes` closest in likelihood to `probs` whose mean is `mean`.

    Maximum likelihood under the constraint sum p_i a_i = mean (M. Van den Bergh, "Comments
    on Normalized Elo", proposition 1.1): p_i = q_i / (1 + theta (a_i - mean)), where theta
    solves sum q_i (a_i - mean) / (1 + theta (a_i - mean)) = 0. That sum falls strictly in
    theta, from +inf to -inf between the poles -1/max(a_i - mean) and -1/min(a_i - mean), so
    bisection finds theta. None when `mean` is not strictly inside the outcomes seen.
    """
    gaps = [a - mean for a, q in zip(outcomes, probs) if q > 0.0]
    if not gaps or min(gaps) >= 0.0 or max(gaps) <= 0.0:
        return None
    low, high = -1.0 / max(gaps), -1.0 / min(gaps)

    def slope(theta):
        return sum(q * (a - mean) / (1.0 + theta * (a - mean))
                   for a, q in zip(outcomes, probs) if q > 0.0)

    for _ in range(200):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        if slope(middle) > 0.0:
            low = middle
        else:
            high = middle
    theta = 0.5 * (low + high)
    return [q / (1.0 + theta * (a - mean)) if q > 0.0 else 0.0 for a, q in zip(outcomes, probs)]


def log_likelihood_ratio(outcomes, probs, n, score0, score1):
    """n * sum q_i ln(p1_i / p0_i), p0 and p1 the closest distributions with mean score0 and
    score1 (the generalised SPRT with the empirical distribution as nuisance estimate)."""
    p0 = distribution_with_mean(outcomes, probs, score0)
    p1 = distribution_with_mean(outcomes, probs, score1)
    if p0 is None or p1 is None:
        return 0.0
    return n * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(probs, p0, p1) if q > 0.0)


def regularized(counts):
    """Counts with every empty cell set to 1e-3, so that every outcome stays possible (as
    fastchess does): with no LL pair yet, the likelihood of H0 and H1 stays finite."""
    return [c if c > 0 else 1e-3 for c in counts]


def sprt_llr(penta, elo0, elo1):
    """Log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0) from pair counts
    [LL, LD, DD+WL, WD, WW]; elo0 and elo1 are logistic Elo (the summary's Elo)."""
    if sum(penta) == 0:
        return 0.0
    counts = regularized(penta)
    n = sum(counts)
    probs = [c / n for c in counts]
    return log_likelihood_ratio(PENTA_SCORES, probs, n, elo_to_score(elo0), elo_to_score(elo1))


def sprt_decision(llr, bounds):
    """'H1 accepted', 'H0 accepted' or None (play on) for an LLR and (lower, upper)."""
    lower, upper = bounds
    if llr >= upper:
        return "H1 accepted"
    if llr <= lower:
        return "H0 accepted"
    return None


def sprt_test(penta, sprt):
    """(LLR, (lower, upper) bounds, decision or None) of pair counts [LL, LD, DD+WL, WD, WW]
    under the --sprt settings `sprt` (a dict of elo0, elo1, alpha and beta)."""
    llr = sprt_llr(penta, sprt["elo0"], sprt["elo1"])
    bounds = sprt_bounds(sprt["alpha"], sprt["beta"])
    return llr, bounds, sprt_decision(llr, bounds)

def points_of(record, name):
    """Points of engine `name` in a finished game (1, 0.5 or 0)."""
    result = record["result"]
    if result == "draw":
        return 0.5
    winner = record["p1"] if result == "p1win" else record["p2"]
    return 1.0 if winner == name else 0.0


class Tally:
    """Results of one pairing from its first engine's point of view."""

    def __init__(self, first, second):
        self.first, self.second = first, second
        self.wins = self.draws = self.losses = 0
        self.penta = [0, 0, 0, 0, 0]
        self.unpaired = 0
        self.first_as_p1 = [0, 0, 0]  # W, D, L of the first engine as player 1

    @classmethod
    def of(cls, first, second, records):
        """The tally of `records` (games between `first` and `second`)."""
        tally = cls(first, second)
        pairs = collections.defaultdict(list)
        for record in records:
            points = points_of(record, first)
            tally.wins += points == 1.0
            tally.draws += points == 0.5
            tally.losses += points == 0.0
            if record["p1"] == first:
                tally.first_as_p1[int(2 - 2 * points)] += 1
            pairs[record["pair"]].append(points)
        for points in pairs.values():
            if len(points) == 2:
                tally.penta[int(2 * sum(points))] += 1
            else:
                tally.unpaired += len(points)
        return tally

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    @property
    def pairs(self):
        return sum(self.penta)

    def estimate(self):
        """(mean, error, model): pentanomial when every game has its pair, else trinomial."""
        if self.games == 0:
            return None
        if self.unpaired == 0:
            mean, error = pentanomial_estimate(self.penta)
            return mean, error, "pentanomial"
        mean, error = trinomial_estimate(self.wins, self.draws, self.losses)
        return mean, error, "trinomial"

