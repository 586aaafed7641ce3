"""The engines' refusals in the reader's language: every code has its sentence, and the API, the pages and
the answer emails tell it (the code stays the engine's)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from games.registry import kind_names, kinds
from tests.games.helpers import seat_users, started_game

ENGINE_WORDS = "the engine's own words"


def _calls(tree: ast.AST) -> list[tuple[ast.Call, ast.FunctionDef | None]]:
    """Every `IllegalCommand(...)` call with the function it is in."""
    found = []
    for function in [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)] + [None]:
        scope = function if function is not None else tree
        for node in ast.walk(scope):
            name = getattr(getattr(node, "func", None), "id", None) or getattr(getattr(node, "func", None), "attr", None)
            if isinstance(node, ast.Call) and name == "IllegalCommand" and node.args:
                found.append((node, function))
    return found


def _returned_codes(trees: list[ast.AST], function_name: str) -> set[str]:
    """The text constants a function of the package returns (a function that tells which code applies)."""
    codes: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == function_name:
                codes |= {r.value.value for r in ast.walk(node) if isinstance(r, ast.Return)
                          and isinstance(r.value, ast.Constant) and isinstance(r.value.value, str)}
    return codes


def rules_package(kind: str) -> str:
    """The package of the kind's rules (the one its `GameRules` class is defined in)."""
    return type(kinds[kind].rules).__module__.partition(".")[0]


def refusal_codes(package: str) -> set[str]:
    """Every code the rules package can refuse with, read from its source: the literal first arguments of
    `IllegalCommand`, and for a code held in a variable, the codes the function it came from returns."""
    root = Path(importlib.import_module(package).__file__ or "").parent
    trees: list[ast.AST] = [ast.parse(p.read_text()) for p in root.rglob("*.py") if "site" not in p.relative_to(root).parts]
    codes: set[str] = set()
    unknown = []
    for tree in trees:
        for call, function in _calls(tree):
            code = call.args[0]
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                codes.add(code.value)
                continue
            sources = [a.value.func.id for a in ast.walk(function or tree) if isinstance(a, ast.Assign)
                       and isinstance(code, ast.Name) and any(getattr(t, "id", None) == code.id for t in a.targets)
                       and isinstance(a.value, ast.Call) and isinstance(a.value.func, ast.Name)]
            returned = set().union(*(_returned_codes(trees, s) for s in sources)) if sources else set()
            if not returned:
                unknown.append(ast.unparse(call))
            codes |= returned
    assert not unknown, f"{package}: refusal codes this test cannot read: {unknown}"
    return codes


@pytest.mark.parametrize("kind", sorted(kind_names()))
def test_every_refusal_code_the_rules_can_raise_has_a_german_sentence(kind: str) -> None:
    codes = refusal_codes(rules_package(kind))
    # The reading finds the codes of literals and of a code chosen by a function (Dominion's buy).
    assert {"not_your_turn", "malformed", "bad_options"} <= codes
    assert kind != "dominion" or {"too_expensive", "pile_empty", "no_buys", "not_in_supply"} <= codes
    site = kinds[kind].site_module
    for code in sorted(codes):
        with translation.override("de"):
            german = site.describe_refusal(code, ENGINE_WORDS)
        with translation.override("en"):
            english = site.describe_refusal(code, ENGINE_WORDS)
        assert german != ENGINE_WORDS and german != english and "{" not in german, (kind, code, german)
        assert english != ENGINE_WORDS and "{" not in english, (kind, code, english)


def refusal_reasons(package: str) -> dict[tuple[str, str], set[str]]:
    """Every (code, reason) the rules package refuses with, and the names of the params it gives: the
    `IllegalCommand(code, message, reason, {params})` calls and the options' `_bad(reason, message, **params)`."""
    root = Path(importlib.import_module(package).__file__ or "").parent
    found: dict[tuple[str, str], set[str]] = {}
    for path in root.rglob("*.py"):
        if "site" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            name = getattr(getattr(node, "func", None), "id", None)
            if not isinstance(node, ast.Call) or name not in ("IllegalCommand", "_bad"):
                continue
            if name == "_bad" and isinstance(node.args[0], ast.Constant):
                found[("bad_options", node.args[0].value)] = {k.arg for k in node.keywords if k.arg}
            elif name == "IllegalCommand" and len(node.args) >= 3 and isinstance(node.args[2], ast.Name):
                assert ast.unparse(node) == "IllegalCommand('bad_options', message, reason, params)"  # `_bad`
            elif name == "IllegalCommand" and len(node.args) >= 3:
                params = node.args[3] if len(node.args) > 3 else None
                keys = {k.value for k in params.keys if isinstance(k, ast.Constant)} if isinstance(params, ast.Dict) else set()
                found[(node.args[0].value, node.args[2].value)] = keys  # type: ignore[attr-defined]
            elif name == "IllegalCommand":
                # A refusal whose message names a detail must name it as data too, for the site's words.
                assert getattr(node.args[0], "value", None) not in ("bad_options", "malformed"), ast.unparse(node)
    return found


@pytest.mark.parametrize("kind", sorted(kind_names()))
def test_every_reason_the_rules_give_is_told_whole_with_its_params(kind: str) -> None:
    # the game's own, and every game's command reading (`rules_kit.commands.normalize_command`), which
    # refuses a command before the game's `decide` sees it
    reasons = {**refusal_reasons("rules_kit"), **refusal_reasons(rules_package(kind))}
    assert ("bad_options", "unknown_options") in reasons and ("malformed", "not_an_object") in reasons
    site = kinds[kind].site_module
    for (code, reason), keys in sorted(reasons.items()):
        params = {key: f"P{index}" for index, key in enumerate(sorted(keys))}
        with translation.override("de"):
            german = site.describe_refusal(code, ENGINE_WORDS, reason, params)
            plain = site.describe_refusal(code, ENGINE_WORDS)
        with translation.override("en"):
            english = site.describe_refusal(code, ENGINE_WORDS, reason, params)
        # The reason's own sentence (not the code's alone), in German, every parameter told, none left open.
        assert german.startswith(plain[:-1] + ": ") and german != english, (kind, code, reason, german)
        assert ENGINE_WORDS not in german and "{" not in german and "{" not in english, (kind, reason, german)
        assert all(value in german and value in english for value in params.values()), (kind, reason, german)


def test_a_reason_is_told_with_lists_as_rows_and_a_missing_param_falls_back_to_the_code() -> None:
    site = kinds["citadels"].site_module
    with translation.override("de"):
        assert site.describe_refusal("bad_options", ENGINE_WORDS, "unknown_ids", {"option": "deck", "names": ["a", "b"]}) == (
            "Mit diesen Optionen lässt sich keine Partie spielen: deck nennt unbekannte IDs: a, b.")
        assert site.describe_refusal("bad_options", ENGINE_WORDS, "unknown_ids", {}) == (
            "Mit diesen Optionen lässt sich keine Partie spielen.")


def test_an_unknown_code_keeps_the_engines_message() -> None:
    for kind in kinds:
        with translation.override("de"):
            assert kind.site_module.describe_refusal("no_such_code_anywhere", ENGINE_WORDS) == ENGINE_WORDS


@pytest.mark.django_db
def test_the_api_tells_a_refusal_in_the_players_language_and_keeps_the_code(make_user: Any, client: Any,
                                                                            api_client: Any) -> None:
    users = [make_user("anna"), make_user("ben"), make_user("cleo")]
    game = started_game(users)
    seat = game.awaiting[0]
    player = seat_users(game)[seat]
    url = f"/api/games/{game.pk}/commands"
    body = {"command": {"type": "take_gold"}, "expected_version": game.version}  # the draft is on

    player.language = "de"
    player.save()
    client.force_login(player)  # the table page's way: the session, the player's language
    german = client.post(url, body, content_type="application/json").json()
    assert german == {"code": "not_now", "message": "Das geht gerade nicht."}
    token = api_client(player)  # a script's way: the token, the request's Accept-Language
    assert token.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="de").json()["message"] == "Das geht gerade nicht."
    english = token.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert english == {"code": "not_now", "message": "That is not possible now."}
    # A refusal of the service itself (not the engine's) keeps its own words.
    other = next(u for s, u in seat_users(game).items() if s != seat)
    client.force_login(other)
    answer = client.post(url, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert answer["code"] == "not_your_turn" and "Das geht" not in answer["message"]


@pytest.mark.django_db
def test_a_refusal_chosen_by_the_rules_function_is_worded_too(make_user: Any, api_client: Any) -> None:
    from tests.dominion.site.conftest import stacked_game

    users = [make_user("dora", language="de"), make_user("emil")]
    game, seats = stacked_game(users)
    seat = game.awaiting[0]
    answer = api_client(seats[seat]).post(
        f"/api/games/{game.pk}/commands", {"command": {"type": "buy", "card": "province"}}, format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert answer.status_code == 400
    # The numbers that say why (issue 20): what the player has and what the card costs, for a reply by email too.
    assert answer.json() == {
        "code": "too_expensive",
        "message": "Diese Karte kannst du dir nicht leisten: du hast 0 Geld und Provinz kostet 8.",
        "reason": "costs_more", "params": {"pile": "province", "coins": 0, "cost": 8},
    }


@pytest.mark.django_db
def test_the_new_game_form_tells_the_engines_refusal_whole_in_german(make_user: Any, client: Any) -> None:
    from games.models import Game
    from tests.games.test_site_pages import _form

    client.force_login(make_user("fritz", language="de"))
    answer = client.post("/games/new/", _form(players="2", citadels__character_9="artist"))
    assert answer.status_code == 400
    page = answer.content.decode()
    assert ("Mit diesen Optionen lässt sich keine Partie spielen: 2 Spieler spielen mit 8 Charakteren "
            "(Ränge 1 bis 8).") in page
    assert "players play" not in page and "8 characters" not in page
    assert not Game.objects.exists()
    client.force_login(make_user("fred", language="en"))
    page = client.post("/games/new/", _form(players="2", citadels__character_9="artist")).content.decode()
    assert "These options make no game: 2 players play with 8 characters (ranks 1 to 8)." in page


@pytest.mark.django_db
def test_a_refused_start_is_a_page_in_the_players_language(make_user: Any, client: Any) -> None:
    from games import services
    from games.models import Game
    from tests.games.test_site_pages import RANKS

    host = make_user("gerd", language="de")
    # Nine characters for eight seats; with three players seated the start is refused before the rules see it.
    game = services.create_game(host, "citadels", 8, options={"characters": [*RANKS, "artist"]})
    services.join_game(make_user(), game.pk)
    services.join_game(make_user(), game.pk)
    client.force_login(host)
    answer = client.post(f"/games/{game.pk}/start")
    assert answer.status_code == 409
    # Nine characters need four players (without the online rules): the start says so, in German.
    assert "Zum Beginnen braucht es mindestens 4 Spieler." in answer.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
