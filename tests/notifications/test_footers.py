"""A batch renders the foot of its game mails once per language and reply help: each mail still carries its
own reader's unsubscribe link, and the foot says what the template says."""

from __future__ import annotations

from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from notifications.models import Outbox
from notifications.rendering import footer_links, render_many

from .helpers import started_game

pytestmark = pytest.mark.django_db


def test_each_mail_of_a_batch_has_its_own_unsubscribe_link_and_the_templates_foot(verified_user: Any) -> None:
    game = started_game([verified_user("anna", language="de"), verified_user("ben", language="de"),
                         verified_user("carl", language="en"), verified_user("dora", language="en")])
    rows = list(Outbox.objects.filter(game=game).order_by("id"))
    assert len({row.language for row in rows}) == 2
    for index, row in enumerate(rows):  # links that differ, with characters the HTML must escape
        row.unsubscribe_url = f"https://example.org/unsubscribe/{index}?a=1&b=<{row.pk}>"
        row.reply_to = f"reply+{row.pk}@example.org" if index % 2 else ""
    for row, mail in zip(rows, render_many(rows), strict=True):
        context = {**footer_links(), "reply_help": bool(row.reply_to), "unsubscribe_url": row.unsubscribe_url}
        with translation.override(row.language):
            text_foot = render_to_string("notifications/email/footer.txt", context)
            html_foot = render_to_string("notifications/email/footer.html", context)
        assert mail.text.endswith("--\n" + text_foot + "\n") and mail.html.endswith(html_foot + "</body>\n</html>\n")
        assert f"https://example.org/unsubscribe/{rows.index(row)}?a=1&amp;b=&lt;{row.pk}&gt;" in mail.html
        assert f"https://example.org/unsubscribe/{rows.index(row)}?a=1&b=<{row.pk}>" in mail.text
        assert ("To answer by email" in mail.text or "Per E-Mail antworten" in mail.text) == bool(row.reply_to)
