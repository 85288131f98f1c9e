#!/usr/bin/env bash
# Builds the DocC documentation of ListDiff, HeadlessCollection, ListDiffUI,
# ListDiffUITesting and ListDiffUITerminal
# with the toolchain's own docc, and fails on any warning.
#
#   Scripts/build-docs.sh            # writes the site to .build/docs/site
#   python3 -m http.server -d .build/docs/site 8000
#   open http://127.0.0.1:8000/documentation/listdiffui
#
# Steps: build the three modules; extract each one's public symbol graph with
# swift-symbolgraph-extract; `docc convert` each catalog with
# --warnings-as-errors (a broken symbol or article link fails, naming the file
# and the link), ListDiffUI against the other two archives so its pages link
# into them; merge the three archives into one static site served from its
# root; then check what docc does not: that every public symbol is curated
# under a topic (none in an automatic group such as "Structures" or "Other")
# and that every site-relative link in a catalog names a page that exists.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/docs
modules=(ListDiff HeadlessCollection ListDiffUI ListDiffUITesting ListDiffUITerminal)

echo "== building ${modules[*]}"
swift build --target ListDiffUITesting >/dev/null
swift build --target ListDiffUITerminal >/dev/null
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)

rm -rf "$out"
mkdir -p "$out/symbol-graphs" "$out/archives"
for module in "${modules[@]}"; do
  echo "== $module"
  graphs="$out/symbol-graphs/$module"
  mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
    -minimum-access-level public -skip-inherited-docs -emit-extension-block-symbols \
    -output-dir "$graphs"
  dependencies=()
  if [[ $module == ListDiffUI ]]; then
    dependencies=(--dependency "$out/archives/ListDiff.doccarchive"
      --dependency "$out/archives/HeadlessCollection.doccarchive")
  elif [[ $module == ListDiffUITesting || $module == ListDiffUITerminal ]]; then
    dependencies=(--dependency "$out/archives/HeadlessCollection.doccarchive"
      --dependency "$out/archives/ListDiffUI.doccarchive")
  fi
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
    --output-dir "$out/archives/$module.doccarchive" \
    --enable-experimental-external-link-support ${dependencies[@]+"${dependencies[@]}"} \
    --transform-for-static-hosting --warnings-as-errors
done

echo "== merging into $out/site"
archives=()
for module in "${modules[@]}"; do archives+=("$out/archives/$module.doccarchive"); done
docc merge "${archives[@]}" --output-path "$out/site" \
  --synthesized-landing-page-name "ListDiffUI for Swift" >/dev/null

echo "== checking curation and site links"
swift Scripts/check-docs.swift "$out/site" "${modules[@]}"

echo "Documentation: $out/site (serve it: python3 -m http.server -d $out/site 8000, then open"
echo "http://127.0.0.1:8000/documentation/listdiffui)"
