#!/bin/bash
# build-llvm-ompd.sh - build LLVM's OpenMP runtime with OMPD (libompd) once,
# so that paradbg's hosts can be tried against another vendor's OMPD library.
#
# usage: build-llvm-ompd.sh [PREFIX]
#
#   PREFIX  where to install; default ${PARADBG_LLVM_OMPD:-/opt/paradbg-llvm-ompd}
#
# Source: Debian's llvm-toolchain-14 source package, at the version of the
# installed libomp5-14 (so it matches clang 14 and /usr/lib/llvm-14). Only
# openmp/ is taken out of the upstream tarball, and only the parts of
# Debian's patches that touch openmp/ are applied (among them the soname
# libomp.so.5). Debian itself builds libomp without OMPT, hence without
# OMPD; here both are on. No libomptarget, no OMPT tools (archer), no tests.
# A deb-src entry is added under /etc/apt/sources.list.d/ when apt has none
# (mirroring the Debian deb entries), so this needs root the first time.
#
# What lands where:
#   PREFIX/lib/libomp.so.5          the runtime, with OMPT and OMPD support
#   PREFIX/lib/libomp.so            -> libomp.so.5 (link with -L/-Wl,-rpath)
#   PREFIX/lib/libgomp.so, libiomp5.so   upstream's compatibility links
#   PREFIX/lib/libompd.so           LLVM's OMPD library
#   PREFIX/include/omp.h, omp-tools.h, ompt.h
#   PREFIX/.paradbg-llvm-ompd       stamp: source version, written last
#
# Note: as upstream (exports_so.txt), libomp's OMPD symbols (ompd_dll_locations,
# ompd_state, ompd_sizeof__*, ompd_access__*, ompd_bp_*) are local symbols in
# .symtab, not in .dynsym, and the breakpoint functions are C++-mangled
# (_Z24ompd_dll_locations_validv...). The build is not stripped, so a host
# must look them up in .symtab.
#
# Environment:
#   PARADBG_LLVM_OMPD       default PREFIX
#   PARADBG_LLVM_OMPD_WORK  scratch directory, emptied first (default
#                           ${TMPDIR:-/var/tmp}/paradbg-llvm-ompd-build.PID);
#                           removed after a successful build unless
#                           PARADBG_KEEP_WORK=1, kept on failure
#   CC, CXX                 compilers (default clang-14/clang++-14, else cc/c++)
#
# Running it again once the stamp is there does nothing. Two runs at once
# wait for each other (flock on PREFIX/.lock).
set -u
set -o pipefail

me=build-llvm-ompd.sh
die() { echo "$me: error: $*" >&2; exit 1; }

PREFIX=${1:-${PARADBG_LLVM_OMPD:-/opt/paradbg-llvm-ompd}}
case $PREFIX in
  /*) ;;
  *) PREFIX=$(pwd)/$PREFIX ;;
esac
PREFIX=${PREFIX%/}
STAMP=$PREFIX/.paradbg-llvm-ompd
WORK=${PARADBG_LLVM_OMPD_WORK:-${TMPDIR:-/var/tmp}/paradbg-llvm-ompd-build.$$}
SRCPKG=llvm-toolchain-14
BINPKG=libomp5-14

built() {
  [ -f "$STAMP" ] && [ -e "$PREFIX/lib/libomp.so" ] && [ -e "$PREFIX/lib/libompd.so" ]
}
if built; then
  echo "$me: already built in $PREFIX ($(head -n1 "$STAMP"))"
  exit 0
fi

mkdir -p "$PREFIX" || die "cannot create $PREFIX"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$PREFIX/.lock" || die "cannot open lock file $PREFIX/.lock"
  flock 9 || die "cannot lock $PREFIX/.lock"
  # Another run may have finished while this one waited.
  if built; then
    echo "$me: already built in $PREFIX ($(head -n1 "$STAMP"))"
    exit 0
  fi
fi

start=$SECONDS
root=no
[ "$(id -u)" -eq 0 ] && root=yes

# Tools: install the missing ones through apt when root.
need=
for t in cmake:cmake make:make perl:perl xz:xz-utils patch:patch \
         apt-get:apt nm:binutils; do
  command -v "${t%%:*}" >/dev/null 2>&1 || need="$need ${t#*:}"
done
if [ -n "$need" ]; then
  [ $root = yes ] || die "missing tools (packages:$need) and not root to install them"
  echo "$me: installing$need"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $need >/dev/null ||
    die "apt-get install$need failed"
fi
if [ -z "${CC:-}" ]; then
  if command -v clang-14 >/dev/null 2>&1; then CC=clang-14; else CC=cc; fi
fi
if [ -z "${CXX:-}" ]; then
  if command -v clang++-14 >/dev/null 2>&1; then CXX=clang++-14; else CXX=c++; fi
fi
command -v "$CC" >/dev/null 2>&1 || die "C compiler $CC not found"
command -v "$CXX" >/dev/null 2>&1 || die "C++ compiler $CXX not found"

# The exact version of the installed runtime, when there is one.
version=$(dpkg-query -W -f='${source:Version}' "$BINPKG" 2>/dev/null || true)

has_src() { [ -n "$(apt-cache showsrc "$SRCPKG" 2>/dev/null | head -n1)" ]; }

# deb-src entries mirroring the Debian deb ones (deb822 and one-line files).
add_deb_src() {
  local f out822=/etc/apt/sources.list.d/debian-src.sources
  local outlist=/etc/apt/sources.list.d/debian-src.list
  local s822= slist=
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    [ "$f" = "$out822" ] && continue
    # Paragraph mode: one stanza a record; keep the Debian deb stanzas.
    s822=$s822$(awk 'BEGIN { RS = ""; ORS = "\n\n" }
      /(^|\n)Types:[^\n]*[ \t]deb([ \t]|\n|$)/ && /debian/ {
        sub(/(^|\n)Types:[^\n]*/, "\nTypes: deb-src"); sub(/^\n/, ""); print
      }' "$f")
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    [ "$f" = "$outlist" ] && continue
    slist=$slist$(sed -n 's/^[[:space:]]*deb[[:space:]]\(.*debian.*\)$/deb-src \1/p' "$f")
  done
  [ -n "$s822$slist" ] || return 1
  if [ -n "$s822" ]; then printf '%s\n' "$s822" >"$out822" || return 1; fi
  if [ -n "$slist" ]; then printf '%s\n' "$slist" >"$outlist" || return 1; fi
  [ -n "$s822" ] && echo "$me: added deb-src entries in $out822"
  [ -n "$slist" ] && echo "$me: added deb-src entries in $outlist"
  return 0
}

if ! has_src; then
  [ $root = yes ] || die "apt knows no source for $SRCPKG (no deb-src entry) and not root to add one"
  if ! grep -rqsE '^[[:space:]]*(Types:.*deb-src|deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    add_deb_src || die "no Debian deb entries found to mirror as deb-src"
  fi
  echo "$me: apt-get update"
  apt-get update -q >/dev/null || die "apt-get update failed"
  has_src || die "apt still knows no source package $SRCPKG after apt-get update"
fi

rm -rf "$WORK" && mkdir -p "$WORK" || die "cannot create work directory $WORK"
cd "$WORK" || die "cannot enter $WORK"
LOG=$WORK/log
: >"$LOG"
# step NAME CMD...: run CMD with its output in the log, stop on failure.
step() {
  local name=$1; shift
  echo "== $name: $*" >>"$LOG"
  "$@" >>"$LOG" 2>&1 || die "$name failed (log: $LOG, work kept in $WORK)"
}

# (Captured first: with pipefail, grep -q closing a pipe early would fail it.)
srcinfo=$(apt-cache showsrc "$SRCPKG" 2>/dev/null)
if [ -n "$version" ] && grep -qx "Version: $version" <<<"$srcinfo"; then
  want="$SRCPKG=$version"
else
  [ -n "$version" ] && echo "$me: warning: $SRCPKG $version not in apt; taking apt's newest" >&2
  want=$SRCPKG
fi
echo "$me: downloading $want"
# Download only: unpacking the whole package (all of LLVM) is not needed.
step "apt-get source" apt-get source -q --download-only "$want"
orig=$(ls ./*.orig.tar.* 2>/dev/null | grep -v '\.asc$' | head -n1)
deb=$(ls ./*.debian.tar.* 2>/dev/null | head -n1)
dsc=$(ls ./*.dsc 2>/dev/null | head -n1)
[ -n "$orig" ] && [ -n "$deb" ] && [ -n "$dsc" ] || die "apt-get source left no .orig/.debian tarball and .dsc in $WORK"
srcver=$(sed -n 's/^Version: //p' "$dsc" | head -n1)

echo "$me: extracting openmp/ from $(basename "$orig")"
mkdir -p src || die "cannot create $WORK/src"
# Without match-slash, '*/openmp' is the top-level openmp directory only
# (not, e.g., llvm/utils/gn/secondary/openmp); tar takes all under it.
step "extract openmp" tar -xf "$orig" -C src --wildcards --no-wildcards-match-slash '*/openmp'
top=$(ls -d src/*/openmp 2>/dev/null | head -n1)
[ -n "$top" ] || die "no openmp/ directory in $(basename "$orig")"
top=$WORK/${top%/openmp}
step "extract debian" tar -xf "$deb" -C src

# Debian's patches, in series order, cut down to the files under openmp/.
series=src/debian/patches/series
[ -f "$series" ] || die "no debian/patches/series in $(basename "$deb")"
npatch=0
while read -r p _; do
  case $p in ''|'#'*) continue ;; esac
  [ -f "src/debian/patches/$p" ] || die "patch $p named in the series is missing"
  # A file section starts at a "--- " line followed by a "+++ " line; keep
  # the sections whose target (first path component dropped) is openmp/.
  awk '
    /^(Index:|diff )/ { keep = 0; next }
    /^--- / {
      hdr = $0
      if ((getline nxt) <= 0) { if (keep) print hdr; next }
      if (nxt ~ /^\+\+\+ /) {
        split(nxt, w, /[ \t]+/); path = w[2]; sub(/^[^\/]*\//, "", path)
        keep = (path ~ /^openmp\//)
      }
      if (keep) { print hdr; print nxt }
      next
    }
    keep { print }' "src/debian/patches/$p" >"$WORK/cut.patch" ||
    die "cannot read patch $p"
  [ -s "$WORK/cut.patch" ] || continue
  step "patch $p" patch -d "$top" -p1 -N --batch -i "$WORK/cut.patch"
  npatch=$((npatch + 1))
done <"$series"
echo "$me: applied the openmp/ parts of $npatch Debian patch(es)"

echo "$me: configuring with cmake ($CC, $CXX)"
mkdir -p build || die "cannot create $WORK/build"
step cmake cmake -S "$top/openmp" -B build \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_INSTALL_PREFIX="$PREFIX" \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DLIBOMP_OMPT_SUPPORT=ON \
  -DLIBOMP_OMPD_SUPPORT=ON \
  -DOPENMP_ENABLE_LIBOMPTARGET=OFF \
  -DOPENMP_ENABLE_OMPT_TOOLS=OFF \
  -DOPENMP_ENABLE_LIBOMP_PROFILING=OFF \
  -DLIBOMP_ENABLE_RTTI=OFF
grep -Eq 'Use OMPD-support +-- (ON|TRUE)$' "$LOG" ||
  die "cmake turned OMPD support off (log: $LOG, work kept in $WORK)"

echo "$me: building (make -j2)"
step make make -C build -j2
step install make -C build install
# Debian's soname patch installs libomp.so.5 only; its rules add the
# development link, and so does this.
if [ ! -e "$PREFIX/lib/libomp.so" ] && [ -e "$PREFIX/lib/libomp.so.5" ]; then
  ln -s libomp.so.5 "$PREFIX/lib/libomp.so" || die "cannot link $PREFIX/lib/libomp.so"
fi

[ -e "$PREFIX/lib/libomp.so" ] || die "install left no $PREFIX/lib/libomp.so"
[ -e "$PREFIX/lib/libompd.so" ] || die "install left no $PREFIX/lib/libompd.so"
# Upstream's version script keeps every ompd_* symbol out of .dynsym: they
# are local symbols in .symtab only (see the header comment).
syms=$(nm "$PREFIX/lib/libomp.so" 2>/dev/null)
grep -qw ompd_dll_locations <<<"$syms" ||
  die "$PREFIX/lib/libomp.so has no ompd_dll_locations symbol"

printf '%s %s (openmp/ only, OMPT+OMPD, %s)\nbuilt %s\n' \
  "$SRCPKG" "$srcver" "$CC" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$STAMP" ||
  die "cannot write $STAMP"
cd / || true
[ "${PARADBG_KEEP_WORK:-0}" = 1 ] || rm -rf "$WORK"

t=$((SECONDS - start))
echo "$me: built $SRCPKG $srcver openmp with OMPD into $PREFIX in $((t / 60))m$((t % 60))s"
