"""The privacy page and the imprint: their text is the operator's (settings, or templates of their own in
SITE_TEMPLATES_DIR), and every page's footer, the sign-up form and every mail link them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_pages_show_the_operator_in_both_languages(client: Client, settings: Any) -> None:
    settings.LEGAL_OPERATOR_NAME = "Spielbetrieb Muster GmbH"
    settings.LEGAL_OPERATOR_ADDRESS = "Hauptstraße 1\n12345 Musterstadt"
    imprint = client.get("/imprint/").content.decode()
    assert "Spielbetrieb Muster GmbH" in imprint and "12345 Musterstadt" in imprint
    privacy = client.get("/privacy/").content.decode()
    assert "Spielbetrieb Muster GmbH" in privacy and "What we keep" in privacy
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get("/privacy/").content.decode()
    assert "Datenschutz" in german and "Was wir speichern" in german


def test_an_operator_template_replaces_the_page(settings: Any, tmp_path: Path, client: Client) -> None:
    (tmp_path / "legal").mkdir()
    (tmp_path / "legal" / "imprint.html").write_text('{% extends "base.html" %}{% block content %}Our own imprint{% endblock %}')
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}]
    assert "Our own imprint" in client.get("/imprint/").content.decode()


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/accounts/register/", "/privacy/", "/imprint/"])
def test_every_page_links_privacy_and_imprint(client: Client, path: str) -> None:
    page = client.get(path).content.decode()
    assert 'href="/privacy/"' in page and 'href="/imprint/"' in page


def test_the_sign_up_form_links_the_privacy_page(client: Client) -> None:
    form = client.get("/accounts/register/").content.decode()
    assert "privacy page</a>" in form


def test_every_mail_links_privacy_and_imprint(make_user: Any) -> None:
    from django.core import mail

    from accounts import services

    user = make_user()
    services.resend_verification(user)
    message = mail.outbox[-1]
    html = message.alternatives[0][0]  # type: ignore[attr-defined]
    for part in (message.body, html):
        assert "/privacy/" in part and "/imprint/" in part
