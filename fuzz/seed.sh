#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the fixtures: each fixture input, once
# behind flag byte 0 (the plain judge) and once behind a flag byte that turns
# every output mode on. The corpora are not committed (see .gitignore).
set -euo pipefail
cd "$(dirname "$0")"

# seed TARGET PUZZLE FLAG...: fixtures/PUZZLE/**/*.in into corpus/TARGET/.
seed() {
    local target=$1 puzzle=$2
    shift 2
    mkdir -p "corpus/$target"
    find "../fixtures/$puzzle" -name '*.in' | sort | while read -r file; do
        local name=${file#../fixtures/}
        name=${name//\//_}
        for flag in "$@"; do
            { printf "$(printf '\\%03o' "$flag")"; cat "$file"; } >"corpus/$target/$name.$flag"
        done
    done
    echo "corpus/$target: $(find "corpus/$target" -type f | wc -l) files"
}

seed segments_judge segments 0 3
seed lianliankan_judge lianliankan 0 26 122 # 26: 2 turns, open border, explain (checked one query at a time); 122: also draw, ascii
seed solitaire_judge solitaire 0 3
# The engine reads bytes as a board and operations; fixtures are a start.
seed lianliankan_engine lianliankan 0 10
