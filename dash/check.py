"""`python -m dash check`: what to run first on a new machine. After the status report it checks,
on the GPU:

1. correctness: dash's forward (out, softmax_lse) and backward (deterministic and atomic) against
   the fp32 reference (`dash.reference`) on a few shapes (head dims 64 and 128, full and causal,
   MHA/GQA/MQA, bf16 and fp16, unequal lengths), with FA3's criterion: an error no worse than
   twice PyTorch's own error in the input dtype;
2. repeatability: every deterministic schedule of each mask (and "auto") run several times on
   one shape, bitwise equal;
3. a benchmark of one training step (forward + backward) on one shape for about 10 seconds:
   dash deterministic and atomic beside the peers present (PyTorch SDPA's flash, cuDNN and
   efficient backends; FlashAttention-3 and -4 where they import), interleaved rounds,
   TFLOP/s;

and prints a verdict: ready when 1 and 2 pass (the benchmark informs, it does not fail).

    python -m dash check [--seconds 10] [--seqlen 8192] [--hdim 128] [--full]

Without a Hopper GPU and dash's built extension it says so and exits with status 2.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

import torch

EXIT_NOT_CHECKED = 2

# (batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, causal, dtype)
GPU_CASES = [(2, 1024, 1024, 8, 8, 64, False, torch.bfloat16), (2, 1024, 1024, 8, 2, 128, True, torch.bfloat16),
             (1, 777, 1500, 4, 1, 128, True, torch.float16), (2, 1500, 640, 6, 3, 64, False, torch.float16),
             (1, 2048, 2048, 4, 4, 128, False, torch.bfloat16)]
CPU_CASES = [(1, 64, 64, 2, 2, 64, False, torch.bfloat16), (1, 40, 72, 4, 2, 128, True, torch.float16)]


def gpu_problem():
    """None where dash's kernels can run here, else why not."""
    from dash import _ext

    if not torch.cuda.is_available():
        return "no CUDA GPU is visible"
    cc = torch.cuda.get_device_capability()
    if cc != (9, 0):
        return f"dash's kernels need a Hopper GPU (sm90); this one is sm{cc[0]}{cc[1]}"
    if not _ext.available():
        return "dash's CUDA extension (dash._C) is not built"
    return None


def _inputs(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, device, seed):
    g = torch.Generator(device=device).manual_seed(seed)

    def randn(*shape):
        return torch.randn(*shape, device=device, dtype=dtype, generator=g)
    return (randn(batch, seqlen_q, heads, head_dim), randn(batch, seqlen_k, heads_kv, head_dim),
            randn(batch, seqlen_k, heads_kv, head_dim), randn(batch, seqlen_q, heads, head_dim))


def _grads(q, k, v, dout, **kwargs):
    import dash

    leaves = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
    out = dash.flash_attn_func(*leaves, **kwargs)
    return torch.autograd.grad(out, leaves, dout)


def _describe(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, causal, dtype):
    kind = "MHA" if heads == heads_kv else ("MQA" if heads_kv == 1 else "GQA")
    return (f"d{head_dim} {'causal' if causal else 'full'} {kind} {heads}/{heads_kv} "
            f"{str(dtype).replace('torch.', '')} b{batch} {seqlen_q}x{seqlen_k}")


def check_correctness(cases, device, say) -> bool:
    """FA3's criterion on every case: error <= 2 x PyTorch's own error in the input dtype + 1e-4."""
    import dash
    from dash.reference import attention_ref, attention_ref_grads

    ok = True
    for i, case in enumerate(cases):
        batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, causal, dtype = case
        q, k, v, dout = _inputs(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, device, seed=100 + i)
        ref_out, ref_lse = attention_ref(q.float(), k.float(), v.float(), causal=causal, upcast=False)
        low_out, _ = attention_ref(q, k, v, causal=causal, upcast=False)
        refs = attention_ref_grads(q.float(), k.float(), v.float(), dout.float(), causal=causal, upcast=False)
        lows = attention_ref_grads(q, k, v, dout, causal=causal, upcast=False)
        out, lse = dash.flash_attn_func(q, k, v, causal=causal, return_attn_probs=True)
        results = [("out", out, ref_out, low_out)]
        for det in (True, False):
            tag = "det" if det else "atomic"
            results += [(f"{n} {tag}", g, r, lo)
                        for n, g, r, lo in zip(("dq", "dk", "dv"), _grads(q, k, v, dout, causal=causal,
                                                                          deterministic=det), refs, lows)]
        worst, failures = 0.0, []
        for name, got, ref, low in results:
            err = (got.float() - ref.float()).abs().max().item()
            base = (low.float() - ref.float()).abs().max().item()
            if not err <= 2 * base + 1e-4:  # a NaN fails too
                failures.append(f"{name} {err:.2e} > 2 x {base:.2e}")
            worst = max(worst, err / (2 * base + 1e-4)) if err == err else float("inf")
        finite = torch.isfinite(ref_lse)
        if not torch.equal(finite, torch.isfinite(lse)) or (lse[finite] - ref_lse[finite]).abs().max().item() > 1e-3:
            failures.append("softmax_lse")
        ok &= not failures
        verdict = "ok" if not failures else "FAILED: " + ", ".join(failures)
        say(f"correct     {_describe(*case)}: worst error {worst:.2f} of the bound, {verdict}")
    return ok


def check_repeatability(device, say, shape, runs=5) -> bool:
    """Every deterministic schedule of each mask, and auto: `runs` backwards, bitwise equal."""
    from dash.ops import schedules_for

    batch, seqlen, heads, heads_kv, head_dim = shape
    ok = True
    for causal in (False, True):
        q, k, v, dout = _inputs(batch, seqlen, seqlen, heads, heads_kv, head_dim, torch.bfloat16, device, seed=7)
        differ = []
        for schedule in schedules_for(causal) + ("auto",):
            first = _grads(q, k, v, dout, causal=causal, deterministic=True, schedule=schedule)
            for _ in range(runs - 1):
                again = _grads(q, k, v, dout, causal=causal, deterministic=True, schedule=schedule)
                if not all(torch.equal(a, b) for a, b in zip(first, again)):
                    differ.append(schedule)
                    break
        ok &= not differ
        names = " ".join(schedules_for(causal) + ("auto",))
        verdict = "bitwise equal" if not differ else "DIFFER: " + ", ".join(differ)
        say(f"repeat      {'causal' if causal else 'full'} d{head_dim} {heads}/{heads_kv} heads b{batch} "
            f"{seqlen}: {names}: {runs} runs each, {verdict}")
    return ok


def _peer_steps(q, k, v, dout, causal):
    """{name: closure running forward + backward} for the peers present; {name: why not} for the others."""
    import torch.nn.functional as F

    steps, absent = {}, {}
    qt, kt, vt = (t.detach().transpose(1, 2).contiguous().requires_grad_(True) for t in (q, k, v))
    dout_t = dout.transpose(1, 2).contiguous()
    gqa = q.shape[2] != k.shape[2]
    try:
        from torch.nn.attention import SDPBackend, sdpa_kernel
    except ImportError as exc:  # pragma: no cover - torch < 2.3
        absent["sdpa"] = str(exc)
    else:
        for name, backend in (("SDPA flash", SDPBackend.FLASH_ATTENTION), ("SDPA cuDNN", SDPBackend.CUDNN_ATTENTION),
                              ("SDPA efficient", SDPBackend.EFFICIENT_ATTENTION)):
            def step(backend=backend):
                with sdpa_kernel(backend):
                    out = F.scaled_dot_product_attention(qt, kt, vt, is_causal=causal, enable_gqa=gqa)
                return torch.autograd.grad(out, (qt, kt, vt), dout_t)
            steps[name] = step
    leaves = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]
    from dash.integrations import fa3 as dash_fa3

    if dash_fa3.real_fa3() is not None:
        try:
            import flash_attn_interface as fa3

            def step_fa3():
                out = fa3.flash_attn_func(*leaves, causal=causal)
                out = out[0] if isinstance(out, tuple) else out
                return torch.autograd.grad(out, leaves, dout)
            steps["FA3"] = step_fa3
        except Exception as exc:  # noqa: BLE001 - any failure: no FA3 peer
            absent["FA3"] = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    else:
        absent["FA3"] = "not installed"
    try:
        from flash_attn.cute import flash_attn_func as fa4_func

        def step_fa4():
            out = fa4_func(*leaves, causal=causal)
            out = out[0] if isinstance(out, tuple) else out
            return torch.autograd.grad(out, leaves, dout)
        steps["FA4"] = step_fa4
    except Exception as exc:  # noqa: BLE001
        absent["FA4"] = "not installed" if isinstance(exc, ImportError) else str(exc).splitlines()[0]
    return steps, absent


def benchmark(device, say, seconds, seqlen, head_dim, causal, heads=None, batch=None):
    """Forward + backward steps, interleaved rounds for about `seconds`: {name: TFLOP/s}."""
    import dash

    heads = heads or (16 if head_dim == 128 else 32)
    batch = batch or max(1, 16384 // seqlen)
    dtype = torch.bfloat16
    q, k, v, dout = _inputs(batch, seqlen, seqlen, heads, heads, head_dim, dtype, device, seed=11)
    leaves = [t.detach().clone().requires_grad_(True) for t in (q, k, v)]

    def dash_step(det):
        def step():
            out = dash.flash_attn_func(*leaves, causal=causal, deterministic=det)
            return torch.autograd.grad(out, leaves, dout)
        return step

    steps = {"dash det (auto)": dash_step(True), "dash atomic": dash_step(False)}
    peers, absent = _peer_steps(q, k, v, dout, causal)
    steps.update(peers)
    ready = {}
    for name, step in steps.items():
        try:
            step()  # warm-up: JITs, schedule tables, autotuning
            _sync(device)
            ready[name] = step
        except Exception as exc:  # noqa: BLE001 - a peer that rejects the shape is left out
            absent[name] = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    samples = {name: [] for name in ready}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or not all(samples.values()):
        for name, step in ready.items():
            samples[name].append(_time_ms(step, device))
    flops = 3.5 * 4.0 * batch * heads * seqlen * seqlen * head_dim / (2 if causal else 1)
    tflops = {name: flops / (statistics.median(ms) * 1e-3) / 1e12 for name, ms in samples.items()}
    rounds = min(len(ms) for ms in samples.values())
    say(f"bench       forward + backward, d{head_dim} {'causal' if causal else 'full'} {seqlen}, batch {batch}, "
        f"{heads} heads, bf16: TFLOP/s, median of {rounds} interleaved rounds ({seconds:g} s)")
    for name, value in sorted(tflops.items(), key=lambda item: -item[1]):
        say(f"              {name:<18} {value:8.1f}")
    for name, why in absent.items():
        say(f"              {name:<18} left out: {why}")
    return tflops


def _sync(device):
    if torch.device(device).type == "cuda":
        torch.cuda.synchronize()


def _time_ms(step, device, iters=3):
    if torch.device(device).type != "cuda":
        start = time.perf_counter()
        for _ in range(iters):
            step()
        return (time.perf_counter() - start) * 1e3 / iters
    begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    begin.record()
    for _ in range(iters):
        step()
    end.record()
    end.synchronize()
    return begin.elapsed_time(end) / iters


def run_checks(device="cuda", seconds=10.0, seqlen=8192, head_dim=128, causal=True, say=print, cases=None,
               repeat_shape=None, bench_shape=None) -> bool:
    """The three checks and the verdict; True when correctness and repeatability pass. On "cpu" it
    runs dash's reference path (a smoke test of this code, used by the tests), not the kernels."""
    on_gpu = torch.device(device).type == "cuda"
    cases = cases or (GPU_CASES if on_gpu else CPU_CASES)
    repeat_shape = repeat_shape or ((2, 2048, 8, 2, 128) if on_gpu else (1, 64, 4, 2, 64))
    correct = check_correctness(cases, device, say)
    repeatable = check_repeatability(device, say, repeat_shape)
    bench_kwargs = dict(bench_shape or {})
    tflops = benchmark(device, say, seconds, seqlen, head_dim, causal, **bench_kwargs)
    ours = tflops.get("dash det (auto)")
    peers = {name: t for name, t in tflops.items() if not name.startswith("dash")}
    speed = ""
    if ours and peers:
        best = max(peers, key=peers.get)
        speed = f"; dash deterministic at {ours / peers[best]:.2f} x the fastest peer ({best}, non-deterministic)"
    if correct and repeatable:
        say(f"verdict     ready: correct against the reference, every deterministic schedule repeatable{speed}")
    else:
        failed = [what for what, good in (("correctness", correct), ("repeatability", repeatable)) if not good]
        say(f"verdict     NOT READY: {' and '.join(failed)} failed (lines above){speed}")
    return correct and repeatable


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dash check", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="benchmark time (default 10)")
    parser.add_argument("--seqlen", type=int, default=8192, help="benchmark sequence length (default 8192)")
    parser.add_argument("--hdim", type=int, default=128, choices=(64, 128), help="benchmark head dim (default 128)")
    parser.add_argument("--full", action="store_true", help="benchmark the full mask (default causal)")
    args = parser.parse_args(argv)
    from dash.__main__ import report

    lines, _ = report()
    # The status report's one-line verdict is about the set-up; the check's verdict comes last.
    print("\n".join(line.replace("verdict    ", "status     ", 1) for line in lines), flush=True)
    problem = gpu_problem()
    if problem is not None:
        print(f"check       needs a Hopper GPU (sm90) with dash's extension built: {problem}")
        print("verdict     NOT CHECKED")
        return EXIT_NOT_CHECKED
    ok = run_checks("cuda", args.seconds, args.seqlen, args.hdim, not args.full,
                    say=lambda line: print(line, flush=True))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
