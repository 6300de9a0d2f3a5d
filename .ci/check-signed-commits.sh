#!/usr/bin/env bash
# G17: every commit since a base must carry a signature git can verify (GPG, or SSH with
# gpg.ssh.allowedSignersFile configured). Usage: .ci/check-signed-commits.sh [BASE]
# BASE: the argument, else SVC_SIGNED_COMMITS_BASE, else origin/main when it exists; with none,
# every commit reachable from HEAD is checked. .ci/run calls it when SVC_REQUIRE_SIGNED_COMMITS=1.
# Prints one line per commit that does not verify and exits 1 if there is any.
set -euo pipefail
base="${1:-${SVC_SIGNED_COMMITS_BASE:-}}"
if [ -z "$base" ] && git rev-parse -q --verify origin/main >/dev/null; then
  base=origin/main
fi
if [ -n "$base" ]; then
  if ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
    echo "signed commits: base '$base' is not a commit" >&2
    exit 2
  fi
  range="$base..HEAD"
else
  range=HEAD
fi
checked=0
unsigned=0
for c in $(git rev-list "$range"); do
  checked=$((checked + 1))
  if ! git verify-commit "$c" >/dev/null 2>&1; then
    unsigned=$((unsigned + 1))
    echo "signed commits: $(git log -1 --format='%h %an: %s' "$c") has no signature that verifies" >&2
  fi
done
if [ "$unsigned" -gt 0 ]; then
  echo "signed commits: $unsigned of $checked commit(s) in $range do not verify" >&2
  exit 1
fi
echo "signed commits: all $checked commit(s) in $range verify"
