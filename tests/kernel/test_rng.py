"""The kernel's RNG: `below` as records know it, `exact_below` exact past a float's precision,
`seed` the one 64-bit fresh seed, all of them the same for the same seed."""

from __future__ import annotations

from collections import Counter

import pytest

from parlour.kernel import Rng
from parlour.kernel.rng import ChanceNeeded, ScriptedRng, StrictRng

BIG = (1 << 62) + 12345
"""A range past 2**53, not a power of two."""


def test_below_is_unchanged_one_float_scaled() -> None:
    """`below` stays `int(random() * n)`: records and golden files replay on it."""
    import random

    twin = random.Random(2 * 7)  # the key `Rng(7)` seeds its generator with
    rng = Rng(7)
    for n in (2, 6, 52, 1 << 40, BIG):
        assert rng.below(n) == int(twin.random() * n)


def test_below_reaches_only_multiples_past_the_floats_precision() -> None:
    """Why `exact_below` exists: past 2**53 every value of `below` is a multiple of
    `n / 2**53` rounded down, so its low bits for `2**62` are always zero."""
    rng = Rng(3)
    assert all(rng.below(1 << 62) % (1 << 9) == 0 for _ in range(200))


def test_exact_below_reaches_every_low_bit_past_the_floats_precision() -> None:
    rng = Rng(3)
    draws = [rng.exact_below(BIG) for _ in range(2000)]
    assert all(0 <= draw < BIG for draw in draws)
    assert {draw % 2 for draw in draws} == {0, 1}
    assert len({draw % 64 for draw in draws}) == 64
    assert max(draws) > BIG - (BIG >> 4)  # the top of the range is reached too


def test_exact_below_is_uniform_on_a_small_range() -> None:
    """30,000 draws below 6 from a fixed seed: every count within 4 standard deviations."""
    rng = Rng(11)
    counts = Counter(rng.exact_below(6) for _ in range(30_000))
    assert sorted(counts) == list(range(6))
    spread = (30_000 * (1 / 6) * (5 / 6)) ** 0.5
    assert all(abs(count - 5_000) < 4 * spread for count in counts.values())


def test_exact_below_rejects_an_empty_range() -> None:
    with pytest.raises(ValueError, match="below 0"):
        Rng(1).exact_below(0)


def test_seed_is_64_bits_and_uses_them_all() -> None:
    rng = Rng(5)
    seeds = [rng.seed() for _ in range(2000)]
    assert all(0 <= seed < 1 << 64 for seed in seeds)
    assert max(seeds) >= 1 << 63  # the top bit is drawn
    assert {seed & 1 for seed in seeds} == {0, 1}  # and the bottom one: no float rounding
    assert len(set(seeds)) == len(seeds)


@pytest.mark.parametrize("draw", ["seed", "exact_below"])
def test_the_new_draws_are_determined_by_the_seed(draw: str) -> None:
    def run(rng: Rng) -> list[int]:
        return [rng.seed() if draw == "seed" else rng.exact_below(BIG) for _ in range(50)]

    first, again, other = Rng(42), Rng(42), Rng(43)
    assert run(first) == run(again)
    assert run(Rng(42)) != run(other)
    copied = Rng(9)
    run(copied)
    assert run(copied.copy()) == run(copied)


def test_these_values_stay_the_same_on_every_machine() -> None:
    """Pinned: a determinizer's seeds are part of what a seeded search decides."""
    rng = Rng(2026)
    assert [rng.seed() for _ in range(2)] + [rng.exact_below(BIG)] == PINNED


PINNED = [10410260649401210233, 9574928550110851460, 3976275464916288636]


def test_a_script_answers_exact_below_but_not_seed() -> None:
    rng = ScriptedRng(4, [5])
    fresh = Rng(4).seed()
    assert rng.seed() == fresh  # from the seed, leaving the script alone
    assert rng.exact_below(BIG) == 5
    assert rng.used == 1
    with pytest.raises(ValueError, match=r"not in 0\.\.1"):
        ScriptedRng(4, [2]).exact_below(2)


def test_a_strict_rng_scripts_exact_below_and_refuses_a_seed() -> None:
    rng = StrictRng([7])
    assert rng.exact_below(BIG) == 7
    assert rng.drawn == [7]
    with pytest.raises(ChanceNeeded):
        rng.exact_below(BIG)
    with pytest.raises(TypeError, match="no seed"):
        rng.seed()
