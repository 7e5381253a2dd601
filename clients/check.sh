#!/usr/bin/env bash
# Drift check (CI): regenerate the document and the three clients, then fail when anything under
# clients/ differs from what is committed (a changed, new or deleted file). The fix is to run
# clients/generate.sh and commit what it wrote.
set -euo pipefail
cd "$(dirname "$0")/.."
clients/generate.sh
if ! git diff --exit-code --stat -- clients/ || [ -n "$(git status --porcelain -- clients/)" ]; then
  git status --short -- clients/
  echo "clients/ differs from what clients/generate.sh writes: run it and commit the result" >&2
  exit 1
fi
echo "clients/: the committed document and clients are what the generators write"
