"""A fast first look on a GPU machine: one small backward per (hdim, mask, schedule), each
checked against the fp32 reference. Meant to run under `timeout` before the full test suite,
so that a hang costs seconds, not the whole run. Three shapes: one with fewer launch positions
than SMs, and an MHA and a GQA one with several positions per SM.

    python3 scripts/smoke_bwd.py [HEAD_DIM ...]     (default: every head dim the build has)"""
import itertools
import sys
import time

import torch

sys.path.insert(0, ".")
from tests.helpers import fa3_errors, make_inputs, reference_and_baseline_grads, reference_fwd  # noqa: E402
from dash import _ext  # noqa: E402
from dash.ops import attn_bwd, schedules_for  # noqa: E402
from dash.validate import SUPPORTED_HEAD_DIMS  # noqa: E402

HEAD_DIMS = tuple(int(a) for a in sys.argv[1:]) or _ext.built_head_dims() or SUPPORTED_HEAD_DIMS
ok = True
SHAPES = ((2, 300, 4, 2), (4, 1000, 16, 16), (4, 1000, 32, 8))  # (batch, seqlen, heads, heads_kv)
for (batch, seqlen, heads, heads_kv), head_dim, causal in itertools.product(SHAPES, HEAD_DIMS, (False, True)):
    for schedule in ("atomic",) + schedules_for(causal):
        q, k, v, dout = make_inputs(batch, seqlen, seqlen, heads, heads_kv, head_dim, torch.bfloat16)
        out, lse = reference_fwd(q, k, v, causal)
        t = time.time()
        grads = attn_bwd(dout, q, k, v, out, lse, causal=causal, schedule=schedule,
                         deterministic=schedule != "atomic")
        torch.cuda.synchronize()
        refs, lows = reference_and_baseline_grads(q, k, v, dout, causal)
        checks = [fa3_errors(g, r, l) for g, r, l in zip(grads, refs, lows)]
        good = all(c[0] for c in checks)
        errs, base = [c[1] for c in checks], [c[2] for c in checks]
        ok &= good
        print(f"b{batch} s{seqlen} h{heads}/{heads_kv} d{head_dim} causal={causal:d} {schedule:13s} {'ok ' if good else 'BAD'} "
              f"err dq/dk/dv {errs[0]:.2e}/{errs[1]:.2e}/{errs[2]:.2e}  torch-bf16 {base[0]:.2e}/{base[1]:.2e}/{base[2]:.2e}"
              f"  {1e3 * (time.time() - t):.0f} ms", flush=True)
sys.exit(0 if ok else 1)
