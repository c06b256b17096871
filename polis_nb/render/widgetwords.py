"""The words of the widgets' own controls (buttons, their tips, headings), built here so that the browser
half keeps no words of its own (issue 26 puts them in other languages here). Each widget sends them once,
in its ``words`` trait; the JS factories read them from there. The words of the game itself (prompts,
choices, the log) come with the view model, from the rules."""
from __future__ import annotations

from typing import Any

from ..record import COLOURS, GLYPHS
from .recordview import STEPS

#: what each glyph says of a decision (its tooltip and aria-label)
GLYPH_WORDS = {"!": "good move", "?": "mistake", "!!": "brilliant move", "??": "blunder",
               "!?": "interesting move", "?!": "dubious move"}
_MODES = {"view": ("View", "Step through the record"),
          "play": ("Play", "Play from here: a new decision starts a variation"),
          "draw": ("Draw marks", "Click two places for an arrow, one place to highlight it"),
          "lesson": ("Lesson", "Guess the move: find each decision the author marked as a question")}
_STEP_BY = {"turn": ("Turns", "← → step a whole turn (with all its decisions); Shift + ← → one decision"),
            "decision": ("Decisions", "← → step one decision; every decision is listed")}
_DIRS = (("start", "«", "First position (Home)"), ("back", "◀", "Back (←; Shift + ← one decision)"),
         ("forward", "▶", "Forward (→; Shift + → one decision)"), ("end", "»", "Last position (End)"),
         ("up", "↑", "Previous variation (↑)"), ("down", "↓", "Next variation (↓)"))


def viewer_words(modes: tuple[str, ...]) -> dict[str, Any]:
    """The Viewer's controls in words: the ``words`` trait its navigate, annotate and lesson panels read."""
    return {
        "label": "Polis game viewer: the arrow keys step a turn (Shift: one decision), up and down switch variations",
        "navigate": {
            "toolbar": "Navigate the record",
            "dirs": [{"dir": d, "label": label, "aria": aria} for d, label, aria in _DIRS],
            "step_by_title": "Step by",
            "step_by": [{"by": by, "label": _STEP_BY[by][0], "tip": _STEP_BY[by][1]} for by in STEPS],
            "modes_title": "Mode",
            "modes": [{"mode": m, "label": _MODES[m][0], "tip": _MODES[m][1]} for m in modes],
            "decision": "Decision {num}",
            "end_of_line": " · end of the line",
            "start": "Start of the game",
            "step_here": "This step",
            "decision_here": "This decision",
            "turn_here": "This turn",
            "start_title": "The start of the game",
            "game_starts": "The game starts",
            "decisions": "{count} decisions",
            "decision_of": "decision {index} of {count}",
            "game_over": "Game over: ",
            "mark": "Mark: ",
            "quiz": "A question of the lesson",
            "quiz_hint": " · hint: ",
            "turn_title": "This turn, decision by decision",
            "steps_title": "Step by step",
            "tree_title": "The record (click a row to go there)",
            "tree": "Turns, decisions and variations",
            "row_quiz": "question",
            "row_quiz_tip": "a question of the lesson",
            "row_comment": "comment",
            "row_comment_aria": "has a comment",
            "cut": "… the record goes on (shown up to here)",
            "lesson_more": "… the rest appears as the lesson goes on",
        },
        "annotate": {
            "section": "Annotate this decision",
            "glyphs_title": "Glyphs",
            "glyphs": [{"glyph": g, "words": GLYPH_WORDS[g], "aria": f"glyph {g} ({GLYPH_WORDS[g]})"} for g in GLYPHS],
            "comment_label": "Your comment on this decision",
            "comment_placeholder": "Write what you think of this move; Save keeps it in the record",
            "save": "Save comment",
            "clear": "Clear marks",
            "colours_title": "Colour of the marks",
            "colours": [{"colour": c, "label": c, "tip": f"Draw in {c}"} for c in COLOURS],
            "draw_prompt": ("Draw marks: pick a colour, then click two places for an arrow, the same place twice to "
                            "highlight it"),
        },
        "lesson": {
            "section": "Lesson",
            "hint": "Hint: ",
            "comment": "The author's note: ",
            "choices": "Choices at that place",
            "answer": "Show the answer",
            "found": "Found {found} of {count}",
            "shown": ", {shown} shown",
        },
        "key": "Key to the symbols",
        "choices": "Choices",
    }


def combat_words() -> dict[str, Any]:
    """Combat's controls in words: the ``words`` trait its battle, hand, replay and odds panels read.
    ``{name}``-style fields are filled in by the browser with the view's numbers."""
    return {
        "label": "Polis combat: {title}",
        "untitled": "battle",
        "modes": {"hotseat": "hot seat", "bot": "against a bot", "replay": "replay"},
        "exchanges": " · {n} exchange",
        "exchanges_many": " · {n} exchanges",
        "hand": {
            "sides": {"athens": "Athens", "sparta": "Sparta"},
            "hands": {"athens": "Athens' hand", "sparta": "Sparta's hand"},
            "roles": {"attacker": "Attacker", "defender": "Defender"},
            "bot": "bot: {bot}",
            "units": "Units {units}",
            "units_aria": "{name}: {units} units",
            "prestige": "Prestige {prestige}",
            "prestige_aria": "{name}: {prestige} prestige",
            "card_aria": "{formation} {manoeuvre}, value {value}",
            "pick": ": pick",
            "over": "The battle is over",
            "hidden": "{n} card (hidden)",
            "hidden_many": "{n} cards (hidden)",
            "gate_aria": " (the other side looks away)",
            "hide": "Hide my hand",
            "hide_aria": "Hide my hand before passing the screen",
        },
        "battle": {
            "pile": "Draw pile",
            "pile_count": "Draw pile: {n} card",
            "pile_count_many": "Draw pile: {n} cards",
            "table": "Cards on the table",
            "attacks_with": "{side} attacks with ",
            "pick": "Your two cards",
            "clear": "Clear",
            "clear_aria": "Clear the picked cards",
            "choices": "Battle choices",
            "fight": "Fight on",
            "confirm": "Confirm",
            "against": "Against {card}: ",
            "first": "First card: ",
            "second": "Second card: ",
            "pick_answers": "Pick an answer to each attacking card, in order.",
            "pick_two": "Pick two cards.",
            "not_allowed": "Not allowed: ",
            "unavailable": " (unavailable: {why})",
            "retreat_unavailable": "Retreat (unavailable: {why})",
            "reveal": "The last exchange",
            "reveal_title": "Exchange {exchange}: {attacker} attacks, {defender} answers",
            "vs": "vs",
            "loses": "{side} loses {n} unit",
            "loses_many": "{side} loses {n} units",
            "prestige": "{side} {n} prestige",
            "nothing": "No losses, no prestige",
            "redraw": "Redraw: ",
            "end": "End of the battle",
            "end_title": "The battle is over: ",
            "end_side": "{side}: lost {lost} unit, {left} left, prestige {prestige}",
            "end_side_many": "{side}: lost {lost} units, {left} left, prestige {prestige}",
            "log": "Battle log",
        },
        "replay": {
            "toolbar": "Step through the recorded battle",
            "dirs": [{"dir": "start", "label": "«", "aria": "First step of the battle"},
                     {"dir": "back", "label": "◀", "aria": "Back one step"},
                     {"dir": "forward", "label": "▶", "aria": "Forward one step"},
                     {"dir": "end", "label": "»", "aria": "Last step of the battle"}],
            "position": "Step {position} of {count}: {step}",
        },
        "odds": {
            "section": "Battle odds",
            "title": "Odds from here",
            "computing": "Computing…",
            "unavailable": "Odds unavailable",
            "knowing": "knowing {known}",
            "policies": "policies: {policies}",
            "exact": "exact",
            "sampled": "Monte Carlo, {samples} battles",
        },
    }
