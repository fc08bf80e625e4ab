#!/bin/sh
# Regenerates the autotools files of a git checkout (a release tarball has them).
set -e
cd "$(dirname "$0")"
mkdir -p m4
autoreconf -fi
