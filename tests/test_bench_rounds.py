"""The benchmarks' round orders (bench/common.py round_orders): where each closure sits in each
timing round, and which closure runs right before it, decide how much of the GPU's clock drift and
of its predecessor's after-effects it sees."""
import collections
import statistics

import pytest

from bench.common import round_orders, williams_rows

NAMES = ["atomic", "ascending", "descending", "spt", "shift", "auto", "fa4", "fa4-det", "cudnn", "sdpa-flash"]


@pytest.mark.parametrize("n", [1, 2, 3, 5, 10, 11, 12])
def test_a_whole_design_is_a_latin_square(n):
    names = [f"c{i}" for i in range(n)]
    orders = round_orders(names, len(williams_rows(n)))
    assert all(sorted(o) == sorted(names) for o in orders)
    for name in names:
        positions = collections.Counter(o.index(name) for o in orders)
        assert set(positions) == set(range(n)) and len(set(positions.values())) == 1


@pytest.mark.parametrize("n", [2, 3, 4, 5, 10, 11, 12])
def test_every_closure_follows_every_other_equally_often(n):
    names = [f"c{i}" for i in range(n)]
    orders = round_orders(names, len(williams_rows(n)))
    pairs = collections.Counter((o[j], o[j + 1]) for o in orders for j in range(n - 1))
    assert len(pairs) == n * (n - 1)  # every ordered pair of distinct closures
    assert len(set(pairs.values())) == 1  # equally often (once for even n, twice for odd n)


def test_default_grid_rounds_put_auto_after_every_schedule():
    # The grid's closures: auto follows each of the others once, not always the same one (a
    # rotated order put shift before auto in every round).
    orders = round_orders(NAMES, len(williams_rows(len(NAMES))))
    before_auto = [o[o.index("auto") - 1] for o in orders if o.index("auto") > 0]
    assert sorted(before_auto) == sorted(n for n in NAMES if n != "auto")


def test_few_rounds_spread_every_closure_over_the_round():
    orders = round_orders(NAMES, 3)
    assert len(orders) == 3 and all(sorted(o) == sorted(NAMES) for o in orders)
    middle = (len(NAMES) - 1) / 2
    for name in NAMES:
        assert abs(statistics.mean(o.index(name) for o in orders) - middle) <= len(NAMES) / 3


def test_more_rounds_than_the_design_cycle():
    orders = round_orders(["a", "b"], 4)
    assert [o[0] for o in orders] == ["a", "b", "a", "b"]
