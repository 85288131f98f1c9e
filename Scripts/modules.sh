# Sourced by the scripts beside it: compiles the package's library targets
# straight with swiftc, outside SwiftPM's build folder, so that a check can
# build them with flags of its own (stand-in modules, upcoming features)
# without disturbing `.build`. Package.swift stays the only description of
# the targets: everything comes from `swift package dump-package`.

# The flags every module is compiled with, as SwiftPM compiles them: Swift 6
# mode, `package` access within the package, no warnings.
MODULE_FLAGS=(-swift-version 6 -package-name listdiffui -warnings-as-errors -parse-as-library)

# Writes the manifest as JSON to $1/package.json and the library targets,
# dependencies first, to $1/targets ("name<TAB>path<TAB>deps" lines).
read_manifest() {
  swift package dump-package > "$1/package.json"
  swift Scripts/package-info.swift library-targets < "$1/package.json" > "$1/targets"
}

# compile_module NAME OUTDIR [swiftc flags...] -- SOURCES...
# Type-checks NAME and writes OUTDIR/NAME.swiftmodule.
compile_module() {
  local name=$1 out=$2
  shift 2
  local flags=()
  while [[ $1 != -- ]]; do flags+=("$1"); shift; done
  shift
  mkdir -p "$out"
  swiftc -emit-module -wmo -module-name "$name" "${MODULE_FLAGS[@]}" ${flags[@]+"${flags[@]}"} \
    -emit-module-path "$out/$name.swiftmodule" "$@"
}

# compile_library_targets TARGETS OUTDIR [swiftc flags...]
# Compiles every target listed in TARGETS (from read_manifest) into OUTDIR,
# each able to import the ones before it. Calls `on_target NAME` first, if
# the caller defines it, to say what is being compiled.
compile_library_targets() {
  local targets=$1 out=$2 name path
  shift 2
  while IFS=$'\t' read -r name path _; do
    local sources=()
    while IFS= read -r -d '' file; do sources+=("$file"); done < <(find "$path" -name '*.swift' -print0 | sort -z)
    if declare -F on_target > /dev/null; then on_target "$name"; fi
    compile_module "$name" "$out" -I "$out" "$@" -- "${sources[@]}"
  done < "$targets"
}
