"""The review's CPU part in a render worker process (``Renderer.call``): the job and its result
pickle, and the worker judges exactly as the thread path does."""

from __future__ import annotations

import pytest

from bot.rendering import Renderer
from bot.services.review_work import ReviewJob, review_part
from tests.bench.bench_review import played_record

pytestmark = pytest.mark.asyncio


async def test_a_worker_reviews_like_a_thread() -> None:
    record = played_record("duel", {}, 3)
    job = ReviewJob(record, 1, record.version)
    renderer = Renderer(1)
    try:
        in_worker = await renderer.call(review_part, job, 0, 40, 20.0)
    finally:
        renderer.close()
    here = review_part(job, 0, 40, 20.0)
    assert in_worker.total == here.total >= 20
    assert in_worker.judged == here.judged and not in_worker.stopped
    # The Hard AI judging its own game finds nothing better: the same values it played by.
    assert all(j.loss == 0 and not j.best and not j.why for j in here.judged)


async def test_the_cpu_budget_stops_a_review_between_decisions() -> None:
    record = played_record("classic", {"players": 4}, 2)
    part = review_part(ReviewJob(record, 0, record.version), 0, 40, 0.0)
    assert part.stopped and not part.judged and part.total >= 18


@pytest.mark.parametrize(
    "config",
    [
        {"players": 7},
        {"players": 5, "expansions": ["leaders", "cities"]},
        {"players": 3, "wonders": "choose"},
    ],
)
async def test_the_hard_ai_finds_nothing_better_in_its_own_games(config: dict[str, object]) -> None:
    record = played_record("classic", config, 8)
    part = review_part(ReviewJob(record, 2, record.version), 0, 99, 20.0)
    assert part.total >= 18 and len(part.judged) == part.total
    assert all(j.loss == 0 and not j.best for j in part.judged)
