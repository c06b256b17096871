"""Analysis: bots, simulation and odds over the kernel."""
from .bots import random_policy, sensible_policy, play_out
from .edition_diff import DiffItem, EditionDiff, edition_diff
from .translate import TranslationError, translate, translation_losses
from .odds import (BattleOdds, BattleOutcome, Estimate, MarketOdds, SiegeOdds, battle_odds, battle_odds_setup,
                   market_move_odds, market_value_after, siege_odds, siege_odds_for)

__all__ = ["random_policy", "sensible_policy", "play_out", "BattleOdds", "BattleOutcome", "Estimate", "MarketOdds",
           "SiegeOdds", "battle_odds", "battle_odds_setup", "market_move_odds", "market_value_after", "siege_odds",
           "siege_odds_for", "DiffItem", "EditionDiff", "TranslationError", "edition_diff", "translate",
           "translation_losses"]
