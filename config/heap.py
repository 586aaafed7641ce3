"""The web process's heap after start-up: what the loaded application keeps for its whole life (modules,
settings, URL patterns, the rules' tables) moved out of the garbage collector's sight.

Why: a full collection walks every tracked object, and a loaded Django application has several hundred
thousand that never become garbage; each request's allocations set the collector going often enough that
walking them again and again was about a tenth of the instructions of a GET + POST of the command path
(callgrind, benchmarks/profile_command.py's loop, 100 pairs). Frozen objects are still freed by reference
counting; only cycles among them are never collected, and start-up makes none worth collecting.
"""

from __future__ import annotations

import gc


def freeze_loaded_application() -> None:
    """Collect what start-up left as garbage, then freeze everything alive (`gc.freeze`): the collector
    walks only objects made after this call. Called once by the WSGI and ASGI entry points."""
    gc.collect()
    gc.freeze()
