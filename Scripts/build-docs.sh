#!/usr/bin/env bash
# Builds the DocC documentation of every library the package ships, and the
# package's own landing page, into one static site, with the toolchain's own
# docc; fails on any warning.
#
#   Scripts/build-docs.sh                                  # site in .build/docs/site, served from /
#   Scripts/build-docs.sh --hosting-base-path ListDiffUI   # served from /ListDiffUI/ (GitHub Pages)
#   python3 -m http.server -d .build/docs/site 8000        # then open http://127.0.0.1:8000/
#
# The modules come from one place, Package.swift: every library product's
# target, dependencies first (read with `swift package dump-package` and
# Scripts/package-info.swift). Each must have a catalog `<target path>/<name>.docc`;
# a library without one fails the build. A new library joins the site, the
# checks and .spi.yml's list (which a test compares) by having a catalog.
#
# Steps: build the libraries; extract each one's public symbol graph with
# swift-symbolgraph-extract; `docc convert` each catalog with
# --warnings-as-errors (a broken symbol or article link fails, naming the file
# and the link), each against the archives of the libraries it depends on so
# its pages link into theirs; convert the package's landing page
# (Documentation/ListDiffUIForSwift.docc) against all of them; merge the
# archives into one static site whose root `/` leads to that landing page;
# then check what docc does not (Scripts/check-docs.swift: curation, topic
# groups on type pages, site links, code width in symbol overviews).
#
# --hosting-base-path NAME builds the site to be served from /NAME/, as a
# GitHub Pages project site is (https://OWNER.github.io/NAME/). Swift Package
# Index builds the same catalogs itself from .spi.yml.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/docs
landing=Documentation/ListDiffUIForSwift.docc
base_path=()
while (($#)); do
  case $1 in
    --hosting-base-path) base_path=(--hosting-base-path "$2"); shift 2 ;;
    --hosting-base-path=*) base_path=(--hosting-base-path "${1#*=}"); shift ;;
    *) echo "usage: build-docs.sh [--hosting-base-path NAME]" >&2; exit 2 ;;
  esac
done

# The documented libraries, dependencies first, and each one's dependencies
# among them (transitively, so that a page can link into any library below it).
mkdir -p "$out"
swift package dump-package > "$out/package.json"
swift Scripts/package-info.swift library-targets < "$out/package.json" > "$out/targets"
swift Scripts/package-info.swift library-products < "$out/package.json" > "$out/products"
declare -A shipped=() path_of=() deps_of=()
while IFS=$'\t' read -r _ targets; do
  IFS=, read -ra names <<< "$targets"
  for name in "${names[@]}"; do shipped[$name]=1; done
done < "$out/products"
modules=()
while IFS=$'\t' read -r name path deps; do
  [[ -n ${shipped[$name]:-} ]] || continue
  if [[ ! -d $path/$name.docc ]]; then
    echo "error: the library $name has no DocC catalog at $path/$name.docc" >&2
    exit 1
  fi
  closure=()
  IFS=, read -ra direct <<< "$deps"
  for dep in ${direct[@]+"${direct[@]}"}; do
    [[ -n ${shipped[$dep]:-} ]] || continue
    closure+=("$dep")
    for inner in ${deps_of[$dep]:-}; do closure+=("$inner"); done
  done
  path_of[$name]=$path
  deps_of[$name]=$(printf '%s\n' ${closure[@]+"${closure[@]}"} | awk 'NF && !seen[$0]++' | tr '\n' ' ')
  modules+=("$name")
done < "$out/targets"

echo "== building ${modules[*]}"
for module in "${modules[@]}"; do swift build --target "$module" >/dev/null; done
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)

rm -rf "$out/symbol-graphs" "$out/archives" "$out/site"
mkdir -p "$out/symbol-graphs" "$out/archives"
convert() {  # convert CATALOG NAME [docc flags...]
  local catalog=$1 name=$2
  shift 2
  docc convert "$catalog" \
    --fallback-display-name "$name" --fallback-bundle-identifier "$name" \
    --output-dir "$out/archives/$name.doccarchive" \
    --enable-experimental-external-link-support \
    --transform-for-static-hosting ${base_path[@]+"${base_path[@]}"} --warnings-as-errors "$@"
}
for module in "${modules[@]}"; do
  echo "== $module"
  graphs="$out/symbol-graphs/$module"
  mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
    -minimum-access-level public -skip-inherited-docs -emit-extension-block-symbols \
    -output-dir "$graphs"
  dependencies=()
  for dep in ${deps_of[$module]}; do dependencies+=(--dependency "$out/archives/$dep.doccarchive"); done
  convert "${path_of[$module]}/$module.docc" "$module" \
    --additional-symbol-graph-dir "$graphs" ${dependencies[@]+"${dependencies[@]}"}
done

echo "== the package's landing page"
dependencies=()
for module in "${modules[@]}"; do dependencies+=(--dependency "$out/archives/$module.doccarchive"); done
convert "$landing" ListDiffUIForSwift "${dependencies[@]}"

echo "== merging into $out/site"
archives=("$out/archives/ListDiffUIForSwift.doccarchive")
for module in "${modules[@]}"; do archives+=("$out/archives/$module.doccarchive"); done
docc merge "${archives[@]}" --output-path "$out/site" \
  --synthesized-landing-page-name "ListDiffUI for Swift" >/dev/null
# The site's root leads to the written landing page (docc's own root shows
# "not found"); relative, so it works under any hosting base path.
cat > "$out/site/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>ListDiffUI for Swift</title>
<meta http-equiv="refresh" content="0; url=documentation/listdiffuiforswift/">
<link rel="canonical" href="documentation/listdiffuiforswift/">
</head>
<body>
<p><a href="documentation/listdiffuiforswift/">ListDiffUI for Swift: documentation</a></p>
</body>
</html>
HTML

echo "== checking curation, topic groups, code width and site links"
catalogs=()
for module in "${modules[@]}"; do catalogs+=("$module=${path_of[$module]}/$module.docc"); done
swift Scripts/check-docs.swift "$out/site" "$out/symbol-graphs" "ListDiffUIForSwift=$landing" "${catalogs[@]}"
printf '%s\n' ListDiffUIForSwift "${modules[@]}" > "$out/modules"

if ((${#base_path[@]})); then
  echo "Documentation: $out/site, for serving from /${base_path[1]}/ (Scripts/check-docs-browser.sh serves"
  echo "it so on 127.0.0.1)"
else
  echo "Documentation: $out/site (serve it: python3 -m http.server -d $out/site 8000, then open"
  echo "http://127.0.0.1:8000/)"
fi
