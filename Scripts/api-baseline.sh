#!/usr/bin/env bash
# The public interface of every library product, checked in under api/.
#
#   Scripts/api-baseline.sh            fail, printing the difference, when a
#                                      library's interface is not its baseline
#   Scripts/api-baseline.sh --update   rewrite the baselines (commit them with
#                                      the change that made them differ)
#
# Each library product's modules are compiled (Scripts/modules.sh) and dumped
# by the toolchain's swift-api-digester into api/<Module>.json: every public
# and open declaration, `@_spi` ones included (any client can import those),
# and no `package` one (the digester dumps those too; Scripts/api-public-only.swift
# drops them), without file paths or tool arguments,
# so the files depend only on the code and the toolchain. The baselines are made on Linux with the toolchain CI
# uses; a new toolchain may dump the same code differently (new implicit
# conformances, a new format), and then --update is the fix.
#
# The products come from `swift package dump-package`, so a library product
# added to Package.swift gets a baseline with no change here.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=check
case ${1:-} in
  "") ;;
  --update) mode=update ;;
  *) echo "usage: $0 [--update]" >&2; exit 2 ;;
esac

source Scripts/modules.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read_manifest "$work"
compile_library_targets "$work/targets" "$work/modules"

target=$(swiftc -print-target-info | sed -nE 's/^ *"triple": "([^"]+)".*/\1/p' | head -n 1)
digester=(swift-api-digester -target "$target" -I "$work/modules")

modules=$(swift Scripts/package-info.swift library-products < "$work/package.json" | cut -f 2 | tr ',' '\n' | sort -u)

# Prints the sections of a `swift-api-digester -diagnose-sdk` report that
# list something, as "  <line>" under the section's name.
nonempty_sections() {
  awk '/^\/\* .* \*\/$/ { section = $0; gsub(/^\/\* | \*\/$/, "", section); next }
       NF && section != "" { if (!(section in shown)) { print "  " section ":"; shown[section] = 1 } print "    " $0 }'
}

mkdir -p api "$work/dumps"
status=0
for module in $modules; do
  "${digester[@]}" -dump-sdk -module "$module" -o "$work/dumps/$module.all.json" \
    -abort-on-module-fail -avoid-tool-args -avoid-location
  swift Scripts/api-public-only.swift "$work/dumps/$module.all.json" > "$work/dumps/$module.json"
  baseline=api/$module.json
  if [[ $mode == update ]]; then
    cp "$work/dumps/$module.json" "$baseline"
    echo "api-baseline: wrote $baseline"
  elif [[ ! -f $baseline ]]; then
    echo "api-baseline: $module is a library product with no baseline; run Scripts/api-baseline.sh --update" >&2
    status=1
  elif ! cmp -s "$baseline" "$work/dumps/$module.json"; then
    echo "api-baseline: the public interface of $module differs from $baseline" >&2
    # The digester names what the baseline has and the code lost or changed;
    # the same comparison the other way round names what the code added.
    report=$(swift-api-digester -diagnose-sdk -input-paths "$baseline" -input-paths "$work/dumps/$module.json" 2>&1 |
      nonempty_sections)
    added=$(swift-api-digester -diagnose-sdk -input-paths "$work/dumps/$module.json" -input-paths "$baseline" 2>&1 |
      awk '/^\/\* Removed Decls \*\/$/ { on = 1; next } /^\/\*/ { on = 0 } on && NF { sub(/ has been removed$/, " has been added"); print "    " $0 }')
    [[ -n $report ]] && printf '%s\n' "$report" >&2
    [[ -n $added ]] && printf '  Added Decls:\n%s\n' "$added" >&2
    if [[ -z $report && -z $added ]]; then
      # Nothing the digester reports (an attribute or a conformance detail
      # it does not diagnose): show the dumps' own difference.
      diff -u "$baseline" "$work/dumps/$module.json" | head -n 80 >&2 || true
    fi
    status=1
  fi
done

# A baseline whose module is no longer a library product is stale.
for baseline in api/*.json; do
  [[ -e $baseline ]] || continue
  module=$(basename "$baseline" .json)
  if ! grep -qxF "$module" <<< "$modules"; then
    if [[ $mode == update ]]; then
      rm "$baseline"
      echo "api-baseline: removed $baseline ($module is no longer a library product)"
    else
      echo "api-baseline: $baseline is for $module, which is no longer a library product; run --update" >&2
      status=1
    fi
  fi
done

if [[ $status != 0 ]]; then
  echo "api-baseline: if the change is intended, run Scripts/api-baseline.sh --update and commit api/ with it" >&2
  exit 1
fi
[[ $mode == check ]] && echo "api-baseline: $(wc -w <<< "$modules") library modules match their baselines in api/"
exit 0
