#!/usr/bin/env python3
"""The hand-worked two-period case of the club's rating list, computed
independently of the Rust code (Glickman, "Example of the Glicko-2 system",
steps 1-8, tau = 0.5; deviations kept between 45 and 350 as the project's
system keeps them). src/club/ratings/tests.rs asserts these numbers to 0.01.

Event "Autumn Cup" (nim):
  round 1: Ann beats Bob, Cid has a bye   -> period 1: Ann and Bob rated
  round 2: Ann draws Cid, Bob has a bye   -> period 2: Ann and Cid rated,
                                             Bob only grows less certain
The same file as one period (a file without a date is a rating period of its
own) is the last case, which tests/ratings_cli.rs asserts.
Run: python3 tests/data/glicko2_two_periods.py
"""
import math

TAU, SCALE = 0.5, 173.7178
START = (1500.0, 350.0, 0.06)


def g(phi):
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def new_volatility(delta, phi, v, sigma):
    a = math.log(sigma**2)

    def f(x):
        return (math.exp(x) * (delta**2 - phi**2 - v - math.exp(x))
                / (2 * (phi**2 + v + math.exp(x))**2) - (x - a) / TAU**2)

    A = a
    if delta**2 > phi**2 + v:
        B = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        B = a - k * TAU
    fA, fB = f(A), f(B)
    while abs(B - A) > 1e-6:
        C = A + (A - B) * fA / (fB - fA)
        fC = f(C)
        if fC * fB <= 0:
            A, fA = B, fB
        else:
            fA /= 2
        B, fB = C, fC
    return math.exp(A / 2)


def period(player, games):
    """player (r, RD, sigma) after games [((r, RD, sigma) opponent, score)]."""
    r, rd, sigma = player
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    if not games:
        return (r, min(SCALE * math.sqrt(phi**2 + sigma**2), 350.0), sigma)
    terms = []
    for (rj, rdj, _), s in games:
        muj, phij = (rj - 1500) / SCALE, rdj / SCALE
        e = 1 / (1 + math.exp(-g(phij) * (mu - muj)))
        terms.append((g(phij), e, s))
    v = 1 / sum(gj**2 * e * (1 - e) for gj, e, _ in terms)
    delta = v * sum(gj * (s - e) for gj, e, s in terms)
    sigma2 = new_volatility(delta, phi, v, sigma)
    phistar = math.sqrt(phi**2 + sigma2**2)
    phi2 = 1 / math.sqrt(1 / phistar**2 + 1 / v)
    mu2 = mu + phi2**2 * sum(gj * (s - e) for gj, e, s in terms)
    return (1500 + SCALE * mu2, min(max(SCALE * phi2, 45.0), 350.0), sigma2)


ann1 = period(START, [(START, 1.0)])
bob1 = period(START, [(START, 0.0)])
ann2 = period(ann1, [(START, 0.5)])
cid2 = period(START, [(ann1, 0.5)])
bob2 = period(bob1, [])
for name, x in [("Ann after round 1", ann1), ("Bob after round 1", bob1),
                ("Ann after round 2", ann2), ("Cid after round 2", cid2),
                ("Bob after round 2 (idle)", bob2)]:
    print(f"{name:26} rating {x[0]:.4f}  deviation {x[1]:.4f}  volatility {x[2]:.6f}")

# The same file as one rating period (a file without a date is a period of
# its own; tests/ratings_cli.rs): every game rated against the start.
ann = period(START, [(START, 1.0), (START, 0.5)])
bob = period(START, [(START, 0.0)])
cid = period(START, [(START, 0.5)])
for name, x in [("Ann, one period", ann), ("Bob, one period", bob),
                ("Cid, one period", cid)]:
    print(f"{name:26} rating {x[0]:.4f}  deviation {x[1]:.4f}  volatility {x[2]:.6f}")
