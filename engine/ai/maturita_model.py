"""Fitted by ``python -m engine.ai fit-maturita`` (see ``engine.ai.maturita``): per
game, the logistic coefficients on (1, logit p_medium, logit p_best, logit p_solve) of
the chance that the hard player passes a maturita it chose. Generated file; refit after
changing how hard plays."""

# 1200 deals; maturant hard, defenders hard
COEFFICIENTS: dict[str, tuple[float, float, float, float]] = {
    "cervene": (-0.2038, 0.1007, 0.6848, 0.0),
    "filky": (-0.5281, -0.1772, 1.0778, 0.0),
    "prvni_posledni": (-0.1817, -0.0331, 0.5617, 0.0),
    "vsechny": (-0.5425, 0.0101, 0.7376, 0.0),
    "cerveny_kral": (-0.0172, 0.0679, 0.7188, 0.0),
    "kvarty": (-0.4281, 0.0099, 1.0102, 0.0),
    "desitky": (-0.1202, 0.2615, 0.4696, 0.0),
}
