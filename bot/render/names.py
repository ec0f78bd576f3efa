"""Players' names cut to a narrow place so that different players stay apart.

``fit`` cuts a name at its end: "Jan Novák" and "Jan Nováček" both become "Jan Nov…" under
a card. ``fit_apart`` cuts a name that way unless another player's name would come out the
same; then it keeps the name's start and the end where the two differ ("Jan…Novák" /
"Jan…Nováček", "J…Nováček" where the first name leaves no room, "…váček" where not even
its first letter does). ``name_lines`` puts a name on two lines before it cuts it, at a
space or a hyphen, never inside a word (``cut_lines``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from bot.render.fonts import Font, fit, fitted

ELLIPSIS = "…"


def _common_end(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` share at their end."""
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n


def _fits(fnt: Font, text: str, width: float) -> bool:
    return fnt.getlength(text) <= width


def _middle(name: str, fnt: Font, width: float, least: int) -> str | None:
    """``name`` as its start, "…" and its end, with at least ``least`` characters of the
    end (where it differs from the names it would be taken for), at most ``width`` px:
    the first word (else its first letter) with the last word whole where they fit (a
    name of one word: its first letters and its end, each as long as can be), else "…" and
    as much of the end as fits; None when not even "…" and ``least`` characters fit."""
    words = name.split()
    if len(words) == 1:  # its first letters too ("Hohenz…nová"), as many as the end
        best = max(((min(h, t), t, name[:h] + ELLIPSIS + name[-t:])
                    for h in range(1, len(name) - least)
                    for t in range(len(name) - h - 1, least - 1, -1)
                    if _fits(fnt, name[:h] + ELLIPSIS + name[-t:], width)), default=None)
        if best is not None:
            return best[2]
    whole = max(len(words[-1]), least) if len(words) > 1 else len(name)
    for head in ([words[0], name[:1]] if len(words) > 1 else []):
        for t in range(len(name) - len(head) - 1, whole - 1, -1):
            shown = head + ELLIPSIS + name[-t:].lstrip()
            if _fits(fnt, shown, width):
                return shown
    for t in range(len(name) - 1, least - 1, -1):  # no room for a head
        shown = ELLIPSIS + name[-t:].lstrip()
        if _fits(fnt, shown, width):
            return shown
    return None


@lru_cache(maxsize=4096)
def _apart(name: str, others: tuple[str, ...], fnt: Font, width: float) -> str:
    shown = fit(name, fnt, width)
    if shown == name:
        return shown
    stem = shown[:-1]  # "Jan Novák…" is taken for a whole "Jan Novák" too
    rivals = [o for o in others if o != name and fit(o, fnt, width) in (shown, stem)]
    if not rivals:
        return shown
    least = max(_common_end(name, o) for o in rivals) + 1
    return _middle(name, fnt, width, min(least, len(name))) or shown


def fit_apart(name: str, names: Sequence[str], fnt: Font, width: float) -> str:
    """``name`` at most ``width`` px wide in ``fnt``, told apart from the other ``names`` of
    the picture (every player's, whether shown next to it or not) cut to the same width:
    cut at its end (``fit``) where that stays unlike theirs, else its start, "…" and the end
    where it differs ("Jan…Novák" / "Jan…Nováček"; "Jan…Starší" beside a whole "Jan
    Novák", not "Jan Novák…"). Equal names stay equal."""
    return _apart(name, tuple(names), fnt, width)


def fit_initial(name: str, fnt: Font, width: float) -> str:
    """``name`` at most ``width`` px wide, cut at its end (``fit``) — but where that cut
    drops the last word whole, the name keeps something of it: the words before it whole
    and its initial ("Maxmilián Š…"), else their initials and as much of it as fits ("M.
    Šternb…") — review 73: "Maxmilián…" left the surname out, two Maxmiliáns read alike."""
    shown = fit(name, fnt, width)
    at = name.rstrip().rfind(" ")
    if shown == name or at < 1 or len(shown.rstrip(ELLIPSIS)) > at + 1:
        return shown
    first, last = name[:at].split(), name[at + 1:].strip()
    initial = f"{' '.join(first)} {last[0]}{ELLIPSIS}"
    if _fits(fnt, initial, width):
        return initial
    initials = " ".join(f"{w[0]}." for w in first) + " "
    rest = fit(last, fnt, width - fnt.getlength(initials))
    return initials + rest if rest.rstrip(ELLIPSIS) else shown


def word_cut(name: str, fnt: Font, width: float) -> str:
    """``name`` at most ``width`` px wide, cut at a word: the words before its last whole
    and the last one's initial ("Cecílie D…", "Dalibor z K…"), else their initials and as
    much of the last as fits, three letters or more ("C. Dlouhá", "M. Šternb…", a particle
    whole: "D. z Kun…"), else (and where the last word is under three letters, as in a name
    of one word) cut at its end (``fit``). The same at every width it fits, so that a
    name reads alike all over a picture (review 77: "Cecílie Dl…", "Cecíli…" and
    "Cecílie D…" in one)."""
    if _fits(fnt, name, width):
        return name
    at = name.rstrip().rfind(" ")
    if at < 1:
        return fit(name, fnt, width)
    first, last = name[:at].split(), name[at + 1:].strip()
    initial = f"{' '.join(first)} {last[0]}{ELLIPSIS}"
    if len(last) < 3:  # "… X": a lone letter or two, no surname to keep
        return fit(name, fnt, width)
    if _fits(fnt, initial, width):
        return initial
    initials = " ".join(w if w.islower() else f"{w[0]}." for w in first) + " "  # "D. z Ku…"
    rest = fit(last, fnt, width - fnt.getlength(initials))
    return initials + rest if len(rest.rstrip(ELLIPSIS)) >= 3 else fit(name, fnt, width)


@lru_cache(maxsize=4096)
def _word_apart(name: str, others: tuple[str, ...], fnt: Font, width: float) -> str:
    shown = word_cut(name, fnt, width)
    if shown == name:
        return shown
    stem = shown.rstrip(ELLIPSIS)
    if any(o != name and (word_cut(o, fnt, width) == shown or o == stem) for o in others):
        return _apart(name, others, fnt, width)
    return shown


def fit_word(name: str, names: Sequence[str], fnt: Font, width: float) -> str:
    """``name`` at most ``width`` px wide, cut at a word (``word_cut``: "Cecílie D…") where
    that stays unlike the other ``names`` cut so, else apart from them (``fit_apart``:
    "Jan…Novák" / "Jan…Nováček")."""
    return _word_apart(name, tuple(names), fnt, width)


Cut = Callable[[str, Sequence[str], Font, float], str]


def breaks(name: str) -> list[int]:
    """Where a name may go on to a second line: after a space or a hyphen, leaving more
    than a lone letter on the first ("J Novák-Ottendorfer" is not "J" over the rest, nor
    "J-Novák" "J-" over it)."""
    return [i for i in range(1, len(name)) if name[i - 1] in " -" and name[i:].strip()
            and len(name[:i].strip(" -")) > 1]


def cut_in_two(name: str, fnt: Font, width: float) -> tuple[str, str]:
    """``name`` split in two where it fits no two lines whole: the first line as much as
    fits ``width`` px, ending at the last space or after the last hyphen that fits, never a
    lone letter; where none fits, its first word (to be cut: a word is never broken across
    lines, "Bartolo" over "měj…" read as two words); the rest whole (to be cut), "" for a
    name of one word."""
    fits = [i for i in breaks(name) if fnt.getlength(name[:i].rstrip()) <= width]
    at = fits[-1] if fits else next(iter(breaks(name)), len(name))
    return name[:at].rstrip(), name[at:].strip()


def cut_lines(name: str, fnt: Font, width: float, names: Sequence[str]) -> list[str]:
    """``name`` that two lines cannot take whole, on two lines in ``fnt`` (``cut_in_two``)
    or, a name of one word wider than a line, on one; each line within ``width`` px, cut
    at its end with "…" — told apart from the other ``names`` cut so (``fit_apart``): a
    first word cut like another's whose rest is the same keeps its own end ("…ringová"),
    and a second line under the same first line keeps where the two differ."""
    pieces = {other: cut_in_two(other, fnt, width) for other in (*names, name)}

    def head(first: str, rest: str) -> str:
        alike = [f for f, r in pieces.values() if r == rest]
        return fit_apart(first, [first, *alike], fnt, width)

    first, rest = pieces[name]
    top = head(first, rest)
    if not rest:
        return [top]
    rivals = [r for f, r in pieces.values() if head(f, r) == top]
    return [top, fit_apart(rest, [rest, *rivals], fnt, width)]


def name_lines(name: str, width: float, names: Sequence[str],
               faces: Sequence[Font]) -> tuple[Font, list[str]]:
    """A player's name in a narrow place ``width`` px wide (a column's head, under a card):
    one line, or two broken at a space (the first never a lone letter), in the first of
    ``faces`` that takes it so; a name that fits none of these is cut in the last face
    (``cut_lines``: a word never broken across lines), told apart from the other ``names``
    cut so."""
    for fnt in faces:
        whole = _whole_lines(name, fnt, width)
        if whole is not None:
            return fnt, whole
    return faces[-1], cut_lines(name, faces[-1], width, names)


def _whole_lines(name: str, fnt: Font, width: float) -> list[str] | None:
    """``name`` whole on one line, or two broken at a space (the first never a lone letter),
    each within ``width`` px in ``fnt``; None where it takes neither."""
    if fnt.getlength(name) <= width:
        return [name]
    words = name.split()
    for k in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:k]), " ".join(words[k:])
        if len(first) > 1 and fnt.getlength(first) <= width and fnt.getlength(second) <= width:
            return [first, second]
    return None


def heads_lines(width: float, names: Sequence[str],
                faces: Sequence[Font]) -> tuple[Font, list[list[str]]]:
    """Every player's name over his column (``name_lines``) in one font: the first of
    ``faces`` that takes them all whole, else the last, each name that it does not take
    cut so (``cut_lines``) — never one name smaller than the others (review 77: "Bohouš"
    smaller than "Anička")."""
    for fnt in faces:
        whole = [w for n in names if (w := _whole_lines(n, fnt, width)) is not None]
        if len(whole) == len(names):
            return fnt, whole
    last = faces[-1]
    return last, [_whole_lines(n, last, width) or cut_lines(n, last, width, names)
                  for n in names]


def fit_name(name: str, names: Sequence[str], size: int, style: str, width: float,
             smallest: int | None = None, cut: Cut = fit_apart) -> tuple[str, Font]:
    """``name`` alone within ``width`` px (a seat's panel, a row): ``fit_said`` of no words
    around it."""
    return fit_said(str, name, names, size, style, width, smallest, cut)


def fit_said(words: Callable[[str], str], name: str, names: Sequence[str], size: int,
             style: str, width: float, smallest: int | None, cut: Cut = fit_apart,
             bare: bool = False) -> tuple[str, Font]:
    """``words(name)`` ("Na tahu: {name}") within ``width`` px: at ``size``, else condensed
    down to ``smallest`` (``fitted``), else the name — never the words around it — cut,
    told apart from the other ``names`` cut so (``cut``: ``fit_apart``, ``fit_word``);
    ``bare``: the words may go instead, the name alone where it fits whole so. Returns the
    text and its font."""
    whole = words(name)
    label, fnt = fitted(whole, size, style, width, smallest=smallest)
    if label == whole:
        return label, fnt
    if bare:
        alone, fa = fitted(name, size, style, width, smallest=smallest)
        if alone == name:
            return alone, fa
    room = width - fnt.getlength(words(""))
    return words(cut(name, names, fnt, room)), fnt


# the AI players' names begin so ("AI Karel": ``bot.tables.seating.AI_NAMES``)
AI_PREFIX = "AI "


def short_names(names: Sequence[str], fnt: Font, width: float) -> list[str] | None:
    """Every player's name in a place ``width`` px wide (under a mini card): all whole where
    they all fit, else all as their first letters ("Anička" "A") where those tell the
    players apart, else as the first letters of their first and last words ("Jan Novák"
    "JN"), else each cut apart from the others (``fit_apart``) — one form for the row, so
    that no whole name reads as another's initial; None where even so two read alike
    ("J…" for "Jan Novák" and "Jan Nováček"). The initials leave out an AI player's
    ``AI_PREFIX`` ("AI Karel" "K"; review 85: "AK AB AJ" read as codes), and keep it only
    where that alone tells two apart ("AI Karel" beside a "Karel")."""
    if all(_fits(fnt, name, width) for name in names):
        return list(names)
    bare = [name.removeprefix(AI_PREFIX) or name for name in names]
    for initials in ([name[:1] for name in bare], _first_last(bare), _first_last(names)):
        if len(set(initials)) == len(set(names)) and all(
                x and _fits(fnt, x, width) for x in initials):
            return initials
    cut = [fit_apart(name, names, fnt, width) for name in names]
    return cut if len(set(cut)) == len(set(names)) else None


def _first_last(names: Sequence[str]) -> list[str]:
    """The first letters of each name's first and last words ("Jan Novák" "JN")."""
    return [(w[0][:1] + w[-1][:1] if len(w) > 1 else "".join(w)[:1])
            for w in (name.split() for name in names)]
