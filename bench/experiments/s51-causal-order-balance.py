"""A model of how evenly the causal forward's persistent CTAs share their tiles (session 51, F23).

Tiles are numbered longest first (fwd_kernel.h get_tile); a unit is what one cluster runs at a
time (two tiles of one query tile, so one unit costs one tile's time). A unit costs its key tiles
plus `overhead` of one (prologue and epilogue). Three ways to hand units to G clusters:
  dynamic  whichever cluster is free takes the next unit (the counter of kDynamicTiles);
  static   cluster c takes units c, c + G, c + 2G, ...;
  snake    cluster c takes unit rG + c in even rounds r and rG + G - 1 - c in odd ones
           (FwdKernel::static_tile).
Prints the busiest cluster's load over the mean (1.000 = perfect balance).

    python bench/experiments/s51-causal-order-balance.py
"""
import heapq


def makespan(lengths, clusters, mode, overhead=0.5):
    if mode == "dynamic":
        free = [(0.0, c) for c in range(clusters)]
        for length in lengths:
            t, c = heapq.heappop(free)
            heapq.heappush(free, (t + length + overhead, c))
        return max(t for t, _ in free)
    loads = [0.0] * clusters
    for i, length in enumerate(lengths):
        r, k = divmod(i, clusters)
        c = k if mode == "static" or r % 2 == 0 else clusters - 1 - k
        loads[c] += length + overhead
    return max(loads)


def main():
    clusters = 66  # 132 SMs in clusters of two
    # (cell, units per query-tile length, query tiles per head)
    cells = [("d128 GQA 32/8 causal 8k (b 2)", 2 * 32 // 2, 64),
             ("d128 causal 16k (b 1, 16 heads)", 16 // 2, 128),
             ("d64 causal 8k (b 2, 32 heads, 192 rows)", 2 * 32 // 2, 43)]
    for name, units, tiles in cells:
        lengths = sorted((m + 1 for m in range(tiles) for _ in range(units)), reverse=True)
        mean = sum(length + 0.5 for length in lengths) / clusters
        row = "  ".join(f"{mode} {makespan(lengths, clusters, mode) / mean:.4f}" for mode in ("dynamic", "static", "snake"))
        print(f"{name:42s} {row}")


if __name__ == "__main__":
    main()
