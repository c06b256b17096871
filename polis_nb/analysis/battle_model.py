"""A compact model of one battle for the odds: card types, exchanges, policies, exact search.

The kernel (:mod:`polis_nb.rules.battle`) keeps hands and deck as counts per card *type*; this
module works on the same count vectors without building States, so that it can enumerate
(exact odds) or replay many battles quickly (the ``engine="model"`` Monte Carlo). It follows the
kernel step by step and uses its data (``card_types``) and its formation test (``matched``);
``tests/analysis/test_odds.py`` checks that a seeded model run and a seeded kernel run make the
same decisions and reach the same outcome.

Flow mirrored from the kernel (rule ids in brackets):

* deal: the first attacker draws one card per unit, then the defender [battle.hands];
* a retreat window before the first exchange and after each exchange: the next attacker is asked
  first, then the other side, each only with the prestige a retreat costs (``rules.retreat_cost()``,
  paid to the other side) [battle.retreat];
* an exchange: two attacking cards, two answers [battle.exchange, battle.formation,
  battle.mercenaries, battle.salpinx]; a Salpinx costs ``rules.SALPINX_COST`` prestige, and an
  unpayable one loses the game at once [battle.salpinx-unpayable];
* the battle ends when the defender keeps fewer than 2 units, or the deck cannot cover both
  redraws (old attacker 2, old defender 2 minus its losses) [battle.end, battle.redraw].

Outcome codes are ints so that shifting a whole distribution by an exchange's losses and prestige
is one addition per entry (see :func:`leaf` and :func:`shift`).
"""
from __future__ import annotations

import random
from math import comb
from typing import ClassVar, Sequence

from ..data import CardSide
from ..rules import SALPINX_COST, answer_pairs, attack_pairs, card_name, card_types, matched, retreat_cost

Hand = tuple[int, ...]  # counts per card type (a hand, the deck, a drawn multiset)
Pair = tuple[int, int]  # two card types: an attack (unordered) or an answer (to the first card, to the second)
Score = tuple[int, int, int]  # a greedy answer's (losses, prestige given, card values spent)
# the greedy policies' memos: (played, hand) -> best answer; (played, pool, k, units) -> attack value;
# (played, hand counts, units) -> value against that hand
GreedyMemos = tuple[dict[tuple[Pair, Hand], tuple[Score, Pair]], dict[tuple[Pair, Hand, int, int], float],
                    dict[tuple[Pair, Hand, int], int]]

ATHENS, SPARTA = 0, 1
ENDS = ("defender-broken", "deck-exhausted", "retreat", "salpinx-loss", "continues")
BROKEN, EXHAUSTED, RETREAT, SALPINX, CONTINUES = range(5)
POLICIES = ("random", "greedy", "retreat-when-behind")

# --- outcome codes ----------------------------------------------------------------------------
# code = end + 5*side' + 16*loss_a + 128*loss_s + 1024*(dp_a + 64) + 131072*(dp_s + 64)
# where side' = side + 1 (side -1 = nobody). Shifting by an exchange adds a constant.
_LA, _LS, _PA, _PS = 16, 128, 1024, 131072
_ZERO = 64 * _PA + 64 * _PS


def leaf(end: int, side: int) -> int:
    return end + 5 * (side + 1) + _ZERO


def shift(loss: tuple[int, int], dp: tuple[int, int]) -> int:
    return loss[0] * _LA + loss[1] * _LS + dp[0] * _PA + dp[1] * _PS


def decode(code: int) -> tuple[int, int, int, int, str, int]:
    """(losses Athens, losses Sparta, prestige Athens, prestige Sparta, end, side) of a code."""
    low = code % 16
    end, side = low % 5, low // 5 - 1
    la = (code // _LA) % 8
    ls = (code // _LS) % 8
    pa = (code // _PA) % 128 - 64
    ps = code // _PS - 64
    return la, ls, pa, ps, ENDS[end], side


# --- cards ------------------------------------------------------------------------------------

class Cards:
    """The card types of one battle kind with their counts, values and exchange results."""

    _cache: ClassVar[dict[tuple[str, str], Cards]] = {}
    components: str
    kind: str
    types: tuple[CardSide, ...]  # in deck order
    counts: Hand
    n: int
    names: tuple[str, ...]
    index: dict[str, int]
    value: tuple[int, ...]
    form: tuple[str, ...]
    salpinx: int  # the Salpinx type, -1 if this kind has none
    n_salpinx: int
    pair_result: dict[Pair, tuple[int, int, int]]
    _att_opts: dict[tuple[Hand, bool], list[Pair]]
    _def_opts: dict[tuple[Hand, bool], list[Pair]]
    _relevant: dict[Pair, tuple[tuple[int, ...], int]]
    greedy_caches: GreedyMemos  # shared by every greedy policy on these cards

    def __new__(cls, components: str, kind: str) -> Cards:
        key = (components, kind)
        if key in cls._cache:
            return cls._cache[key]
        self = super().__new__(cls)
        types, counts = card_types(components, kind)
        self.components, self.kind = components, kind
        self.types, self.counts, self.n = types, counts, len(types)
        self.names = tuple(card_name(t) for t in types)
        self.index = {nm: i for i, nm in enumerate(self.names)}
        self.value = tuple(t.value for t in types)
        self.form = tuple(t.formation for t in types)
        self.salpinx = next((i for i, t in enumerate(types) if t.formation == "salpinx"), -1)
        self.n_salpinx = counts[self.salpinx] if self.salpinx >= 0 else 0
        # (attacking type, answering type) -> (loss, gain, salpinx), as defend_apply scores one pair
        self.pair_result = {}
        for a, ta in enumerate(types):
            for d, td in enumerate(types):
                if ta.formation == "salpinx":
                    self.pair_result[a, d] = (1, 0, 1)
                elif matched(ta, td):
                    self.pair_result[a, d] = (0, max(0, ta.value - td.value), 0)
                else:
                    self.pair_result[a, d] = (1, max(0, ta.value), 0)
        self._att_opts = {}
        self._def_opts = {}
        self._relevant = {}
        self.greedy_caches = ({}, {}, {})
        cls._cache[key] = self
        return self

    def result(self, played: Pair, answer: Pair) -> tuple[int, int, bool]:
        """(losses, prestige gained by the attacker before any Salpinx cost, Salpinx played)."""
        l1, g1, s1 = self.pair_result[played[0], answer[0]]
        l2, g2, s2 = self.pair_result[played[1], answer[1]]
        return l1 + l2, g1 + g2, bool(s1 or s2)

    # the kernel's option lists, in the kernel's order (battle.attack_options / defend_options)
    def attack_options(self, hand: Hand, broke: bool) -> list[Pair]:
        key = (hand, broke)
        out = self._att_opts.get(key)
        if out is None:
            out = self._att_opts[key] = attack_pairs(hand, self.salpinx, broke)
        return out

    def defend_options(self, hand: Hand, same: bool) -> list[Pair]:
        key = (hand, same)
        out = self._def_opts.get(key)
        if out is None:
            out = self._def_opts[key] = answer_pairs(hand, same)
        return out

    def relevant(self, played: Pair) -> tuple[tuple[int, ...], int]:
        """Types that can answer ``played`` differently from the rest, and a representative of the
        rest (-1 if none): every other type fails against both cards and is worth 0 against
        Mercenaries, so the greedy defence only needs counts of the relevant types."""
        out = self._relevant.get(played)
        if out is None:
            forms = {self.form[played[0]], self.form[played[1]], "mercenaries", "salpinx"}
            rel = tuple(i for i in range(self.n) if self.form[i] in forms or self.value[i] < 0)
            rest = [i for i in range(self.n) if i not in rel]
            out = self._relevant[played] = (rel, rest[0] if rest else -1)
        return out


def sub(h: Hand, i: int, j: int) -> Hand:
    out = list(h)
    out[i] -= 1
    out[j] -= 1
    return tuple(out)


def played_pair(played: Sequence[int]) -> Pair:
    """The attacker's two cards on the table as a pair (a clear error at a position without them)."""
    if len(played) != 2:
        raise ValueError(f"the defence answers the attacker's two cards, but {tuple(played)} are on the table")
    return played[0], played[1]


def vadd(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def vsub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b))


_MS: dict[tuple[Hand, int], list[tuple[Hand, float]]] = {}
_MS_SIZE = 0


def multisets(deck: Hand, k: int) -> list[tuple[Hand, float]]:
    """Every multiset of k cards drawn from ``deck`` with its (hypergeometric) probability."""
    key = (deck, k)
    out = _MS.get(key)
    if out is not None:
        return out
    total = comb(sum(deck), k)
    # (counts so far, ways, cards so far), kept only if k can still be reached
    parts: list[tuple[Hand, int, int]] = [((), 1, 0)]
    after = sum(deck)
    for n_i in deck:
        after -= n_i
        nxt: list[tuple[Hand, int, int]] = []
        for pre, w, used in parts:
            left = k - used
            for m in range(max(0, left - after), min(left, n_i) + 1):
                nxt.append((pre + (m,), w * comb(n_i, m), used + m))
        parts = nxt
    out = [(pre, w / total) for pre, w, _ in parts]
    global _MS_SIZE
    _MS_SIZE += len(out) + 1
    if _MS_SIZE > 1_000_000:  # bound the memory (about 100 MB at most)
        _MS.clear()
        _MS_SIZE = len(out) + 1
    _MS[key] = out
    return out


# --- policies ---------------------------------------------------------------------------------

class Policy:
    """How one side decides: attack pair, answers, retreat. A ``uniform`` policy picks uniformly
    among the kernel's options (``rng.choice`` when sampling, equal weights when enumerating); the
    others are deterministic (see :func:`attack_choice`, :func:`defend_choice`)."""

    name = "?"
    uniform = False

    def __init__(self, cards: Cards):
        self.cards = cards

    def retreats(self, own: int, opp: int) -> bool:
        return False

    def best_attack(self, options: list[Pair], hand_def: Hand, deck: Hand, udef: int) -> Pair:
        """A deterministic policy's attack among ``options``; a uniform policy has none (its choice
        is drawn, see :func:`attack_choice`)."""
        raise NotImplementedError(f"the {self.name} policy chooses uniformly; draw its attack with attack_choice")

    def best_answer(self, played: Pair, hand: Hand) -> tuple[Score, Pair]:
        """A deterministic policy's answer to ``played`` with its score; a uniform policy has none."""
        raise NotImplementedError(f"the {self.name} policy chooses uniformly; draw its answer with defend_choice")


class RandomPolicy(Policy):
    """Uniform over the kernel's legal choices; fights whenever fighting is legal (it always is)."""

    name = "random"
    uniform = True


class GreedyPolicy(Policy):
    """Attacker: the pair with the highest expected immediate (net prestige gained + units the
    defender loses), over the defender hands it cannot see (drawn from deck + defender's hand) and
    a greedy answer. Defender: fewest losses, then least prestige given, then the lowest card
    values spent; ties go to the kernel's order."""

    name = "greedy"

    def __init__(self, cards: Cards):
        super().__init__(cards)
        # shared by every greedy policy on these cards (pure functions of their keys)
        caches = cards.greedy_caches
        if sum(len(x) for x in caches) > 500_000:
            for x in caches:
                x.clear()
        self._defence, self._value, self._by_counts = caches

    def best_answer(self, played: Pair, hand: Hand) -> tuple[Score, Pair]:
        key = (played, hand)
        got = self._defence.get(key)
        if got is None:
            c = self.cards
            best = None
            for ans in c.defend_options(hand, played[0] == played[1]):
                loss, gain, _ = c.result(played, ans)
                score = (loss, gain, c.value[ans[0]] + c.value[ans[1]])
                if best is None or score < best[0]:
                    best = (score, ans)
            if best is None:
                raise ValueError(f"no answer to {played} from the hand {hand} (a defender answers with two cards)")
            got = self._defence[key] = best
        return got

    def attack_value(self, played: Pair, pool: Hand, k: int, udef: int) -> float:
        """Expected (net prestige + units lost by the defender) of attacking with ``played`` against
        a hand of k cards drawn from ``pool``, answered greedily."""
        c = self.cards
        rel, rep = c.relevant(played)
        proj = tuple(pool[t] for t in rel)
        proj += (sum(pool) - sum(proj),)
        u2 = udef if udef < 2 else 2  # an exchange costs at most 2 units
        key = (played, proj, k, u2)
        v = self._value.get(key)
        if v is not None:
            return v
        cost = SALPINX_COST if c.salpinx in played else 0
        vals = self._by_counts
        total = 0.0
        for m, p in multisets(proj, k):
            x = vals.get((played, m, u2))
            if x is None:
                hand = [0] * c.n
                for t, y in zip(rel, m):
                    hand[t] = y
                if m[-1]:
                    hand[rep] += m[-1]
                (loss, gain, _), _ans = self.best_answer(played, tuple(hand))
                x = vals[played, m, u2] = gain - cost + (loss if loss < u2 else u2)
            total += p * x
        self._value[key] = total
        return total

    def best_attack(self, options: list[Pair], hand_def: Hand, deck: Hand, udef: int) -> Pair:
        pool = vadd(deck, hand_def)
        k = sum(hand_def)
        best, best_v = options[0], None
        for o in options:
            v = self.attack_value(o, pool, k, udef)
            if best_v is None or v > best_v + 1e-12:
                best, best_v = o, v
        return best


class RetreatWhenBehind(GreedyPolicy):
    """Greedy, and retreats at a window when it has fewer units than the opponent (and can pay)."""

    name = "retreat-when-behind"

    def retreats(self, own: int, opp: int) -> bool:
        return own < opp


def make_policy(name: str, cards: Cards) -> Policy:
    if name == "random":
        return RandomPolicy(cards)
    if name == "greedy":
        return GreedyPolicy(cards)
    if name == "retreat-when-behind":
        return RetreatWhenBehind(cards)
    raise ValueError(f"unknown policy {name!r}; known: {', '.join(POLICIES)}")


def attack_choice(pol: Policy, options: list[Pair], hand_def: Hand, deck: Hand, udef: int,
                  rng: random.Random) -> Pair:
    if pol.uniform:
        return rng.choice(options)
    return pol.best_attack(options, hand_def, deck, udef)


def defend_choice(pol: Policy, options: list[Pair], played: Pair, hand: Hand, rng: random.Random) -> Pair:
    if pol.uniform:
        return rng.choice(options)
    return pol.best_answer(played, hand)[1]


# --- a battle position ------------------------------------------------------------------------------

class BattlePosition:
    """Where a battle stands, in count vectors (mutable scratch for the simulator).

    ``stage``: "draw" (``draws`` still to deal, then ``after_draw``), "window" (retreat window,
    ``asked`` already answered, then ``after``), "attack", "defend" (``played`` on the table).
    """

    __slots__ = ("attacker", "hands", "deck", "units", "prestige", "stage", "draws", "after", "asked",
                 "played", "last_losses", "exchanges")

    def __init__(self, attacker: int, hands: Sequence[Sequence[int]], deck: Sequence[int], units: Sequence[int],
                 prestige: Sequence[int], stage: str, draws: Sequence[int] = (), after: str = "attack",
                 asked: Sequence[int] = (), played: Sequence[int] = (), last_losses: int = 0, exchanges: int = 0):
        self.attacker = attacker
        self.hands = [tuple(hands[0]), tuple(hands[1])]
        self.deck = tuple(deck)
        self.units = list(units)
        self.prestige = list(prestige)
        self.stage = stage
        self.draws = tuple(draws)
        self.after = after
        self.asked = tuple(asked)
        self.played = tuple(played)
        self.last_losses = last_losses
        self.exchanges = exchanges

    def copy(self) -> "BattlePosition":
        return BattlePosition(self.attacker, self.hands, self.deck, self.units, self.prestige, self.stage, self.draws,
                    self.after, self.asked, self.played, self.last_losses, self.exchanges)


def draw_card(deck: tuple[int, ...], rng: random.Random) -> int:
    """One card type, sampled exactly as ``pn.sample_chance`` samples a draw-card decision (one
    ``rng.random()``, outcomes in deck order), so model and kernel runs stay in step."""
    n = sum(deck)
    x = rng.random()
    acc = 0.0
    last = -1
    for i, k in enumerate(deck):
        if k:
            acc += k / n
            last = i
            if x < acc:
                return i
    return last


def simulate(cards: Cards, node: BattlePosition, pols: tuple[Policy, Policy], rng: random.Random,
             horizon: int | None = None) -> int:
    """Play one battle from ``node`` (a fresh copy is used) to its end; return the outcome code."""
    nd = node.copy()
    retreat = retreat_cost()  # read from the rules at each battle, as the kernel does
    hands, units, pres = nd.hands, nd.units, nd.prestige
    deck = nd.deck
    la = [0, 0]
    dp = [0, 0]
    att = nd.attacker
    stage = nd.stage
    draws = list(nd.draws)
    after, asked = nd.after, nd.asked
    played = played_pair(nd.played) if stage == "defend" else (-1, -1)  # set by every attack
    last = nd.last_losses
    done = 0
    first_window_then = "attack"
    if stage == "draw" and nd.exchanges == 0:
        first_window_then = "window"

    def code(end: int, side: int) -> int:
        return leaf(end, side) + shift((la[0], la[1]), (dp[0], dp[1]))

    while True:
        if stage == "draw":
            for p in draws:
                i = draw_card(deck, rng)
                d = list(deck)
                d[i] -= 1
                deck = tuple(d)
                h = list(hands[p])
                h[i] += 1
                hands[p] = tuple(h)
            draws = []
            if first_window_then == "window":
                stage, asked, after = "window", (), "attack"
                first_window_then = "attack"
            else:
                stage = "attack"
            continue
        if stage == "window":
            for p in (att, 1 - att):
                if p in asked or pres[p] < retreat:
                    continue
                if pols[p].retreats(units[p], units[1 - p]):
                    dp[p] -= retreat
                    dp[1 - p] += retreat
                    return code(RETREAT, p)
            if after == "refill":
                old_att, old_def = 1 - att, att
                draws = [old_att, old_att] + [old_def] * (2 - last)
                stage = "draw"
                asked = ()
                continue
            stage = "attack"
            continue
        if stage == "attack":
            if sum(hands[att]) < 2:
                return code(EXHAUSTED, -1)
            opts = cards.attack_options(hands[att], pres[att] < SALPINX_COST)
            played = attack_choice(pols[att], opts, hands[1 - att], deck, units[1 - att], rng)
            hands[att] = sub(hands[att], *played)
            stage = "defend"
            continue
        # defend
        dfn = 1 - att
        opts = cards.defend_options(hands[dfn], played[0] == played[1])
        ans = defend_choice(pols[dfn], opts, played, hands[dfn], rng)
        hands[dfn] = sub(hands[dfn], *ans)
        loss, gain, salp = cards.result(played, ans)
        pres[att] += gain
        dp[att] += gain
        if salp:
            if pres[att] < SALPINX_COST:
                return code(SALPINX, att)
            pres[att] -= SALPINX_COST
            dp[att] -= SALPINX_COST
        lost = min(loss, units[dfn])
        units[dfn] -= lost
        la[dfn] += lost
        done += 1
        if units[dfn] < 2:
            return code(BROKEN, dfn)
        if sum(deck) < 4 - lost:
            return code(EXHAUSTED, -1)
        if horizon is not None and done >= horizon:
            return code(CONTINUES, -1)
        att, last, after, asked, stage = dfn, lost, "refill", (), "window"
