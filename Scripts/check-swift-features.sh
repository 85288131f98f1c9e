#!/usr/bin/env bash
# Fails when the code uses a language or standard-library spelling newer than
# the Swift tools version Package.swift declares: a user whose toolchain is
# exactly that version would get a compile error the project's own (newer)
# toolchain never shows.
#
#   Scripts/check-swift-features.sh              check Sources, SampleApps, Tests, Benchmarks
#   Scripts/check-swift-features.sh --self-test  check that every rule matches its example
#
# The table lists spellings whose first release is known from the Swift
# Evolution proposal's "Implemented (Swift X)" status; it is not a compiler.
# Comments and string literals are blanked before matching, so prose that
# names a feature does not trip it. Add a row when the project starts using
# something new that is easy to spell; each row carries an example line that
# --self-test checks the pattern against.
set -euo pipefail
cd "$(dirname "$0")/.."

# version | feature (proposal) | extended regular expression | example that must match
RULES=$(cat <<'EOF'
6.3|weak let (SE-0481)|\<weak[[:space:]]+let\>|private weak let reference: AnyObject?
6.3|@c (SE-0495)|@c([[:space:]]|\(|$)|@c(mirrorCName) func f() {}
6.3|@section / @used (SE-0492)|@(section\(|used\>)|@section("__DATA,plugins") let x = 1
6.3|module selectors Module::name (SE-0491)|[A-Za-z_][A-Za-z0-9_]*[[:space:]]*::[[:space:]]*[A-Za-z_]|let s: Swift::Int = 0
6.3|@inline(always) (SE-0496)|@inline\(always\)|@inline(always) func f() {}
6.3|@export (SE-0497)|@export\(|@export(implementation) func f() {}
6.3|@specialized (SE-0460)|@specialized\(|@specialized(where T == Int) func f<T>(_: T) {}
6.2|@concurrent (SE-0461)|@concurrent\>|@concurrent nonisolated func f() async {}
6.2|nonisolated(nonsending) (SE-0461)|nonisolated\([[:space:]]*nonsending[[:space:]]*\)|nonisolated(nonsending) func f() async {}
6.2|InlineArray (SE-0453)|\<InlineArray\>|var a: InlineArray<4, Int>
6.2|InlineArray type sugar [N of T] (SE-0483)|\[[[:space:]]*[0-9_]+[[:space:]]+of[[:space:]]+[A-Za-z_(\[]|var a: [4 of Int]
6.2|Span, RawSpan, MutableSpan, MutableRawSpan (SE-0447, SE-0467)|\<(Mutable)?(Raw)?Span\>|func f(_ s: Span<Int>) {}
6.2|UTF8Span (SE-0464)|\<UTF8Span\>|let u: UTF8Span
6.2|~Escapable (SE-0446)|~[[:space:]]*Escapable\>|struct S: ~Escapable {}
6.2|Task.immediate, addImmediateTask (SE-0472)|\<Task\.immediate(Detached)?\>|\<addImmediateTask(UnlessCancelled)?\>|Task.immediate { await f() }
6.2|task names Task(name:) (SE-0469)|\<Task(\.detached)?[[:space:]]*\([[:space:]]*name:|Task(name: "load") { }
6.2|@abi (SE-0476)|@abi\(|@abi(func old()) func new() {}
6.2|isolated deinit (SE-0371)|\<isolated[[:space:]]+deinit\>|isolated deinit {}
6.2|isolated conformances : @MainActor P (SE-0470)|:[[:space:]]*([A-Za-z_][A-Za-z0-9_.]*[[:space:]]*,[[:space:]]*)*@MainActor[[:space:]]+[A-Za-z_]|extension Model: @MainActor Equatable {}
6.2|Observations (SE-0475)|\<Observations[[:space:]]*[({]|let values = Observations { model.value }
6.2|@unsafe (SE-0458)|@unsafe\>|@unsafe func f() {}
6.1|nonisolated on types and extensions (SE-0449)|\<nonisolated[[:space:]]+(struct|class|enum|actor|extension|protocol)\>|nonisolated struct S {}
6.0|typed throws (SE-0413)|\<throws[[:space:]]*\(|func f() throws(MyError) {}
6.0|sending (SE-0430)|\<sending[[:space:]]+[A-Za-z_(\[]|func f(_ x: sending T) {}
6.0|access level on imports (SE-0409)|^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*(public|package|internal|fileprivate|private)[[:space:]]+import\>|internal import Foundation
EOF
)

# Prints "path:line:code" for every line of the given Swift files, with
# comments (//, nested /* */) and the contents of string literals (one-line,
# multi-line """ and raw #"…"#) replaced by spaces, so line numbers hold.
strip_comments_and_strings() {
  awk '
    FNR == 1 { depth = 0; instr = 0; multi = 0; hashes = "" }
    {
      line = $0; out = ""; n = length(line); i = 1
      while (i <= n) {
        c = substr(line, i, 1); two = substr(line, i, 2)
        if (depth > 0) {
          if (two == "*/") { depth--; out = out "  "; i += 2; continue }
          if (two == "/*") { depth++; out = out "  "; i += 2; continue }
          out = out " "; i++; continue
        }
        if (instr) {
          if (c == "\\" && hashes == "") { out = out "  "; i += 2; continue }
          closer = (multi ? "\"\"\"" : "\"") hashes
          if (substr(line, i, length(closer)) == closer) {
            instr = 0; out = out closer; i += length(closer); continue
          }
          out = out " "; i++; continue
        }
        if (two == "//") break
        if (two == "/*") { depth = 1; out = out "  "; i += 2; continue }
        if (match(substr(line, i), /^#*"/)) {
          hashes = substr(line, i, RLENGTH - 1)
          if (substr(line, i + RLENGTH - 1, 3) == "\"\"\"") { multi = 1; open = hashes "\"\"\"" }
          else { multi = 0; open = hashes "\"" }
          instr = 1; out = out open; i += length(open); continue
        }
        out = out c; i++
      }
      if (instr && !multi) instr = 0
      print FILENAME ":" FNR ":" out
    }
  ' "$@"
}


# The rule's fields: version, feature, pattern (may itself hold "|"), example.
parse_rule() {
  version=${1%%|*}; local rest=${1#*|}
  feature=${rest%%|*}; rest=${rest#*|}
  example=${rest##*|}; pattern=${rest%|*}
  # awk has no word boundaries: \< and \> become "not an identifier character".
  pattern=${pattern//\\</(^|[^A-Za-z0-9_])}
  pattern=${pattern//\\>/([^A-Za-z0-9_]|$)}
}

# Whether version $1 is newer than version $2 (both numeric, dotted).
newer() { [[ $1 != "$2" && $(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n 1) == "$1" ]]; }

# Reads "path:line:code" lines; prints "path:line" for those whose code matches $PATTERN.
matching_lines() {
  awk '{ code = $0; sub(/^[^:]*:[^:]*:/, "", code); if (code ~ ENVIRON["PATTERN"]) { split($0, f, ":"); print f[1] ":" f[2] } }'
}

if [[ ${1:-} == --self-test ]]; then
  TMPDIR_SELF=$(mktemp -d)
  trap 'rm -rf "$TMPDIR_SELF"' EXIT
  status=0
  while IFS= read -r rule; do
    parse_rule "$rule"
    printf '%s\n' "$example" > "$TMPDIR_SELF/example.swift"
    hit=$(strip_comments_and_strings "$TMPDIR_SELF/example.swift" | PATTERN=$pattern matching_lines)
    # The same line inside a comment and a string must not match.
    printf '// %s\nlet s = "%s"\n' "$example" "${example//\"/}" > "$TMPDIR_SELF/prose.swift"
    prose=$(strip_comments_and_strings "$TMPDIR_SELF/prose.swift" | PATTERN=$pattern matching_lines)
    if [[ -z $hit || -n $prose ]]; then
      echo "self-test: rule '$feature' (pattern $pattern) ${hit:+matched prose}${hit:-missed its example}: $example" >&2
      status=1
    fi
  done <<< "$RULES"
  [[ $status == 0 ]] && echo "check-swift-features: all $(wc -l <<< "$RULES") rules match their examples and ignore comments and strings"
  exit $status
fi

declared=$(sed -nE '1s|^//[[:space:]]*swift-tools-version[[:space:]]*:[[:space:]]*([0-9]+(\.[0-9]+){0,2}).*$|\1|p' Package.swift)
if [[ -z $declared ]]; then
  echo "Package.swift:1: no swift-tools-version comment on the first line" >&2
  exit 1
fi

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
  find Sources SampleApps Tests Benchmarks -name '*.swift' -not -path '*/.build*' -print0 2>/dev/null | sort -z)
stripped=$(strip_comments_and_strings "${files[@]}")

violations=0
while IFS= read -r rule; do
  parse_rule "$rule"
  newer "$version" "$declared" || continue
  while IFS= read -r where; do
    [[ -z $where ]] && continue
    echo "$where: $feature needs Swift $version; Package.swift declares swift-tools-version $declared" >&2
    violations=$((violations + 1))
  done < <(printf '%s\n' "$stripped" | PATTERN=$pattern matching_lines)
done <<< "$RULES"

if ((violations > 0)); then
  echo "check-swift-features: $violations use(s) of Swift newer than $declared. Raise the tools version (and the README's requirement) or spell it the older way." >&2
  exit 1
fi
echo "check-swift-features: ${#files[@]} files use nothing newer than Swift $declared (of the $(wc -l <<< "$RULES") spellings checked)"
