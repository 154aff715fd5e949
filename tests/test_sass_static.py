"""scripts/sass_static.py's parsing of cuobjdump's SASS listing (CPU only; no cuobjdump needed)."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("sass_static", ROOT / "scripts" / "sass_static.py")
sass_static = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sass_static)

LISTING = """
	code for sm_90a
		Function : _Z3twov
	.headerflags	@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_ACCELERATORS EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
        /*0000*/                   LDC R1, c[0x0][0x28] ;                         /* 0x00000a00ff017b82 */
                                                                                  /* 0x000fe20000000800 */
        /*0010*/                   UIADD3.64 UR18, UR14, 0x2, URZ ;               /* 0x0000000e12127890 */
                                                                                  /* 0x000fe2000fffe0ff */
        /*0020*/              @!P0 BRA 0xca0 ;                                    /* 0x0000000c00008947 */
                                                                                  /* 0x000fea0003800000 */
        /*0030*/                   UIADD3 UR19, UP6, UR10, 0x2, URZ ;             /* 0x000000020a137890 */
                                                                                  /* 0x000fe2000ffde0ff */
		Function : _Z3onev
        /*0000*/                   EXIT ;                                         /* 0x000000000000794d */
                                                                                  /* 0x000fea0003800000 */
"""


def test_parse_splits_kernels_and_drops_encodings():
    ks = sass_static.parse_sass(LISTING)
    assert list(ks) == ["_Z3twov", "_Z3onev"]
    assert len(ks["_Z3twov"]) == 4 and len(ks["_Z3onev"]) == 1
    assert ks["_Z3twov"][2] == "/*0020*/              @!P0 BRA 0xca0 ;"
    assert all("0x000" not in line.split(";")[1] for line in ks["_Z3twov"])


def test_opcodes_count_the_first_field_under_predicates():
    counts = sass_static.opcodes(sass_static.parse_sass(LISTING)["_Z3twov"])
    assert counts == {"LDC": 1, "UIADD3": 2, "BRA": 1}
