"""The Board's review in the background (issue 23): the end-of-game panel shows how many decisions are
judged (x of N) while the review runs, the record gets the review only at its end, and Cancel stops
it, leaving the record as it was."""
from __future__ import annotations

import threading

from polis_nb.analysis.review_job import ReviewJob
from polis_nb.widgets import Board
from polis_nb.widgets.panels import review as board_module  # the review panel holds REVIEW_BUDGET, ReviewJob

from .helpers import send
from .test_bot_reply import finished_game


def test_the_board_reviews_in_the_background_and_shows_how_far_it_is(monkeypatch):
    monkeypatch.setattr(board_module, "REVIEW_BUDGET", 4)
    g = finished_game(back=30)
    total = ReviewJob(g, 4).total
    b = Board(g, threaded=True)
    seen: list[dict] = []
    b.observe(lambda change: seen.append(dict(change["new"])), names="review_progress")
    send(b, kind="review")
    shown = b.view["game_over"]["reviewing"]
    assert shown["total"] == total and shown["text"] == f"Reviewing the game: {shown['done']} of {total} decisions…"
    assert not b.view["game_over"]["can_review"] or b.view["review"] is None
    assert b.wait(600)
    bars = seen[:-1]
    assert bars[0] == {"done": 0, "total": total} and all(p["total"] == total for p in bars)
    assert [p["done"] for p in bars] == sorted({p["done"] for p in bars})  # counts up, each count once
    assert seen[-1] == {} and b.review_progress == {}
    assert b.view["game_over"]["reviewing"] is None and b.view["review"] is not None
    assert len(b.view["review"]["nodes"]) == total and g.review_result() is not None
    assert b.view["note"].startswith("The review is done")


class Held(ReviewJob):
    """A review that waits for ``go`` before its first chunk (so a test can cancel it in time)."""

    go = threading.Event()

    def step(self) -> bool:
        self.go.wait(60)
        return super().step()


def test_cancel_stops_the_review_and_leaves_the_record_as_it_was(monkeypatch):
    monkeypatch.setattr(board_module, "REVIEW_BUDGET", 4)
    monkeypatch.setattr(board_module, "ReviewJob", Held)
    Held.go.clear()
    g = finished_game(back=30)
    before = g.to_text()
    b = Board(g, threaded=True)
    send(b, kind="review")
    assert b.view["game_over"]["reviewing"] is not None
    send(b, kind="review-cancel")
    assert b.view["note"] == "Cancelled the review: the record is as it was."
    Held.go.set()
    assert b.wait(600)
    assert g.to_text() == before and all(n.evaluation is None for n in g.root.walk())
    o = b.view["game_over"]
    assert o["reviewing"] is None and o["can_review"] and b.view["review"] is None and b.review_progress == {}
    send(b, kind="review-cancel")
    assert b.view["note"].startswith("Refused: no review is running")
    send(b, kind="review")  # and it can start again
    assert b.wait(600) and g.review_result() is not None
