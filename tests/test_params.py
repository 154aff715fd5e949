"""The parameter lists of the two directions against the Python side that fills them (CPU).

Each direction's params struct and its Python attributes are expanded from one list
(DASH_BWD_PARAMS in csrc/bwd/bwd_params.h, DASH_FWD_PARAMS in csrc/fwd/fwd_params.h). These tests
read the list from the header, and check that every attribute dash assigns on a params object
is in it (an unknown name raises only when the call runs, which a CPU machine never does) and
that every field of the list is filled by some call (a field added in C++ and never set from
Python would silently keep its default)."""
import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
LISTS = {
    "BwdParams": (ROOT / "csrc" / "bwd" / "bwd_params.h", "DASH_BWD_PARAMS", ["dash/ops.py"]),
    "FwdParams": (ROOT / "csrc" / "fwd" / "fwd_params.h", "DASH_FWD_PARAMS", ["dash/fwd.py"]),
}


def header_fields(header: pathlib.Path, macro: str) -> list:
    """The field names of `macro`'s list, in order: its X(type, name, default) entries."""
    text = header.read_text()
    start = text.index(f"#define {macro}(X)")
    body = []
    for line in text[start:].splitlines():
        body.append(line)
        if not line.rstrip().endswith("\\"):
            break
    body = re.sub(r"/\*.*?\*/", " ", "\n".join(body), flags=re.S)  # the list's comments
    return re.findall(r"\bX\(\s*[\w:]+\s*,\s*(\w+)\s*,", body)


def assignments(path: pathlib.Path, cls: str) -> dict:
    """{function name: attributes assigned} on the names a function binds to `C.<cls>()`."""
    tree = ast.parse(path.read_text())
    found = {}
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef):
            continue
        params = {t.id for node in ast.walk(fn) if isinstance(node, ast.Assign)
                  and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute)
                  and node.value.func.attr == cls for t in node.targets if isinstance(t, ast.Name)}
        if not params:
            continue
        attrs = set()
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    for t in (target.elts if isinstance(target, ast.Tuple) else [target]):
                        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in params:
                            attrs.add(t.attr)
        found[fn.name] = attrs
    return found


@pytest.mark.parametrize("cls", sorted(LISTS))
def test_the_list_parses(cls):
    header, macro, _ = LISTS[cls]
    fields = header_fields(header, macro)
    assert len(fields) == len(set(fields)) and {"q", "k", "v", "lse", "head_dim", "dtype"} <= set(fields)


@pytest.mark.parametrize("cls", sorted(LISTS))
def test_dash_assigns_only_fields_of_the_list(cls):
    header, macro, sources = LISTS[cls]
    fields = set(header_fields(header, macro))
    calls = {name: attrs for src in sources for name, attrs in assignments(ROOT / src, cls).items()}
    assert calls, f"no function of {sources} makes a {cls}"
    for name, attrs in calls.items():
        assert attrs <= fields, f"{name} sets {sorted(attrs - fields)}, which {macro} does not list"


@pytest.mark.parametrize("cls", sorted(LISTS))
def test_every_field_is_filled_by_some_call(cls):
    header, macro, sources = LISTS[cls]
    filled = set().union(*(attrs for src in sources for attrs in assignments(ROOT / src, cls).values()))
    missing = [f for f in header_fields(header, macro) if f not in filled]
    assert not missing, f"{macro} lists {missing}, which no call in {sources} sets"


@pytest.mark.parametrize("cls", sorted(LISTS))
def test_the_binding_exposes_the_list(cls):
    from dash import _ext

    if not _ext.available():
        pytest.skip("dash._C (the CUDA extension) is not built")
    C = _ext.load()
    header, macro, _ = LISTS[cls]
    params_cls = getattr(C, cls)
    assert list(params_cls.fields) == header_fields(header, macro)
    p = params_cls()
    for name in params_cls.fields:
        getattr(p, name)
    with pytest.raises(AttributeError):
        p.no_such_field = 1
