# Device A/B (session 33): grouped shift tables (s33-grouped-shift-tables.py) against shift, ascending and atomic,
# interleaved in one process; plus a determinism and accuracy check of each variant.
import os, sys, torch
sys.path.insert(0, '.')
from dash import ops
from dash.fwd import attn_fwd
from bench.common import time_interleaved, attention_flops
import importlib.util
_spec = importlib.util.spec_from_file_location(
    "gshift", os.path.join(os.path.dirname(os.path.abspath(__file__)), "s33-grouped-shift-tables.py"))
gshift = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gshift)

VARIANT = {"v": None}
_orig = ops._tables


def patched(problem, schedule, device):
    v = VARIANT["v"]
    if v is None or schedule != "shift":
        return _orig(problem, schedule, device)
    key = (problem.seqlen_q, problem.head_dim, v)
    if key not in CACHE:
        g, s = v
        t = gshift.build(problem.replace(batch=1, heads=1, heads_kv=1), g, stride=s)
        arrays = {k: torch.from_numpy(a.reshape(-1).copy()).to(device) for k, a in t.kernel_arrays().items()}
        CACHE[key] = ops.BwdTables(name="shift", wave_size=int(t.coresident_needed), launch_wave=t.launch_wave, **arrays)
    return CACHE[key]


CACHE = {}
ops._tables = patched
rounds = int(os.environ.get("ROUNDS", "5"))
cells = [(64, 8192), (64, 16384), (128, 8192), (128, 16384)]
variants = [(2, 2), (2, 4), (4, 2), (4, 4), (8, 4)]
for hdim, s in cells:
    heads = 32 if hdim == 64 else 16
    batch = 16384 // s
    torch.manual_seed(0)
    q, k, v, dout = (torch.randn(batch, s, heads, hdim, device="cuda", dtype=torch.bfloat16) for _ in range(4))
    out, lse = attn_fwd(q, k, v)

    def run(sched, var):
        def fn():
            VARIANT["v"] = var
            try:
                return ops.attn_bwd(dout, q, k, v, out, lse, deterministic=sched != "atomic", schedule=sched)
            finally:
                VARIANT["v"] = None
        return fn

    fns = {"atomic": run("atomic", None), "ascending": run("ascending", None), "shift": run("shift", None)}
    for var in variants:
        fns[f"g{var[0]}s{var[1]}"] = run("shift", var)
    ref = fns["atomic"]()
    for name, fn in fns.items():
        a = fn(); b = fn()
        err = max(float((x.float() - y.float()).abs().max()) for x, y in zip(a, ref))
        same = all(torch.equal(x, y) for x, y in zip(a, b))
        if name != "atomic" and not same:
            print(f"  {name}: NOT REPEATABLE", flush=True)
        if err > 0.05:
            print(f"  {name}: max diff to atomic {err:.3g}", flush=True)
    ms = time_interleaved(fns, rounds)
    fl = attention_flops(batch, heads, s, s, hdim, False, "bwd")
    print(f"d{hdim} full {s}: " + "  ".join(f"{n} {fl / (t * 1e-3) / 1e12:.1f}" for n, t in ms.items()), flush=True)
