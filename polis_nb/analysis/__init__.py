"""Analysis: bots and simulation over the kernel (odds come in a later issue)."""
from .bots import random_policy, sensible_policy, play_out

__all__ = ["random_policy", "sensible_policy", "play_out"]
