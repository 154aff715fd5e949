"""The dQ hand-off probe (csrc/testing/handoff_probe.h): every protocol variant completes a chain
of turns with every add landing exactly once (handoff_latency_ns checks the counter and the tile's
sum, and raises otherwise). GPU only."""
import pytest
import torch

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")


@pytest.mark.parametrize("variant", ["dash", "no-sleep", "no-proxy-fence", "relaxed-poll"])
def test_handoff_chain_lands_every_add(variant):
    from dash.testing import handoff_latency_ns

    ns = handoff_latency_ns(variant, num_ctas=8, rounds=20, nbytes=4096)
    assert ns > 0


def test_handoff_probe_rejects_bad_arguments():
    from dash.testing import handoff_latency_ns

    with pytest.raises(ValueError, match="variant"):
        handoff_latency_ns("atomics")
    with pytest.raises(ValueError, match="num_ctas"):
        handoff_latency_ns("dash", num_ctas=65, rounds=1)
