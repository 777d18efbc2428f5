"""Parlour in the browser: a multiplayer server over the kernel, with persistent tables.

Every action goes through the kernel; the server stores each table's record (game, options,
seed, actions) and rebuilds live tables from it after a restart. Only views leave the server.
"""
