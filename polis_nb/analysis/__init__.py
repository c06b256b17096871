"""Analysis: bots, search, position evaluation, ladders, simulation and odds over the kernel."""
from .bots import Bot, PolicyBot, bot_names, greedy_policy, make_bot, random_policy, sensible_policy, play_out
from .search import SearchBot, Tree
from .evaluate import Analysis, ChoiceValue, LineStep, analyse
from .review import DecisionReview, Review, SideSummary, review
from .ladder import Ladder, PairResult, ladder
from .edition_diff import DiffItem, EditionDiff, edition_diff
from .translate import TranslationError, translate, translation_losses
from .odds import (BattleOdds, BattleOutcome, Estimate, MarketOdds, SiegeOdds, battle_odds, battle_odds_setup,
                   market_move_odds, market_value_after, siege_odds, siege_odds_for)

__all__ = ["Bot", "PolicyBot", "bot_names", "greedy_policy", "make_bot", "random_policy", "sensible_policy", "play_out",
           "SearchBot", "Tree", "Analysis", "ChoiceValue", "LineStep", "analyse", "DecisionReview", "Review", "SideSummary", "review", "Ladder", "PairResult", "ladder", "BattleOdds", "BattleOutcome", "Estimate", "MarketOdds",
           "SiegeOdds", "battle_odds", "battle_odds_setup", "market_move_odds", "market_value_after", "siege_odds",
           "siege_odds_for", "DiffItem", "EditionDiff", "TranslationError", "edition_diff", "translate",
           "translation_losses"]
