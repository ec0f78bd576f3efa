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
