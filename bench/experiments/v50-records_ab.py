"""auto and atomic with DASH_LAUNCH_RECORDS 0 / 1, peer-grid cells, one process; bits checked."""
import os, sys
import torch
sys.path.insert(0, os.getcwd())
from bench.common import attention_flops, peer_grid_backward_cells, time_interleaved, settings_with_other_bits
from dash.ops import attn_bwd
print("device:", torch.cuda.get_device_name())
cells = sys.argv[1].split(",")
rounds = int(sys.argv[2])
def with_env(val, fn):
    def run():
        os.environ["DASH_LAUNCH_RECORDS"] = val
        return fn()
    return run
for (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), (out, lse), (dq, dk, dv)) in peer_grid_backward_cells(cells):
    fns = {}
    for det in (True, False):
        for val in ("0", "1"):
            call = lambda d=det: attn_bwd(dout, q, k, v, out, lse, causal=causal, deterministic=d, dq=dq, dk=dk, dv=dv)
            fns[f"{'auto' if det else 'atomic'}|{val}"] = with_env(val, call)
    bad = settings_with_other_bits({v: fns[f"auto|{v}"] for v in ("0", "1")}, (dq, dk, dv), repeats=2,
                                   reset=lambda: dq.fill_(float("nan")))
    if bad:
        print("  BITS DIFFER", name, bad)
    ms = time_interleaved(fns, rounds)
    flops = attention_flops(batch, heads, seqlen, seqlen, hdim, causal, mode="bwd")
    tf = {f: flops / (t * 1e-3) / 1e12 for f, t in ms.items()}
    print(f"== {name}: " + " ".join(f"{f}={x:.1f}" for f, x in tf.items()) +
          f" | auto 1/0={tf['auto|1'] / tf['auto|0']:.3f} atomic 1/0={tf['atomic|1'] / tf['atomic|0']:.3f}", flush=True)
