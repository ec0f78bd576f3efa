"""The Taroky protocol by pages: a phone shows a plain picture ``PHONE_W`` px wide and at
most ``PHONE_H`` px high, so each page is no taller than that at its width (it is shown
whole at full width); the deals are split between pages, never inside one, each deal on
exactly one page in order, the summary (the totals, the control sum) last; the pages'
buttons say which deals they hold."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.taroky.pictures import (
    first_page,
    pages,
    palette,
    protocol_pages,
    render_sheet,
    sheet,
)
from bot.games.taroky.pictures.examples import NAMES, example
from bot.render.common import PHONE_H, PHONE_W
from tests.taroky_protocol_rounds import CASES, LONGEST, finished_view


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def _drawn_deals(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The numbers of the deals whose rows the next pictures draw."""
    palette.taroky()  # (made of example pictures, the protocol's among them)
    drawn: list[int] = []
    real = sheet._row

    def spy(img: Image.Image, y: int, row: object, *args: object) -> None:
        drawn.append(row.deal_no)  # type: ignore[attr-defined]
        real(img, y, row, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet, "_row", spy)
    return drawn


@pytest.mark.parametrize("case", [*CASES, "longest"])
def test_the_pages_hold_every_deal_once_whole_in_order_and_the_summary_last(
        case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    view = finished_view("busy" if case == "longest" else case)
    names = LONGEST if case == "longest" else CASES[case]
    parts = pages.parts(view, names, (False,) * 4)  # (the same in every language)
    for lang in ("cs", "en"):
        assert [p.summary for p in parts] == [False] * (len(parts) - 1) + [True]
        assert [i for p in parts for i in p.deals] == list(range(len(view.protocol)))
        assert all(p.deals for p in parts[:-1]) and not parts[-1].deals
        drawn = _drawn_deals(monkeypatch)
        for k, part in enumerate(parts):
            drawn.clear()
            width, height = _size(render_sheet(view, names, lang, page=k))
            assert width == sheet.W and height <= pages.PAGE_H, (case, lang, k, height)
            assert height * PHONE_W / width <= PHONE_H  # shown whole, full width
            assert drawn == [view.protocol[i].deal_no for i in part.deals]
        monkeypatch.undo()
        with pytest.raises(IndexError):
            render_sheet(view, names, lang, page=len(parts))
    # as few pages as filling each with as many deals as fit takes (the next deal would
    # have made a page too tall in a language), the deals shared out evenly among them
    def fits(start: int, stop: int) -> bool:
        return all(pages.part_height(view, pages.Part(range(start, stop), False),
                                     sheet.layouts(view, who, lang), who, (False,) * 4, lang)
                   <= pages.PAGE_H
                   for lang in ("cs", "en") for who in [pages.check_names(names, lang)])

    filled, start = 1, 0
    for i in range(1, len(view.protocol)):
        if not fits(start, i + 1):
            filled, start = filled + 1, i
    sizes = [len(p.deals) for p in parts[:-1]]
    assert len(sizes) == filled and max(sizes) - min(sizes) <= 1, sizes


def test_the_pages_labels_name_their_deals() -> None:
    four, twelve = finished_view("4"), finished_view("12")
    assert protocol_pages(finished_view("1"), NAMES, "cs") == ["1. rozdání", "Součet"]
    assert protocol_pages(finished_view("1"), NAMES, "en") == ["Deal 1", "Total"]
    assert protocol_pages(four, NAMES, "cs") == ["Rozdání 1.–4.", "Součet"]
    assert protocol_pages(four, NAMES, "en") == ["Deals 1–4", "Total"]
    # (filled in turn, the pages were 1–5, 6–11 and 12 alone)
    assert protocol_pages(twelve, NAMES, "cs") == ["Rozdání 1.–4.", "Rozdání 5.–8.",
                                                   "Rozdání 9.–12.", "Součet"]
    assert protocol_pages(twelve, NAMES, "en") == ["Deals 1–4", "Deals 5–8", "Deals 9–12",
                                                   "Total"]
    assert protocol_pages(finished_view("busy"), CASES["busy"], "cs") == [
        "Rozdání 1.–3.", "Rozdání 4.–6.", "Rozdání 7.–9.", "Rozdání 10.–12.", "Součet"]
    # the same pages in English (alone it would fit 4–7 on a page; Czech does not)
    assert protocol_pages(finished_view("busy"), CASES["busy"], "en") == [
        "Deals 1–3", "Deals 4–6", "Deals 7–9", "Deals 10–12", "Total"]


@pytest.mark.parametrize(("count", "most", "sizes"), [
    (9, 8, [5, 4]), (8, 8, [8]), (10, 3, [3, 3, 2, 2]), (17, 8, [6, 6, 5]), (0, 8, [])])
def test_the_deals_are_shared_evenly_over_the_fewest_pages(count: int, most: int,
                                                          sizes: list[int]) -> None:
    """A page takes at most ``most`` deals: as few pages as filling each in turn takes,
    their deals shared out evenly, the earlier pages the fuller — not 8 deals and the
    9th alone on a page, nor 3 + 3 + 3 + 1."""
    def fits(start: int, stop: int) -> bool:
        return stop - start <= most

    split = pages._even(count, pages._fill(count, fits), fits)
    assert [len(r) for r in split] == sizes
    assert [i for r in split for i in r] == list(range(count))


def test_an_even_share_keeps_every_page_within_its_height() -> None:
    """Deals of different heights: the even share never puts on a page what it cannot
    take (deal 4 nearly fills a page: only deal 5 goes with it)."""
    high = {4: 7}

    def fits(start: int, stop: int) -> bool:
        return sum(high.get(i, 1) for i in range(start, stop)) <= 8

    split = pages._even(9, pages._fill(9, fits), fits)
    assert [list(r) for r in split] == [[0, 1, 2, 3], [4, 5], [6, 7, 8]]
    assert all(fits(r[0], r[-1] + 1) for r in split)


def test_the_first_page_is_the_latest_deal_s_mid_round_and_the_summary_at_the_end() -> None:
    bid = example("bid")[0].public_view()  # deal 2 is being bid: deal 1 is over
    assert [r.deal_no for r in bid.protocol] == [1] and not bid.finished
    assert protocol_pages(bid, NAMES, "cs") == ["1. rozdání", "Součet"]
    assert first_page(bid, NAMES) == 0
    fresh = example("discard")[0].public_view()  # no deal over yet: the summary alone
    assert fresh.protocol == () and protocol_pages(fresh, NAMES, "en") == ["Total"]
    assert first_page(fresh, NAMES) == 0
    twelve = finished_view("12")
    assert first_page(twelve, NAMES) == 3  # the summary
    import dataclasses
    mid = dataclasses.replace(twelve, finished=False)
    assert first_page(mid, NAMES) == 2  # "12.": the latest deal's page


def test_the_summary_page_has_the_totals_and_the_control_sum(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Dokup, money, result and placing points a line per player, the control sum under
    them; no deal row. Before any deal is over, it says so over the totals. The placing
    points only at a tournament's table (review 81: a table of its own had them too)."""
    from bot.games.taroky.pictures import summary

    view = finished_view("4")
    drawn: list[str] = []
    for module in (summary, pages):
        real = module.text

        def spy(img: Image.Image, xy: tuple[float, float], value: str, *args: object,
                _real: object = real) -> float:
            if value:
                drawn.append(value)
            return _real(img, xy, value, *args)  # type: ignore[operator,no-any-return]

        monkeypatch.setattr(module, "text", spy)
    deals = _drawn_deals(monkeypatch)
    render_sheet(view, NAMES, "cs", 1, page=-1)
    assert deals == []
    assert drawn[:5] == ["Dokup", "Peníze", "Výsledek", "Body za", "pořadí"]
    assert drawn[5:10] == ["Anička", "20,00", "7,50", "−32,50", "1"]
    assert drawn[-1] == "Kontrola: Σ peníze 110,00 Kč = vklady + dokup 110,00 Kč ✓"
    drawn.clear()
    render_sheet(view, NAMES, "cs", page=-1)  # a table of its own: no placing points
    assert drawn[:4] == ["Dokup", "Peníze", "Výsledek", "Anička"]
    assert drawn[4:8] == ["20,00", "7,50", "−32,50", "Bohouš"]
    assert drawn[-1] == "Kontrola: Σ peníze 110,00 Kč = vklady + dokup 110,00 Kč ✓"
    drawn.clear()
    render_sheet(example("discard")[0].public_view(), NAMES, "en", page=0)
    assert drawn[0] == "No deal finished yet." and "Placing" not in drawn


def test_the_whole_protocol_is_every_deal_then_the_totals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = finished_view("12")
    deals = _drawn_deals(monkeypatch)
    whole = Image.open(io.BytesIO(render_sheet(view, NAMES, "cs")))
    assert deals == list(range(1, 13))
    parts = pages.parts(view, NAMES, (False,) * 4)
    heights = [_size(render_sheet(view, NAMES, "cs", page=k))[1] for k in range(len(parts))]
    assert whole.height > max(heights) and whole.width == sheet.W
