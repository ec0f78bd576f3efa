"""Fitted by ``python -m engine.ai fit-maturita`` (see ``engine.ai.maturita``): per
game, the logistic coefficients on (1, logit p_medium, logit p_best) of the chance that
the hard player passes a maturita it chose. Generated file; refit after changing how hard
plays."""

# 1200 deals; maturant hard, defenders hard
COEFFICIENTS: dict[str, tuple[float, float, float]] = {
    "cervene": (-0.2038, 0.1007, 0.6848),
    "filky": (-0.5281, -0.1772, 1.0778),
    "prvni_posledni": (-0.1817, -0.0331, 0.5617),
    "vsechny": (-0.5425, 0.0101, 0.7376),
    "cerveny_kral": (-0.0172, 0.0679, 0.7188),
    "kvarty": (-0.4281, 0.0099, 1.0102),
    "desitky": (-0.1202, 0.2615, 0.4696),
}
