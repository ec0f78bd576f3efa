"""The game's final post offers the score sheet's pages (reviews 62 and 64: it attached the
overview alone, with only "Play again" under it): a page's button there answers the clicker
alone with that page and the pages' buttons — the public post stays as it was."""

from __future__ import annotations

from typing import Any

import pytest

from tests.botkit import button_labels, channel_delivered, enabled_controls, open_table, reply
from tests.test_bot_again import _finish


def _final_post(ch: Any, tid: int) -> Any:
    return next(m for m in ch.history() if m.components and any(
        c["custom_id"] == f"lora:t:{tid}:again" for c in enabled_controls(m)))


@pytest.mark.parametrize(("game", "lang", "pages", "again"), [
    ("lora", "cs", ["1. tálie", "2. tálie", "3. tálie", "4. tálie", "Celkem"], "Hrát znovu"),
    ("lora", "en", ["1st round of eight", "2nd round of eight", "3rd round of eight",
                    "4th round of eight", "Total"], "Play again"),
    ("taroky", "cs", ["1. rozdání", "Součet"], "Hrát znovu"),
    ("taroky", "en", ["Deal 1", "Total"], "Play again")])
async def test_the_final_post_s_page_buttons_answer_the_clicker_alone(
        harness: Any, game: str, lang: str, pages: list[str], again: str) -> None:
    """The post says where the pages are, its buttons show them; it is not edited."""
    options: dict[str, Any] = {"round_deals": 1} if game == "taroky" else {}
    _guild, ch, (alice,), tid = await open_table(harness, ["alice"], ("easy",) * 3, game=game,
                                                 language=lang, **options)
    await _finish(harness, tid)
    final = _final_post(ch, tid)
    assert button_labels(final) == [(label, False) for label in [*pages, again]]
    # (after the order and why the game is not rated: one human)
    field = final.embeds[0].fields[2]
    assert (field.name, field.value) == {
        "cs": ("Protokol", f"Obrázek je souhrn. Stránky protokolu (**{pages[0]}** … "
                           f"**{pages[-1]}**) ukážou tlačítka pod zprávou – jen tobě."),
        "en": ("Score sheet", f"The picture is the summary. The buttons below show the score "
                              f"sheet's pages (**{pages[0]}** … **{pages[-1]}**) – to you "
                              "alone.")}[lang]
    before = (final.content, [e.to_dict() for e in final.embeds],
              [a.filename for a in final.attachments], button_labels(final))
    overview = await final.attachments[0].read()

    res = await alice.click(final, label=pages[0])  # (a Taroky page by its deals: "d1")
    answer = reply(res)
    assert res.ephemeral
    assert button_labels(answer) == [(label, i == 0) for i, label in enumerate(pages)]
    [picture] = answer.attachments
    first = await picture.read()
    assert first != overview
    await channel_delivered(harness, ch.id)
    final = next(m for m in ch.history() if m.id == final.id)
    assert (final.content, [e.to_dict() for e in final.embeds],
            [a.filename for a in final.attachments], button_labels(final)) == before
    assert final.edited_at is None

    # the answer's own buttons go on editing the answer
    last = len(pages) - 1
    res = await alice.click(answer, label=pages[last])
    edited = reply(res)
    assert edited.id == answer.id
    assert button_labels(edited) == [(label, i == last) for i, label in enumerate(pages)]
    assert await edited.attachments[0].read() == overview
