#!/usr/bin/env bash
# Prints the path of a Python >= 3.12 (Django 6 needs it), or fails saying so.
# Looks on PATH first, then in pyenv's versions, where these machines keep them.
set -u
ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; }
for candidate in python3.14 python3.13 python3.12 python3; do
  path=$(command -v "$candidate" 2>/dev/null) || continue
  if ok "$path"; then echo "$path"; exit 0; fi
done
root=${PYENV_ROOT:-$HOME/.pyenv}
for path in $(ls -d "$root"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do
  if ok "$path"; then echo "$path"; exit 0; fi
done
echo "Atout needs Python 3.12 or newer (Django 6); none was found on PATH or under $root/versions." >&2
echo "Install one (for example: pyenv install 3.12) and run the command again." >&2
exit 1
