#!/usr/bin/env bash
# The test command: gets what the tests need, then runs them (the client libraries' tests, then
# the service's). Usage: scripts/test.sh [pytest arguments]
#
# What it needs beyond Python 3.11: Redis on 127.0.0.1:6379 (started here when it is not
# running), Debian's Chromium (the browser tests) and xmlsec1 (the tests' SAML identity
# provider signs with it), Node for the client libraries and for the OAuth clients that
# tests/oauth/test_real_clients.py drives (tests/oauth/node), Go and Java for the client
# libraries. As root on Debian or Ubuntu it installs what is missing with apt-get; otherwise it
# says in one line what is missing and how to get it, and stops before running anything.
#
# On SQLite with in-memory rate limits by default. Against PostgreSQL and Redis, set
# DATABASE_URL and RATELIMIT_STORAGE_URI (docs/how-to/deploy.md); the client libraries' tests,
# which serve a SQLite database of their own, run only in the first case.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"

# --- system packages: command -> Debian package -------------------------------------------
missing=()
"$PYTHON" -c "import ensurepip, venv" 2>/dev/null || missing+=(python3-venv)
command -v chromium >/dev/null || missing+=(chromium)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v xmlsec1 >/dev/null || missing+=(xmlsec1)  # the tests' SAML identity provider signs with it
command -v npm >/dev/null || missing+=(nodejs npm)  # the OAuth clients' tests run on either database
if [ -z "${DATABASE_URL:-}" ]; then
  command -v go >/dev/null || missing+=(golang-go)
  command -v java >/dev/null || missing+=(default-jre-headless)
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends "${missing[@]}"
  else
    echo "missing: ${missing[*]}; install with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# --- Redis for the tests that share rate limits through it --------------------------------
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "== starting redis-server on 127.0.0.1:6379"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
fi

# --- the virtualenv -------------------------------------------------------------------------
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/pip install -q -r requirements-dev.txt -r clients/requirements.txt

echo "== the OAuth clients of tests/oauth/test_real_clients.py, as their lock file says"
(cd tests/oauth/node && npm ci --no-audit --no-fund --loglevel=error)

echo "== ruff"
.venv/bin/ruff check .

if [ -z "${DATABASE_URL:-}" ]; then
  echo "== client libraries: regenerate, fail when the committed code differs"
  (cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error)
  clients/check.sh
  echo "== client libraries: their tests against a real server"
  .venv/bin/python -m pytest -q clients/python
  (cd clients/typescript && npm test)
  (cd clients/go && GOFLAGS=-mod=mod GOPROXY=off go test ./...)
fi

echo "== tests on ${DATABASE_URL:-SQLite}, rate limits in ${RATELIMIT_STORAGE_URI:-memory}"
exec .venv/bin/python -m pytest "$@"
