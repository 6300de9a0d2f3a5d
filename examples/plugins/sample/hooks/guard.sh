#!/bin/sh
# PRE_TOOL guard of the sample plugin: a load_skill call that asks for a skill whose name has
# "forbidden" in it is blocked (exit code 2, the reason on stderr); anything else goes on.
if grep -q forbidden; then
  echo "the sample guard does not hand out forbidden skills" >&2
  exit 2
fi
exit 0
