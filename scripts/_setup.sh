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

# install EXTRAS: install the project (editable) with the given extras, once per pyproject change.
install_project() {
  local extras="$1" stamp=".venv/.coinland-installed${extras:+-$extras}"
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "Installing Coinland${extras:+ with [$extras]} into .venv ..." >&2
    "$VENV_PY" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
    "$VENV_PY" -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}" >&2
    touch "$stamp"
  fi
}
