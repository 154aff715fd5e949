"""Shared benchmark plumbing: timing, FLOP counts, the results JSON and its plot."""
from __future__ import annotations

import datetime
import json
import os
import shutil
import statistics
import subprocess
import time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "results")

# DESIGN.md section 7's grid: batch x seqlen = 16384 tokens, 32 heads of 64 or 16 heads of 128.
HEADS = {64: 32, 128: 16}
SEQLENS = [512, 1024, 2048, 4096, 8192, 16384]
# The cells compared with the peers (FA4 above all): (hdim, mask, seqlen, heads, heads_kv) at 16k tokens.
PEER_GRID = ([(64, m, s, 32, 32) for m in ("full", "causal") for s in (2048, 8192, 16384)]
             + [(128, m, s, 16, 16) for m in ("full", "causal") for s in (2048, 8192, 16384)]
             + [(128, m, 8192, 32, 8) for m in ("full", "causal")])


def cell_name(hdim, causal, seqlen, heads, heads_kv):
    """A peer-grid row's name in the printed tables, e.g. "d128 gqa32/8 causal 8k"."""
    gqa = f" gqa{heads}/{heads_kv}" if heads != heads_kv else ""
    # Whole multiples of 1024 as "8k"; other lengths as they are ("512", "1500"), not "0k".
    length = f"{seqlen // 1024}k" if seqlen % 1024 == 0 else str(seqlen)
    return f"d{hdim}{gqa} {'causal' if causal else 'full'} {length}"


def parse_cell(cell):
    """(hdim, causal, seqlen) of a cell written d{hdim}{f|c}{seqlen}k, e.g. d128c2k (the scripts'
    --cells)."""
    import re

    m = re.fullmatch(r"d(\d+)([fc])(\d+)k", cell)
    if not m:
        raise SystemExit(f"bad cell {cell!r}: d{{hdim}}{{f|c}}{{seqlen}}k")
    return int(m.group(1)), m.group(2) == "c", int(m.group(3)) * 1024


def attention_flops(batch, heads, seqlen_q, seqlen_k, head_dim, causal, mode="fwd"):
    """Forward = 4 b h s_q s_k d (two GEMMs); backward = 2.5 x forward; halved for causal."""
    flops = 4.0 * batch * heads * seqlen_q * seqlen_k * head_dim
    if mode == "bwd":
        flops *= 2.5
    elif mode == "fwd_bwd":
        flops *= 3.5
    return flops / 2 if causal else flops


def time_ms(fn, warmup=25, rep=100):
    """Median milliseconds of fn() with CUDA events (triton.testing.do_bench)."""
    from triton.testing import do_bench

    return do_bench(fn, warmup=warmup, rep=rep, return_mode="median")


def williams_rows(n):
    """The rows of a Williams design for n treatments: a Latin square (every treatment once in
    every position) in which, for even n, every treatment directly follows every other exactly
    once; for odd n that needs the n rows and their mirror images (2n rows)."""
    first = [0] + [(j + 1) // 2 if j % 2 else n - j // 2 for j in range(1, n)]
    rows = [[(x + r) % n for x in first] for r in range(n)]
    return rows if n % 2 == 0 else rows + [row[::-1] for row in rows]


def round_orders(names, rounds):
    """The order of the closures in each timing round: the rows of a Williams design
    (williams_rows), so that with rounds = n (2n for odd n) every closure is timed once in every
    position of a round and right after every other closure once. Rotating one order instead (a
    cyclic Latin square) also balances the positions, but puts the same closure before a given one
    in every round, and the grids read "auto" 3-6% below the very schedule it picks, timed in the
    column before it, where the two timed alone read level (bench/NOTES.md, "Session 12"). With
    fewer rounds the rows are taken evenly spaced."""
    n = len(names)
    rows = williams_rows(n)
    picked = [rows[(r * len(rows)) // rounds] for r in range(rounds)] if rounds < len(rows) else \
        [rows[r % len(rows)] for r in range(rounds)]
    return [[names[i] for i in row] for row in picked]


def time_interleaved(fns, rounds, heat_s=0.5):
    """{name: median ms} of every closure in fns, timed in `rounds` interleaved rounds (each round
    times every closure once; 0: a whole Williams design, n rounds for n closures, 2n for odd n),
    so that clock drift over a run touches all of them alike.

    The rounds' orders come from round_orders (why: there). `heat_s` seconds of untimed calls to
    all closures come first: under a sustained load the GPU runs at its power limit, and without
    them the first round would run at boost clock (bench/NOTES.md, "Session 12")."""
    names = list(fns)
    rounds = rounds if rounds > 0 else len(williams_rows(len(names)))
    if heat_s > 0:
        end = time.time() + heat_s
        while time.time() < end:
            for name in names:
                fns[name]()
            torch.cuda.synchronize()
    # Each closure is timed for about 300 ms in all, cut into `rounds` slices: more rounds spread
    # a closure over more of the run at the same cost (identical configurations read up to 8%
    # apart in a run of 3 rounds of 100 ms, bench/NOTES.md "Launch groups").
    rep = max(20, 300 // max(1, rounds))
    samples = {name: [] for name in fns}
    for order in round_orders(names, rounds):
        for name in order:
            samples[name].append(time_ms(fns[name], warmup=10, rep=rep))
    return {name: statistics.median(ms) for name, ms in samples.items()}


# Calls between syncs while a closure runs back to back: enough that the host stays ahead of the
# GPU (a sync drains the queue), few enough that a block's end is not far past its `seconds`.
SUSTAINED_CALLS_PER_SYNC = 3


def run_back_to_back(fn, seconds, sync=torch.cuda.synchronize, clock=time.perf_counter):
    """(calls, elapsed seconds) of fn run back to back for at least `seconds`, after one untimed
    call, with a sync every SUSTAINED_CALLS_PER_SYNC calls."""
    fn()
    sync()
    start, calls = clock(), 0
    while True:
        for _ in range(SUSTAINED_CALLS_PER_SYNC):
            fn()
        sync()
        calls += SUSTAINED_CALLS_PER_SYNC
        elapsed = clock() - start
        if elapsed >= seconds:
            return calls, elapsed


def time_sustained(fns, seconds, rounds=2, heat_s=1.0, sync=torch.cuda.synchronize, clock=time.perf_counter):
    """{name: ms per call} of every closure from its calls per second: in each of `rounds` rounds
    (the orders of round_orders) each closure runs back to back for `seconds` (run_back_to_back);
    the result is the median over the rounds of elapsed / calls. This is the regime a training
    step runs in: the GPU at its power limit, its clock where that limit puts it. At d64 full 16k
    (10 ms calls) two closures of the same call read 3-5% apart by time_interleaved's per-call
    events and within 0.5% by calls per second over 2-3 s blocks (bench/NOTES.md, "Session 42").
    `heat_s` seconds of all closures come first, so that the first block also runs at the power
    limit. Tests pass their own sync and clock."""
    names = list(fns)
    end = clock() + heat_s
    while clock() < end:
        for name in names:
            fns[name]()
        sync()
    samples = {name: [] for name in names}
    for order in round_orders(names, max(1, rounds)):
        for name in order:
            calls, elapsed = run_back_to_back(fns[name], seconds, sync, clock)
            samples[name].append(1e3 * elapsed / calls)
    return {name: statistics.median(ms) for name, ms in samples.items()}


def sample_power(call, seconds):
    """(mean W, mean SM MHz over the middle half, calls per second) of `call` run back to back for
    `seconds` (run_back_to_back), nvidia-smi sampling power and clock every 50 ms (the probes of
    bench/experiments)."""
    smi = subprocess.Popen(["nvidia-smi", "--query-gpu=power.draw,clocks.sm", "--format=csv,noheader,nounits",
                            "-lms", "50"], stdout=subprocess.PIPE, text=True)
    calls, elapsed = run_back_to_back(call, seconds)
    smi.terminate()
    rows = [line.split(",") for line in smi.communicate()[0].splitlines() if "," in line]
    rows = rows[len(rows) // 4: 3 * len(rows) // 4] or [["nan", "nan"]]
    return (statistics.mean(float(r[0]) for r in rows), statistics.mean(float(r[1]) for r in rows),
            calls / elapsed)


def sustained_probe_arguments(default_cells, bits_help):
    """The command line the sustained probes of bench/experiments share (s42-sustained_bwd,
    s43-sustained_fwd): --cells, --seconds, --repeats, --no-fa4, --bits; each adds its own."""
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", nargs="+", default=default_cells)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--no-fa4", action="store_true", help="dash alone")
    ap.add_argument("--bits", help=bits_help)
    return ap


def alternated_power_samples(fns, seconds, repeats):
    """{name: (W, SM MHz, calls per second)}: the medians of `repeats` sample_power blocks of each
    closure, in fns's order in even rounds and reversed in odd ones."""
    runs = {n: [] for n in fns}
    for r in range(repeats):
        for n in (list(fns) if r % 2 == 0 else list(fns)[::-1]):
            runs[n].append(sample_power(fns[n], seconds))
    return {n: tuple(statistics.median(x[i] for x in v) for i in range(3)) for n, v in runs.items()}


def time_cells(fns, args):
    """A benchmark cell's {name: ms}: time_sustained when --sustained is given, else
    time_interleaved."""
    if getattr(args, "sustained", 0) > 0:
        return time_sustained(fns, args.sustained, args.rounds or 2)
    return time_interleaved(fns, args.rounds)


def timing_note(args):
    """How a run's cells were timed, as the summary and the JSON say it."""
    if getattr(args, "sustained", 0) > 0:
        return f"calls per second over blocks of {args.sustained:g} s back to back, median of {args.rounds or 2} rounds"
    return f"median of {args.rounds or 'a Williams design of'} interleaved rounds"


def fa4_interface():
    """FlashAttention-4's interface module (`flash_attn.cute.interface`, the `flash-attn-4`
    package), or None with a line saying why it cannot be a peer here."""
    try:
        from flash_attn.cute import interface
    except Exception as exc:  # noqa: BLE001 - any import failure means: no FA4 peer
        print(f"  fa4 unavailable: {first_line(exc)}")
        return None
    return interface


def grid_arguments(doc):
    """The command line every benchmark shares: the grid of DESIGN.md section 7 and its cuts."""
    import argparse

    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="seqlen 2k and 8k only")
    ap.add_argument("--hdims", type=int, nargs="+", default=[64, 128])
    ap.add_argument("--seqlens", type=int, nargs="+", default=SEQLENS)
    ap.add_argument("--masks", nargs="+", default=["full", "causal"], choices=["full", "causal"])
    ap.add_argument("--tokens", type=int, default=16384, help="batch x seqlen")
    ap.add_argument("--peer-grid", action="store_true",
                    help="the 14 cells compared with FA4: d64/d128 x full/causal x 2k/8k/16k, d128 GQA 32/8 at 8k")
    ap.add_argument("--gqa", type=int, default=1, help="q heads per kv head on the regular grid")
    ap.add_argument("--rounds", type=int, default=0,
                    help="interleaved timing rounds per cell (median); 0: a Williams design, one round per "
                         "closure (two for an odd count), each closure once in every position and once "
                         "after every other")
    ap.add_argument("--sustained", type=float, default=0, metavar="SECONDS",
                    help="time each closure by its calls per second over blocks of SECONDS back to back "
                         "(--rounds of them, default 2), the power-limited regime of training; 0: "
                         "per-call events in interleaved rounds")
    ap.add_argument("--peers", default="fa4,sdpa-cudnn,sdpa-flash",
                    help="comma list of peers: fa4, sdpa-cudnn, sdpa-flash, sdpa-efficient (fa4 where it imports)")
    ap.add_argument("--no-sdpa", action="store_true", help="no SDPA peers")
    ap.add_argument("--no-save", action="store_true", help="print only, write no JSON/PNG")
    return ap


def grid(args):
    """(hdim, causal, seqlen, batch, heads, heads_kv) for every shape the arguments select."""
    if args.peer_grid:
        for hdim, mask, seqlen, heads, heads_kv in PEER_GRID:
            if hdim in args.hdims and mask in args.masks:
                yield hdim, mask == "causal", seqlen, max(1, args.tokens // seqlen), heads, heads_kv
        return
    seqlens = [2048, 8192] if args.quick else args.seqlens
    for hdim in args.hdims:
        for mask in args.masks:
            for seqlen in seqlens:
                heads = HEADS.get(hdim, 16) * args.gqa
                yield hdim, mask == "causal", seqlen, max(1, args.tokens // seqlen), heads, heads // args.gqa


def peers(args):
    """The peers to time: SDPA backends unless --no-sdpa, FA4 where it imports."""
    names = [p for p in args.peers.split(",") if p]
    if args.no_sdpa:
        names = [p for p in names if not p.startswith("sdpa")]
    if "fa4" in names and fa4_interface() is None:
        names.remove("fa4")
    return names


def first_line(exc):
    """An exception as one line: its type and the first line of its message."""
    text = str(exc).splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"


def ready_or_none(label, make_fn, errors=Exception):
    """The closure make_fn() returns, after one call (which compiles where a backend JITs, and
    fails early where it does not take the shape); None, with a line saying why, on `errors`."""
    try:
        fn = make_fn()
        fn()
        torch.cuda.synchronize()
        return fn
    except errors as exc:
        print(f"  {label} unavailable: {first_line(exc)}")
        return None


def add_peers(fns, peer_names, fa4_fn, sdpa_fn, fa4_det=True):
    """Adds the peers' closures for one cell to fns and returns it: FA4 as "fa4" (fa4_fn(False))
    and, with fa4_det, "fa4-det" (fa4_fn(True)); each SDPA backend by its name (sdpa_fn(name)).
    Each is called once first (ready_or_none): a peer that rejects the shape is left out, with a
    line, and FA4 compiles its kernels before the timing starts."""
    makers = {}
    for name in peer_names:
        if name == "fa4":
            makers["fa4"] = lambda: fa4_fn(False)
            if fa4_det:
                makers["fa4-det"] = lambda: fa4_fn(True)
        else:
            makers[name] = lambda n=name: sdpa_fn(n)
    for name, make in makers.items():
        fn = ready_or_none(name, make)
        if fn is not None:
            fns[name] = fn
    return fns


def with_env(name, value, fn):
    """fn run with environment variable `name` set to `value` (None: unset), for timing settings
    that dash reads at each call (DASH_LAUNCH_FOLD, DASH_POST_TILES, ...) interleaved in one
    process."""
    def run():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
        return fn()
    return run


def with_fold(fold, fn):
    """fn run under the launch fold `fold` (DASH_LAUNCH_FOLD="W:G", dash.ops.launch_fold; "base":
    the default)."""
    return with_env("DASH_LAUNCH_FOLD", None if fold == "base" else fold, fn)


def cell_tensors(batch, seqlen, heads, heads_kv, hdim, dtype, grad_inputs=False):
    """q, k, v and dout of one cell, (batch, seqlen, heads or heads_kv, hdim), seeded alike for
    every benchmark; grad_inputs: q, k, v require grad (a step through autograd)."""
    torch.manual_seed(0)
    q = torch.randn(batch, seqlen, heads, hdim, device="cuda", dtype=dtype, requires_grad=grad_inputs)
    k, v = (torch.randn(batch, seqlen, heads_kv, hdim, device="cuda", dtype=dtype, requires_grad=grad_inputs)
            for _ in range(2))
    dout = torch.randn(batch, seqlen, heads, hdim, device="cuda", dtype=dtype)
    return q, k, v, dout


def as_packed(*tensors):
    """Fixed-length tensors (batch, seqlen, heads, d) as one packed (varlen) batch of `batch`
    sequences of seqlen: their (batch * seqlen, heads, d) views, then cu_seqlens (int32, batch +
    1), as flash_attn_varlen_func takes them: the same tokens, for timing the packed path beside
    the fixed-length one."""
    batch, seqlen = tensors[0].shape[:2]
    cu = torch.arange(batch + 1, dtype=torch.int32, device=tensors[0].device) * seqlen
    return tuple(t.reshape(batch * seqlen, *t.shape[2:]) for t in tensors) + (cu,)


def grid_cells(args, pass_, grad_inputs=False):
    """Each cell of the grid as (name, base, (q, k, v, dout)): its row name, the record fields
    (dtype, shapes, FLOPs of `pass_`) and its tensors (cell_tensors). The CUDA cache is emptied
    after each cell."""
    dtype = torch.bfloat16
    for hdim, causal, seqlen, batch, heads, heads_kv in grid(args):
        tensors = cell_tensors(batch, seqlen, heads, heads_kv, hdim, dtype, grad_inputs)
        base = dict(dtype=dtype, hdim=hdim, causal=causal, batch=batch, seqlen_q=seqlen, seqlen_k=seqlen,
                    nheads=heads, nheads_kv=heads_kv,
                    flops=attention_flops(batch, heads, seqlen, seqlen, hdim, causal, pass_))
        yield cell_name(hdim, causal, seqlen, heads, heads_kv), base, tensors
        del tensors
        torch.cuda.empty_cache()


def short_cell_name(hdim, mask, seqlen, heads, heads_kv):
    """A peer-grid cell as the A/B scripts' --cells name it, e.g. "128gf8k", "64c2k"."""
    return f"{hdim}{'g' if heads != heads_kv else ''}{mask[0]}{seqlen // 1024}k"


def peer_grid_cells(names=None):
    """The peer grid's cells for the A/B scripts (fold_ab, post_ab), as (short name, hdim, causal,
    seqlen, batch, heads, heads_kv, (q, k, v, dout)) in bf16 at 16k tokens (cell_tensors); names
    (e.g. ["64f8k", "128gc8k"]): only those."""
    for hdim, mask, seqlen, heads, heads_kv in PEER_GRID:
        name = short_cell_name(hdim, mask, seqlen, heads, heads_kv)
        if names and name not in names:
            continue
        batch = 16384 // seqlen
        yield (name, hdim, mask == "causal", seqlen, batch, heads, heads_kv,
               cell_tensors(batch, seqlen, heads, heads_kv, hdim, torch.bfloat16))


def ab_arguments(doc, rounds):
    """The command line the backward A/B scripts share (fold_ab, post_ab): --cells, --rounds and
    --no-fa4; each adds its own settings."""
    import argparse

    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cells", nargs="*", help="e.g. 64f8k 128c2k 128gc8k (default: the peer grid)")
    ap.add_argument("--rounds", type=int, default=rounds)
    ap.add_argument("--no-fa4", action="store_true")
    return ap


def peer_grid_backward_cells(names=None):
    """peer_grid_cells with the rest of a backward call: each cell's tuple followed by (out, lse)
    of dash's forward and (dq, dk, dv) buffers for the calls to write."""
    from dash.fwd import attn_fwd

    for name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout) in peer_grid_cells(names):
        yield (name, hdim, causal, seqlen, batch, heads, heads_kv, (q, k, v, dout), attn_fwd(q, k, v, causal=causal),
               (torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)))


def settings_with_other_bits(calls, outputs, repeats=1, reset=None):
    """The labels of `calls` ({label: closure}, each writing `outputs`, or with outputs None
    returning its tensors) whose outputs are not bitwise (torch.equal) those of the first call;
    each runs `repeats` times, after `reset()` when given (e.g. filling an output with NaN, so that
    a row left unwritten shows)."""
    want, differ = None, []
    for label, fn in calls.items():
        for _ in range(repeats):
            if reset is not None:
                reset()
            returned = fn()
            got = tuple(t.clone() for t in (returned if outputs is None else outputs))
            if want is None:
                want = got
            elif not all(torch.equal(a, b) for a, b in zip(got, want)) and label not in differ:
                differ.append(label)
    return differ


def plot_points(kind, records):
    """What a run's PNG draws against its x axis (seqlen_q): the records as they are, except
    varlen runs', whose x is the sequences per batch. Shared with scripts/plot_results.py, which
    draws a PNG again from its JSON."""
    if kind in ("varlen-bwd", "varlen-fwd"):
        return [dict(r, seqlen_q=r["batch"]) for r in records]
    return records


def report(kind, title, args, rows, header, format_row, records, setting=None):
    """The end of a benchmark run: the summary table of every row, then (unless --no-save) the
    JSON under bench/results/ and the PNG beside it (plot_points). setting: what the title's
    parenthesis says of the shapes (default: batch x seqlen = args.tokens)."""
    setting = setting or f"batch x seqlen = {args.tokens}"
    print()
    print(f"{title} TFLOP/s on {torch.cuda.get_device_name()} (bf16, {setting}, {timing_note(args)})")
    print(header())
    for row in rows:
        print(format_row(row))
    if not args.no_save:
        path = save_results(kind, records, out_dir=RESULTS, timing=timing_note(args))
        png = plot_results(plot_points(kind, records), path.replace(".json", ".png"),
                           f"dash {title.lower()}, {torch.cuda.get_device_name()}")
        if png and os.environ.get("OUT"):  # beside the JSON that save_results put there
            shutil.copy(png, os.environ["OUT"])
        print(f"saved {path}" + (f" and {png}" if png else ""))


def sdpa_backend(impl):
    """The context manager that pins PyTorch SDPA to one backend: impl is "sdpa-flash",
    "sdpa-cudnn" or "sdpa-efficient"."""
    from torch.nn.attention import SDPBackend, sdpa_kernel

    return sdpa_kernel({"sdpa-flash": SDPBackend.FLASH_ATTENTION, "sdpa-cudnn": SDPBackend.CUDNN_ATTENTION,
                        "sdpa-efficient": SDPBackend.EFFICIENT_ATTENTION}[impl])


def git_commit():
    if os.environ.get("DASH_COMMIT"):  # a device machine: its copy of the tree has a stale .git
        return os.environ["DASH_COMMIT"]
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    except Exception:  # noqa: BLE001 - a missing git is no reason to lose the numbers
        return None


def device_slug(device):
    """A device's name as results files carry it: "NVIDIA H100 80GB HBM3" -> "H100-80GB-HBM3"."""
    return device.replace("NVIDIA ", "").replace(" ", "-")


def save_results(kind, records, out_dir=RESULTS, timing=None):
    """One JSON file per run: bench/results/<kind>-<device>-<date>.json (timing: how the cells were
    timed, timing_note; runs before it was recorded used interleaved per-call events)."""
    os.makedirs(out_dir, exist_ok=True)
    device = torch.cuda.get_device_name()
    now = datetime.datetime.now(datetime.timezone.utc)
    doc = {"device": device, "date": now.isoformat(timespec="seconds"), "commit": git_commit(),
           "torch": torch.__version__, "cuda": torch.version.cuda, "timing": timing, "records": records}
    path = os.path.join(out_dir, f"{kind}-{device_slug(device)}-{now.strftime('%Y%m%d-%H%M%S')}.json")
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
    if os.environ.get("OUT"):  # the device runner brings back what is under $OUT
        with open(os.path.join(os.environ["OUT"], os.path.basename(path)), "w") as f:
            json.dump(doc, f, indent=1)
    return path


def record(impl, pass_, schedule, deterministic, dtype, hdim, causal, batch, seqlen_q, seqlen_k, nheads,
           nheads_kv, ms, flops, resolved=None):
    """One timing. `resolved`: the schedule "auto" ran (None for every other record)."""
    return {"impl": impl, "pass": pass_, "schedule": schedule, "resolved": resolved, "deterministic": deterministic,
            "dtype": str(dtype).replace("torch.", ""), "hdim": hdim, "causal": causal, "batch": batch,
            "seqlen_q": seqlen_q, "seqlen_k": seqlen_k, "nheads": nheads, "nheads_kv": nheads_kv,
            "ms": ms, "tflops": (flops / (ms * 1e-3) / 1e12) if ms == ms else float("nan")}


def plot_results(records, path, title):
    """TFLOP/s against seqlen, one panel per (hdim, causal), one line per implementation."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    panels = sorted({(r["hdim"], r["causal"]) for r in records})
    fig, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4), squeeze=False)
    for ax, (hdim, causal) in zip(axes[0], panels):
        rows = [r for r in records if r["hdim"] == hdim and r["causal"] == causal]
        for label in dict.fromkeys(label_of(r) for r in rows):
            pts = sorted((r["seqlen_q"], r["tflops"]) for r in rows if label_of(r) == label)
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("seqlen")
        ax.set_ylabel("TFLOP/s")
        ax.set_title(f"hdim {hdim}, {'causal' if causal else 'full'}")
        ax.grid(alpha=0.3)
    axes[0][-1].legend(fontsize=7)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    if os.environ.get("OUT"):
        fig.savefig(os.path.join(os.environ["OUT"], os.path.basename(path)), dpi=110)
    plt.close(fig)
    return path


def label_of(r):
    if r["schedule"]:
        return f"{r['impl']}:{r['schedule']}"
    return f"{r['impl']}-det" if r["impl"] == "fa4" and r["deterministic"] else r["impl"]
