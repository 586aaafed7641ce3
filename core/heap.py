"""The web process's heap after start-up: what the loaded application keeps for its whole life (modules,
settings, models, the URL patterns and the views they import, the rules' tables) moved out of the garbage
collector's sight.

Why: a full collection walks every tracked object, and a loaded Django application has over a hundred
thousand (124,000 here) that never become garbage; each request's allocations set the collector going often
enough that walking them again and again was a tenth of the instructions of a GET + POST in the in-process
loop of benchmarks/profile_command.py (callgrind, 100 pairs: 24.2 against 21.8 million), less in a
gunicorn worker, whose first requests add some long-lived objects of their own that stay in the walk.
Frozen objects are still freed by reference counting; only cycles among them are never collected, and
start-up makes none worth collecting.
"""

from __future__ import annotations

import gc

from django.urls import get_resolver


def freeze_loaded_application() -> None:
    """Load the URL patterns (and with them the views' modules, which the first request would import), collect
    what start-up left as garbage, then freeze everything alive (`gc.freeze`): the collector walks only
    objects made after this call. Called once by the WSGI and ASGI entry points, after Django's set-up."""
    get_resolver().url_patterns  # noqa: B018 (loaded for its side effect)
    gc.collect()
    gc.freeze()
