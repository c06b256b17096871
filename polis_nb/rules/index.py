"""The rule index: a stable id, editions, rulebook section and our own one-line summary per rule.

Explanations, log entries, tests and tutorials all speak in these ids. Summaries paraphrase the
rulebooks; they never quote them. Sections name the first-edition German rulebook (Ed1) as played on
yucata.de; the fact sheet is ``polis-data.md``. Event cards known from the designer's prototype cite
``prototype-data.md`` §2.6 and the prototype's card file; where its paraphrase leaves a detail open,
the summary states the kernel's reading (``docs/data-provenance.md`` lists them). Where two rules meet
and neither rulebook settles the case, the kernel's ruling has an id of its own whose summary opens
with "Ruling:" and whose sections cite both rules (``docs/data-provenance.md`` §7).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..data.types import picklable
from ..i18n import message, render, resolve


@dataclass(frozen=True, slots=True)
class RuleRef:
    id: str
    editions: tuple[str, ...]
    source: str
    summary: str
    source_ed2: str = ""  # the section of the second-edition (Polish) rulebook, for rules both editions share

    def section(self, edition: str) -> str:
        """Where the rulebook of ``edition`` states this rule."""
        return self.source_ed2 if edition == "ed2" and self.source_ed2 else self.source

    def __str__(self) -> str:
        return f"{self.id} ({self.source}): {self.summary}"

    def words(self, lang: str | None = None) -> str:
        """The summary in ``lang`` (None: the current language); ``summary`` is the English."""
        return render(SUMMARIES[self.id], {}, resolve(lang))


_A = "Ed1 · Aktionen"
_R = "Ed1 · Rundenanfang"
_E = "Ed1 · Rundenende"
_S = "Ed1 · Schlachten"
_J = "prototype-data.md §2.6 (J gameEvents"
picklable(RuleRef)

_RULES = [
    # game and turn structure
    ("game.rounds", "Spielablauf › Allgemeines", "The game lasts four rounds (3, 4, 5α, 5β); the round's number is the stacking limit."),
    ("game.limited-material", "Spielablauf › Zwei wichtige Hinweise", "Cubes and trade ships are limited; an action needing pieces a player has run out of cannot be taken."),
    ("decision.wrong-player", "polis_nb kernel", "Only the player (or chance) the game is waiting for may decide now."),
    ("decision.wrong-kind", "polis_nb kernel", "The choice does not answer the decision the game is waiting for."),
    ("decision.game-over", "polis_nb kernel", "No decision can be taken once the game has ended."),
    ("round.projects", f"{_R} › 1. Projektplättchen vorbereiten", "Each round starts by drawing three project tiles onto the display."),
    ("round.event", f"{_R} › 2. Ereigniskarte ausführen", "The player with more prestige (Athens on a tie) reveals the round's event and applies their part first; effects last this round only."),
    ("round.start-player", f"{_R} › 3. Startspieler bestimmen", "The player with less prestige (Sparta on a tie) starts the round."),
    ("turn.two-different-actions", f"{_A}", "A turn is two different actions, one after the other."),
    ("turn.pass", f"{_A}", "Giving up one or both actions of a turn is passing; the passer takes no more actions this round."),
    ("turn.alone", f"{_A}", "After the opponent has passed, a player acts alone, may repeat actions, and pays one good of choice before each action."),
    ("action.military-cost", "Ed1 · II. Militärische Aktionen", "Moving hoplites, moving galleys, besieging and demanding tribute each cost one prestige."),
    # development
    ("train.polis", f"{_A} › a. Hopliten ausbilden", "Hoplites are trained in one owned polis per action; Epidamnos and Abdera cannot train."),
    ("train.cost", f"{_A} › a. Hopliten ausbilden", "Each hoplite costs one metal or one silver and takes one cube from the polis into its territory."),
    ("polis.last-cube", f"{_A} › a. Hopliten ausbilden", "The last cube of a polis can never become a unit."),
    ("stack.limit", "Spielablauf › Allgemeines", "No player may ever have more units in one area than the round's stacking limit."),
    ("galley.polis", f"{_A} › b. Galeeren bauen", "Galleys are built in one owned polis with a port per action; Sparta and Thebai have none."),
    ("galley.cost", f"{_A} › b. Galeeren bauen", "Each galley costs one wood or one silver and puts a cube of the polis into a sea its arrow points to."),
    ("ships.trade-city", f"{_A} › c. Handelsschiffe bauen", "Trade ships are built only in a trade city loyal to the builder and owned by them."),
    ("ships.cost", f"{_A} › c. Handelsschiffe bauen", "Each trade ship costs one wood or one silver; a cube of the polis returns to supply and the ship goes to the trade port."),
    ("ships.limit", "Ed1 · Spielmaterial", "Each side has eight trade ships."),
    ("project.polis", f"{_A} › d. Neues Projekt beginnen", "A project is started in an owned polis that allows its type, at most one per polis per round."),
    ("project.cost", f"{_A} › d. Neues Projekt beginnen", "Pay the tile's cost; each kind of good in it may be replaced, wholly and not in part, by as much silver."),
    ("project.complete", f"{_E} › 1. Projekte", "At round end started projects complete; the polis owner then gains the tile's prestige, a neutral polis wastes it."),
    ("project.phidias", f"{_A} › d. Neues Projekt beginnen", "Phidias gives half of Athenai's population, rounded up, as round prestige."),
    ("project.follows-polis", f"{_A} › d. Neues Projekt beginnen", "Projects stay with their polis when it changes hands or turns neutral."),
    # military
    ("move.one-destination", f"{_A} › e. Hopliten bewegen", "All units moved in one action end in the same destination; they may come from several areas."),
    ("move.one-at-a-time", f"{_A} › e. Hopliten bewegen", "Units move one after the other, so earlier moves can open or close later paths."),
    ("move.land-or-sea", f"{_A} › e. Hopliten bewegen", "A hoplite's path is all land or all sea; a sea path starts on the origin's coast and lands in the destination."),
    ("move.no-passing-through-controlled", f"{_A} › e. Hopliten bewegen", "Units cannot pass through an area the opponent controls; starting or ending there is allowed."),
    ("move.no-passing-through-full", f"{_A} › e. Hopliten bewegen", "Units cannot pass through an area of their kind where their side is already at the stacking limit."),
    ("move.unenterable", f"{_A} › e. Hopliten bewegen", "The lands around Epidamnos and Abdera and the Persian market cannot be entered; Sikelia and Ionia only by sea."),
    ("move.diolkos", f"{_A} › e. Hopliten bewegen", "The owner of Korinthos may cross straight between Kyklades and Ionion Pelagos."),
    ("control.majority", f"{_A} › e. Hopliten bewegen", "A player controls an area where they have more units than the opponent."),
    ("siege.requirements", f"{_A} › g. Polis belagern", "A siege needs control of the territory and at least as many hoplites as the polis' fortification."),
    ("siege.no-capital", f"{_A} › g. Polis belagern", "Capitals, Epidamnos and Abdera can never be besieged."),
    ("siege.supply", f"{_A} › g. Polis belagern", "A siege needs enough supply cubes to populate the polis if it succeeds."),
    ("siege.once-per-turn", f"{_A} › g. Polis belagern", "A polis can be besieged at most once per turn."),
    ("siege.fortification", f"{_A} › g. Polis belagern", "Roll the four-sided die; the siege succeeds on a roll at least the fortification; fortification 1 needs no roll."),
    ("siege.success", f"{_A} › g. Polis belagern", "A won siege annexes the polis with its projects, gains prestige equal to its fortification and fills it with own cubes."),
    ("siege.failure", f"{_A} › g. Polis belagern", "A failed siege costs the besieger a hoplite; an enemy polis loses a cube and turns neutral at zero."),
    ("siege.capture-proxenos", f"{_A} › g. Polis belagern", "An enemy proxenos in a conquered polis is captured."),
    ("tribute.requirements", f"{_A} › h. Tribut einfordern", "Tribute needs own hoplites in the territory and an owned polis there (Achaia has none and needs hoplites only)."),
    ("tribute.once-per-round", f"{_A} › h. Tribut einfordern", "A territory pays tribute once per round; a disc marks it."),
    ("tribute.rows", f"{_A} › h. Tribut einfordern", "All hoplites of the territory are spread over its tribute rows; each row pays the number under its last hoplite."),
    ("tribute.home-free", f"{_A} › h. Tribut einfordern", "Tribute in one's own home region costs no prestige."),
    # politics
    ("trade.route", f"{_A} › i. Handel treiben", "A trade ship needs a route from its port to the market through seas the opponent does not control (or an owned land route)."),
    ("trade.trade-city", f"{_A} › i. Handel treiben", "Trading needs an owned trade city loyal to the trader and a trade ship in port."),
    ("trade.offer", f"{_A} › i. Handel treiben", "Each offer takes one ship per round; only loads allowed this round; the trade must really be made."),
    ("trade.exchange", f"{_A} › i. Handel treiben", "Exchanging hands over the demanded good in the amount the value table gives for its marker and the load."),
    ("trade.buy-wheat", f"{_A} › i. Handel treiben", "Wheat (never silver) may instead be bought for one silver per wheat."),
    ("trade.market-value", f"{_A} › i. Handel treiben", "After an exchange the good's marker moves right by a die; after a wheat purchase it moves left by the higher of two dice."),
    ("trade.land-route", f"{_A} › i. Handel treiben", "The owner of Epidamnos or Abdera may trade with Illyria or Thrake overland."),
    ("trade.market-closed", f"{_R} › 2. Ereigniskarte ausführen", "A market closed by the round's event takes no trade."),
    ("proxenos.route", f"{_A} › j. Proxenos bewegen", "The proxenos travels by land or by sea (with the diolkos) to another polis, unhindered by control."),
    ("proxenos.bribe", f"{_A} › j. Proxenos bewegen", "The proxenos pays one silver per enemy unit in every area of its path, start and end included."),
    ("proxenos.one-per-polis", f"{_A} › j. Proxenos bewegen", "A proxenos move may not end where the other proxenos stands."),
    # a ruling: the books state both rules without settling the case where they meet (docs/data-provenance.md §7)
    ("proxenos.ransom-shared-capital", f"{_A} › k. Proxenos auslösen; {_A} › j. Proxenos bewegen",
     "Ruling: a ransomed proxenos goes home even if the other proxenos stands in that capital; one per polis limits "
     "only where a move ends."),
    ("proxenos.captured", f"{_A} › k. Proxenos auslösen", "A captured proxenos cannot act until ransomed."),
    ("proxenos.ransom", f"{_A} › k. Proxenos auslösen", "Ransoming pays two silver to the opponent and returns the proxenos to its capital."),
    ("civilwar.target", f"{_A} › l. Bürgerkrieg anzetteln", "A civil war needs the own proxenos in a neutral or enemy polis other than the enemy capital."),
    ("civilwar.cost", f"{_A} › l. Bürgerkrieg anzetteln", "It costs twice the base population (neutral) or three times the cubes (enemy) in silver, and enough supply cubes."),
    ("civilwar.effect", f"{_A} › l. Bürgerkrieg anzetteln", "The polis joins with its projects and the same population; the instigator gains that much prestige."),
    # battles
    ("battle.trigger", _S, "After a turn every area holding eight or more units fights; once someone has passed, battles wait until both have."),
    ("battle.order", _S, "The player whose turn ended chooses the order of several battles."),
    ("battle.hands", _S, "Combat cards are shuffled; each side draws one per own unit in the area."),
    ("battle.first-attacker", _S, "Sparta attacks first on land, Athens at sea; roles swap after each exchange."),
    ("battle.exchange", _S, "The attacker plays two cards and the defender answers each with one."),
    ("battle.formation", _S, "An unmatched formation costs the defender a unit and gains the attacker the card's manoeuvre value; a matched one gains the attacker any value difference."),
    ("battle.mercenaries", _S, "Mercenaries match any formation but Salpinx when defending, and never cause a loss when attacking."),
    ("battle.salpinx", _S, "Salpinx cannot be matched; the attacker playing it pays one prestige; it matches nothing when defending."),
    ("battle.salpinx-unpayable", _S, "An attacker who must play Salpinx and cannot pay, even with prestige won by the other card, loses the game."),
    ("battle.redraw", _S, "After an exchange the attacker draws two cards, the defender two minus their losses."),
    ("battle.retreat", _S, "Between exchanges (or before the first) a player may retreat by paying one prestige to the opponent, if they have it."),
    ("battle.end", _S, "A battle ends when the deck cannot serve both draws, someone retreats, or the defender is left with fewer than two units."),
    # events
    ("event.effects", f"{_R} › 2. Ereigniskarte ausführen", "Event effects obey stacking limits and maximum populations; units come from the supply."),
    ("event.end-of-turn", "Ed1 · Rundenanfang › 2. (yucata note on Hermenfrevel)", "Some events act at the end of every turn of the round, not only at its end."),
    ("event.start-player", f"{_R} › 2. Ereigniskarte ausführen", "An event may name the start player, overriding the prestige rule."),
    ("event.unknown-effect", "polis-data.md §8; prototype-data.md §2.6", "A card known only by its name changes nothing: no source states its effect, and none is invented."),
    ("event.hermenfrevel", "Ed1 · Rundenanfang › 2. (yucata note on Hermenfrevel)", "Hermenfrevel acts at the end of every turn of its round; the German print's end of the round is a translation error."),
    ("event.betrayal", f"{_J} round4_betrayal)", "Betrayal: each side hands one of its one-cube poleis (never the capital, nor one just received) with its projects to the rival, who picks it."),
    ("event.units-abroad", f"{_J}: Egypt Revolts, Murder of the Persian King)", "Units an event sends to a market leave the board (prestige or a penalty as the card says); at round end they come back, placed by the sides in turn."),
    ("event.egypt-rounding", "Ed1 · Spielablauf › Aufrunden", "Egypt Rebels Against Persia rounds the returning half of the galleys up, for the player: an exception to rounding against the player."),
    ("event.treasury", f"{_J}: Transfer of the Treasury)", "Transfer of the Treasury: before the round each side may give any number of prestige for two silver each."),
    ("event.free-trade", f"{_J}: Free Trade with Persia)", "Free Trade: a side ending its turn with the rival cut off from Persis or Aigyptos loses 1 prestige, unless it holds 10 galleys in Ionion and Thrakikon."),
    ("event.great-commanders", f"{_J}: Great Commanders)", "Great Commanders: once this round each side may double the prestige its cards won in one battle, choosing when that battle ends."),
    ("event.mercenaries", f"{_J} round5a_mercenaries)", "Mercenaries: hoplites and galleys may be hired for 2 silver each; the cube comes from the supply and the polis keeps its population."),
    ("event.pacifism", f"{_J}: Pacifism)", "Pacifism: tribute in the own home region may put hoplites, up to the capital's population, on the pacifists for 1 prestige each."),
    ("event.alcibiades", f"{_J}: Alcibiades Flees to Sparta)", "Alcibiades: this round a battle starts when an area holds 7 units or more instead of 8."),
    ("event.carthage", f"{_J}: Carthage Lands in Sicily)", "Carthage: the side with more hoplites in Sikelia loses up to 2 (both on a tie); an empty Sikelia pays no tribute this round."),
    ("event.etna", f"{_J}: Etna Eruption)", "Etna: at most 3 hoplites collect tribute in Sikelia this round."),
    ("event.superstition", f"{_J}: Superstition)", "Superstition: a battle exchange whose cards tie (each attacking card matched by one of equal value) is fought again by the same attacker."),
    # round end
    ("roundend.order", f"{_E}", "Round-end steps are done by both players in turn, the first passer first in every step."),
    ("roundend.feeding", f"{_E} › 2. Versorgung", "Each cube in own poleis eats one wheat; shortfalls are paid with prestige one for one or by releasing whole poleis."),
    ("roundend.no-single-cubes", f"{_E} › 2. Versorgung", "Only whole poleis can be released to reduce the food needed, never single cubes."),
    ("roundend.growth", f"{_E} › 3. Wachstum", "One wheat adds one cube to a polis, up to its growth per round and its maximum population."),
    ("roundend.megalopolis", f"{_E} › 4. Megalopolis", "Each own polis with more cubes than its base population gives one prestige."),
    ("roundend.spoilage", f"{_E} › 5. Lagerhaltung", "Wine, oil and wheat keep half their stock, rounded up (yucata follows the original rule)."),
    ("roundend.spoilage-printed", f"{_E} › 5. Lagerhaltung", "Option spoilage='printed-de': the printed German rule keeps half rounded down."),
    ("roundend.phoros", f"{_E} › 6. Phoros", "Any number of prestige may be turned into silver, one for one."),
    ("roundend.preparation", f"{_E} › Vorbereitung der nächsten Runde", "Next round: tribute discs return, trade ships return to port, leftover projects leave the game."),
    ("roundend.last-round", f"{_E} › 4. Megalopolis", "After the last round the game ends after Megalopolis; storage and Phoros are skipped."),
    # game end
    ("end.capital-unfed", "Ed1 · Spielende", "A player who cannot feed their capital at round end loses at once."),
    ("end.ostracism", "Ed1 · Spielende", "A player with no prestige after Phoros loses at once."),
    ("end.prestige-owed", "Ed1 · Spielende", "A player forced to pay prestige they do not have loses at once."),
    ("end.score", "Ed1 · Spielende", "After the last round the score is cubes in own poleis plus prestige plus bracketed prestige of completed projects in own poleis."),
    ("end.tie-break", "Ed1 · Spielende", "On equal scores the player with more goods left wins."),
    # data
    ("data.reconstructed", "polis-data.md §13", "A component value no source gives was reconstructed; it may differ from the printed board."),
    ("data.prototype", "prototype-data.md §2", "A component value taken from the designer's 2010–11 prototype; it agrees with print where both speak, yet print may differ."),
]

_P = "Ed2 · Przygotowanie do gry"
_K = "Ed2 · Koniec rundy"
# second-edition rules (Devir 2020, Polish rulebook): new rules, and variants replacing a
# first-edition rule (polis_nb.rules.editions.VARIANTS maps the first-edition id to them)
_RULES_ED2 = [
    ("game.rounds-ed2", "Ed2 · Jak przebiega gra", "The game lasts three rounds, Alpha, Epsilon and Omega, with stacking limits 3, 4 and 5."),
    ("game.discs-limit", "Ed2 · Podstawowe pojęcia", "Each side has 25 discs for its poleis, tribute and sieges; an action needing a disc cannot be taken without one."),
    ("setup.player-board", _P, "Each side starts with four of every resource and 3 prestige, except Sparta without wheat and Athens without silver."),
    ("round.projects-ed2", f"{_P}; {_K} › 7", "Alpha shows three project tiles; later rounds draw five, then the remaining six, and one of them leaves the game."),
    ("round.event-ed2", f"{_P}; Ed2 · Karty Wydarzeń", "One Alpha, one Epsilon and one Omega event lie in a pile; the player with more prestige (Athens on a tie) reads the round's card first."),
    ("project.draft", f"{_K} › 7", "The player with less prestige (on a tie whoever passed first) removes one of the newly drawn project tiles."),
    ("project.face-down", "Ed2 · Akcje › 4. Opracowanie Projektu", "A started project lies face down on its polis and is turned face up when the round ends."),
    ("proxenos.ransom-ed2", "Ed2 · Akcje › 7. Oblężenie Polis", "Ransoming the proxenos is no action: in one's own turn, at any time, pay the captor 2 silver, who cannot refuse."),
    ("siege.discs", "Ed2 · Akcje › 7. Oblężenie Polis", "A failed siege leaves the besieger's disc by the polis; each own disc in that territory adds 1 to later siege rolls."),
    ("siege.discs-removal", "Ed2 · Akcje › 7. Oblężenie Polis", "Siege discs leave when their owner has no hoplites left there, when the opponent besieges that neutral polis, or at round end."),
    ("tribute.rows-ed2", "Ed2 · Akcje › 8. Zebranie Daniny", "The player chooses how many of their hoplites go on the tribute rows, and on which, each row filled from the top."),
    ("trade.offer-ed2", "Ed2 · Akcje › 9. Handel", "A merchant takes a free offer not covered by a black cube; an offer may accept several goods."),
    ("trade.black-cubes", f"{_P}; {_K} › 7", "Black cubes cover every foreign-market offer of 4 or 5 at setup; at each round end the topmost cube leaves each market."),
    ("trade.exchange-ed2", "Ed2 · Akcje › 9. Handel", "An exchange pays the market value of any one good the offer accepts."),
    ("trade.market-value-ed2", "Ed2 · Akcje › 9. Handel", "After an exchange two dice are rolled and the lower moves the good right; buying wheat rolls one die per good that could have paid, each moving left."),
    ("battle.retreat-ed2", "Ed2 · Walka › Toczenie bitwy", "A retreat, announced before cards are drawn, costs the retreating side 1 prestige and gives the opponent 1."),
    ("roundend.order-ed2", _K, "The round end has seven steps (four after Omega); whoever passed first goes first in each."),
    ("roundend.spoilage-ed2", f"{_K} › 5", "Wine and wheat keep half, rounded up."),
    ("roundend.phoros-ed2", f"{_K} › 6", "Once per round end, a side owning a polis besides its capital may give 1 prestige for 1 silver or 2 prestige for 3 silver."),
    ("roundend.preparation-ed2", f"{_K} › 7", "Next round: tribute and siege discs leave, merchants return to port, leftover projects leave the game."),
    ("end.capital-unfed-ed2", "Ed2 · Koniec gry", "A side owning only its capital that cannot feed it with wheat and prestige loses at once."),
    ("end.ostracism-ed2", "Ed2 · Koniec gry", "A side left without prestige after all round-end steps loses at once."),
    ("end.tie-break-ed2", "Ed2 · Koniec gry › Określenie Zwycięzcy", "On equal scores more resources left wins; if those are equal too, both share the win."),
]
# first-edition rules the second edition replaces or drops
_ED1_ONLY = {"game.rounds", "round.projects", "round.event", "proxenos.ransom", "tribute.rows", "trade.offer",
             "trade.exchange", "trade.market-value", "battle.retreat", "battle.salpinx-unpayable", "roundend.order",
             "roundend.spoilage", "roundend.spoilage-printed", "roundend.phoros", "roundend.preparation",
             "project.phidias", "end.capital-unfed", "end.ostracism", "end.tie-break",
             # the effects of the first edition's prototype event cards
             "event.hermenfrevel", "event.betrayal", "event.units-abroad", "event.egypt-rounding", "event.treasury",
             "event.free-trade", "event.great-commanders", "event.mercenaries", "event.pacifism", "event.alcibiades",
             "event.carthage", "event.etna", "event.superstition"}

# second-edition sections of the shared rules, by family (the Polish rulebook's headings)
_ED2_SECTIONS = {
    "game": "Ed2 · Podstawowe pojęcia", "decision": "polis_nb kernel", "round": "Ed2 · Przygotowanie do gry",
    "turn": "Ed2 · Przygotowanie do gry › tury", "action": "Ed2 · Akcje", "train": "Ed2 · Akcje › 1. Tworzenie Hoplity",
    "polis": "Ed2 · Akcje › 1.–3.", "stack": "Ed2 · Limit kumulacji", "galley": "Ed2 · Akcje › 2. Tworzenie Galery",
    "ships": "Ed2 · Akcje › 3. Zatrudnianie Kupca", "project": "Ed2 · Akcje › 4. Opracowanie Projektu",
    "move": "Ed2 · Akcje › 5. Ruch Hoplity; 6. Ruch Galery", "control": "Ed2 · Podstawowe pojęcia",
    "siege": "Ed2 · Akcje › 7. Oblężenie Polis", "tribute": "Ed2 · Akcje › 8. Zebranie Daniny",
    "trade": "Ed2 · Akcje › 9. Handel", "proxenos": "Ed2 · Akcje › 10. Ruch Proxenos",
    "civilwar": "Ed2 · Akcje › 11. Wywołaj wojnę domową", "battle": "Ed2 · Walka", "event": "Ed2 · Karty Wydarzeń",
    "roundend": "Ed2 · Koniec rundy", "end": "Ed2 · Koniec gry", "data": "polis-data.md §13",
}

# shared rules whose second-edition section is not their family's
_ED2_SECTION_OF = {
    "proxenos.ransom-shared-capital": "Ed2 · Akcje › 7. Oblężenie Polis; Ed2 · Akcje › 10. Ruch Proxenos",
}

RULES: dict[str, RuleRef] = {
    rid: RuleRef(rid, ("ed1",) if rid in _ED1_ONLY else ("ed1", "ed2"),
                 src if src.startswith(("Ed1", "polis", "prototype")) else f"Ed1 · {src}", summary,
                 "" if rid in _ED1_ONLY else _ED2_SECTION_OF.get(rid) or _ED2_SECTIONS[rid.split(".")[0]])
    for rid, src, summary in _RULES
}
RULES.update({rid: RuleRef(rid, ("ed2",), src, summary, src) for rid, src, summary in _RULES_ED2})

#: each rule's summary as a message ("rule.<id>"), so the catalogues translate it (scripts/i18n.py adds these
#: to the template beside what Babel extracts, since the table above is not a call Babel reads)
_declare = message  # (a name Babel does not read: these ids are made, not literal)
SUMMARIES = {rid: _declare(f"rule.{rid}", ref.summary) for rid, ref in RULES.items()}


def rule(rid: str) -> RuleRef:
    try:
        return RULES[rid]
    except KeyError:
        raise KeyError(f"unknown rule id {rid!r}") from None
