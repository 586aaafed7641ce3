"""The privacy page and the imprint: texts the operator sets. Each is a template (`legal/privacy.html`,
`legal/imprint.html`); an operator puts their own in SITE_TEMPLATES_DIR (searched before the project's
templates) and the footer of every page and every mail links them. The project's own say what the service
keeps and fill in the operator's name and address from the settings (LEGAL_OPERATOR_*)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def _context() -> dict[str, object]:
    return {
        "operator_name": settings.LEGAL_OPERATOR_NAME,
        "operator_address": settings.LEGAL_OPERATOR_ADDRESS,
        "operator_email": settings.LEGAL_OPERATOR_EMAIL,
        "unverified_days": settings.ACCOUNTS_UNVERIFIED_DAYS,
        "export_days": max(1, settings.ACCOUNTS_EXPORT_LINK_MAX_AGE // 86400),
    }


def privacy(request: HttpRequest) -> HttpResponse:
    """The privacy page."""
    return render(request, "legal/privacy.html", _context())


def imprint(request: HttpRequest) -> HttpResponse:
    """The imprint (the operator's name and address)."""
    return render(request, "legal/imprint.html", _context())
