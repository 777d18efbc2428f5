"""Bots: the registry any game adds to, and the game-agnostic bots."""

from parlour.bots import policy_bot, random_bot
from parlour.bots.registry import Bot, BotInfo, bots_for, make_bot, register_bot

__all__ = ["Bot", "BotInfo", "bots_for", "make_bot", "policy_bot", "random_bot", "register_bot"]
