#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (see docs/ARCHITECTURE.md, "Fuzzing").
#
#   Scripts/fuzz.sh build              both targets into .build-fuzz/release (ASan + coverage)
#   Scripts/fuzz.sh seeds              seed inputs into .fuzz/seeds/{page,settings}
#   Scripts/fuzz.sh run SECONDS        fuzz each target for SECONDS; the corpus grows in
#                                      .fuzz/TARGET/corpus, findings land in .fuzz/TARGET/
#   Scripts/fuzz.sh smoke SECONDS      each target for SECONDS from the seeds alone, with a
#                                      fixed random seed; exits non-zero on any finding
#
# A finding is a crash (a Swift trap included), a leak, a timeout (-timeout, 10 s) or
# running out of memory (-rss_limit_mb). Replay one with a plain build:
#   swift run FuzzPage .fuzz/FuzzPage/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SCRATCH=.build-fuzz
OUT=.fuzz
TARGETS=(FuzzPage FuzzSettings)
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-4096}
# Optimised (traps and bounds checks stay in): several times the executions of a debug build.
FUZZ_CONFIG=${FUZZ_CONFIG:-release}

kind() { case $1 in FuzzPage) echo page ;; FuzzSettings) echo settings ;; esac; }
max_len() { case $1 in FuzzPage) echo 32768 ;; FuzzSettings) echo 4096 ;; esac; }

# libFuzzer without its own main: the targets keep theirs and call LLVMFuzzerRunDriver.
runtime() {
    local swiftc clang resources file
    swiftc=$(command -v swiftc) || { echo "fuzz: swiftc is not on PATH" >&2; exit 1; }
    clang=$(dirname "$(readlink -f "$swiftc")")/clang
    resources=$("$clang" -print-resource-dir)
    for file in "$resources/lib/linux/libclang_rt.fuzzer_no_main-$(uname -m).a" \
        "$resources"/lib/*/libclang_rt.fuzzer_no_main.a; do
        if [ -e "$file" ]; then echo "$file"; return; fi
    done
    echo "fuzz: no libclang_rt.fuzzer_no_main under $resources; this toolchain cannot fuzz" >&2
    exit 1
}

build() {
    local fuzzer target
    fuzzer=$(runtime)
    for target in "${TARGETS[@]}"; do
        # Swift and C (Yams' libyaml) alike get ASan and libFuzzer's coverage. The
        # build tool EmbedFiles is built with the same flags and runs during the
        # build: leaks at its exit are not ours to report.
        ASAN_OPTIONS=detect_leaks=0 SPECSITE_FUZZ_RUNTIME=$fuzzer "$SWIFT" build --scratch-path "$SCRATCH" \
            -c "$FUZZ_CONFIG" --product "$target" \
            -Xswiftc -sanitize=address \
            -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table \
            -Xswiftc -use-ld=lld \
            -Xcc -fsanitize=address -Xcc -fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp
    done
}

# One seed: the file's content path on the first line, then its bytes.
seed() { # FOLDER NAME CONTENT-PATH FILE
    { printf '%s\n' "$3"; cat "$4"; } >"$1/$2"
}

seeds() {
    local page=$OUT/seeds/page settings=$OUT/seeds/settings file name corpus=../shared/corpus/seeds
    rm -rf "$OUT/seeds"
    mkdir -p "$page" "$settings"
    while IFS= read -r file; do
        name=${file#*/}
        seed "$page" "${file//\//_}" "$name" "$file"
    done < <(find content scaffold -name '*.md' | sort)
    for file in docs/*.md README.md bench/README.md; do
        seed "$page" "doc-${file//\//_}" "$(basename "$file")" "$file"
    done
    if [ -d "$corpus" ]; then
        for file in "$corpus"/*.md; do
            name=$(basename "$file")
            case $name in
            *-PLAN.md) seed "$page" "corpus-$name" ".planning/phases/${name%%-*}-corpus/$name" "$file" ;;
            *) seed "$page" "corpus-$name" "$name" "$file" ;;
            esac
        done
    fi
    # Whole GSD folders in one input (files split by 0x1E), so roadmap, state and
    # plans meet; and a page with the example settings.
    for phase in content/.planning/phases/*/; do
        {
            for file in content/.planning/ROADMAP.md content/.planning/STATE.md "$phase"*.md; do
                printf '\x1e%s\n' "${file#content/}"
                cat "$file"
            done
        } | tail -c +2 >"$page/gsd-$(basename "$phase")"
    done
    { printf 'specsite.yml\n'; cat content/specsite.yml; printf '\x1ePRD.md\n'; cat content/PRD.md; } \
        >"$page/settings-and-prd"

    cp content/specsite.yml "$settings/content-specsite.yml"
    cp scaffold/specsite.yml "$settings/scaffold-specsite.yml"
    # Every front matter block, and every ```yaml block of the docs.
    while IFS= read -r file; do
        name=${file#../shared/}
        name=${name//\//_}
        awk 'NR == 1 && $0 != "---" { exit } { print } NR > 1 && $0 == "---" { exit }' "$file" >"$settings/front-$name"
        [ -s "$settings/front-$name" ] || rm "$settings/front-$name"
    done < <(find content scaffold $([ -d "$corpus" ] && echo "$corpus") -name '*.md' | sort)
    for file in docs/*.md; do
        awk -v out="$settings/yaml-$(basename "$file" .md)-" '
            /^```yaml/ { n++; inside = 1; next }
            /^```/ { inside = 0 }
            inside { print > (out n) }' "$file"
    done
    echo "seeds: $(ls "$page" | wc -l) page, $(ls "$settings" | wc -l) settings"
}

# Runs TARGET: fuzz.sh's options, then libFuzzer's (extra arguments win).
fuzz() { # TARGET CORPUS-FOLDER... -- LIBFUZZER-OPTIONS...
    local target=$1 kind
    kind=$(kind "$target")
    shift
    # Swift's own crash backtracer trips ASan; libFuzzer prints the stack instead.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_stack_use_after_return=0:quarantine_size_mb=16} \
        LSAN_OPTIONS=suppressions=$PWD/Tests/fuzz/lsan.supp \
        "$SCRATCH/$FUZZ_CONFIG/$target" "$@" \
        -dict="Tests/fuzz/$kind.dict" -max_len="$(max_len "$target")" -timeout="$FUZZ_TIMEOUT" \
        -rss_limit_mb="$FUZZ_RSS_MB" -print_final_stats=1
}

run() { # SECONDS
    local seconds=$1 target
    [ -d "$OUT/seeds" ] || seeds
    for target in "${TARGETS[@]}"; do
        mkdir -p "$OUT/$target/corpus"
        echo "fuzz: $target for ${seconds}s (corpus $OUT/$target/corpus, findings in $OUT/$target/)"
        # Fork mode keeps fuzzing past a finding, so one long run reports them all.
        fuzz "$target" "$OUT/$target/corpus" "$OUT/seeds/$(kind "$target")" \
            -max_total_time="$seconds" -artifact_prefix="$OUT/$target/" \
            -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 || true
    done
    ls "$OUT"/*/crash-* "$OUT"/*/leak-* "$OUT"/*/timeout-* "$OUT"/*/oom-* 2>/dev/null || echo "fuzz: no findings"
}

smoke() { # SECONDS
    local seconds=$1 target scratch
    seeds >/dev/null
    for target in "${TARGETS[@]}"; do
        scratch=$(mktemp -d)
        echo "fuzz smoke: $target for ${seconds}s"
        if ! fuzz "$target" "$scratch" "$OUT/seeds/$(kind "$target")" -max_total_time="$seconds" -seed=1 \
            -artifact_prefix="$OUT/smoke-$target-" >"$OUT/smoke-$target.log" 2>&1; then
            tail -n 60 "$OUT/smoke-$target.log"
            echo "fuzz smoke: $target found a problem; the input is $(ls -t "$OUT"/smoke-"$target"-* | head -n 1)" >&2
            rm -rf "$scratch"
            exit 1
        fi
        # The last coverage line, and how many inputs ran.
        grep -E '^#[0-9]+' "$OUT/smoke-$target.log" | tail -n 1
        grep -E '^(Done|stat::peak_rss_mb)' "$OUT/smoke-$target.log" || true
        rm -rf "$scratch"
    done
}

case ${1:-} in
build) build ;;
seeds) seeds ;;
run) run "${2:?seconds}" ;;
smoke) smoke "${2:?seconds}" ;;
*)
    sed -n '2,13p' "$0"
    exit 2
    ;;
esac
