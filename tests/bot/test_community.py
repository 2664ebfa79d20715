"""The Discord-free parts of issue 18: who is told of their turn and when, the status text,
the 'my games' list."""

from __future__ import annotations

from bot.presenters.mine import MyGame, my_games_text
from bot.services.notify import Attention


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_only_people_away_are_told_and_once_per_turn() -> None:
    clock = Clock()
    people = Attention(clock)
    people.seen(1, 10)  # 10 is playing; 20 never touched game 1
    assert people.to_tell(1, [10, 20], turn=0, ping_after=600) == [20]
    assert people.to_tell(1, [10, 20], turn=0, ping_after=600) == [], "once per turn"
    clock.now += 599
    assert people.due(lambda _: 600) == []
    clock.now += 1
    assert people.due(lambda _: 600) == [(1, 10, 0)], "watched, then away long enough"
    assert people.due(lambda _: 600) == [], "handed out once"


def test_acting_again_keeps_someone_from_being_told() -> None:
    clock = Clock()
    people = Attention(clock)
    people.seen(3, 10)
    assert people.to_tell(3, [10], turn=5, ping_after=60) == []
    clock.now += 50
    people.seen(3, 10)  # clicked again: the minute starts over
    clock.now += 50
    assert people.due(lambda _: 60) == []
    clock.now += 10
    assert people.due(lambda _: 60) == [(3, 10, 5)]


def test_a_new_turn_may_be_told_and_forget_drops_a_game() -> None:
    people = Attention(Clock())
    assert people.to_tell(2, [10], turn=1, ping_after=0) == [10]
    assert people.to_tell(2, [10], turn=2, ping_after=0) == [10]
    people.seen(2, 10)
    people.forget(2)
    assert people.away(2, 10, 600) and people.watched_games() == set()


def test_only_the_games_this_process_runs_are_handed_out() -> None:
    clock = Clock()
    people = Attention(clock)
    for game in (1, 2):
        people.seen(game, 10)
        assert people.to_tell(game, [10], turn=0, ping_after=60) == []
    clock.now += 60
    assert people.due(lambda _: 60, games={2}) == [(2, 10, 0)]
    assert people.watched_games() == {1}, "game 1 stays watched for the process running it"
    assert people.due(lambda _: 60) == [(1, 10, 0)]


def test_my_games_put_my_turn_first_with_deadlines() -> None:
    text = my_games_text(
        [
            MyGame("Game #1 · 7 Wonders · Age I turn 2", "running", False, "https://x/1"),
            MyGame("Game #2 · 7 Wonders", "lobby", False, "https://x/2"),
            MyGame("Game #3 · 7 Wonders Duel · Age II", "running", True, "https://x/3", 1.5e9),
        ]
    )
    lines = text.splitlines()
    assert lines[0] == (
        "Game #3 · 7 Wonders Duel · Age II — 👉 **your turn** · due <t:1500000000:R> — https://x/3"
    )
    assert lines[1].startswith("Game #1 ") and "waiting" in lines[1]
    assert lines[2].startswith("Game #2 ") and "lobby" in lines[2]
    assert my_games_text([]) == "You are not in any open or running game here."


def test_my_games_fit_one_message() -> None:
    many = [
        MyGame(f"Game #{i} · 7 Wonders", "running", False, "https://x/" + "y" * 80)
        for i in range(60)
    ]
    text = my_games_text(many)
    assert len(text) <= 2000 and text.splitlines()[-1].startswith("… and ")
