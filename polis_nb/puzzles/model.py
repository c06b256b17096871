"""The puzzle set: :class:`Puzzle` values read from a checked JSON file, :func:`check` and :func:`hint`."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..analysis.solver import Solver
from ..data.safeio import loads_json
from ..rules import (PLAYERS, RULES, Action, IllegalActionError, PolisError, State, apply_unchecked, topology_of, explain,
                     legal_actions, parse_action, poss)
from ..i18n import language, message
from ..record.words import english, say
from .prove import Step, group_key, solve_choices
from .words import THEMES, answer_name, choice_name, context as context_words, hint_sentences, leaks, reason_sentence, summaries

RIGHT = message("puzzle.right", "Right: {reason}")
WRONG = message("puzzle.wrong", "Wrong: {reason}")
NOT_LEGAL = message("puzzle.not-legal", "{action} is not a legal choice here: {explanation}")
RIGHT_IDEA = message("puzzle.right-idea", "{choice} is the right idea, but paid this way it {after} Pay another way.")
#: what a choice achieves, said from the verdict the file stores (the languages other than English)
VERDICTS = {"win": message("puzzle.verdict-win", "wins"), "loss": message("puzzle.verdict-loss", "loses"),
            "shared": message("puzzle.verdict-shared", "leads to a shared result")}
VERDICT_CHANCE = message("puzzle.verdict-chance", "wins with probability {value}")
CHOICE_REASON = message("puzzle.choice-reason", "{choice} {verdict}.")
CHOICE_REASON_RULES = message("puzzle.choice-reason-rules", "{choice} {verdict}. {rules}")
AFTER = message("puzzle.after", "{verdict}.")
EXPLANATION = message("puzzle.explanation", "{context} The answer: {choice}. It {verdict}.")
EXPLANATION_RULES = message("puzzle.explanation-rules", "{context} The answer: {choice}. It {verdict}. What decides it: {rules}")
REPR = message("puzzle.repr", "<Puzzle {id}: {side} to play, {themes}, difficulty {n}>")
THEME_WORDS = {"starvation": message("puzzle.theme-starvation", "starvation"),
               "siege": message("puzzle.theme-siege", "siege"), "tribute": message("puzzle.theme-tribute", "tribute"),
               "trade": message("puzzle.theme-trade", "trade"), "battle": message("puzzle.theme-battle", "battle"),
               "phoros": message("puzzle.theme-phoros", "phoros"), "growth": message("puzzle.theme-growth", "growth"),
               "events": message("puzzle.theme-events", "events"), "proxenos": message("puzzle.theme-proxenos", "proxenos")}
FOLLOW = message("puzzle.line-step", "{who}: {decision}")
FORCED = message("puzzle.line-step-forced", "{who}: {decision} (the only choice)")
CHANCE = message("puzzle.chance", "Chance")

FORMAT = "polis-puzzles/1"
EDITIONS = ("ed1", "ed2")
SHIPPED = Path(__file__).with_name("puzzles.json")
DIFFICULTIES = (1, 2, 3, 4, 5)


class PuzzleError(PolisError, ValueError):
    """A puzzle file (or one puzzle in it) that is not what the format says; the message names the
    file, the puzzle and the field."""


@dataclass(frozen=True)
class Choice:
    """One legal choice at a puzzle's position, proven: its group (what is chosen, up to how it is
    paid), its payment ("" if none), its exact value for the side to play (1 a win, 0 a loss, ½ a
    shared result, or a probability when chance decides), its verdict ("win", "loss", "shared" or
    None), the reason (a full sentence in words: the choice, what it leads to, and the rules that end
    the game that way with their rulebook sections), the rule ids of that ending, and the share of
    its group among the playout bot's picks (how tempting it looks)."""

    action: str
    group: str
    payment: str
    value: Fraction
    verdict: str | None
    reason: str
    rules: tuple[str, ...]
    share: float

    def to_dict(self) -> dict:
        return {"action": self.action, "group": self.group, "payment": self.payment, "value": str(self.value),
                "verdict": self.verdict, "reason": self.reason, "rules": list(self.rules), "share": self.share}

    def verdict_words(self) -> str:
        """What the choice achieves, in a few words of the current language ("loses", "wins")."""
        msg = VERDICTS.get(self.verdict or "")
        return say(msg) if msg is not None else say(VERDICT_CHANCE, {"value": self.value})

    def reason_words(self, s: State) -> str:
        """:attr:`reason` in the current language (``s``: the puzzle's position). The file stores the
        English; another language says the choice, its verdict and the rules that decide it, from ids."""
        if english():
            return self.reason
        rules = summaries(self.rules, s.edition)
        args = {"choice": choice_name(s, parse_action(s, self.action)), "verdict": self.verdict_words(), "rules": rules}
        return say(CHOICE_REASON_RULES if rules else CHOICE_REASON, args)


@dataclass(frozen=True)
class Rating:
    """What the difficulty is made of (see :mod:`polis_nb.puzzles.words`): the answers to choose
    from, the playout bot's share of wrong answers, the solving side's own decisions in the solution
    line, the depth of the proof's line (decisions with a choice), and the score."""

    groups: int
    tempting: float
    steps: int
    depth: int
    score: float

    def to_dict(self) -> dict:
        return {"groups": self.groups, "tempting": self.tempting, "steps": self.steps, "depth": self.depth,
                "score": self.score}


@dataclass(frozen=True)
class Source:
    """Where a puzzle comes from: the generator's game number of its edition, the ply, the kind of
    candidate ("round end", "acting alone", "battle", or a "study: ..." that strips a game position
    down, see :mod:`polis_nb.puzzles.generate`) and the prestige shift that balanced it
    (side, shift) pairs (empty if none)."""

    game: int
    ply: int
    kind: str
    shift: tuple[tuple[str, int], ...] = ()

    def to_dict(self) -> dict:
        return {"game": self.game, "ply": self.ply, "kind": self.kind, "shift": dict(self.shift)}


@dataclass(frozen=True)
class Puzzle:
    """A position where one answer is proven best.

    ``position`` is the State's notation (:meth:`state` reads it), ``player`` the side to play,
    ``answer`` the solution's group (choices up to payment variants), ``accepted`` the choices that
    count as right (the variants of the answer that reach its value), ``value`` the answer's exact
    value for the player, ``solution`` the line (:class:`~polis_nb.puzzles.prove.Step`: the
    solution, then its sub-decisions and the replies inside the same action, as the solver plays
    them), ``choices`` every legal choice with its proven value and reason, ``themes`` (from
    :data:`~polis_nb.puzzles.words.THEMES`), ``difficulty`` 1–5 (``rating`` says from what),
    ``explanation`` in words (no notation, no rule ids), ``rules`` the deciding rule ids, ``nodes`` the
    solver nodes that prove every choice (from a fresh solver, choices in the kernel's order) and
    ``source`` where it was mined."""

    id: str
    edition: str
    player: str
    position: str
    answer: str
    accepted: tuple[str, ...]
    value: Fraction
    solution: tuple[Step, ...]
    themes: tuple[str, ...]
    difficulty: int
    rating: Rating
    explanation: str
    rules: tuple[str, ...]
    choices: tuple[Choice, ...]
    nodes: int
    source: Source

    def state(self) -> State:
        """The puzzle's position."""
        return _state(self.position)

    @property
    def verdict(self) -> str:
        """What the answer achieves: "win", "shared" or "win with probability p"."""
        if self.value == 1:
            return "win"
        if self.value == Fraction(1, 2):
            return "shared"
        return f"win with probability {self.value}"

    def choice(self, action: Action | str) -> Choice:
        """The proven figures of one legal choice (by action or its text)."""
        text = str(action)
        for c in self.choices:
            if c.action == text:
                return c
        raise KeyError(f"{text!r} is not a choice of puzzle {self.id}; choices: "
                       + ", ".join(c.action for c in self.choices))

    def to_dict(self) -> dict:
        """The puzzle as plain JSON-safe data (as in the file; :meth:`from_dict` reads it back)."""
        return {"id": self.id, "edition": self.edition, "player": self.player, "position": self.position,
                "answer": self.answer, "accepted": list(self.accepted), "value": str(self.value),
                "solution": [s.to_dict() for s in self.solution], "themes": list(self.themes),
                "difficulty": self.difficulty, "rating": self.rating.to_dict(), "explanation": self.explanation,
                "rules": list(self.rules), "choices": [c.to_dict() for c in self.choices], "nodes": self.nodes,
                "source": self.source.to_dict()}

    @classmethod
    def from_dict(cls, d: Any, where: str = "puzzle") -> "Puzzle":
        """A puzzle from its dict, checked field by field (:class:`PuzzleError` names what is wrong)."""
        return _parse(d, where)

    def explanation_words(self) -> str:
        """:attr:`explanation` in the current language. The file stores the English; another language says
        where the puzzle stands, the answer, what it achieves and the rules that decide it (from ids)."""
        if english():
            return self.explanation
        s = self.state()
        c = self.choice(self.accepted[0])
        rules = summaries(self.rules, s.edition, 4)
        args = {"context": context_words(s), "choice": answer_name(s, parse_action(s, c.action)),
                "verdict": c.verdict_words(), "rules": rules}
        return say(EXPLANATION_RULES if rules else EXPLANATION, args)

    def theme_words(self) -> tuple[str, ...]:
        """The themes in the current language."""
        return tuple(say(THEME_WORDS[t]) if t in THEME_WORDS else t for t in self.themes)

    def __repr__(self) -> str:
        return say(REPR, {"id": self.id, "side": self.player, "themes": ", ".join(self.theme_words()),
                          "n": self.difficulty})


@functools.lru_cache(maxsize=256)
def _state(notation: str) -> State:
    return State.from_notation(notation)


# --- reading and checking the file ---------------------------------------------------------------

def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise PuzzleError(f"{where}: {what}")


def _str(d: Mapping, key: str, where: str) -> str:
    v = d.get(key)
    if not isinstance(v, str) or v == "":
        raise PuzzleError(f"{where}: field {key!r} must be a non-empty string, not {v!r}")
    return v


def _int(d: Mapping, key: str, where: str, lo: int = 0, hi: int | None = None) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        raise PuzzleError(f"{where}: field {key!r} must be a whole number from {lo}"
                          + (f" to {hi}" if hi is not None else "") + f", not {v!r}")
    return v


def _num(d: Mapping, key: str, where: str) -> float:
    v = d.get(key)
    if not isinstance(v, (int, float)) or isinstance(v, bool):
        raise PuzzleError(f"{where}: field {key!r} must be a number, not {v!r}")
    return float(v)


def _list(d: Mapping, key: str, where: str) -> list:
    v = d.get(key)
    if not isinstance(v, list):
        raise PuzzleError(f"{where}: field {key!r} must be a list, not {type(v).__name__}")
    return v


def _fraction(v: Any, where: str, key: str) -> Fraction:
    _need(isinstance(v, str), where, f"field {key!r} must be a fraction in a string (e.g. \"1/2\"), not {v!r}")
    try:
        f = Fraction(v)
    except (ValueError, ZeroDivisionError):
        raise PuzzleError(f"{where}: field {key!r}: {v!r} is not a fraction") from None
    _need(0 <= f <= 1, where, f"field {key!r} must lie between 0 and 1, not {v}")
    return f


def _rules(v: list, where: str, key: str) -> tuple[str, ...]:
    for r in v:
        _need(isinstance(r, str) and r in RULES, where, f"field {key!r}: {r!r} is not a rule id of pn.RULES")
    return tuple(v)


def _parse(d: Any, where: str) -> Puzzle:
    _need(isinstance(d, dict), where, f"a puzzle is an object, not {type(d).__name__}")
    pid = _str(d, "id", where)
    where = f"{where} ({pid})"
    edition = _str(d, "edition", where)
    _need(edition in EDITIONS, where, f"field 'edition' must be one of {', '.join(EDITIONS)}, not {edition!r}")
    position = _str(d, "position", where)
    try:
        s = _state(position)
    except (PolisError, ValueError, KeyError, TypeError) as e:
        raise PuzzleError(f"{where}: field 'position' is not a position: {e}") from None
    _need(s.edition == edition, where, f"the position is of edition {s.edition}, not {edition}")
    player = _str(d, "player", where)
    _need(player in PLAYERS and player == s.current_player, where,
          f"field 'player' is {player!r} but the position waits for {s.current_player}")
    legal = [str(a) for a in legal_actions(s)]
    choices = []
    for i, c in enumerate(_list(d, "choices", where)):
        w = f"{where}, choice {i}"
        _need(isinstance(c, dict), w, "a choice is an object")
        share = _num(c, "share", w)
        _need(0 <= share <= 1, w, f"field 'share' must lie between 0 and 1, not {share}")
        verdict = c.get("verdict")
        _need(verdict in ("win", "loss", "shared", None), w, f"field 'verdict' must be win, loss, shared or null, "
              f"not {verdict!r}")
        payment = c.get("payment", "")
        _need(isinstance(payment, str), w, "field 'payment' must be a string")
        choices.append(Choice(_str(c, "action", w), _str(c, "group", w), payment, _fraction(c.get("value"), w, "value"),
                              verdict, _str(c, "reason", w), _rules(_list(c, "rules", w), w, "rules"), share))
    _need(sorted(c.action for c in choices) == sorted(legal), where,
          "field 'choices' must list exactly the legal choices of the position; legal: " + ", ".join(legal))
    for c in choices:
        _need(group_key(s, Action.from_text(c.action))[0] == c.group, where,
              f"choice {c.action!r} belongs to group {group_key(s, Action.from_text(c.action))[0]!r}, not {c.group!r}")
    answer = _str(d, "answer", where)
    group = [c for c in choices if c.group == answer]
    _need(bool(group), where, f"field 'answer' {answer!r} is not a group of the choices")
    value = _fraction(d.get("value"), where, "value")
    _need(value == max(c.value for c in group), where, "field 'value' is not the answer's value in 'choices'")
    _need(all(c.value < value for c in choices if c.group != answer), where,
          "another answer is worth as much as the solution in 'choices'")
    _need(value == 1 or all(c.value == 0 for c in choices if c.group != answer), where,
          "the answer neither wins nor is the only choice that does not lose")
    accepted = tuple(_list(d, "accepted", where))
    _need(bool(accepted) and all(a in {c.action for c in group if c.value == value} for a in accepted), where,
          "field 'accepted' must list variants of the answer that reach its value")
    steps = []
    t = s
    for i, st in enumerate(_list(d, "solution", where)):
        w = f"{where}, solution step {i}"
        _need(isinstance(st, dict), w, "a step is an object")
        who, text = _str(st, "who", w), _str(st, "action", w)
        forced = st.get("forced", False)
        _need(isinstance(forced, bool), w, "field 'forced' must be true or false")
        _need(t.outcome is None and who == t.current_player, w, f"it is {poss(t.current_player)} decision, not {poss(who)}")
        if who == "chance":
            from ..rules import chance_outcomes

            outs = {str(a): a for a, _ in chance_outcomes(t)}
            _need(text in outs, w, f"{text!r} is not a chance outcome here")
            t = apply_unchecked(t, outs[text])
        else:
            try:
                t = apply_unchecked(t, parse_action(t, text))
            except (PolisError, ValueError) as e:
                raise PuzzleError(f"{w}: {text!r} is not legal here: {e}") from None
        steps.append(Step(who, text, forced))
    _need(bool(steps) and steps[0].action in accepted, where, "the solution must start with an accepted choice")
    themes = tuple(_list(d, "themes", where))
    _need(bool(themes) and len(set(themes)) == len(themes) and all(x in THEMES for x in themes), where,
          f"field 'themes' must list distinct themes of: {', '.join(THEMES)}; got {themes!r}")
    rating = d.get("rating")
    _need(isinstance(rating, dict), where, "field 'rating' must be an object")
    src = d.get("source")
    _need(isinstance(src, dict), where, "field 'source' must be an object")
    shift = src.get("shift", {})
    _need(isinstance(shift, dict) and all(k in PLAYERS and isinstance(v, int) and not isinstance(v, bool)
                                          for k, v in shift.items()), where, "field 'source.shift' must map sides to whole numbers")
    return Puzzle(
        id=pid, edition=edition, player=player, position=position, answer=answer, accepted=accepted, value=value,
        solution=tuple(steps), themes=themes, difficulty=_int(d, "difficulty", where, 1, 5),
        rating=Rating(_int(rating, "groups", where, 2), _num(rating, "tempting", where), _int(rating, "steps", where),
                      _int(rating, "depth", where), _num(rating, "score", where)),
        explanation=_str(d, "explanation", where), rules=_rules(_list(d, "rules", where), where, "rules"),
        choices=tuple(choices), nodes=_int(d, "nodes", where),
        source=Source(_int(src, "game", where), _int(src, "ply", where), _str(src, "kind", where),
                      tuple(sorted(shift.items()))))


def loads(text: str, name: str = "puzzles") -> tuple[Puzzle, ...]:
    """The puzzles of a puzzle file's text, every one checked (:class:`PuzzleError` otherwise)."""
    if not isinstance(text, str):
        raise TypeError(f"loads needs the file's text (str), not {type(text).__name__}")
    try:
        d = loads_json(text)
    except ValueError as e:
        raise PuzzleError(f"{name}: not JSON: {e}") from None
    _need(isinstance(d, dict), name, "a puzzle file is a JSON object")
    _need(d.get("format") == FORMAT, name, f"field 'format' must be {FORMAT!r}, not {d.get('format')!r}")
    items = d.get("puzzles")
    _need(isinstance(items, list), name, "field 'puzzles' must be a list")
    out = tuple(_parse(x, f"{name}: puzzle {i}") for i, x in enumerate(items))
    ids = [p.id for p in out]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    _need(not dup, name, f"puzzle ids must be unique; repeated: {', '.join(dup)}")
    return out


def load(path: str | Path) -> tuple[Puzzle, ...]:
    """The puzzles of a puzzle file (the shipped one is :data:`SHIPPED`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise PuzzleError(f"{p}: cannot read the puzzle file: {e}") from None
    return loads(text, p.name)


@functools.lru_cache(maxsize=1)
def _shipped() -> tuple[Puzzle, ...]:
    return load(SHIPPED)


def puzzles(edition: str | None = None, theme: str | None = None,
            difficulty: int | tuple[int, int] | None = None) -> tuple[Puzzle, ...]:
    """The shipped puzzles, optionally only those of one ``edition`` ("ed1", "ed2"), with one
    ``theme`` (see :data:`~polis_nb.puzzles.words.THEMES`) and of one ``difficulty`` (1–5) or a
    range of them (``(2, 4)``), in a fixed order: by edition, difficulty and id."""
    if edition is not None and edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(EDITIONS)} (or None), not {edition!r}")
    if theme is not None and theme not in THEMES:
        raise ValueError(f"theme must be one of {', '.join(THEMES)} (or None), not {theme!r}")
    lo, hi = _difficulty_range(difficulty)
    return tuple(p for p in _shipped() if (edition is None or p.edition == edition)
                 and (theme is None or theme in p.themes) and lo <= p.difficulty <= hi)


def _difficulty_range(d: Any) -> tuple[int, int]:
    if d is None:
        return 1, 5
    if isinstance(d, int) and not isinstance(d, bool):
        if d not in DIFFICULTIES:
            raise ValueError(f"difficulty runs from 1 to 5, not {d!r}")
        return d, d
    if (isinstance(d, tuple) and len(d) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in d)
            and 1 <= d[0] <= d[1] <= 5):
        return d[0], d[1]
    raise ValueError(f"difficulty is a whole number from 1 to 5 or a range (low, high) of them, not {d!r}")


# --- playing a puzzle ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    """The result of :func:`check`: right or not, the choice, its proven value for the side to play
    (None for an illegal choice), its verdict ("win", "loss", "shared" or None), why in words, and
    the rule ids that decide it; ``words``: the reason in the language of the check (when not English)."""

    right: bool
    action: str
    value: Fraction | None
    verdict: str | None
    reason: str
    rules: tuple[str, ...]
    words: str = field(default="", compare=False)

    @property
    def text(self) -> str:
        return say(RIGHT if self.right else WRONG, {"reason": self.words or self.reason})

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict:
        return {"right": self.right, "action": self.action, "value": None if self.value is None else str(self.value),
                "verdict": self.verdict, "reason": self.reason, "rules": list(self.rules), "text": self.text}


def _need_puzzle(puzzle: Any, what: str) -> None:
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"{what} needs a Puzzle (from pn.puzzles()), not {type(puzzle).__name__}")


def position_at(puzzle: Puzzle, at: int) -> State:
    """The position before step ``at`` of the puzzle's solution line."""
    _need_puzzle(puzzle, "position_at")
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(puzzle.solution):
        raise ValueError(f"at must be a step of the solution line, 0 to {len(puzzle.solution) - 1}, not {at!r}")
    s = puzzle.state()
    for st in puzzle.solution[:at]:
        s = apply_unchecked(s, find_action(s, st.action))
    return s


def find_action(s: State, text: str) -> Action:
    """The choice (or, where chance decides, the outcome) that ``text`` names at ``s``."""
    if s.is_chance:
        from ..rules import chance_outcomes

        for a, _ in chance_outcomes(s):
            if str(a) == text:
                return a
    return parse_action(s, text)


def check(puzzle: Puzzle, action: Action | str, at: int = 0) -> Verdict:
    """Whether ``action`` solves ``puzzle``, with the reason.

    At the puzzle's position (``at=0``) the answer's variants in ``accepted`` are right; any other
    choice is wrong, with its proven value and why, in words ("Grow Athenai loses at once: ... On
    equal scores the player with more goods left wins (End of the game)."); a variant of the answer
    paid the wrong way is wrong too, and says so. ``at`` (a later step of the solution line where
    the same side decides) checks a follow-up decision: right if it keeps the value the solution
    proved (the solver decides, within a limit from the puzzle's node count). An illegal choice is
    wrong with the kernel's explanation; malformed text raises :class:`polis_nb.InvalidActionError`.
    The rule ids stay in ``rules``, out of the words."""
    _need_puzzle(puzzle, "check")
    if not isinstance(action, (str, Action)):
        raise TypeError(f"check needs an action (an Action or its text), not {type(action).__name__}")
    s = position_at(puzzle, at) if at else puzzle.state()
    if at and s.current_player != puzzle.player:
        raise ValueError(f"step {at} of the solution is {poss(s.current_player)} decision, not {poss(puzzle.player)}")
    text = str(action) if isinstance(action, Action) else " ".join(action.split())
    try:
        a = parse_action(s, text)
    except IllegalActionError as e:
        ex = e.explanation if getattr(e, "explanation", None) is not None else explain(s, text)
        reason = say(NOT_LEGAL, {"action": text, "explanation": ex.text}, lang="en")
        words = "" if english() else say(NOT_LEGAL, {"action": text, "explanation": ex.words()})
        return Verdict(False, text, None, None, reason, tuple(ex.rule_ids), words)
    text = str(a)
    if at:
        return _check_later(puzzle, s, a)
    c = puzzle.choice(text)
    if text in puzzle.accepted or c.group != puzzle.answer:
        return Verdict(text in puzzle.accepted, text, c.value, c.verdict, c.reason, c.rules,
                       "" if english() else c.reason_words(s))
    name = answer_name(s, a)  # the right idea, paid a way that falls short
    reason = say(RIGHT_IDEA, {"choice": name, "after": after_name(c.reason, s, a)}, lang="en")
    words = "" if english() else say(RIGHT_IDEA, {"choice": name, "after": say(AFTER, {"verdict": c.verdict_words()})})
    return Verdict(False, text, c.value, c.verdict, reason, c.rules, words)


def after_name(reason: str, s: State, a: Action) -> str:
    """A choice's reason without the choice's name at its head: "loses by force: ... ."."""
    name = choice_name(s, a)
    return reason[len(name):].strip() if reason.startswith(name) else reason


def _check_later(puzzle: Puzzle, s: State, a: Action) -> Verdict:
    limit = max(4 * puzzle.nodes, 5000)
    solved = solve_choices(s, Solver(), limit)
    if solved is None:
        raise RuntimeError(f"puzzle {puzzle.id}: the position needs more than {limit} solver nodes to prove")
    best = max(c.value for c in solved)
    mine = next(c for c in solved if c.action == a)
    p = PLAYERS.index(puzzle.player)
    with language("en"):
        reason = reason_sentence(s, a, mine.proof, p)
    return Verdict(mine.value == best, str(a), mine.value, mine.verdict, reason,
                   mine.proof.end.rules, "" if english() else reason_sentence(s, a, mine.proof, p))


def hint(puzzle: Puzzle) -> str:
    """A nudge towards the answer that does not give it away: where to look (the theme's resource
    or step, the score as it stands), never naming the solution's choices or the places they act
    on."""
    _need_puzzle(puzzle, "hint")
    s = puzzle.state()
    forbidden = _forbidden(puzzle)
    said = [x for x in hint_sentences(s, puzzle.themes) if not leaks(x, forbidden)]
    return " ".join(said[:2])


def _forbidden(puzzle: Puzzle) -> list[str]:
    """The words a hint must not use: the solving side's decisions in the solution line (and the
    answer's group) and the places they act on (ids and names)."""
    b = topology_of(puzzle.state())
    names = {p.id: p.name for p in b.comp.poleis}
    names.update({a.id: a.name for a in b.comp.areas})
    out = [puzzle.answer]
    for st in puzzle.solution:
        if st.who != puzzle.player:
            continue
        out.append(st.action)
        for arg in st.action.split()[1:]:
            for part in arg.replace(":", " ").replace(",", " ").split():
                if part in names:
                    out += [part, names[part]]
    return out


def solution_text(puzzle: Puzzle) -> str:
    """The solution line in words, one step after the other ("Athens: Move the proxenos (pay 1
    silver); Athens: Proxenos to Naupaktos, by land"); ``puzzle.solution`` keeps the notation."""
    return "; ".join(line_words(puzzle.state(), puzzle.solution))


def line_words(s: State, steps: Iterable[Step]) -> list[str]:
    """Steps of a line from ``s`` in words ("Athens: Proxenos to Naupaktos, by land"; a forced
    decision says so)."""
    out = []
    for st in steps:
        a = find_action(s, st.action)
        who = say(CHANCE) if st.who == "chance" else say("{side}", {"side": st.who})
        forced = st.forced and st.who != "chance"
        out.append(say(FORCED if forced else FOLLOW, {"who": who, "decision": choice_name(s, a)}))
        s = apply_unchecked(s, a)
    return out


def by_id(puzzle_id: str, items: Iterable[Puzzle] | None = None) -> Puzzle:
    """The shipped puzzle with this id."""
    for p in (items if items is not None else _shipped()):
        if p.id == puzzle_id:
            return p
    raise KeyError(f"no puzzle {puzzle_id!r}")
