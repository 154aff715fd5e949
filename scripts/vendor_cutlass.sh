#!/usr/bin/env bash
# Refresh third_party/cutlass from the nvidia-cutlass wheel on PyPI.
# Usage: scripts/vendor_cutlass.sh [VERSION]   (default: the version pinned in third_party/cutlass/VERSION)
# Only the C++ headers (cutlass_library/source/include) and the license are kept.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest="$root/third_party/cutlass"
version=${1:-$(cat "$dest/VERSION" 2>/dev/null || echo 4.2.0.0)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download --quiet --no-deps --only-binary=:all: "nvidia-cutlass==$version" -d "$tmp"
(cd "$tmp" && python3 -m zipfile -e nvidia_cutlass-*.whl wheel)
rm -rf "$dest/include"
mkdir -p "$dest"
cp -r "$tmp/wheel/cutlass_library/source/include" "$dest/include"
cp "$tmp"/wheel/nvidia_cutlass-*.dist-info/licenses/LICENSE.txt "$dest/LICENSE.txt"
echo "$version" > "$dest/VERSION"
cat > "$dest/README.md" <<MD
# CUTLASS $version (headers only)

Vendored from the \`nvidia-cutlass==$version\` wheel on PyPI: its \`cutlass_library/source/include\`
directory, unchanged, and its license (\`LICENSE.txt\`, BSD-3-Clause). Nothing else from the wheel.
Refresh with \`scripts/vendor_cutlass.sh VERSION\`.
MD
echo "vendored CUTLASS $version into $dest"
