#!/usr/bin/env bash
# FlashAttention-4 on a device machine without a network (bench peers), from the three parts of
# ../shared/fa4 carried one call at a time in the ignored folder .fa4/ (see DEVELOPERS.md):
#   source scripts/fa4_device.sh   # copies what .fa4/ holds to /tmp/fa4; once all three parts
#                                  # are there, unpacks them and exports PYTHONPATH
mkdir -p /tmp/fa4
cp .fa4/*.part* /tmp/fa4/ 2>/dev/null
if [ ! -d /tmp/fa4site ] && [ "$(ls /tmp/fa4/*.part* 2>/dev/null | wc -l)" -eq 3 ]; then
  cat /tmp/fa4/*.part0* | tar -xJ -C /tmp
fi
if [ -d /tmp/fa4site ]; then
  export PYTHONPATH=/tmp/fa4site:/tmp/fa4site/nvidia_cutlass_dsl/dsl_packages${PYTHONPATH:+:$PYTHONPATH}
  echo "fa4: /tmp/fa4site on PYTHONPATH"
else
  echo "fa4: $(ls /tmp/fa4 | wc -l) of 3 parts on this machine"
fi
