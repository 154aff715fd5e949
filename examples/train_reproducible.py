"""Bitwise-reproducible training with dash, and what happens without it.

A small GPT (causal self-attention, pre-LayerNorm blocks, bf16 autocast, AdamW) is trained on
synthetic token data (random walks on a fixed random graph) with a fixed seed:

- with dash (`dash.flash_attn_func(..., deterministic=True)`) three times: twice in this process
  and once in a fresh one. The losses of every step and the final weights are bitwise equal.
- with PyTorch SDPA's flash/efficient backends (their backward adds dQ with atomics, in whatever
  order the tiles finish) twice: the losses and weights drift apart after a few steps.

It prints each run's median step time side by side and draws the loss curves (and the B - A
loss difference of each implementation) into a PNG.

    python examples/train_reproducible.py              # on a Hopper GPU: 6 x 512, seqlen 2048, 300 steps, ~2 min
    python examples/train_reproducible.py --tiny       # a few steps of a tiny model, seconds

Without a Hopper GPU (or with --tiny) it runs the tiny configuration on the CPU, where dash runs
its fp32 reference in place of the kernels (dash.interface) and SDPA its CPU kernels; both are
deterministic on a CPU, so there the example checks dash's reproducibility and the plumbing, not
SDPA's divergence. Exit status 0 when dash's three runs are bitwise equal, 1 otherwise.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import dash  # noqa: E402

CONFIGS = {
    # ~25M parameters, 16k tokens a step; the attention is 6 x 8 heads of 64 at seqlen 2048.
    "gpu": dict(layers=6, d_model=512, heads=8, seqlen=2048, batch=8, vocab=4096, steps=300, lr=1e-3),
    "tiny": dict(layers=2, d_model=128, heads=2, seqlen=64, batch=2, vocab=256, steps=4, lr=1e-3),
}
SEED = 1234


class Attention(nn.Module):
    def __init__(self, d_model, heads, impl):
        super().__init__()
        self.heads, self.impl = heads, impl
        self.qkv = nn.Linear(d_model, 3 * d_model, bias=False)
        self.proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x):
        batch, seqlen, d_model = x.shape
        q, k, v = self.qkv(x).view(batch, seqlen, 3, self.heads, d_model // self.heads).unbind(dim=2)
        if self.impl == "dash":  # (batch, seqlen, heads, head_dim), FA3's layout
            out = dash.flash_attn_func(q, k, v, causal=True, deterministic=True)
        else:  # SDPA's (batch, heads, seqlen, head_dim)
            out = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2),
                                                 is_causal=True).transpose(1, 2)
        return self.proj(out.reshape(batch, seqlen, d_model))


class Block(nn.Module):
    def __init__(self, d_model, heads, impl):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d_model), nn.LayerNorm(d_model)
        self.attn = Attention(d_model, heads, impl)
        self.mlp = nn.Sequential(nn.Linear(d_model, 4 * d_model), nn.GELU(), nn.Linear(4 * d_model, d_model))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, cfg, impl):
        super().__init__()
        self.tok = nn.Embedding(cfg["vocab"], cfg["d_model"])
        self.pos = nn.Embedding(cfg["seqlen"], cfg["d_model"])
        self.blocks = nn.ModuleList(Block(cfg["d_model"], cfg["heads"], impl) for _ in range(cfg["layers"]))
        self.ln = nn.LayerNorm(cfg["d_model"])
        self.head = nn.Linear(cfg["d_model"], cfg["vocab"], bias=False)

    def forward(self, tokens):
        x = self.tok(tokens) + self.pos(torch.arange(tokens.shape[1], device=tokens.device))
        for block in self.blocks:
            x = block(x)
        return self.head(self.ln(x))


def dataset(cfg, steps, successors=8):
    """The token batches of every step, (steps, batch, seqlen + 1), the same in every run: random
    walks on a fixed random graph where each token has `successors` possible next tokens, so the
    loss can fall from ln(vocab) towards ln(successors) as the model learns the graph."""
    g = torch.Generator().manual_seed(SEED)
    graph = torch.randint(0, cfg["vocab"], (cfg["vocab"], successors), generator=g)
    rows, length = steps * cfg["batch"], cfg["seqlen"] + 1
    choice = torch.randint(0, successors, (rows, length), generator=g)
    tokens = torch.empty(rows, length, dtype=torch.long)
    tokens[:, 0] = torch.randint(0, cfg["vocab"], (rows,), generator=g)
    for t in range(1, length):
        tokens[:, t] = graph[tokens[:, t - 1], choice[:, t]]
    return tokens.view(steps, cfg["batch"], length)


def train(impl, cfg, device, steps):
    """One run from the seed: {"losses": [float], "step_ms": [float], "digest": sha256 of the
    final weights, "weights": the final weights (cpu)}."""
    torch.manual_seed(SEED)
    model = GPT(cfg, impl).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"], betas=(0.9, 0.95), weight_decay=0.1)
    data = dataset(cfg, steps)
    losses, step_ms = [], []
    for step in range(steps):
        tokens = data[step].to(device)
        sync(device)
        start = time.perf_counter()
        with torch.autocast(device_type=torch.device(device).type, dtype=torch.bfloat16):
            with sdpa_backends(device) if impl == "sdpa" else contextlib.nullcontext():
                logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.float().reshape(-1, cfg["vocab"]), tokens[:, 1:].reshape(-1))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        sync(device)
        step_ms.append((time.perf_counter() - start) * 1e3)
        losses.append(loss.item())
    weights = {name: p.detach().float().cpu().clone() for name, p in model.named_parameters()}
    digest = hashlib.sha256()
    for name, w in weights.items():
        digest.update(name.encode())
        digest.update(w.numpy().tobytes())
    return {"losses": losses, "step_ms": step_ms, "digest": digest.hexdigest(), "weights": weights}


def sdpa_backends(device):
    """SDPA pinned to its flash and memory-efficient backends on a GPU (both non-deterministic in
    the backward); its default choice on the CPU."""
    if torch.device(device).type != "cuda":
        return contextlib.nullcontext()
    from torch.nn.attention import SDPBackend, sdpa_kernel

    return sdpa_kernel([SDPBackend.FLASH_ATTENTION, SDPBackend.EFFICIENT_ATTENTION])


def sync(device):
    if torch.device(device).type == "cuda":
        torch.cuda.synchronize()


def hopper_problem():
    from dash.check import gpu_problem

    return gpu_problem()


def first_difference(a, b):
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), None)


def compare(run, base):
    """(losses text, weights text) of run against base."""
    step = first_difference(run["losses"], base["losses"])
    if step is None:
        losses = "bitwise equal"
    else:
        gap = max(abs(x - y) for x, y in zip(run["losses"], base["losses"]))
        losses = f"differ from step {step} (max |diff| {gap:.2e})"
    if run["digest"] == base["digest"]:
        weights = "bitwise equal"
    elif "weights" in run and "weights" in base:
        gap = max((run["weights"][n] - base["weights"][n]).abs().max().item() for n in base["weights"])
        weights = f"differ (max |diff| {gap:.2e})"
    else:
        weights = "differ"
    return losses, weights


def plot(runs, path, title):
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    for name, style in (("dash A", dict(color="tab:blue")), ("SDPA A", dict(color="tab:orange")),
                        ("SDPA B", dict(color="tab:orange", linestyle="--"))):
        left.plot(runs[name]["losses"], label=name, linewidth=1, **style)
    left.set(xlabel="step", ylabel="training loss", title="loss curves")
    left.legend()
    for impl, color in (("dash", "tab:blue"), ("SDPA", "tab:orange")):
        diff = [b - a for a, b in zip(runs[f"{impl} A"]["losses"], runs[f"{impl} B"]["losses"])]
        right.plot(diff, label=f"{impl}: run B - run A", color=color, linewidth=1)
    right.axhline(0.0, color="gray", linewidth=0.5)
    right.set(xlabel="step", ylabel="loss difference", title="same seed, same data: B - A")
    right.legend()
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def worker(args, cfg, device):
    """The fresh-process run: trains once and writes the result (without the weights) as JSON."""
    result = train(args.worker, cfg, device, args.steps)
    result.pop("weights")
    with open(args.result, "w") as f:
        json.dump(result, f)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tiny", action="store_true", help="the tiny configuration (the CPU's)")
    parser.add_argument("--steps", type=int, default=None, help="training steps (default: the configuration's)")
    parser.add_argument("--out", default=".", help="folder for the PNG and the JSON summary (default .)")
    parser.add_argument("--worker", choices=("dash", "sdpa"), help=argparse.SUPPRESS)
    parser.add_argument("--result", help=argparse.SUPPRESS)
    parser.add_argument("--device", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    problem = hopper_problem()
    device = args.device or ("cuda" if problem is None and not args.tiny else "cpu")
    cfg = dict(CONFIGS["tiny" if args.tiny or device == "cpu" else "gpu"])
    args.steps = args.steps or cfg["steps"]
    if args.worker:
        return worker(args, cfg, device)

    where = torch.cuda.get_device_name() if device == "cuda" else "CPU"
    print(f"GPT {cfg['layers']} x {cfg['d_model']}, {cfg['heads']} heads of {cfg['d_model'] // cfg['heads']}, "
          f"seqlen {cfg['seqlen']}, batch {cfg['batch']}, vocab {cfg['vocab']}, {args.steps} steps, bf16 autocast, "
          f"AdamW, seed {SEED}, on {where}", flush=True)
    if device == "cpu":
        why = "--tiny" if problem is None else problem
        print(f"  (CPU, {why}: dash runs its fp32 reference in place of the kernels, and SDPA its CPU kernels; "
              "both are deterministic on a CPU)", flush=True)
    runs = {}
    for name, impl in (("dash A", "dash"), ("dash B", "dash"), ("SDPA A", "sdpa"), ("SDPA B", "sdpa")):
        start = time.perf_counter()
        runs[name] = train(impl, cfg, device, args.steps)
        print(f"  {name}: {time.perf_counter() - start:.1f} s", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        result = os.path.join(tmp, "dash_c.json")
        start = time.perf_counter()
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "dash", "--result", result, "--device", device,
               "--steps", str(args.steps)] + (["--tiny"] if args.tiny else [])
        subprocess.run(cmd, check=True)
        with open(result) as f:
            runs["dash C (fresh process)"] = json.load(f)
        print(f"  dash C (fresh process): {time.perf_counter() - start:.1f} s", flush=True)

    order = ("dash A", "dash B", "dash C (fresh process)", "SDPA A", "SDPA B")
    print(f"\n{'run':<24} {'final loss':>11} {'step time':>10}   {'losses vs run A':<36} weights vs run A")
    for name in order:
        run = runs[name]
        base = runs["dash A" if name.startswith("dash") else "SDPA A"]
        losses, weights = ("-", "-") if run is base else compare(run, base)
        warm = run["step_ms"][min(3, len(run["step_ms"]) - 1):]
        print(f"{name:<24} {run['losses'][-1]:>11.6f} {statistics.median(warm):>7.2f} ms   {losses:<36} {weights}")
    dash_equal = all(compare(runs[n], runs["dash A"]) == ("bitwise equal", "bitwise equal")
                     for n in ("dash B", "dash C (fresh process)"))
    sdpa_equal = compare(runs["SDPA B"], runs["SDPA A"]) == ("bitwise equal", "bitwise equal")
    print(f"\ndash (deterministic): three runs {'bitwise equal' if dash_equal else 'NOT bitwise equal'}; "
          f"SDPA (flash/efficient): two runs {'bitwise equal' if sdpa_equal else 'diverge'}")

    os.makedirs(args.out, exist_ok=True)
    title = f"dash vs SDPA, {args.steps} steps, {where}"
    png = plot(runs, os.path.join(args.out, "train_reproducible.png"), title)
    summary = {name: {k: v for k, v in run.items() if k != "weights"} for name, run in runs.items()}
    summary["config"] = dict(cfg, steps=args.steps, device=where, dash_bitwise_equal=dash_equal,
                             sdpa_bitwise_equal=sdpa_equal)
    path = os.path.join(args.out, "train_reproducible.json")
    with open(path, "w") as f:
        json.dump(summary, f)
    print(f"saved {path}" + (f" and {png}" if png else " (no matplotlib: no PNG)"))
    return 0 if dash_equal else 1


if __name__ == "__main__":
    sys.exit(main())
