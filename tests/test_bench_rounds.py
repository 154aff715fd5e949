"""The benchmarks' round orders (bench/common.py round_orders): where each closure sits in each
timing round decides how much of the GPU's clock drift it sees."""
import statistics

import pytest

from bench.common import round_orders

NAMES = ["atomic", "ascending", "descending", "spt", "shift", "auto", "fa4", "fa4-det", "cudnn", "sdpa-flash"]


@pytest.mark.parametrize("n", [1, 2, 5, 10, 12])
def test_one_round_per_closure_is_a_latin_square(n):
    names = NAMES[:n] if n <= len(NAMES) else [f"c{i}" for i in range(n)]
    orders = round_orders(names, n)
    assert all(sorted(o) == sorted(names) for o in orders)
    for name in names:
        assert sorted(o.index(name) for o in orders) == list(range(n))


def test_few_rounds_spread_every_closure_over_the_round():
    # 3 rounds of 10 closures: each closure's mean position lies within a third of the round of
    # the middle (rotating by one position per round kept the last closure at 7-9 of 0-9).
    orders = round_orders(NAMES, 3)
    assert len(orders) == 3 and all(sorted(o) == sorted(NAMES) for o in orders)
    middle = (len(NAMES) - 1) / 2
    for name in NAMES:
        assert abs(statistics.mean(o.index(name) for o in orders) - middle) <= len(NAMES) / 3


def test_more_rounds_than_closures_cycle():
    orders = round_orders(["a", "b"], 4)
    assert [o[0] for o in orders] == ["a", "b", "a", "b"]
