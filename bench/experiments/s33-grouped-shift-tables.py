"""Prototype (session 33): shift with groups of g CTAs that walk the same Q tile together.
CTA j of a wave of P belongs to group k = j // g, which visits Q tile (s k + t) mod M at step t
(s: shift's stride over P / g groups). Ranks by arrival (wave, step, launch position): within a
group a chain of g, between groups s steps of drift, as in shift."""
import numpy as np
from dash.schedule import tables as T


def build(problem, g, W=None, stride=None):
    ctx = T._Ctx(problem)
    M, N = ctx.M, ctx.N
    assert np.all(ctx.length == M), "full mask only"
    W = T.default_wave_size(problem) if W is None else W
    P = max(1, min(W, M, N))
    G = -(-P // g)
    s = stride if stride is not None else T.shift_stride(M, G)
    n = np.arange(N)
    j = n - (n // P) * P
    k = j // g
    # group k's visits (s k + t) mod M, t = 0..M-1: windows of 0..M-1 twice, as shift's
    rows = np.arange(M, dtype=np.int32)
    visit = T._windows(np.concatenate([rows, rows]), M, (s * k) % M).ravel()
    rank = ctx.arrival_rank(visit, n, P)
    return T._finish("shift", "shift", ctx, n, visit, rank, P, True)


if __name__ == "__main__":
    from dash.schedule import Problem
    from dash.schedule.check import check
    for s_len, hd, bm in ((8192, 64, 128), (16384, 64, 128), (2048, 64, 128), (8192, 128, 80), (16384, 128, 80)):
        p = Problem(seqlen_q=s_len, seqlen_k=s_len, block_m=bm, block_n=128, mask="full", batch=1, heads=1,
                    heads_kv=1, head_dim=hd).on_nominal_device()
        for g in (1, 2, 4):
            t = build(p, g)
            check(t, p)
            ref = T.build_tables(p, "shift")
            same = g == 1 and np.array_equal(t.rank, ref.rank) and np.array_equal(t.visit_m, ref.visit_m)
            print(s_len, hd, g, t, "coresident", t.coresident_needed, "== shift" if same else "")
