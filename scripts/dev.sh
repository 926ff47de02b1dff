#!/usr/bin/env bash
# The README's two quick-start commands, on a fresh Debian 12 machine as root:
#   scripts/dev.sh run    install what is missing, build, start the program
#   scripts/dev.sh test   install what is missing, build, run the whole suite
#                         (warnings as errors, then ASan+UBSan, then valgrind,
#                         then the libFuzzer harnesses over their corpus and
#                         CC_FUZZ_SECONDS, default 60, of new inputs each);
#                         the browser tests (label web) run in headless Chromium;
#                         the first pass builds the Debian package (cpack -G
#                         DEB), runs it from a temporary root and passes it
#                         through lintian (test package_deb, label package);
#                         the sanitizer pass runs under a real French locale
#                         (fr_FR.UTF-8, generated into the build tree), the
#                         first without one, so machine outputs are seen not
#                         to depend on it (tests/locale_free.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(build-essential cmake pkg-config libncurses-dev check libjansson-dev libsqlite3-dev nettle-dev gettext libasound2-dev libmicrohttpd-dev libqrencode-dev libcairo2-dev)
TEST_PACKAGES=(valgrind tmux pgn-extract sqlite3 clang chromium nodejs poppler-utils locales lintian dpkg-dev file man-db nginx-light)
JOBS=$(nproc 2>/dev/null || echo 2)

install_missing() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
  cmake --preset "$1" >/dev/null
  cmake --build --preset "$1" -j "$JOBS"
}

case "${1:-}" in
  run)
    install_missing "${PACKAGES[@]}"
    build default
    shift
    exec ./build/default/chesscubing "$@"
    ;;
  test)
    install_missing "${PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    # The browser tests' driver and the PGN test's reader, pinned by their
    # package-lock.json (Debian's nodejs has npm apart; other builds of
    # nodejs bring it).
    command -v npm >/dev/null || install_missing npm
    (cd tests/web && npm ci --no-audit --no-fund)
    (cd tests/pgn && npm ci --no-audit --no-fund)
    build default
    ctest --preset default -j "$JOBS"
    build sanitize
    # The suite again, under fr_FR.UTF-8 (its LC_NUMERIC writes decimal
    # commas), generated into the build tree: the machine is left as it was.
    # The messages asked in English (LANGUAGE=en, as a French user may),
    # since most tests read English texts; the tests of the languages
    # (cli_french, locale_free, the e2e French ones) choose their own.
    locales="$PWD/build/sanitize/locales"
    mkdir -p "$locales"
    [ -d "$locales/fr_FR.UTF-8" ] || localedef -i fr_FR -f UTF-8 "$locales/fr_FR.UTF-8"
    LOCPATH="$locales" LANG=fr_FR.UTF-8 LANGUAGE=en ctest --preset sanitize -j "$JOBS"
    # Leak check: every unit suite under valgrind, in-process (CK_FORK=no),
    # but test_store_names: its forked copies of the test (other processes
    # opening the record by its second name, inside a user and mount
    # namespace) exit holding their parent's open record, which valgrind
    # counts as lost in each copy; it runs under ASan+UBSan above.
    # tests/valgrind.supp names the system libraries' own leaks (fontconfig).
    # ctest counts valgrind's findings as "Defects" without failing on them
    # (a forked child's leak never reaches the exit code), so fail on any.
    suppressions="$PWD/tests/valgrind.supp"
    (cd build/default && CK_FORK=no ctest -j "$JOBS" -L unit -E '^test_store_names$' -T memcheck \
        --overwrite MemoryCheckCommandOptions="--leak-check=full --error-exitcode=1 --suppressions=$suppressions" \
        --output-on-failure) | tee build/default/memcheck.log
    if grep -q "Defects:" build/default/memcheck.log; then
      echo "valgrind found defects: see build/default/Testing/Temporary/MemoryChecker.*.log" >&2
      exit 1
    fi
    # Fuzzing (clang, libFuzzer, ASan+UBSan): every harness over its seed
    # corpus, then CC_FUZZ_SECONDS (60 here, so in CI) of new inputs each,
    # $JOBS harnesses at a time (docs/fuzzing.md).
    build fuzz
    CC_FUZZ_SECONDS="${CC_FUZZ_SECONDS:-60}" ctest --preset fuzz -j "$JOBS"
    ;;
  *)
    echo "usage: scripts/dev.sh run|test" >&2
    exit 2
    ;;
esac
