"""Learned play: policies saved as npz and played in numpy (`policy`, no training library
needed), and Deep Monte-Carlo self-play that trains them (`dmc`, the `learn` extra: PyTorch)."""
