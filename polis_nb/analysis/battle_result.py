"""The result of a battle-odds run: outcome distribution, marginals, intervals and displays."""
from __future__ import annotations

import copy
import html
import math
from statistics import NormalDist
from typing import Any, Callable, Mapping, NamedTuple

from ..i18n import message, plural, resolve
from ..record.words import say
from ..rules import poss
from .battle_model import ENDS, decode

POLICY_TEXT = message("combat.odds.policy-text", "{side} (attacks next) {policy}, {side_other} {other_policy}")
METHOD_EXACT = plural("combat.odds.method-exact", "exact enumeration over card types ({shown} node)",
                      "exact enumeration over card types ({shown} nodes)")
METHOD_SAMPLED = plural("combat.odds.method-sampled", "Monte Carlo, {shown} sample ({engine} engine); {level}% Wilson "
                        "intervals", "Monte Carlo, {shown} samples ({engine} engine); {level}% Wilson intervals")

SIDES = ("athens", "sparta")
Z95 = 1.959963984540054


class BattleOutcome(NamedTuple):
    """One way a battle can end (changes relative to the position analysed)."""

    losses_athens: int
    losses_sparta: int
    prestige_athens: int
    prestige_sparta: int
    end: str


class Estimate(NamedTuple):
    """A probability (or expectation) with its interval (95% unless asked otherwise); exact results
    have low == high == p."""

    p: float
    low: float
    high: float

    def __str__(self) -> str:
        if self.low == self.high:
            return f"{self.p:.4f}"
        return f"{self.p:.4f} [{self.low:.4f}, {self.high:.4f}]"


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (95% by default; a shared result may count
    as half a success)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (0.0 if k == 0 else max(0.0, centre - half)), (1.0 if k == n else min(1.0, centre + half))


_LossRow = tuple[int, Estimate | None, Estimate | None]  # k, P(Athens loses at least k), P(Sparta ...)


# --- the result ---------------------------------------------------------------------------------

class BattleOdds:
    """Outcome distribution of a battle under stated policies.

    ``outcomes`` maps :class:`BattleOutcome` to its probability (most likely first); ``ended_by``
    maps (end, side) to its probability, where side is who was broken, who retreated or who lost by
    the Salpinx (None for a deck running out). ``exact`` tells whether it was enumerated; Monte
    Carlo results carry ``samples`` and give 95% Wilson intervals through :meth:`estimate` (another
    level through :meth:`at_confidence`).
    """

    confidence = 0.95
    _z = Z95

    def __init__(self, codes: Mapping[int, float], *, counts: Mapping[int, int] | None, exact: bool,
                 policy: dict[str, str], attacker: int, engine: str, info: dict[str, Any]):
        self._codes = dict(codes)
        self._counts = dict(counts) if counts is not None else None
        self.exact = exact
        self.samples = sum(counts.values()) if counts is not None else None
        self.policy = policy
        self.attacker = SIDES[attacker]
        self.defender = SIDES[1 - attacker]
        self.policy_attacker = policy[self.attacker]
        self.policy_defender = policy[self.defender]
        self.engine = engine
        self.kind = info["kind"]
        self.area = info["area"]
        self.units = info["units"]
        self.prestige = info["prestige"]
        self.horizon = info.get("horizon")
        self.view = info.get("view")
        self.nodes = info.get("nodes")
        self.seconds = info.get("seconds", 0.0)
        self.note = info.get("note", "")
        self._dec = {c: decode(c) for c in self._codes}
        outs: dict[BattleOutcome, float] = {}
        ended: dict[tuple[str, str | None], float] = {}
        for c, p in self._codes.items():
            la, ls, pa, ps, end, side = self._dec[c]
            o = BattleOutcome(la, ls, pa, ps, end)
            outs[o] = outs.get(o, 0.0) + p
            k = (end, SIDES[side] if side >= 0 else None)
            ended[k] = ended.get(k, 0.0) + p
        self.outcomes = dict(sorted(outs.items(), key=lambda kv: (-kv[1], kv[0])))
        self.ended_by = dict(sorted(ended.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1] or "")))

    # --- queries ---------------------------------------------------------------------------
    def _estimate(self, test: Callable[[tuple], bool]) -> Estimate:
        if self._counts is None:
            p = sum(q for c, q in self._codes.items() if test(self._dec[c]))
            p = min(1.0, max(0.0, p))
            return Estimate(p, p, p)
        n = self.samples
        assert n is not None, "a result with counts has samples"
        k = sum(m for c, m in self._counts.items() if test(self._dec[c]))
        lo, hi = wilson(k, n, self._z)
        return Estimate(k / n, lo, hi)

    def estimate(self, predicate: Callable[[BattleOutcome], bool]) -> Estimate:
        """Probability (with its interval) that the outcome satisfies ``predicate``."""
        return self._estimate(lambda d: predicate(BattleOutcome(*d[:5])))

    def probability(self, predicate: Callable[[BattleOutcome], bool]) -> float:
        return self.estimate(predicate).p

    def p_end(self, end: str, side: str | None = None) -> Estimate:
        """P(the battle ends this way), optionally only where ``side`` was the one broken / retreating /
        losing by the Salpinx."""
        if end not in ENDS:
            raise ValueError(f"unknown end {end!r}; known: {', '.join(ENDS)}")
        s = None if side is None else SIDES.index(_side(side))
        return self._estimate(lambda d: d[4] == end and (s is None or d[5] == s))

    def p_loses_at_least(self, side: str, k: int) -> Estimate:
        """P(``side`` loses at least ``k`` units in this battle)."""
        i = SIDES.index(_side(side))
        return self._estimate(lambda d: d[i] >= k)

    def p_salpinx_loss(self, side: str | None = None) -> Estimate:
        """P(the game is lost through an unpayable Salpinx), by anyone or by ``side``."""
        return self.p_end("salpinx-loss", side)

    def expected_prestige(self, side: str) -> Estimate:
        """Expected prestige change of ``side`` (normal 95% interval for Monte Carlo)."""
        i = 2 + SIDES.index(_side(side))
        return self._expect(lambda d: d[i])

    @property
    def expected_swing(self) -> Estimate:
        """Expected prestige change of Athens minus that of Sparta."""
        return self._expect(lambda d: d[2] - d[3])

    def _expect(self, f: Callable[[tuple], float]) -> Estimate:
        if self._counts is None:
            m = sum(q * f(self._dec[c]) for c, q in self._codes.items())
            return Estimate(m, m, m)
        n = self.samples
        assert n is not None, "a result with counts has samples"
        m = sum(k * f(self._dec[c]) for c, k in self._counts.items()) / n
        var = sum(k * (f(self._dec[c]) - m) ** 2 for c, k in self._counts.items()) / max(1, n - 1)
        h = self._z * math.sqrt(var / n)
        return Estimate(m, m - h, m + h)

    def marginals(self) -> dict[str, Estimate]:
        """The main probabilities and expectations, by label."""
        out: dict[str, Estimate] = {}
        for end in ENDS:
            if end == "continues" and self.horizon is None:
                continue
            out[f"ends: {end}"] = self.p_end(end)
        for side in SIDES:
            for k in range(1, self.units[SIDES.index(side)] + 1):
                out[f"{side} loses >= {k}"] = self.p_loses_at_least(side, k)
        for side in SIDES:
            out[f"game lost by Salpinx: {side}"] = self.p_salpinx_loss(side)
        for side in SIDES:
            out[f"expected prestige change: {side}"] = self.expected_prestige(side)
        out["expected swing (athens - sparta)"] = self.expected_swing
        return out

    def main_probabilities(self) -> dict[str, Estimate]:
        """How it ends and each side's loss marginals: the figures a precision target refers to."""
        return {k: v for k, v in self.marginals().items() if k.startswith(("ends:", "athens loses", "sparta loses"))}

    def half_width(self) -> float:
        """Largest interval half-width among :meth:`main_probabilities` (0 for exact results)."""
        return max((max(e.p - e.low, e.high - e.p) for e in self.main_probabilities().values()), default=0.0)

    def at_confidence(self, level: float) -> "BattleOdds":
        """The same result with intervals at another confidence level (e.g. 0.99, or a Bonferroni
        level 1 - 0.05/m for m simultaneous comparisons)."""
        if not 0 < level < 1:
            raise ValueError("the confidence level lies strictly between 0 and 1")
        other = copy.copy(self)
        other.confidence = level
        other._z = NormalDist().inv_cdf(0.5 + level / 2)
        return other

    # --- text ------------------------------------------------------------------------------
    def method(self) -> str:
        """How the result was made (no timings, so that notebook output stays deterministic; see
        ``seconds``); in English, as ``str()`` shows it (:meth:`method_words` says it in a language)."""
        return self.method_words("en")

    def method_words(self, lang: str | None = None) -> str:
        """:meth:`method` in ``lang`` (None: the current language): counts grouped by a comma in English,
        by a thin space elsewhere."""
        lang = resolve(lang)

        def shown(n: Any) -> str:  # (an int; as the f-string it replaces, anything else fails the same way)
            return f"{n:,}" if lang == "en" else f"{n:,}".replace(",", "\u202f")

        if self.exact:
            return say(METHOD_EXACT, {"n": self.nodes, "shown": shown(self.nodes)}, lang=lang)
        return say(METHOD_SAMPLED, {"n": self.samples, "shown": shown(self.samples), "engine": self.engine,
                                    "level": f"{self.confidence:.0%}".rstrip("%")}, lang=lang)

    def policy_text(self) -> str:
        """Which policy each side plays, in English (:meth:`policy_words` says it in a language)."""
        return self.policy_words("en")

    def policy_words(self, lang: str | None = None) -> str:
        """:meth:`policy_text` in ``lang`` (None: the current language); the policies are the bots' names."""
        return say(POLICY_TEXT, {"side": self.attacker, "policy": self.policy_attacker, "side_other": self.defender,
                                 "other_policy": self.policy_defender}, lang=resolve(lang))

    def title(self) -> str:
        a, s = self.units
        h = f", next {self.horizon} exchange{'s' if self.horizon != 1 else ''} only" if self.horizon else ""
        v = f", only {poss(self.view)} hand known" if self.view else ""
        return (f"{self.kind.capitalize()} battle in {self.area}: Athens {a} v Sparta {s} units, prestige "
                f"{self.prestige[0]}/{self.prestige[1]}{h}{v}")

    def _p_outcome(self, o: BattleOutcome) -> Estimate:
        return self.estimate(lambda x: x == o)

    def _p_lost_exactly(self, i: int, k: int) -> Estimate:
        return self._estimate(lambda d: d[i] == k)

    def _rows(self, top: int = 12) -> tuple[list[tuple[str, Estimate]], list[_LossRow],
                                           list[tuple[BattleOutcome, Estimate]]]:
        rows_end = []
        for end in ENDS:
            if end == "continues" and self.horizon is None:
                continue
            rows_end.append((end, self.p_end(end)))
        n = max(self.units)
        rows_loss = [(k, self.p_loses_at_least("athens", k) if k <= self.units[0] else None,
                      self.p_loses_at_least("sparta", k) if k <= self.units[1] else None) for k in range(1, n + 1)]
        rows_out = [(o, self._p_outcome(o)) for o in list(self.outcomes)[:top]]
        return rows_end, rows_loss, rows_out

    def to_table(self, top: int = 12) -> str:
        """A plain-text table of the result."""
        rows_end, rows_loss, rows_out = self._rows(top)
        w = 17 if self.exact else 34
        lines = [self.title(), f"Policies: {self.policy_text()}", f"Method: {self.method()}"]
        if self.note:
            lines.append(f"Note: {self.note}")
        lines += ["", f"{'how it ends':<22}{'P':<{w}}"]
        lines += [f"  {end:<20}{str(e):<{w}}" for end, e in rows_end]
        lines += ["", f"{'units lost':<22}{'Athens':<{w}}{'Sparta':<{w}}"]
        for k, a, s in rows_loss:
            lines.append(f"  {'>= ' + str(k):<20}{str(a) if a else '-':<{w}}{str(s) if s else '-':<{w}}")
        lines += ["", "expected prestige change: Athens " + _fmt_e(self.expected_prestige("athens"))
                  + ", Sparta " + _fmt_e(self.expected_prestige("sparta"))
                  + "; swing (Athens - Sparta) " + _fmt_e(self.expected_swing),
                  "game lost by Salpinx: Athens " + str(self.p_salpinx_loss("athens")) + ", Sparta "
                  + str(self.p_salpinx_loss("sparta")),
                  "", f"most likely outcomes ({min(top, len(self.outcomes))} of {len(self.outcomes)})",
                  f"  {'lost A':>6} {'lost S':>6} {'dP A':>5} {'dP S':>5}  {'end':<16}P"]
        for o, e in rows_out:
            lines.append(f"  {o.losses_athens:>6} {o.losses_sparta:>6} {o.prestige_athens:>+5} "
                         f"{o.prestige_sparta:>+5}  {o.end:<16}{e}")
        return "\n".join(x.rstrip() for x in lines)

    def __str__(self) -> str:
        return self.to_table()

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"{self.samples} samples"
        return (f"<BattleOdds {self.kind} Athens {self.units[0]} v Sparta {self.units[1]}, {how}, "
                f"policy {self.attacker}={self.policy_attacker} {self.defender}={self.policy_defender}>")

    def _repr_html_(self) -> str:
        e = html.escape
        rows_end, rows_loss, rows_out = self._rows()
        td = "<td style='text-align:left'>{}</td>".format
        out = [f"<div class='polis-odds'><b>{e(self.title())}</b><br>",
               f"Policies: {e(self.policy_text())}<br>Method: {e(self.method())}<br>"]
        if self.note:
            out.append(f"Note: {e(self.note)}<br>")
        out.append("<table><tr><th>how it ends</th><th>P</th></tr>")
        out += [f"<tr>{td(e(end))}{td(e(str(x)))}</tr>" for end, x in rows_end]
        out.append("</table><table><tr><th>units lost</th><th>Athens</th><th>Sparta</th></tr>")
        for k, a, s in rows_loss:
            out.append(f"<tr>{td('&ge; ' + str(k))}{td(e(str(a) if a else '-'))}{td(e(str(s) if s else '-'))}</tr>")
        out.append("</table>")
        out.append(f"Expected prestige change: Athens {e(_fmt_e(self.expected_prestige('athens')))}, Sparta "
                   f"{e(_fmt_e(self.expected_prestige('sparta')))}; swing {e(_fmt_e(self.expected_swing))}<br>")
        out.append(f"Game lost by Salpinx: Athens {e(str(self.p_salpinx_loss('athens')))}, Sparta "
                   f"{e(str(self.p_salpinx_loss('sparta')))}")
        out.append("<table><tr><th>lost A</th><th>lost S</th><th>&Delta;P A</th><th>&Delta;P S</th><th>end</th>"
                   "<th>P</th></tr>")
        for o, x in rows_out:
            out.append(f"<tr>{td(o.losses_athens)}{td(o.losses_sparta)}{td(f'{o.prestige_athens:+d}')}"
                       f"{td(f'{o.prestige_sparta:+d}')}{td(e(o.end))}{td(e(str(x)))}</tr>")
        out.append("</table></div>")
        return "".join(out)

    def plot(self, ax: Any = None) -> Any:
        """Bar chart of each side's units lost (with 95% intervals for Monte Carlo); needs matplotlib."""
        try:
            import matplotlib.pyplot as plt
        except ImportError as err:  # pragma: no cover - depends on the environment
            raise ImportError("BattleOdds.plot needs matplotlib, which polis_nb does not install: "
                              "pip install matplotlib") from err
        if ax is None:
            _, ax = plt.subplots(figsize=(6, 3.5))
        n = max(self.units)
        xs = list(range(n + 1))
        for j, side in enumerate(SIDES):
            ests = [self._p_lost_exactly(j, k) for k in xs]
            ps = [x.p for x in ests]
            yerr = [[x.p - x.low for x in ests], [x.high - x.p for x in ests]]
            ax.bar([x + (j - 0.5) * 0.4 for x in xs], ps, width=0.4, label=side.capitalize(),
                   yerr=None if self.exact else yerr, capsize=2)
        ax.set_xticks(xs)
        ax.set_xlabel("units lost")
        ax.set_ylabel("probability")
        ax.set_title(f"{self.kind.capitalize()} battle, Athens {self.units[0]} v Sparta {self.units[1]} "
                     f"({'exact' if self.exact else f'{self.samples} samples'})", fontsize=9)
        ax.legend()
        return ax


def _fmt_e(e: Estimate) -> str:
    if e.low == e.high:
        return f"{e.p:+.3f}"
    return f"{e.p:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"


def _side(x: str | int) -> str:
    if isinstance(x, int) and x in (0, 1):
        return SIDES[x]
    if isinstance(x, str) and x.lower() in SIDES:
        return x.lower()
    raise ValueError(f"unknown side {x!r}; use 'athens' or 'sparta'")
