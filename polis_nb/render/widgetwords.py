"""The words of the widgets' own controls (buttons, their tips, headings), built here so that the browser
half keeps no words of its own. Each is a message (:mod:`polis_nb.i18n`) said in the current language when
the widget is made: each widget sends them once, in its ``words`` trait (the engine and review panels, which
the Board shares, in their slice of the view); the JS factories read them from there. A ``{name}`` field is
filled in by the browser (:func:`.say.field`); a word that follows a number the browser knows comes with its
plural forms (:func:`.say.counted`). The words of the game itself (prompts, choices, the log) come with the
view model, from the rules."""
from __future__ import annotations

from typing import Any

from ..i18n import message, plural
from ..record import COLOURS, GLYPHS
from .recordview import STEPS
from .say import counted, field, say, side_name

#: what each glyph says of a decision (its tooltip and aria-label)
GLYPH_MESSAGES = {
    "!": message("viewer.glyph.good", "good move"), "?": message("viewer.glyph.mistake", "mistake"),
    "!!": message("viewer.glyph.brilliant", "brilliant move"), "??": message("viewer.glyph.blunder", "blunder"),
    "!?": message("viewer.glyph.interesting", "interesting move"), "?!": message("viewer.glyph.dubious", "dubious move")}
#: the English words of each glyph
GLYPH_WORDS = {g: str(m) for g, m in GLYPH_MESSAGES.items()}
_GLYPH_ARIA = message("viewer.glyph.aria", "glyph {glyph} ({words})")
_MODES = {"view": (message("viewer.mode.view", "View"), message("viewer.mode.view-tip", "Step through the record")),
          "play": (message("viewer.mode.play", "Play"),
                   message("viewer.mode.play-tip", "Play from here: a new decision starts a variation")),
          "draw": (message("viewer.mode.draw", "Draw marks"),
                   message("viewer.mode.draw-tip", "Click two places for an arrow, one place to highlight it")),
          "lesson": (message("viewer.mode.lesson", "Lesson"),
                     message("viewer.mode.lesson-tip",
                             "Guess the move: find each decision the author marked as a question"))}
_STEP_BY = {"turn": (message("viewer.step-by.turn", "Turns"),
                     message("viewer.step-by.turn-tip",
                             "← → step a whole turn (with all its decisions); Shift + ← → one decision")),
            "decision": (message("viewer.step-by.decision", "Decisions"),
                         message("viewer.step-by.decision-tip", "← → step one decision; every decision is listed"))}
_DIRS = (("start", "«", message("viewer.dir.start", "First position (Home)")),
         ("back", "◀", message("viewer.dir.back", "Back (←; Shift + ← one decision)")),
         ("forward", "▶", message("viewer.dir.forward", "Forward (→; Shift + → one decision)")),
         ("end", "»", message("viewer.dir.end", "Last position (End)")),
         ("up", "↑", message("viewer.dir.up", "Previous variation (↑)")),
         ("down", "↓", message("viewer.dir.down", "Next variation (↓)")))
COLOUR_NAMES = {"green": message("colour.green", "green"), "red": message("colour.red", "red"),
                "blue": message("colour.blue", "blue"), "yellow": message("colour.yellow", "yellow")}
_DRAW_IN = message("viewer.annotate.draw-in", "Draw in {colour}")

_VIEWER = {
    "label": message("viewer.label", "Polis game viewer: the arrow keys step a turn (Shift: one decision), up and "
                                     "down switch variations"),
    "key": message("viewer.key", "Key to the symbols"),
    "choices": message("viewer.choices", "Choices"),
}
_NAVIGATE = {
    "toolbar": message("viewer.nav.toolbar", "Navigate the record"),
    "step_by_title": message("viewer.nav.step-by", "Step by"),
    "modes_title": message("viewer.nav.mode", "Mode"),
    "decision": message("viewer.nav.decision", "Decision {num}"),
    "end_of_line": message("viewer.nav.end-of-line", " · end of the line"),
    "start": message("viewer.nav.start", "Start of the game"),
    "step_here": message("viewer.nav.step-here", "This step"),
    "decision_here": message("viewer.nav.decision-here", "This decision"),
    "turn_here": message("viewer.nav.turn-here", "This turn"),
    "start_title": message("viewer.nav.start-title", "The start of the game"),
    "game_starts": message("viewer.nav.game-starts", "The game starts"),
    "decision_of": message("viewer.nav.decision-of", "decision {index} of {count}"),
    "game_over": message("viewer.nav.game-over", "Game over: "),
    "mark": message("viewer.nav.mark", "Mark: "),
    "quiz": message("viewer.nav.quiz", "A question of the lesson"),
    "quiz_hint": message("viewer.nav.quiz-hint", " · hint: "),
    "turn_title": message("viewer.nav.turn-title", "This turn, decision by decision"),
    "steps_title": message("viewer.nav.steps-title", "Step by step"),
    "tree_title": message("viewer.nav.tree-title", "The record (click a row to go there)"),
    "tree": message("viewer.nav.tree", "Turns, decisions and variations"),
    "row_quiz": message("viewer.nav.row-quiz", "question"),
    "row_quiz_tip": message("viewer.nav.row-quiz-tip", "a question of the lesson"),
    "row_comment": message("viewer.nav.row-comment", "comment"),
    "row_comment_aria": message("viewer.nav.row-comment-aria", "has a comment"),
    "cut": message("viewer.nav.cut", "… the record goes on (shown up to here)"),
    "lesson_more": message("viewer.nav.lesson-more", "… the rest appears as the lesson goes on"),
}
_DECISIONS = plural("viewer.nav.decisions", "{count} decision", "{count} decisions", count="count")
_ANNOTATE = {
    "section": message("viewer.annotate.section", "Annotate this decision"),
    "glyphs_title": message("viewer.annotate.glyphs", "Glyphs"),
    "comment_label": message("viewer.annotate.comment-label", "Your comment on this decision"),
    "comment_placeholder": message("viewer.annotate.comment-placeholder",
                                   "Write what you think of this move; Save keeps it in the record"),
    "save": message("viewer.annotate.save", "Save comment"),
    "clear": message("viewer.annotate.clear", "Clear marks"),
    "colours_title": message("viewer.annotate.colours", "Colour of the marks"),
    "draw_prompt": message("viewer.annotate.draw-prompt", "Draw marks: pick a colour, then click two places for an "
                                                          "arrow, the same place twice to highlight it"),
}
_LESSON = {
    "section": message("viewer.lesson.section", "Lesson"),
    "hint": message("viewer.lesson.hint", "Hint: "),
    "comment": message("viewer.lesson.comment", "The author's note: "),
    "choices": message("viewer.lesson.choices", "Choices at that place"),
    "answer": message("viewer.lesson.answer", "Show the answer"),
    "found": message("viewer.lesson.found", "Found {found} of {count}"),
    "shown": message("viewer.lesson.shown", ", {shown} shown"),
}


def _said(table: dict[str, Any]) -> dict[str, str]:
    return {k: field(m) for k, m in table.items()}


def viewer_words(modes: tuple[str, ...]) -> dict[str, Any]:
    """The Viewer's controls in words: the ``words`` trait its navigate, annotate and lesson panels read."""
    return dict(_said(_VIEWER), **{
        "navigate": dict(_said(_NAVIGATE), **{
            "dirs": [{"dir": d, "label": label, "aria": say(aria)} for d, label, aria in _DIRS],
            "step_by": [{"by": by, "label": say(_STEP_BY[by][0]), "tip": say(_STEP_BY[by][1])} for by in STEPS],
            "modes": [{"mode": m, "label": say(_MODES[m][0]), "tip": say(_MODES[m][1])} for m in modes],
            "decisions": counted(_DECISIONS),
        }),
        "annotate": dict(_said(_ANNOTATE), **{
            "glyphs": [{"glyph": g, "words": say(GLYPH_MESSAGES[g]),
                        "aria": say(_GLYPH_ARIA, glyph=g, words=say(GLYPH_MESSAGES[g]))} for g in GLYPHS],
            "colours": [{"colour": c, "label": say(COLOUR_NAMES[c]), "tip": say(_DRAW_IN, colour=say(COLOUR_NAMES[c]))}
                        for c in COLOURS],
        }),
        "lesson": _said(_LESSON),
    })


_COMBAT = {
    "label": message("combat.label", "Polis combat: {title}"),
    "untitled": message("combat.untitled", "battle"),
}
_COMBAT_MODES = {"hotseat": message("combat.mode.hotseat", "hot seat"),
                 "bot": message("combat.mode.bot", "against a bot"), "replay": message("combat.mode.replay", "replay")}
_EXCHANGES = plural("combat.exchanges", " · {n} exchange", " · {n} exchanges")
_HAND = {
    "bot": message("combat.hand.bot", "bot: {bot}"),
    "units": message("combat.hand.units", "Units {units}"),
    "units_aria": message("combat.hand.units-aria", "{name}: {units} units"),
    "prestige": message("combat.hand.prestige", "Prestige {prestige}"),
    "prestige_aria": message("combat.hand.prestige-aria", "{name}: {prestige} prestige"),
    "card_aria": message("combat.hand.card-aria", "{formation} {manoeuvre}, value {value}"),
    "pick": message("combat.hand.pick", ": pick"),
    "over": message("combat.hand.over", "The battle is over"),
    "gate_aria": message("combat.hand.gate-aria", " (the other side looks away)"),
    "hide": message("combat.hand.hide", "Hide my hand"),
    "hide_aria": message("combat.hand.hide-aria", "Hide my hand before passing the screen"),
}
_HIDDEN = plural("combat.hand.hidden", "{n} card (hidden)", "{n} cards (hidden)")
_HANDS = message("combat.hand.hand", "{side:gen} hand")
_ROLES = {"attacker": message("combat.role.attacker", "Attacker"), "defender": message("combat.role.defender", "Defender")}
_BATTLE = {
    "pile": message("combat.battle.pile", "Draw pile"),
    "table": message("combat.battle.table", "Cards on the table"),
    "attacks_with": message("combat.battle.attacks-with", "{who} attacks with "),
    "pick": message("combat.battle.pick", "Your two cards"),
    "clear": message("combat.battle.clear", "Clear"),
    "clear_aria": message("combat.battle.clear-aria", "Clear the picked cards"),
    "choices": message("combat.battle.choices", "Battle choices"),
    "fight": message("combat.battle.fight", "Fight on"),
    "confirm": message("combat.battle.confirm", "Confirm"),
    "against": message("combat.battle.against", "Against {card}: "),
    "first": message("combat.battle.first", "First card: "),
    "second": message("combat.battle.second", "Second card: "),
    "pick_answers": message("combat.battle.pick-answers", "Pick an answer to each attacking card, in order."),
    "pick_two": message("combat.battle.pick-two", "Pick two cards."),
    "not_allowed": message("combat.battle.not-allowed", "Not allowed: "),
    "unavailable": message("combat.battle.unavailable", " (unavailable: {why})"),
    "retreat_unavailable": message("combat.battle.retreat-unavailable", "Retreat (unavailable: {why})"),
    "reveal": message("combat.battle.reveal", "The last exchange"),
    "reveal_title": message("combat.battle.reveal-title", "Exchange {exchange}: {attacker} attacks, {defender} answers"),
    "vs": message("combat.battle.vs", "vs"),
    "prestige": message("combat.battle.prestige", "{who} {n} prestige"),
    "nothing": message("combat.battle.nothing", "No losses, no prestige"),
    "redraw": message("combat.battle.redraw", "Redraw: "),
    "end": message("combat.battle.end", "End of the battle"),
    "end_title": message("combat.battle.end-title", "The battle is over: "),
    "log": message("combat.battle.log", "Battle log"),
}
_BATTLE_COUNTED = {
    "pile_count": plural("combat.battle.pile-count", "Draw pile: {n} card", "Draw pile: {n} cards"),
    "loses": plural("combat.battle.loses", "{who} loses {n} unit", "{who} loses {n} units"),
    "end_side": plural("combat.battle.end-side", "{who}: lost {lost} unit, {left} left, prestige {prestige}",
                       "{who}: lost {lost} units, {left} left, prestige {prestige}", count="lost"),
}
_REPLAY_DIRS = (("start", "«", message("combat.replay.start", "First step of the battle")),
                ("back", "◀", message("combat.replay.back", "Back one step")),
                ("forward", "▶", message("combat.replay.forward", "Forward one step")),
                ("end", "»", message("combat.replay.end", "Last step of the battle")))
_REPLAY = {"toolbar": message("combat.replay.toolbar", "Step through the recorded battle"),
           "position": message("combat.replay.position", "Step {position} of {count}: {step}")}
_ODDS = {
    "section": message("combat.odds.section", "Battle odds"),
    "title": message("combat.odds.title", "Odds from here"),
    "computing": message("combat.odds.computing", "Computing…"),
    "unavailable": message("combat.odds.unavailable", "Odds unavailable"),
    "knowing": message("combat.odds.knowing", "knowing {known}"),
    "policies": message("combat.odds.policies", "policies: {policies}"),
    "exact": message("combat.odds.exact", "exact"),
    "sampled": message("combat.odds.sampled", "Monte Carlo, {samples} battles"),
}
SIDES = ("athens", "sparta")


def combat_words() -> dict[str, Any]:
    """Combat's controls in words: the ``words`` trait its battle, hand, replay and odds panels read.
    ``{name}`` fields are filled in by the browser with the view's numbers; ``{"forms", "index"}`` is a
    word that follows a number (:func:`.say.counted`)."""
    return dict(_said(_COMBAT), **{
        "modes": _said(_COMBAT_MODES),
        "exchanges": counted(_EXCHANGES),
        "hand": dict(_said(_HAND), **{
            "sides": {s: side_name(s) for s in SIDES},
            "hands": {s: say(_HANDS, side=s) for s in SIDES},
            "roles": _said(_ROLES),
            "hidden": counted(_HIDDEN),
        }),
        "battle": dict(_said(_BATTLE), **{k: counted(m) for k, m in _BATTLE_COUNTED.items()}),
        "replay": dict(_said(_REPLAY), dirs=[{"dir": d, "label": label, "aria": say(aria)} for d, label, aria in _REPLAY_DIRS]),
        "odds": _said(_ODDS),
    })


_ENGINE = {
    "run": message("engine.run", "Analyse this position"),
    "run_tip": message("engine.run-tip", "The search bot plays many games on from here (a few seconds) and ranks the "
                                         "choices; the answer shows over the map, its best choice marked on it"),
    "again": message("engine.again", "Analyse again"),
    "running": message("engine.running", "Analysing…"),
    "section": message("engine.section", "Analysis of this position"),
    "close": message("engine.close", "Hide the analysis"),
    "close_tip": message("engine.close-tip", "Hide the analysis (the next analysis shows again)"),
    "title": message("engine.title", "Engine"),
    "details": message("engine.details", "Every choice and the best line"),
    "budget": message("engine.budget", "{playouts} playouts in {seconds} s (seed {seed}). {note}"),
    "choice": message("engine.column.choice", "Choice"),
    "value": message("engine.column.value", "Value"),
    "interval": message("engine.column.interval", "95% interval"),
    "playouts": message("engine.column.playouts", "Playouts"),
    "why": message("engine.column.why", "Why (proven) · how its playouts ended"),
    "play": message("engine.play", "Play"),
    "more": message("engine.more", "… and {more} more"),
    "line": message("engine.line", "Best line: "),
}


def engine_words() -> dict[str, str]:
    """The engine panel's controls in words (its slice of the view carries them: the Board and the Viewer)."""
    return _said(_ENGINE)


_REVIEW = {
    "section": message("review.section", "Review of the game"),
    "back": message("review.back", "Back to the end of the game"),
    "summary": message("review.panel.summary", "Accuracy per side"),
    "flagged": message("review.flagged", "Marked decisions"),
    "accuracy": message("review.column.accuracy", "Accuracy"),
    "inaccuracies": message("review.column.inaccuracies", "Inaccuracies ?!"),
    "mistakes": message("review.column.mistakes", "Mistakes ?"),
    "blunders": message("review.column.blunders", "Blunders ??"),
    "decisions": message("review.column.decisions", "Decisions"),
    "focus": message("review.focus", "Decision {num} · {who}: {words}"),
    "chance": message("review.panel.chance", "Chance for {who} in the engine's eyes: {before}% before, {after}% after."),
    "better": message("review.panel.better", "The engine preferred: "),
    "flagged_title": message("review.flagged-title", "Marked decisions (click one to see it)"),
    "none": message("review.none", "No inaccuracies, mistakes or blunders."),
}


def review_words() -> dict[str, str]:
    """The review panel's words (the review's slice of the view carries them: the Board and the Viewer)."""
    return _said(_REVIEW)


_PUZZLE = {
    "streak_tip": message("puzzle.streak-tip", "Puzzles solved one after the other at the first try, without a hint"),
    "score": message("puzzle.score", "Score per theme: solved at the first try / tried"),
    "section": message("puzzle.section", "The puzzle"),
    "choices": message("puzzle.choices", "Choices"),
    "picker": message("puzzle.picker", "Choices at the place you clicked"),
    "tools": message("puzzle.tools", "Puzzle"),
    "hint": message("puzzle.hint", "Hint"),
    "hint_tip": message("puzzle.hint-tip", "A nudge that does not name the answer"),
    "show": message("puzzle.show", "Show the solution"),
    "show_tip": message("puzzle.show-tip", "After a wrong try or a hint"),
    "next": message("puzzle.next", "Next puzzle"),
    "close": message("puzzle.close", "Close: choose nothing"),
    "choose": message("puzzle.choose", "Choose:"),
    "streak": message("puzzle.streak", "Streak {streak}"),
    "best": message("puzzle.best", " (best {best})"),
    "hint_said": message("puzzle.hint-said", "Hint: "),
    "line": message("puzzle.line", "The solution line"),
    "themes": message("puzzle.themes", "Themes: "),
}
_PLACES = plural("puzzle.places", "{n} place on the map is a choice (outlined in gold)",
                 "{n} places on the map are choices (outlined in gold)")


def puzzle_words() -> dict[str, Any]:
    """The PuzzleBoard's controls in words: its ``words`` trait."""
    return dict(_said(_PUZZLE), places=counted(_PLACES))


#: the bots' names as the Board's opponent menu lists them and its notes name them ("the greedy bot")
BOT_NAMES = {"none": message("board.bot.none", "nobody"), "random": message("board.bot.random", "random"),
             "sensible": message("board.bot.sensible", "sensible"), "greedy": message("board.bot.greedy", "greedy"),
             "search": message("board.bot.search", "search")}
_BOT_MENU = {"none": message("board.bot-menu.none", "nobody (you play both sides)"),
             "random": message("board.bot-menu.random", "random bot"),
             "sensible": message("board.bot-menu.sensible", "sensible bot"),
             "greedy": message("board.bot-menu.greedy", "greedy bot"),
             "search": message("board.bot-menu.search", "search bot (thinks up to 3 s a reply)")}
_BOARD = {
    "tabs": message("board.tabs", "More about the game"),
    "choices": message("board.choices", "Choices"),
    "picker": message("board.picker", "Choices at the place you clicked"),
    "why": message("board.why", "Why?"),
    "why_tip": message("board.why-tip", "Why? Press, then click any place on the map: it says why it is or is not a "
                                        "choice now"),
    "undo": message("board.undo", "Undo"),
    "log": message("board.log", "What just happened"),
    "log_title": message("board.log-title", "What the last decision did, with the rules (rest the pointer on a line, "
                                            "or Tab to it)"),
    "tab_players": message("board.tab.players", "Players and round"),
    "tab_log": message("board.tab.log", "What happened"),
    "tab_opponent": message("board.tab.opponent", "Opponent"),
    "tab_words": message("board.tab.words", "The board in words"),
    "tab_key": message("board.tab.key", "Key"),
    "close": message("board.close", "Close: choose nothing"),
    "choose": message("board.choose", "Choose:"),
}
_BOARD_PLACES = plural("board.places", "{n} place on the map is a choice (outlined in gold)",
                       "{n} places on the map are choices (outlined in gold)")
_QUESTION = {"label": message("board.question.label", "Are you sure?"),
             "play": message("board.question.play", "Play anyway"), "cancel": message("board.question.cancel", "Cancel"),
             "printed": message("board.question.printed", "Printed: {cite}")}
_RESIGN = {"resign": message("board.resign.resign", "Resign"), "ask": message("board.resign.ask", "Resign?"),
           "yes": message("board.resign.yes", "Yes, resign"), "no": message("board.resign.no", "No, play on")}
_GAME_OVER = {
    "section": message("board.game-over.section", "The end of the game"),
    "score": message("board.game-over.score", "Score"),
    "after": message("board.game-over.after", "After the game"),
    "review": message("board.game-over.review", "Review this game"),
    "review_tip": message("board.game-over.review-tip", "The engine judges every decision of the game (in the "
                                                        "background; it takes a while)"),
    "save": message("board.game-over.save", "Save"),
    "save_tip": message("board.game-over.save-tip", "Write the record as a .polis file"),
    "rematch": message("board.game-over.rematch", "Rematch"),
    "rematch_seed": message("board.game-over.rematch-seed", "Rematch (seed {seed})"),
    "take_back": message("board.game-over.take-back", "Take back the resignation"),
    "take_back_tip": message("board.game-over.take-back-tip", "Undo the resignation and play on"),
    "progress": message("board.game-over.progress", "Decisions reviewed"),
    "cancel": message("board.game-over.cancel", "Cancel"),
    "cancel_tip": message("board.game-over.cancel-tip", "Stop the review: the record stays as it was"),
    "reviewing": message("board.game-over.reviewing", "Reviewing the game: {done} of {total} decisions…"),
    "title": message("board.game-over.title", "Game over: {title}"),
    "printed": message("board.game-over.printed", "Printed: {cite}"),
    "saved": message("board.game-over.saved", "Saved to {path}"),
}
_SCORE_COLUMNS = (message("board.game-over.cubes", "Cubes in its poleis"), message("board.game-over.prestige", "Prestige"),
                  message("board.game-over.projects", "Projects"), message("board.game-over.total", "Score"))
_OPPONENT = {
    "group": message("board.opponent.group", "Play against a bot"),
    "bot": message("board.opponent.bot", "Opponent"),
    "side": message("board.opponent.side", "Your side"),
    "undo": message("board.opponent.undo", "Undo my last decision"),
    "undo_tip": message("board.opponent.undo-tip", "Back to your previous decision (the bot's answers go too)"),
    "title": message("board.opponent.title", "Opponent:"),
}
_YOU_PLAY = message("board.opponent.you-play", "you play {side}")
_REPLY = {
    "section": message("board.reply.section", "What just happened"),
    "your_move": message("board.reply.your-move", "Your move:"),
    "more": message("board.reply.more", "More"), "less": message("board.reply.less", "Less"),
    "more_tip": message("board.reply.more-tip", "Show all of it here; every step with its rule is in the tab 'What "
                                                "happened' below the map"),
    "all": message("board.reply.all", "Every step ↓"),
    "all_tip": message("board.reply.all-tip", "Every step, with the rules (below the map)"),
    "details": message("board.reply.details", "Since your move, every step with the rules"),
    "cancel": message("board.reply.cancel", "Cancel"),
    "cancel_tip": message("board.reply.cancel-tip", "Stop the search: the bot plays the best choice it has found so far"),
    "cancelling": message("board.reply.cancelling", " Cancelled: it plays the best choice found so far."),
    "title": message("board.reply.title", "{title}:"),
    "worked_out": message("board.reply.worked-out", "worked out in {seconds} s"),
    "just_now": message("board.reply.just-now", "Just now:"),
    "seconds": message("board.reply.seconds", "{seconds} s"),
}


def board_words() -> dict[str, Any]:
    """The Board's controls in words: the ``words`` trait its layout (board.js) and its panels' files read
    (the opponent, the reply, the question, resigning and the end of the game)."""
    return dict(_said(_BOARD), **{
        "places": counted(_BOARD_PLACES),
        "question": _said(_QUESTION),
        "resign": _said(_RESIGN),
        "game_over": dict(_said(_GAME_OVER), columns=[""] + [say(m) for m in _SCORE_COLUMNS]),
        "opponent": dict(_said(_OPPONENT), bots=[[b, say(m)] for b, m in _BOT_MENU.items()],
                         sides=[[s, say(_YOU_PLAY, side=s)] for s in SIDES]),
        "reply": _said(_REPLY),
    })
