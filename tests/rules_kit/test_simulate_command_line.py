"""The simulators' command line (`python -m citadels.simulate --bots best,heuristic`): the last bot named
fills the seats left, and a name that is no bot, or more names than seats, is refused."""

from __future__ import annotations

import pytest

from citadels import simulate


def test_the_last_bot_named_fills_the_seats_left(capsys: pytest.CaptureFixture[str]) -> None:
    simulate.main(["--games", "2", "--players", "4", "--bots", "best,heuristic", "--rotate"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[1:]] == [
        "bot 0 (best)", "bot 1 (heuristic)", "bot 2 (heuristic)", "bot 3 (heuristic)",
    ]


@pytest.mark.parametrize("bots", ["best,nobody", "best,heuristic,heuristic,heuristic,heuristic"])
def test_unknown_bots_or_too_many_are_refused(bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        simulate.main(["--games", "1", "--players", "4", "--bots", bots])
    assert refused.value.code == 2
    assert "--bots needs at most 4 names" in capsys.readouterr().err
