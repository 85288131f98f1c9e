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

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift package dump-package > "$work/package.json"
swift Scripts/package-info.swift library-targets < "$work/package.json" > "$work/targets"

# Module search paths hold .swiftmodule files; everything is built as it
# would be in the package: Swift 6 mode, `package` access, no warnings.
common=(-swift-version 6 -package-name listdiffui -warnings-as-errors -parse-as-library)

compile_module() { # name, output folder, then extra flags, then "--", then sources
  local name=$1 out=$2
  shift 2
  local flags=()
  while [[ $1 != -- ]]; do flags+=("$1"); shift; done
  shift
  swiftc -emit-module -wmo -module-name "$name" "${common[@]}" "${flags[@]}" \
    -emit-module-path "$out/$name.swiftmodule" "$@"
}

checked=0
for framework in UIKit AppKit; do
  compile_module "$framework" "$work/$framework" -- "Scripts/AppleStandIns/$framework.swift"
  for visibility in default MemberImportVisibility; do
    out="$work/$framework-$visibility"
    mkdir -p "$out"
    feature=()
    [[ $visibility == MemberImportVisibility ]] && feature=(-enable-upcoming-feature MemberImportVisibility)
    while IFS=$'\t' read -r name path _; do
      sources=()
      while IFS= read -r -d '' file; do sources+=("$file"); done < <(find "$path" -name '*.swift' -print0 | sort -z)
      echo "-- $name against $framework, ${visibility/default/default import visibility}"
      compile_module "$name" "$out" -I "$work/$framework" -I "$out" "${feature[@]}" -- "${sources[@]}"
      checked=$((checked + 1))
    done < "$work/targets"
  done
done
echo "typecheck-apple: $checked target compilations against stand-in UIKit and AppKit passed"
