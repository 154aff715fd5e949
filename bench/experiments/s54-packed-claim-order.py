"""Session 54: a model of the packed forward's claim order (no GPU). 132 persistent CTAs claim
tiles in order, each the next one as it finishes (list scheduling); a tile costs its key tiles
plus one (its prologue and epilogue). Prints the makespan of two orders against the mean load:

  sequence order: tile_at's, a sequence's tiles head by head (each head's longest first under a
                  causal mask), then the next sequence's;
  longest first:  the tiles sorted by cost across the whole batch (O1's rounds give this order for
                  square causal sequences: bench/NOTES_fwd.md, session 54).

    python bench/experiments/s54-packed-claim-order.py
"""
import heapq
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from varlen import doc_lengths  # noqa: E402  (bench/varlen.py's "docs" packing)

CTAS = 132


def tiles(lengths, heads, block_m, block_n, causal, longest_first):
    """The tiles' costs in claim order."""
    costs = []
    for seqlen in lengths:
        m_blocks = -(-seqlen // block_m)
        n_blocks = -(-seqlen // block_n)
        for _head in range(heads):
            for i in range(m_blocks):
                m = m_blocks - 1 - i if causal else i
                keys = min(-(-((m + 1) * block_m) // block_n), n_blocks) if causal else n_blocks
                costs.append(keys + 1.0)
    return sorted(costs, reverse=True) if longest_first else costs


def makespan(costs, ctas=CTAS):
    finish = [0.0] * ctas
    for cost in costs:
        heapq.heappush(finish, heapq.heappop(finish) + cost)
    return max(finish), sum(costs) / ctas


def main():
    packings = {"docs": doc_lengths(), "8 x 2k": [2048] * 8, "2 x 8k": [8192] * 2}
    # (head dim, heads, query tile rows, key tile rows): the forward's tiles at 16k tokens.
    cells = [(64, 32, 192, 128), (128, 16, 128, 128), (128, 32, 128, 128)]
    print("| packing | cell | sequence order | longest first | mean | gain |")
    print("|---|---|---|---|---|---|")
    for name, lengths in packings.items():
        for hdim, heads, block_m, block_n in cells:
            for causal in (False, True):
                seq, mean = makespan(tiles(lengths, heads, block_m, block_n, causal, False))
                lpt, _ = makespan(tiles(lengths, heads, block_m, block_n, causal, True))
                mask = "causal" if causal else "full"
                print(f"| {name} | d{hdim} {heads} heads {mask} | {seq:.0f} | {lpt:.0f} | {mean:.0f} | {seq / lpt - 1:+.1%} |")


if __name__ == "__main__":
    main()
