"""A fast first look at the varlen backward on a GPU machine: one small packed batch per (hdim,
mask, schedule), each sequence's gradients checked against the fp32 reference (FA3's
criterion). Run under `timeout` before the tests, so that a hang costs seconds."""
import sys
import time

import torch

sys.path.insert(0, ".")
from tests.helpers import fa3_errors  # noqa: E402
from tests.test_varlen_bwd import packed, reference_grads, varlen_grads  # noqa: E402
from dash.ops import schedules_for  # noqa: E402

ok = True
seqlens = [(300, 200), (1, 129), (129, 700), (64, 0), (0, 64), (1000, 1000)]
for head_dim in (64, 128):
    for causal in (False, True):
        for schedule in ("atomic", "auto") + schedules_for(causal):
            q, k, v, dout, cu_q, cu_k = packed(seqlens, 4, 2, head_dim, torch.bfloat16, seed=head_dim + causal)
            t = time.time()
            kw = dict(deterministic=False) if schedule == "atomic" else dict(deterministic=True, schedule=schedule)
            _, *grads = varlen_grads(q, k, v, dout, cu_q, cu_k, causal, **kw)
            torch.cuda.synchronize()
            ms = 1e3 * (time.time() - t)
            refs = reference_grads(q, k, v, dout, cu_q, cu_k, causal, True)
            lows = reference_grads(q, k, v, dout, cu_q, cu_k, causal, False)
            checks = [fa3_errors(g, r, l) for g, r, l in zip(grads, refs, lows)]
            good = all(c[0] for c in checks) and all(torch.isfinite(g).all() for g in grads)
            ok &= bool(good)
            errs, base = [c[1] for c in checks], [c[2] for c in checks]
            print(f"varlen d{head_dim} causal={causal:d} {schedule:13s} {'ok ' if good else 'BAD'} "
                  f"err dq/dk/dv {errs[0]:.2e}/{errs[1]:.2e}/{errs[2]:.2e}  torch-bf16 "
                  f"{base[0]:.2e}/{base[1]:.2e}/{base[2]:.2e}  {ms:.0f} ms", flush=True)
sys.exit(0 if ok else 1)
