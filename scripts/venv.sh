# Sourced by scripts/play, scripts/test and scripts/package: `ensure_venv EXTRAS` makes .venv (if
# missing) and installs the project with EXTRAS (e.g. "dev", or "" for none) pinned by
# constraints.txt, but only when pyproject.toml, setup.py or constraints.txt changed since the last
# install with those extras. The stamp file .venv/.soupkitchen-installed remembers what was installed.

ensure_venv() {
  local extras=$1 python=${PYTHON:-python3} stamp=.venv/.soupkitchen-installed digest spec
  digest=$(cat pyproject.toml setup.py constraints.txt | cksum | cut -d' ' -f1)
  if [ -x .venv/bin/python ] && [ -f "$stamp" ] \
      && grep -qxF "$digest $extras" "$stamp"; then
    return 0
  fi
  if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
  fi
  spec=.
  [ -n "$extras" ] && spec=".[$extras]"
  echo "Installing Soup Kitchen${extras:+ with $extras} into .venv (pinned by constraints.txt)..." >&2
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e "$spec"
  # a dev install also serves play, which needs no extras
  { echo "$digest $extras"; [ "$extras" = dev ] && echo "$digest "; } > "$stamp"
  return 0
}
