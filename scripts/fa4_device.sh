#!/usr/bin/env bash
# FlashAttention-4 on a device machine without a network (bench peers), from ../shared/fa4's
# archive carried one piece per call in the ignored folder .fa4/ (see DEVELOPERS.md):
#   source scripts/fa4_device.sh   # copies what .fa4/ holds to /tmp/fa4; once every piece is
#                                  # there, unpacks them and exports PYTHONPATH
# The pieces are ../shared/fa4's three parts as they are, or the joined archive split smaller
# (scripts/fa4_split.sh) when the tree plus a 25 MB part would pass the 64 MiB a call carries.
# FA4_PIECES: how many pieces make the archive (default: 3 parts, or what fa4_split.sh wrote).
mkdir -p /tmp/fa4
cp .fa4/*.part* .fa4/*.piece* .fa4/PIECES /tmp/fa4/ 2>/dev/null
want=${FA4_PIECES:-$(cat /tmp/fa4/PIECES 2>/dev/null || echo 3)}
have=$(ls /tmp/fa4/*.part* /tmp/fa4/*.piece* 2>/dev/null | wc -l)
if [ ! -d /tmp/fa4site ] && [ "$have" -eq "$want" ]; then
  cat $(ls /tmp/fa4/*.part* /tmp/fa4/*.piece* 2>/dev/null | sort) | tar -xJ -C /tmp
fi
if [ -d /tmp/fa4site ]; then
  export PYTHONPATH=/tmp/fa4site:/tmp/fa4site/nvidia_cutlass_dsl/dsl_packages${PYTHONPATH:+:$PYTHONPATH}
  echo "fa4: /tmp/fa4site on PYTHONPATH"
else
  echo "fa4: $have of $want pieces on this machine"
fi
