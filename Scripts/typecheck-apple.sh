#!/usr/bin/env bash
# Type-checks the Apple branches of every library target on Linux.
#
# Code under `#if canImport(UIKit)` / `#if canImport(AppKit)` is never
# compiled by a Linux build. This script makes those conditions true with
# stand-in UIKit and AppKit modules (Scripts/AppleStandIns: only the members
# Apple's overlays add to IndexPath) and compiles every non-executable,
# non-test target of Package.swift against them, dependencies first, once as
# iOS sees it (UIKit) and once as macOS sees it (AppKit), each with and
# without the MemberImportVisibility upcoming feature (with it, a file sees
# only the members of modules it imports itself).
#
# What it cannot check: anything else Apple's SDKs differ in. The code under
# `#if canImport(Darwin)` (the to-do sample's terminal and file calls) still
# compiles its Glibc branch here, since Linux has no Darwin module and no
# stand-in could honestly replace one; availability (`@available`, the
# manifest's `platforms:`) is not checked either, as Linux has none.
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/modules.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read_manifest "$work"

count=0
for framework in UIKit AppKit; do
  compile_module "$framework" "$work/$framework" -- "Scripts/AppleStandIns/$framework.swift"
  for visibility in default MemberImportVisibility; do
    feature=()
    [[ $visibility == MemberImportVisibility ]] && feature=(-enable-upcoming-feature MemberImportVisibility)
    on_target() {
      echo "-- $1 against $framework, ${visibility/default/default import visibility}"
      count=$((count + 1))
    }
    compile_library_targets "$work/targets" "$work/$framework-$visibility" -I "$work/$framework" ${feature[@]+"${feature[@]}"}
  done
done
echo "typecheck-apple: $count target compilations against stand-in UIKit and AppKit passed"
