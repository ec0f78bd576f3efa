"""The lead model's weights (``policy.model_lead``): one table of 17 numbers per trick game.

A conditional logit over a seat's legal leads on ``policy.lead_features``, fitted on the leads
of hard1 (40 worlds, world budgets) in hard1 fields — how strong opponents actually lead — so
that the hard player's rollouts can let the seats it models as strong (``search.strong_seats``)
lead like them (issue 17, fifth round; docs/AI_STRENGTH.md). The search uses the tables of
the games with penalty cards (červené, filky, červený král); všechny's measured worse in a
duel and první a poslední's barely differs from the medium rules, so those two are kept for
studies only.
Keys: the fast codes of ``engine.fast`` (0 červené, 1 filky, 2 první a poslední, 3 všechny,
4 červený král).

Reproduce (deterministic by seed; each ``collect`` about 5 minutes of one core)::

    cd benchmarks
    python lead_study.py collect h1_s1.jsonl --deals 1000 --seed 1 --field hard1
    python lead_study.py collect h1_s2.jsonl --deals 1000 --seed 2 --field hard1
    python lead_study.py fit h1_s1.jsonl,h1_s2.jsonl --table

(``collect --field hard1``: 2,000 partial trick games, 400 of each game, hard1 in all four
seats, every lead with a choice of every seat; leads of a seat steering for points left out.
``fit --table``: Newton steps on the mean negative log-likelihood plus 0.003/2 |w|², per game.)
Fitted on seed 1 alone and scored on seed 2's leads, each model picks hard1's lead as often
as on its own data (červené 0.633 vs medium's 0.529, všechny 0.647 vs 0.513, filky 0.583 vs
0.547, červený král 0.626 vs 0.604, první a poslední 0.630 vs 0.627). The comments below are
from the fit on both files: how often the model picks the recorded lead, and the medium rules.
"""

LEAD_WEIGHTS: dict[int, tuple[float, ...]] = {
    # cervene: 2439 leads; picks the recorded lead 0.643 (medium 0.528)
    0: (
        1.095, 0.097, -1.638, -0.358, 0.781, 1.409, -0.635, -3.143, -1.364,
        -0.120, -0.603, 0.000, -0.673, 0.197, 0.000, 0.170, 1.213,
    ),
    # filky: 2547 leads; picks the recorded lead 0.579 (medium 0.551)
    1: (
        0.812, -2.720, -0.302, -0.500, 0.058, 1.276, -0.067, -2.991, -0.614,
        -0.395, -0.235, 0.190, -0.887, 0.215, 0.000, 0.386, -0.002,
    ),
    # prvni_posledni: 2800 leads; picks the recorded lead 0.647 (medium 0.644)
    2: (
        1.478, -0.148, -1.142, -1.481, 1.299, 0.410, -0.980, -1.284, 0.664,
        -0.337, -0.991, 0.000, 0.000, -0.085, -4.064, -0.041, -0.352,
    ),
    # vsechny: 2800 leads; picks the recorded lead 0.627 (medium 0.494)
    3: (
        0.798, -1.333, -1.174, -1.120, 0.253, 0.419, -0.269, -4.058, -0.683,
        -0.558, 0.145, 0.000, 0.000, 0.438, -0.333, 0.759, 1.553,
    ),
    # cerveny_kral: 1655 leads; picks the recorded lead 0.619 (medium 0.594)
    4: (
        1.411, -1.693, -1.075, -0.158, 0.184, 1.163, -1.251, -2.744, -1.239,
        -0.119, -0.488, -0.313, -0.237, 0.562, 0.000, 0.043, 0.867,
    ),
}

# The searching seat's OWN leads (``SearchConfig.own_leads``; issue 17, eighth round): the same
# model fitted on the leads of today's hard itself (64/120 worlds, world budgets) in one seat
# among three medium players, so that hard's rollouts can let its own seat lead later as hard
# would, from what the seat sees (the features read its own hand, the cards still out and the
# voids shown, not the world's other hands: no strategy fusion). Reproduce (deterministic; each
# ``collect`` about 5 minutes of one core; 4,000 partial trick games, 800 of each game)::
#
#     cd benchmarks
#     python lead_study.py collect own_s81.jsonl --deals 4000 --seed 81 --close-worlds 120
#     python lead_study.py collect own_s82.jsonl --deals 4000 --seed 82 --close-worlds 120
#     python lead_study.py fit own_s81.jsonl,own_s82.jsonl --table
#
# Fitted on seed 81 alone and scored on seed 82's leads, the model picks hard's lead (medium's
# rules in brackets): červené 0.605 (0.412), filky 0.553 (0.519), první a poslední 0.660
# (0.660), všechny 0.623 (0.447), červený král 0.615 (0.589). The comments below: the fit on
# both files.
OWN_LEAD_WEIGHTS: dict[int, tuple[float, ...]] = {
    # cervene: 2492 leads; picks the recorded lead 0.625 (medium 0.422)
    0: (
        0.962, -0.361, -1.690, -0.131, 0.777, 1.739, -0.575, -4.222, -1.467,
        0.134, -0.335, 0.000, -0.151, 0.608, 0.000, 0.110, 1.599,
    ),
    # filky: 2569 leads; picks the recorded lead 0.558 (medium 0.524)
    1: (
        0.928, -2.912, -0.191, -0.646, 0.107, 1.078, 0.240, -3.581, -0.255,
        -0.421, -0.395, 0.109, -0.899, 0.709, 0.000, 0.255, -0.346,
    ),
    # prvni_posledni: 2485 leads; picks the recorded lead 0.655 (medium 0.655)
    2: (
        1.477, -0.207, -0.266, -1.585, 1.227, 0.040, -1.055, -1.289, 1.050,
        -0.193, -1.297, 0.000, 0.000, 0.038, -4.333, -0.016, -0.240,
    ),
    # vsechny: 2813 leads; picks the recorded lead 0.623 (medium 0.451)
    3: (
        0.737, -1.034, -1.251, -1.111, 0.892, 0.022, 0.238, -4.498, -0.631,
        0.359, -0.385, 0.000, 0.000, 1.180, -0.259, 0.837, 1.729,
    ),
    # cerveny_kral: 1645 leads; picks the recorded lead 0.626 (medium 0.593)
    4: (
        1.507, -1.858, -0.837, -0.098, 0.643, 1.116, -0.958, -3.159, -0.876,
        -0.095, -0.530, -0.237, -0.208, 1.157, 0.000, 0.179, 0.900,
    ),
}

# The maturant's own leads (``SearchConfig.maturant_leads``; eighth round): the same model
# fitted on the leads of hard as the maturant (64/120 worlds, world budgets) against three
# medium defenders, for the maturant's own later leads in his rollouts; červený král only (the
# game the chooser picks about 80% of the time). Reproduce::
#
#     python lead_study.py collect mat_s91.jsonl --deals 2000 --seed 91 --close-worlds 120 \
#         --maturita cerveny_kral
#     python lead_study.py fit mat_s91.jsonl --table --holdout mat_s92.jsonl
#
# (mat_s92.jsonl: the same with seed 92, stopped after about 750 attempts, 1,592 leads.) On
# those held-out leads it picks the maturant's lead 0.575, the medium rules 0.457.
MATURANT_LEAD_WEIGHTS: dict[int, tuple[float, ...]] = {
    # cerveny_kral: 4281 leads; picks the recorded lead 0.587 (medium 0.445)
    4: (
        1.044, -1.386, -1.155, -0.114, 0.766, 0.689, -0.662, -4.670, -1.057,
        0.449, -0.323, -0.256, -0.225, 1.443, 0.000, 0.162, 1.414,
    ),
}
