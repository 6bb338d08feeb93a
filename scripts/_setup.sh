# Shared set-up for scripts/play and scripts/test: source it, do not run it.
# Creates .venv when missing and (re)installs the project when pyproject.toml changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${PYTHON:-}"
if [ -z "$PY" ]; then
  for candidate in python3.13 python3.12 python3.11 python3; do
    # (2>/dev/null: a pyenv shim for a version not selected exists on PATH but fails, noisily)
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      PY="$candidate"; break
    fi
  done
fi
if [ -z "$PY" ]; then
  echo "Coinland needs Python 3.11 or newer; none was found on PATH." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  echo "Creating .venv with $PY ..." >&2
  "$PY" -m venv .venv
fi
VENV_PY="$ROOT/.venv/bin/python"

# have_uv: put uv (a fast installer, from the package index) into .venv once; false when it cannot be had.
have_uv() {
  [ -z "${COINLAND_NO_UV:-}" ] || return 1
  [ -x .venv/bin/uv ] && return 0
  echo "  getting the uv installer into .venv ..." >&2
  "$VENV_PY" -m pip install --quiet --disable-pip-version-check --progress-bar off uv >&2 2>/dev/null && [ -x .venv/bin/uv ]
}

# install EXTRAS: install the project (editable) with the given extras, once per change of its build files.
# uv lists every package it installs; pip (the fallback) prints what it collects as it goes.
install_project() {
  local extras="$1"
  local stamp=".venv/.coinland-installed${extras:+-$extras}" target=".${extras:+[$extras]}"  # (after: one `local` expands all its words first)
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ setup.py -nt "$stamp" ]; then
    echo "Installing Coinland${extras:+ with [$extras]} and what it needs into .venv (the first time takes a minute) ..." >&2
    local started=$SECONDS
    if have_uv; then
      .venv/bin/uv pip install --python "$VENV_PY" -e "$target" >&2
    else
      echo "  (uv could not be installed: using pip)" >&2
      "$VENV_PY" -m pip install --disable-pip-version-check --upgrade pip 2>&1 | grep -E "^(Collecting|Successfully)" >&2 || true
      if ! "$VENV_PY" -m pip install --disable-pip-version-check --progress-bar on -e "$target" 2>&1 \
          | { grep -Ev "^WARNING: Location|^\s*$" >&2 || true; }; then
        echo "Installing Coinland failed (see above)." >&2
        exit 1
      fi
    fi
    echo "Coinland is installed ($((SECONDS - started)) s)." >&2
    touch "$stamp"
  fi
}
