"""dash.schedule: DASH's scheduling model of the deterministic backward, in Python + NumPy.

A schedule = each CTA's Q-tile visiting order + each Q tile's accumulation order (ranks). This
package builds the tables the kernel reads (build_tables), checks them (check), simulates a
grid under them (simulate), picks one per shape (choose) and draws Gantt charts (plot).
See docs/schedules.md. CLI: python -m dash.schedule --seqlen 8192 --hdim 128 --causal
"""
from .check import check, min_capacity
from .choose import COSTS, DEFAULT_COSTS, DEFAULT_GPU, choose, compare, default_costs, pick, predict, speedups
from .problem import DEFAULT_TILES, Problem, col_ranges, row_ranges, tile_mask
from .simulate import Costs, SimResult, simulate
from .tables import SCHEDULES, ScheduleTables, build_all, build_tables


def plot_comparison(*args, **kw):
    """See dash.schedule.plot.plot_comparison (needs matplotlib)."""
    from .plot import plot_comparison as f

    return f(*args, **kw)


__all__ = ["Problem", "ScheduleTables", "SCHEDULES", "build_tables", "build_all", "check", "min_capacity",
           "Costs", "SimResult", "simulate", "choose", "pick", "predict", "compare", "speedups", "default_costs",
           "COSTS", "DEFAULT_COSTS", "DEFAULT_GPU", "DEFAULT_TILES", "tile_mask", "row_ranges", "col_ranges", "plot_comparison"]
