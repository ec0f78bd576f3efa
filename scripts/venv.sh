# Sourced by ./scripts/run and ./scripts/test (from the repository's root): the virtual
# environment in .venv, with the project installed (editable) with an extra of its
# pyproject.toml. pip runs only when needed: the first time, and when pyproject.toml has
# changed since (its checksum is kept in .venv/.installed-<extra>) — a start that has it all
# makes no network request and starts at once.
ensure_venv() {
  local extra=$1 stamp=".venv/.installed-$1" want
  if [ ! -x .venv/bin/python ]; then
    "${PYTHON:-python3}" -m venv .venv
  fi
  want=$(cksum < pyproject.toml)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[$extra]"
    printf '%s\n' "$want" > "$stamp"
  fi
}
