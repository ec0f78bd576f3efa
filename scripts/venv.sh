# Sourced by ./scripts/run and ./scripts/test (from the repository's root): the virtual
# environment in .venv, with the project installed (editable) with an extra of its
# pyproject.toml. pip runs only when needed: the first time, and when pyproject.toml has
# changed since (its checksum is kept in .venv/.installed-<extra>) — a start that has it all
# makes no network request and starts at once.
ensure_venv() {
  local extra=$1 stamp=".venv/.installed-$1" want
  shift
  if [ ! -x .venv/bin/python ]; then
    "${PYTHON:-python3}" -m venv .venv
  fi
  want=$(cksum < pyproject.toml)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    preparing_line "$@"
    .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[$extra]"
    printf '%s\n' "$want" > "$stamp"
  fi
}

# Said before pip's silent minute (review 78), in the language the bot will speak: --en or
# --cs among the arguments (--en first, as bot/__main__.py's usage_lang), else the system's
# (Czech for a Czech or Slovak locale).
preparing_line() {
  local lang locale="${LC_ALL:-${LC_MESSAGES:-${LANG:-}}}"
  case "$locale" in cs*|sk*) lang=cs ;; *) lang=en ;; esac
  case " $* " in *" --en "*) lang=en ;; *" --cs "*) lang=cs ;; esac
  if [ "$lang" = cs ]; then
    echo "Připravuji prostředí (poprvé to trvá asi minutu)…"
  else
    echo "Preparing the environment (the first time takes about a minute)…"
  fi
}
