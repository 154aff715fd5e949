"""Shared pieces of the tests: random inputs, FA3's error criterion, host builds of kernel headers."""
import os
import shutil
import subprocess

import pytest
import torch

from dash.reference import attention_ref, attention_ref_grads


def make_inputs(batch, seqlen_q, seqlen_k, heads, heads_kv, head_dim, dtype, device="cuda", seed=0):
    g = torch.Generator(device=device).manual_seed(seed)
    q = torch.randn(batch, seqlen_q, heads, head_dim, device=device, dtype=dtype, generator=g)
    k = torch.randn(batch, seqlen_k, heads_kv, head_dim, device=device, dtype=dtype, generator=g)
    v = torch.randn(batch, seqlen_k, heads_kv, head_dim, device=device, dtype=dtype, generator=g)
    dout = torch.randn(batch, seqlen_q, heads, head_dim, device=device, dtype=dtype, generator=g)
    return q, k, v, dout


def reference_fwd(q, k, v, causal):
    """out in the input dtype and lse in fp32, computed in fp32: what a forward kernel returns."""
    out, lse = attention_ref(q.float(), k.float(), v.float(), causal=causal, upcast=False)
    return out.to(q.dtype), lse.float()


def reference_and_baseline_grads(q, k, v, dout, causal):
    """(fp32 reference grads, grads of the same math done by PyTorch in the input dtype)."""
    ref = attention_ref_grads(q.float(), k.float(), v.float(), dout.float(), causal=causal, upcast=False)
    low = attention_ref_grads(q, k, v, dout, causal=causal, upcast=False)
    return ref, low


def fa3_errors(got, ref, baseline, slack=1e-4):
    """(passes, err, base) of FA3's criterion: max error no worse than twice PyTorch's own error in
    the input dtype (plus slack); a NaN never passes."""
    err = (got.float() - ref.float()).abs().max().item()
    base = (baseline.float() - ref.float()).abs().max().item()
    return err <= 2 * base + slack, err, base


def assert_close_as_fa3(name, got, ref, baseline, slack=1e-4):
    """FA3's criterion: error no worse than twice PyTorch's own error in the input dtype."""
    assert not torch.isnan(got).any(), f"{name} has NaN"
    good, err, base = fa3_errors(got, ref, baseline, slack)
    assert good, f"{name}: max error {err:.3e} > 2 x PyTorch's {base:.3e} + {slack}"


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build_host_driver(folder, source, what):
    """Compile `source` (a C++ driver that includes csrc/ headers) for the host into folder/driver
    and return its path; skip the test where there is no C++ compiler (`what` names the header).
    With the sanitizers where the compiler has them: a read past a buffer or a signed overflow
    (undefined on the GPU too) then fails the run. (No -Werror: compilers differ in what they
    warn about; the H100 machine's g++ failed the build on a warning this one does not give.)"""
    cxx = shutil.which(os.environ.get("CXX", "c++")) or shutil.which("g++") or shutil.which("clang++")
    if cxx is None:
        pytest.skip(f"no C++ compiler to build {what} for the host")
    (folder / "driver.cpp").write_text(source)
    exe = folder / "driver"
    base = [cxx, "-std=c++17", "-O1", "-Wall", f"-I{os.path.join(ROOT, 'csrc')}", str(folder / "driver.cpp"),
            "-o", str(exe)]
    sanitize = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    if subprocess.run(base + sanitize, capture_output=True, text=True).returncode != 0:
        subprocess.run(base, check=True, capture_output=True, text=True)
    return exe
