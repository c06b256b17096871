"""No threads where there are none (issue 24): in a Python that cannot start a thread (the offline
site's, Pyodide), the Board's search-bot replies and reviews run in slices on the event loop. Here
CPython is made to behave that way (``POLIS_NB_THREADS=0``, and ``threading.Thread.start`` raising
as Pyodide's does) and the test runs the loop itself: the reply is played as with a thread, the view
says "thinking…" and answers clicks between slices, Cancel and undo are honoured, a stale reply is
thrown away, and the review lands in the record (or not at all, when cancelled)."""
from __future__ import annotations

import asyncio
import threading

import pytest

import polis_nb as pn
from polis_nb.analysis import runtime, workers
from polis_nb.analysis.review_job import ReviewJob
from polis_nb.widgets import Board
from polis_nb.widgets import background
from polis_nb.widgets.panels import review as board_module  # the review panel holds REVIEW_BUDGET, ReviewJob
from polis_nb.widgets.opponent import Opponent

from .helpers import send
from .test_bot_reply import finished_game, slow_search

QUICK = (16, 8)  # the search bot's iterations (an action, each step): a reply in well under a second


@pytest.fixture
def no_threads(monkeypatch):
    """This Python as Pyodide's: no thread starts (an attempt is recorded, and raises as there)."""
    tried: list[str] = []

    def start(self):
        tried.append(self.name)
        raise RuntimeError("can't start new thread")

    monkeypatch.setenv(runtime.SWITCH, "0")
    monkeypatch.setattr(threading.Thread, "start", start)
    # no loop runs here until a test runs one (the browser tests' Playwright leaves its own loop registered as
    # running in this thread for the rest of the session, though nothing runs it between their calls)
    foreign = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield tried
    finally:
        asyncio._set_running_loop(foreign)
    assert tried == [], f"a thread was started: {tried}"


def quick_search(side: str = "athens") -> Opponent:
    return Opponent("search", side, iterations=QUICK, seconds=None)


async def until(done, most: int = 200_000) -> int:
    """Let the loop run (one slice of the Board's work per turn) until ``done()``; the turns it took."""
    turns = 0
    while not done():
        await asyncio.sleep(0)
        turns += 1
        assert turns < most, "the background work never finished"
    return turns


def test_the_one_place_says_no_threads_no_workers_and_which_loop(no_threads):
    assert not runtime.threads() and not runtime.subprocesses() and not workers.available()
    assert runtime.event_loop() is None and background.way() is None  # no loop runs: nothing in the background

    async def inside():
        assert runtime.event_loop() is asyncio.get_running_loop()
        return background.way()

    assert asyncio.run(inside()) == "loop"
    g = finished_game(back=30)
    assert ReviewJob(g, 2000)._workers() == 1  # a long review runs here, never on worker processes


def test_threads_are_used_where_they_start(monkeypatch):
    monkeypatch.delenv(runtime.SWITCH, raising=False)
    assert runtime.threads() and background.way() == "thread"
    monkeypatch.setenv(runtime.SWITCH, " 0 ")
    assert not runtime.threads()
    monkeypatch.setenv(runtime.SWITCH, "1")
    assert runtime.threads()


def test_the_search_bot_replies_in_slices_on_the_loop(no_threads):
    expected = Board(pn.Game(seed=3), opponent=quick_search(), threaded=False)  # the reply, played at once

    async def game():
        g = pn.Game(seed=3)  # Sparta decides first: the bot answers as the Board is made
        b = Board(g, opponent=quick_search())
        start = b.node
        assert b.thinking and b.view["thinking"]["text"] == "Sparta is thinking…" and b.node is start
        assert b.view["prompt"] == "Sparta is thinking…" and b.view["buttons"] == []
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert b.thinking  # still thinking after a slice: the loop is free between slices ...
        send(b, kind="choose", action="pass")  # ... and the Board answers a click there
        assert b.view["note"] == "Refused: Sparta is thinking: wait for its answer, or press Cancel"
        slices = await until(lambda: not b.thinking)
        assert slices > 4  # a wave at a time, not one block
        assert b.view["thinking"] is None and b.state.current_player == "athens"
        assert b.view["reply"]["sentences"] == expected.view["reply"]["sentences"]  # the same reply as at once
        assert b.game.to_text() == expected.game.to_text()
        # the user's next decision: the bot answers again, in the background
        send(b, kind="choose", action="pass")
        assert b.thinking
        await until(lambda: not b.thinking)
        assert b.state.current_player == "athens" and b.view["reply"]["side"] == "sparta"
        assert b.view["note"] == "" and b._last_bug is None
        return b

    b = asyncio.run(game())
    assert b._opp_panel.job is None


def test_cancel_between_slices_plays_the_best_choice_found_so_far(no_threads):
    async def game():
        b = Board(pn.Game(seed=3), opponent=slow_search())  # would think for minutes
        assert b._opp_panel.job.runner.way == "loop" and b._opp_panel.job.thread is None
        for _ in range(20):
            await asyncio.sleep(0)
        assert b.thinking
        send(b, kind="cancel")
        assert b.view["thinking"]["cancelling"] and b.view["note"].startswith("Cancelled:")
        await until(lambda: not b.thinking, most=20_000)
        return b

    b = asyncio.run(game())
    assert b.state.current_player == "athens"
    assert b.view["note"] == "You cancelled the search: Sparta played the best choices it had found so far."
    assert b.view["reply"]["cut_short"] and b.view["reply"]["sentences"]
    send(b, kind="cancel")
    assert b.view["note"] == "Refused: nothing to cancel, the bot has already answered."


def test_undo_or_a_new_game_between_slices_throws_the_reply_away(no_threads):
    async def game():
        g = pn.Game(seed=3)
        b = Board(g, opponent=quick_search())
        await until(lambda: not b.thinking)
        mine = b.node
        b.opponent.iterations = (10**5, 10**5)  # from now on the bot would think for minutes
        send(b, kind="choose", action="pass")
        job, decided = b._opp_panel.job, b.node
        assert b.thinking and decided is not mine
        for _ in range(10):
            await asyncio.sleep(0)
        send(b, kind="undo")
        assert not b.thinking and b.node is mine and job.cancel.is_set()
        await until(lambda: job.runner.finished)  # the stale search ends soon (cancelled) ...
        assert decided.variations == [] and b.node is mine  # ... and its reply was played nowhere
        assert b.view["thinking"] is None and b.view["prompt"].startswith("Athens:")
        # a new game while the bot thinks drops the reply too
        send(b, kind="choose", action="pass")
        job = b._opp_panel.job
        await asyncio.sleep(0)
        send(b, kind="rematch")
        assert b.game is not g and b.game.seed == 4
        await until(lambda: job.runner.finished)
        assert b._opp_panel.job is not job and b.thinking  # the new game's opening reply (Sparta starts seed 4 too)
        send(b, kind="cancel")
        await until(lambda: not b.thinking)
        assert b.state.current_player == "athens" and b.game.root.state.seed == 4
        assert all(not n.variations for n in mine.variations)  # "pass" is in the old record, no reply after it

    asyncio.run(game())


def test_wait_does_the_work_left_at_once(no_threads):
    async def game():
        b = Board(pn.Game(seed=3), opponent=quick_search())
        assert b.thinking
        assert b.wait()  # on the loop nothing else can finish it: wait runs the slices left
        assert not b.thinking and b.state.current_player == "athens"
        await asyncio.sleep(0)  # the task wakes, sees the work done, and ends without playing again
        return b

    b = asyncio.run(game())
    assert len(b.view["reply"]["sentences"]) >= 2


def test_without_a_loop_the_reply_comes_at_once(no_threads):
    b = Board(pn.Game(seed=3), opponent=quick_search())  # no thread, no loop: as threaded=False
    assert not b.thinking and b.state.current_player == "athens" and b.view["reply"]["side"] == "sparta"


def test_the_review_runs_in_slices_and_lands_in_the_record(no_threads, monkeypatch):
    monkeypatch.setattr(board_module, "REVIEW_BUDGET", 4)
    g = finished_game(back=30)
    expected = ReviewJob(finished_game(back=30), 4, seed=board_module.REVIEW_SEED).run(progress=False)
    total = len(expected.decisions)

    async def review():
        b = Board(g)
        seen: list[dict] = []
        b.observe(lambda change: seen.append(dict(change["new"])), names="review_progress")
        send(b, kind="review")
        assert b.view["game_over"]["reviewing"]["total"] == total and g.review_result() is None
        slices = await until(lambda: b._review_panel.reviewing is None)
        return b, seen, slices

    b, seen, slices = asyncio.run(review())
    bars = seen[:-1]
    assert bars[0] == {"done": 0, "total": total} and len(bars) > 2 and slices >= len(bars)
    assert [p["done"] for p in bars] == sorted({p["done"] for p in bars})  # counts up, each count once
    assert seen[-1] == {} and b.review_progress == {}
    assert g.review_result() == expected  # the same review as in one go
    assert b.view["review"] is not None and len(b.view["review"]["nodes"]) == total
    assert b.view["note"].startswith("The review is done")


def test_cancel_between_slices_leaves_the_record_as_it_was(no_threads, monkeypatch):
    monkeypatch.setattr(board_module, "REVIEW_BUDGET", 4)
    g = finished_game(back=30)
    before = g.to_text()

    async def review():
        b = Board(g)
        send(b, kind="review")
        job = b._review_panel.reviewing
        await until(lambda: job.review.done > 0)  # part of the way
        assert not job.review.finished
        send(b, kind="review-cancel")
        assert b.view["note"] == "Cancelled the review: the record is as it was."
        await until(lambda: job.runner.finished, most=100)  # it stops at its next slice
        assert job.review.cancelled and not job.review.finished
        assert g.to_text() == before and all(n.evaluation is None for n in g.root.walk())
        o = b.view["game_over"]
        assert o["reviewing"] is None and o["can_review"] and b.view["review"] is None and b.review_progress == {}
        send(b, kind="review")  # and it can start again
        await until(lambda: b._review_panel.reviewing is None)
        return b

    b = asyncio.run(review())
    assert g.review_result() is not None and b.view["review"] is not None
