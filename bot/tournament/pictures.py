"""The tournament's pictures from its record: the standings after a round (or the final ones)
and each table's sheet, with the words of the catalog and the game's own sheet columns
(``engine.tournament.TournamentRules``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bot.games import ui_of
from bot.games.base import pictured_as
from bot.i18n import counted, has, shown_name, t
from bot.render.common import readable_name
from bot.storage.models import EntrantRecord, TournamentRecord, TournamentTableRecord
from bot.tournament import model
from bot.tournament.model import settings_of
from bot.tournament.render import (
    NAME_ROOM,
    NAME_X,
    ROUND_COLUMNS,
    Footer,
    SheetLine,
    StandingLine,
    Tag,
    render_standings,
    render_table_sheet,
    round_columns,
)
from bot.tournament.scoring import outcome_of, podium, standings
from bot.tournament.status import status_text
from bot.tournament.words import (
    K,
    listed_place,
    place_label,
    points_rule,
    scoring_rule,
    tt,
    worded,
)
from bot.ui.alt import spoken
from engine import games
from engine.tournament import ControlSum, place_points

T = TypeVar("T")


def money(hal: int, lang: str, *, sign: bool = False) -> str:
    """Haléře as koruny: "46,50" (cs) / "46.50" (en), with a sign when asked."""
    text = f"{abs(hal) / 100:.2f}"
    if lang == "cs":
        text = text.replace(".", ",")
    if hal < 0:
        return "−" + text
    return ("+" + text) if sign and hal > 0 else text


def number(value: float, lang: str) -> str:
    """Table points: "4", "2,5" (cs) / "2.5" (en)."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang == "cs" else text


def value_text(value: int | None, unit: str, lang: str, *, sign: bool = False) -> str:
    if value is None:
        return "–"
    return money(value, lang, sign=sign) if unit == "hal" else str(value)


def game_name(t_: TournamentRecord, lang: str) -> str:
    try:
        return ui_of(t_.game_kind).name(lang)
    except KeyError:  # a game the bot has no table for yet: its name as registered
        key = f"{t_.game_kind}.name"
        return t(key, lang) if has(key, lang) else t_.game_kind.capitalize()


def title(t_: TournamentRecord, lang: str) -> str:
    return tt("title", lang, game=game_name(t_, lang), id=t_.tournament_id)


def score_unit(t_: TournamentRecord) -> str:
    for s in t_.tables:
        outcome = outcome_of(s)
        if outcome is not None:
            return outcome.unit
    return ""


def entrant_tags(t_: TournamentRecord, e: EntrantRecord, lang: str) -> list[Tag]:
    """``e``'s standing as the standings' picture tags it (an absent one's from when is in
    the text's "nepřítomnost: AI od …")."""
    tag = status_text(t_, e, "tag", lang)
    return [Tag(tag, warn=e.ai_level is None)] if tag else []


def readable(t_: TournamentRecord, e: EntrantRecord, lang: str) -> str:
    """An entrant's name as the pictures can draw it; a name of emoji alone (nothing left to
    draw) as "hráč č. ``n``" / "player no. ``n``" by his number in the tournament (its
    message's list, the sheets' "č." column), the same on the standings, every table's sheet
    and the tables' own pictures (``entrant_names``), so that two such entrants still differ
    and one is the same everywhere."""
    return readable_name(shown_name(e.name, lang), lang, model.entrant_number(t_, e.entrant_no),
                         "entrant")


def standings_legend(t_: TournamentRecord, upto: int, lang: str, page: int = 1) -> str:
    """Who the stand-ins of the standings picture ``page`` are, under it ("🎲🎲 (na obrázku
    hráč č. 3)": its text lists him as 🎲🎲); "" when every name is drawn as it is."""
    entrants = [model.entrant(t_, row.entrant)
                for row in on_page(standings(t_, upto), page)]
    return pictured_as([shown_name(e.name, lang) for e in entrants],
                       [readable(t_, e, lang) for e in entrants], lang)


def marked_name(t_: TournamentRecord, e: EntrantRecord, name: str, lang: str) -> str:
    """``name`` of an entrant whose seat an AI took over, marked as the standings' text and
    picture mark him ("Cyril (AI od 2. kola)"; absent for a whole round: "Hana (nepřítomnost –
    AI od 1. kola)"; forgotten: "Cyril (AI)", from when is not kept); an AI entrant's or one
    who plays, as it is."""
    return status_text(t_, e, "name", lang, name=name) or name


PAGE = 8  # entrants a standings picture shows: the most an embed's 310 × 280 px keep legible


def is_final(t_: TournamentRecord, upto: int) -> bool:
    """Whether the standings after round ``upto`` are the tournament's final ones (its last
    round; a cancelled tournament has none)."""
    return upto >= settings_of(t_).rounds and t_.status != "cancelled"


def standings_pages(t_: TournamentRecord) -> int:
    """How many pictures the standings take: one per ``PAGE`` entrants (places 1–8, 9–16 …),
    each legible in an embed of its own (one tall picture of 16 was shown 150 px wide)."""
    return max(1, -(-len(t_.entrants) // PAGE))


def page_places(t_: TournamentRecord, page: int) -> tuple[int, int]:
    """The lines of the standings page ``page`` (from 1) shows, as places: (9, 16)."""
    first = (page - 1) * PAGE + 1
    return first, min(page * PAGE, len(t_.entrants))


def on_page(rows: Sequence[T], page: int) -> Sequence[T]:
    """The standings' rows (in place order) page ``page`` (from 1) shows: ``PAGE`` of them."""
    return rows[(page - 1) * PAGE:page * PAGE]


def page_subtitle(t_: TournamentRecord, subtitle: str, page: int, lang: str) -> str:
    """A page's subtitle: the standings' own, and which places it shows when there are
    more pages than one ("Pořadí po 2. ze 4 kol · místa 9–16")."""
    if standings_pages(t_) == 1:
        return subtitle
    first, last = page_places(t_, page)
    return tt("pic_page_sub" if last > first else "pic_page_sub_one", lang,
              subtitle=subtitle, first=first, last=last)


def page_suffix(t_: TournamentRecord, page: int) -> str:
    """A standings page's file names' ending: "" when it is the only one, else its places
    ("-places-9-16"): the post's attachments and the export's files alike."""
    if standings_pages(t_) == 1:
        return ""
    first, last = page_places(t_, page)
    return f"-places-{first}-{last}"


def standings_png(t_: TournamentRecord, upto: int, lang: str, page: int = 1) -> bytes:
    """The standings after round ``upto`` (the final ones after the last round): page
    ``page`` of them (``standings_pages``: ``PAGE`` lines each, their columns laid out for
    every line, so that they stand alike on every page). More rounds than the picture has
    room for (``ROUND_COLUMNS``, and the names ``NAME_ROOM`` px): the earliest are summed in
    the first column, labelled with their range and explained under the table, so that the
    numbers shown still add up to the points."""
    if not 1 <= page <= standings_pages(t_):
        raise ValueError(f"no standings page {page}")
    rounds = settings_of(t_).rounds
    final = is_final(t_, upto)
    rows = standings(t_, upto)
    medals = {row.entrant: row.place for row in podium(t_, rows)} if upto else {}
    unit = score_unit(t_)
    labels = (tt("pic_player", lang), tt("pic_points", lang), worded("score", unit, lang))

    def laid_out(folded: int) -> tuple[list[str], list[StandingLine]]:
        round_labels = [tt("pic_round", lang, n=r) for r in range(folded + 1, upto + 1)]
        if folded:
            round_labels.insert(0, tt("pic_rounds", lang, first=1, last=folded))
        lines = []
        for row in rows:
            e = model.entrant(t_, row.entrant)
            shown = ["–" if p is None else number(p, lang) for p in row.rounds]
            if folded:
                early = [p for p in row.rounds[:folded] if p is not None]
                shown = ["–" if not early else number(sum(early), lang), *shown[folded:]]
            lines.append(StandingLine(
                place=row.place, name=readable(t_, e, lang),
                tags=tuple(entrant_tags(t_, e, lang)),
                rounds=tuple(shown),
                points=number(row.points, lang),
                score=value_text(row.score, unit, lang, sign=unit == "hal"),
                leader=medals.get(row.entrant) == 1,
                # a shared place as the range it covers; one of its own the picture draws
                # (its "#" column of numbers: English "5–6", as "5" — "5th–6th" does not fit)
                place_text=tt("pic_shared_place", lang, first=row.place, last=row.last_place)
                if row.shared else "",
                medal=medals.get(row.entrant, 0),
            ))
        return round_labels, lines

    folded = upto - ROUND_COLUMNS + 1 if upto > ROUND_COLUMNS else 0
    round_labels, lines = laid_out(folded)
    while folded and len(round_labels) > 2 \
            and round_columns(round_labels, lines, labels)[1] - NAME_X < NAME_ROOM:
        folded += 1
        round_labels, lines = laid_out(folded)
    subtitle = (tt("pic_final", lang, rounds=rounds) if final
                else tt("pic_after", lang, round=upto, rounds=rounds))
    footer = [Footer(scoring_rule(t_.game_kind, lang))]
    if folded:
        footer.append(Footer(tt("legend_rounds", lang, label=round_labels[0], first=1,
                                last=folded)))
    shown = on_page(lines, page)
    return render_standings(title(t_, lang), page_subtitle(t_, subtitle, page, lang), labels,
                            round_labels, shown, footer, folded=bool(folded), layout=lines)


def sheet_lines(t_: TournamentRecord, slot: TournamentTableRecord,
                lang: str) -> list[SheetLine]:
    """A finished table's lines in seat order: name, tags (AI players, substitutes
    with why, the game's notes), the game's columns, the place and the table points."""
    outcome = outcome_of(slot)
    if outcome is None:
        raise ValueError("the table has not finished")
    rules = games.get(t_.game_kind).tournament_rules()
    points = place_points(outcome.places)
    lines = []
    for seat, entrant_no in enumerate(slot.seats):
        e = model.entrant(t_, entrant_no)
        tags = [Tag(tt("tag_ai", lang, level=t(f"core.ai_{e.ai_level}", lang)))] \
            if e.ai_level is not None else []
        sub = model.substitution(t_, slot.round_no, slot.table_no, seat)
        if sub is not None:  # (withdrawn for a round's absence: absent, as the standings say;
            # withdrawn: "AI od 1. kola", the standings' words — review 97: "AI po
            # odstoupení" in his round, "AI náhradník" after it)
            reason = "absent" if model.withdrawn_for_absence(t_, e) is not None else sub.reason
            if reason in ("left", "withdrawn"):
                label = status_text(t_, e, "tag", lang) or tt("tag_withdrawn", lang)
            else:
                label = tt(f"tag_{reason}", lang)
            tags.append(Tag(label, warn=True))
        for key, value in rules.notes(outcome, seat):
            tags.append(Tag(tt(f"note_{key}", lang, n=value),
                            short=tt(f"note_short_{key}", lang, n=value)))
        values = rules.values(outcome, seat)
        place = outcome.places[seat]
        lines.append(SheetLine(
            name=readable(t_, e, lang), tags=tuple(tags),
            values=tuple(value_text(v, c.unit, lang)
                         for v, c in zip(values, rules.columns, strict=True)),
            place=place, points=number(points[seat], lang),
            place_text=place_label(place, place + outcome.places.count(place) - 1, lang),
            number=str(model.entrant_number(t_, entrant_no))))
    return lines


def placed_lines(t_: TournamentRecord, slot: TournamentTableRecord,
                 lang: str) -> list[SheetLine]:
    """``sheet_lines`` best place first, equals as the final order lists them (review 69:
    the sheet's picture listed them in seat order, its alt text and the standings by place)."""
    outcome = outcome_of(slot)
    assert outcome is not None
    lines = sheet_lines(t_, slot, lang)
    return [lines[seat] for seat in outcome.order()]


def control_sum(t_: TournamentRecord, slot: TournamentTableRecord) -> ControlSum | None:
    """The game's control sum of a table's sheet (Taroky: the money against the stakes and
    dokup; none in Lóra)."""
    outcome = outcome_of(slot)
    assert outcome is not None
    settings = settings_of(t_)
    rules = games.get(t_.game_kind).tournament_rules()
    return rules.control(outcome, rules.round_options(settings.options, settings.length,
                                                      settings.rounds))


def sheet_footer(t_: TournamentRecord, slot: TournamentTableRecord, lang: str) -> list[Footer]:
    """The game's control sum (green when it holds) and the legend of the points."""
    footer = []
    control = control_sum(t_, slot)
    if control is not None:
        footer.append(Footer(tt(f"control_{control.key}", lang,
                                value=value_text(control.value, control.unit, lang),
                                expected=value_text(control.expected, control.unit, lang),
                                mark="✓" if control.ok else "✗"), control.ok))
    # what the places go by, where the sheet's columns do not show it (Taroky: a dokup
    # counts against the money — review 75: the order looked wrong)
    order = K + f"sheet_order_{t_.game_kind}"
    if has(order, lang):
        footer.append(Footer(t(order, lang)))
    footer.append(Footer(points_rule(t_.game_kind, lang)))
    return footer


def sheet_png(t_: TournamentRecord, slot: TournamentTableRecord, lang: str) -> bytes:
    """A table's sheet (zápisový lístek) as a picture."""
    rules = games.get(t_.game_kind).tournament_rules()
    labels = (tt("pic_player", lang), tt("pic_place", lang), tt("pic_points", lang))
    columns = [tt(f"col_{c.key}", lang) for c in rules.columns]
    return render_table_sheet(
        tt("pic_sheet", lang, table=slot.table_no),
        tt("pic_sheet_sub", lang, game=game_name(t_, lang), id=t_.tournament_id,
           round=slot.round_no),
        labels, columns, placed_lines(t_, slot, lang), sheet_footer(t_, slot, lang),
        tt("pic_number", lang))


def standings_alt(t_: TournamentRecord, upto: int, lang: str, page: int = 1) -> str:
    """A standings picture in words (its alt text): what it stands after (and which places
    it shows, one of more pages), and its entrants' places, names, points and the column
    that orders equal points (review 83: without it places 2–5 on "5 b." had no reason for
    their order) — the pages' together every entrant's (the Standings button sends the
    pictures alone)."""
    rounds = settings_of(t_).rounds
    final = is_final(t_, upto)
    head = page_subtitle(t_, tt("pic_final", lang, rounds=rounds) if final
                         else tt("pic_after", lang, round=upto, rounds=rounds), page, lang)
    unit = score_unit(t_)
    score = worded("alt_score", unit, lang)  # (review 97: not the column's "výsledek (Kč)")
    rows = [counted(K + "podium_line", lang, row.points,  # (no bold: "**" read out)
                    place=listed_place(row, lang),
                    name=marked_name(t_, model.entrant(t_, row.entrant),
                                     readable(t_, model.entrant(t_, row.entrant), lang), lang),
                    points=number(row.points, lang))
            + f", {score} " + said_value(value_text(row.score, unit, lang, sign=unit == "hal"),
                                          unit, lang)
            for row in on_page(standings(t_, upto), page)]
    return spoken(f"{head}: " + "; ".join(rows), lang)


def said_value(text: str, unit: str, lang: str) -> str:
    """A value as ``value_text`` writes it, with its unit as an alt text says it: "+3,00 Kč"
    (review 97: "výsledek (Kč) +3,00", "peníze 53,00" — the picture's head gives the unit)."""
    return tt("alt_hal", lang, amount=text) if unit == "hal" and text != "–" else text


def mid_sentence(label: str) -> str:
    """A column's head as a word inside a sentence: "Trestné body" → "trestné body" (an
    abbreviation such as "AI" is kept)."""
    return label if label[:2].isupper() else label[:1].lower() + label[1:]


def sheet_alt(t_: TournamentRecord, slot: TournamentTableRecord, lang: str) -> str:
    """A table's sheet in words (its alt text): each player's place, name, the tags the
    picture gives him (an AI's level, who played for him, a čistá stovka made or missed)
    and the game's columns, best place first; then the control sum (review 83: a screen
    reader learnt neither that an AI played a seat nor whether the money added up)."""
    rules = games.get(t_.game_kind).tournament_rules()
    columns = [mid_sentence(tt(f"col_{c.key}", lang)) for c in rules.columns]
    units = [c.unit for c in rules.columns]
    rows = [f"{line.place_text} {line.name}"  # (a tag's ✓/✗ said by its words already)
            + (f" ({', '.join(tag.label.rstrip(' ✓✗') for tag in line.tags)})"
               if line.tags else "") + ": "
            + ", ".join(f"{label} {said_value(value, unit, lang)}"
                        for label, value, unit in zip(columns, line.values, units, strict=True))
            + f", {mid_sentence(tt('pic_points', lang))} {line.points}"
            for line in placed_lines(t_, slot, lang)]
    control = control_sum(t_, slot)
    checked = [] if control is None else [tt(  # (the picture's "Σ … ✓" in words, review 97)
        f"alt_control_{control.key}", lang,
        value=value_text(control.value, control.unit, lang),
        expected=value_text(control.expected, control.unit, lang),
        mark=t("core.alt_check" if control.ok else "core.alt_cross", lang))]
    return spoken(". ".join([f"{tt('pic_sheet', lang, table=slot.table_no)}: "
                             + "; ".join(rows), *checked]), lang)
