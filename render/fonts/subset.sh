#!/bin/sh
# Rebuilds the fallback fonts the renderer embeds (see subset.py for what they hold).
# Run by a developer as root on Debian bookworm with network to Debian and PyPI:
#     sh render/fonts/subset.sh
# The sources and tools are pinned, so a rerun writes the same bytes; commit the outputs.
set -eu
cd "$(dirname "$0")"

apt-get install -y -q fonts-noto-cjk=1:20220127+repack1-1

venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install -q fonttools==4.68.0 manimgx-fonts==2026.9.26.post1
emoji=$("$venv/bin/python" -c 'import manimgx_fonts, pathlib; print(pathlib.Path(manimgx_fonts.__file__).parent / "NotoEmoji[wght].ttf")')

"$venv/bin/python" subset.py --cjk /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --emoji "$emoji"
