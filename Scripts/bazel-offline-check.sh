#!/usr/bin/env bash
# Checks the README's Bazel claims offline, with Debian's Bazel 4.2.3 and
# rules_swift 0.24.0 (the newest rules_swift that Bazel 4 loads):
#
#  1. the libraries and binaries build: //:ListDiff, //:HeadlessCollection,
#     //:ListDiffUI, //:ListDiffUITesting, //:todo, //:listdiff-bench;
#  2. `bazel run //:todo -- --memory` prints, for a scripted session of
#     commands that all succeed, byte for byte what the SwiftPM-built `todo`
#     prints, and both exit with status 0;
#  3. a separate workspace set up with the README's WORKSPACE lines builds and
#     runs a `swift_binary` that imports ListDiffUI.
#
# The test targets are not built: rules_swift 0.24.0 makes no test entry point
# on Linux, so they compile but do not link.
#
#   Scripts/bazel-offline-check.sh RULES_SWIFT          # a rules_swift 0.24.0 source tree,
#                                                       # or its release .tar.gz
#   Scripts/bazel-offline-check.sh --install RULES_SWIFT   # first apt-get install what is missing
#
# What it needs, and where it comes from:
#  - the Swift toolchain (6.2 or later) and clang on PATH;
#  - from Debian's package registry (bookworm): `bazel-bootstrap` (Bazel
#    4.2.3), `bazel-bootstrap-source` (its mock_repos: rules_cc, rules_java,
#    rules_proto, platforms), `bazel-skylib` and `nlohmann-json3-dev`;
#    `--install` runs `apt-get install -y` for them (as root, or with sudo);
#  - rules_swift 0.24.0 itself, which no Debian package provides. Nothing
#    here downloads it: get the release archive
#    (https://github.com/bazelbuild/rules_swift/releases/tag/0.24.0) or a
#    checkout of the tag wherever you can, and pass its path.
#
# rules_swift 0.24.0 would download its other dependencies. Instead, each is
# a local repository (--override_repository): Debian's mock repositories and
# skylib, a nlohmann_json repository over /usr/include/nlohmann, and three
# stand-in files that the mock repositories lack and rules_swift's or this
# repository's WORKSPACE loads, each defining empty macros:
#    apple_support  lib/repositories.bzl  apple_support_dependencies()
#                   (plus tools:coverage_support, which swift_test names)
#    rules_proto    proto/repositories.bzl  rules_proto_dependencies(),
#                   rules_proto_toolchains()
#    rules_cc       cc/extensions.bzl  compatibility_proxy_repo()
# and an empty remote_coverage_tools. The flags (below, `flags=`) build the
# Swift worker as its dummy (no C++ worker, so no index-import) and compile
# in sandboxed whole-module mode.
#
# Everything is written under a scratch folder (Bazel's output root included)
# that is removed at the end; the repository is left as it was. Not part of
# CI (.ci/run): CI has no rules_swift, and the check takes minutes. Run it by
# hand whenever the Bazel files (BUILD.bazel, MODULE.bazel, WORKSPACE*,
# repositories.bzl), Package.swift, or the to-do sample's line mode (its
# commands, messages or frames, which step 2 compares) change.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

install=0
if [[ ${1:-} == --install ]]; then install=1; shift; fi
if (($# != 1)); then
  echo "usage: bazel-offline-check.sh [--install] RULES_SWIFT_0.24.0_TREE_OR_TAR_GZ" >&2
  exit 2
fi
rules_swift_source=$1

mock=/usr/src/bazel-bootstrap/mock_repos
skylib=/usr/share/bazel/tools/skylib
packages=(bazel-bootstrap bazel-bootstrap-source bazel-skylib nlohmann-json3-dev)
missing() {
  ! command -v bazel >/dev/null || [[ ! -d $mock/rules_cc || ! -f $skylib/workspace.bzl ]] ||
    [[ ! -f /usr/include/nlohmann/json.hpp ]]
}
if missing && ((install)); then
  sudo=()
  [[ $(id -u) == 0 ]] || sudo=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y "${packages[@]}"
fi
if missing; then
  echo "error: needs Debian's ${packages[*]}: apt-get install -y ${packages[*]} (or pass --install)" >&2
  exit 2
fi
for tool in swift clang; do
  command -v "$tool" >/dev/null || { echo "error: $tool is not on PATH" >&2; exit 2; }
done
bazel_version=$(bazel --version 2>/dev/null | awk '{print $2}')
if [[ $bazel_version == no_version ]]; then  # Debian's build says no more
  bazel_version=$(dpkg-query -W -f '${Version}' bazel-bootstrap 2>/dev/null || echo unknown)
fi
[[ $bazel_version == 4.2.3* ]] || echo "warning: this was written for Bazel 4.2.3; found $bazel_version" >&2

scratch=$(mktemp -d "${TMPDIR:-/tmp}/listdiffui-bazel.XXXXXX")
output_root=$scratch/bazel-root
cleanup() {
  for workspace in "$repo" "$scratch/consumer"; do
    [[ -d $workspace ]] && (cd "$workspace" && bazel --output_user_root="$output_root" shutdown >/dev/null 2>&1 || true)
  done
  chmod -R u+w "$scratch" 2>/dev/null || true
  rm -rf "$scratch"
  # Bazel's convenience symlinks in the repository point into the scratch folder.
  rm -f "$repo"/bazel-bin "$repo"/bazel-out "$repo"/bazel-testlogs "$repo/bazel-$(basename "$repo")"
}
trap cleanup EXIT

echo "== local repositories in $scratch"
rules_swift=$scratch/rules_swift
mkdir -p "$rules_swift"
if [[ -d $rules_swift_source ]]; then
  cp -R "$rules_swift_source"/. "$rules_swift"
else
  tar -xzf "$rules_swift_source" -C "$rules_swift"
fi
[[ -f $rules_swift/swift/repositories.bzl ]] || { echo "error: $rules_swift_source is not rules_swift" >&2; exit 2; }

for name in rules_cc rules_java rules_proto platforms; do
  cp -R "$mock/$name" "$scratch/$name"
  chmod -R u+w "$scratch/$name"
done
cp -R "$skylib" "$scratch/bazel_skylib"
chmod -R u+w "$scratch/bazel_skylib"

# Stand-in 1: rules_cc's cc/extensions.bzl, loaded by this repository's WORKSPACE
# (and the README's): Bazel 4's C++ rules are built in, nothing to proxy.
cat > "$scratch/rules_cc/cc/extensions.bzl" <<'EOF'
"""Stand-in: Bazel 4's C++ rules are built in; nothing to proxy."""
def compatibility_proxy_repo():
    pass
EOF
# Stand-in 2: rules_proto's proto/repositories.bzl, loaded by rules_swift's extras.bzl.
cat > "$scratch/rules_proto/proto/repositories.bzl" <<'EOF'
"""Stand-in: the Swift libraries here use no protocol buffers."""
def rules_proto_dependencies():
    pass
def rules_proto_toolchains():
    pass
EOF
# Stand-in 3: apple_support's lib/repositories.bzl (loaded by rules_swift's
# extras.bzl), and the tools:coverage_support that swift_test's rule names.
mkdir -p "$scratch/apple_support/lib" "$scratch/apple_support/tools"
echo 'workspace(name = "build_bazel_apple_support")' > "$scratch/apple_support/WORKSPACE"
touch "$scratch/apple_support/BUILD" "$scratch/apple_support/lib/BUILD"
cat > "$scratch/apple_support/lib/repositories.bzl" <<'EOF'
"""Stand-in: apple_support matters only on Apple platforms."""
def apple_support_dependencies():
    pass
EOF
echo 'filegroup(name = "coverage_support", srcs = [], visibility = ["//visibility:public"])' \
  > "$scratch/apple_support/tools/BUILD"
# Coverage tools Bazel 4 names for tests; nothing here runs coverage.
mkdir -p "$scratch/remote_coverage_tools"
echo 'workspace(name = "remote_coverage_tools")' > "$scratch/remote_coverage_tools/WORKSPACE"
echo 'filegroup(name = "coverage_report_generator", srcs = [], visibility = ["//visibility:public"])' \
  > "$scratch/remote_coverage_tools/BUILD"
# nlohmann_json's headers, from Debian's nlohmann-json3-dev.
mkdir -p "$scratch/nlohmann_json/include"
ln -s /usr/include/nlohmann "$scratch/nlohmann_json/include/nlohmann"
echo 'workspace(name = "com_github_nlohmann_json")' > "$scratch/nlohmann_json/WORKSPACE"
cat > "$scratch/nlohmann_json/BUILD" <<'EOF'
cc_library(
    name = "json",
    hdrs = glob(["include/nlohmann/**"]),
    includes = ["include"],
    visibility = ["//visibility:public"],
)
EOF

swift_bin=$(dirname "$(command -v swift)")
flags=(
  --override_repository=build_bazel_rules_swift="$rules_swift"
  --override_repository=bazel_skylib="$scratch/bazel_skylib"
  --override_repository=build_bazel_apple_support="$scratch/apple_support"
  --override_repository=rules_cc="$scratch/rules_cc"
  --override_repository=rules_java="$scratch/rules_java"
  --override_repository=rules_proto="$scratch/rules_proto"
  --override_repository=platforms="$scratch/platforms"
  --override_repository=remote_coverage_tools="$scratch/remote_coverage_tools"
  --override_repository=com_github_nlohmann_json="$scratch/nlohmann_json"
  --repo_env=CC=clang
  --repo_env=PATH="$swift_bin:/usr/bin:/bin"
  --action_env=PATH="$swift_bin:/usr/bin:/bin"
  --define=RULES_SWIFT_BUILD_DUMMY_WORKER=1
  --strategy=SwiftCompile=sandboxed
  --swiftcopt=-wmo
  --features=swift.no_embed_debug_module
)
bazel_in() {  # bazel_in WORKSPACE COMMAND [args...]
  local workspace=$1 command=$2
  shift 2
  (cd "$workspace" && bazel --output_user_root="$output_root" "$command" "${flags[@]}" "$@")
}

echo "== 1. the libraries and binaries build"
bazel_in "$repo" build //:ListDiff //:HeadlessCollection //:ListDiffUI //:ListDiffUITesting //:todo //:listdiff-bench

echo "== 2. bazel run //:todo prints what the SwiftPM todo prints"
# Every command succeeds (a failing one makes todo exit 3): the two builds
# must agree on a session that works, not on where it stops.
session=$'add buy milk\nadd call the plumber\nadd pay the rent\nnote 2 ask about the boiler too\nmv 1 3\ndone 1\nundo\ndone 2\nfilter open\nfilter all\nrm 1\nhelp\nquit\n'
(cd "$repo" && swift build --product todo >/dev/null)
expected_status=0
expected=$(cd "$repo" && printf '%s' "$session" | COLUMNS=60 "$(swift build --show-bin-path)/todo" --memory) ||
  expected_status=$?
actual_status=0
actual=$(printf '%s' "$session" | COLUMNS=60 bazel_in "$repo" run --ui_event_filters=-info,-stdout,-stderr --noshow_progress //:todo -- --memory) ||
  actual_status=$?
if ((expected_status != 0)); then
  echo "error: the SwiftPM todo exited with status $expected_status on the scripted session: a command failed" >&2
  exit 1
fi
if ((actual_status != expected_status)); then
  echo "error: bazel run //:todo exited with status $actual_status, the SwiftPM todo with $expected_status" >&2
  exit 1
fi
if [[ $expected != "$actual" ]]; then
  diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") >&2 || true
  echo "error: bazel run //:todo printed something else than the SwiftPM todo (diff above)" >&2
  exit 1
fi
echo "   identical: $(printf '%s\n' "$actual" | wc -l) lines, both exited with status 0"

echo "== 3. a workspace set up as the README says builds and runs a swift_binary"
consumer=$scratch/consumer
mkdir -p "$consumer"
cat > "$consumer/WORKSPACE" <<EOF
workspace(name = "consumer")

# The README's WORKSPACE lines, with a local checkout in place of git_repository.
local_repository(name = "listdiffui", path = "$repo")
load("@listdiffui//:repositories.bzl", "listdiffui_dependencies")
listdiffui_dependencies()
load("@build_bazel_rules_swift//swift:repositories.bzl", "swift_rules_dependencies")
swift_rules_dependencies()
load("@build_bazel_rules_swift//swift:extras.bzl", "swift_rules_extra_dependencies")
swift_rules_extra_dependencies()
load("@rules_cc//cc:extensions.bzl", "compatibility_proxy_repo")
compatibility_proxy_repo()
EOF
cat > "$consumer/BUILD" <<'EOF'
load("@build_bazel_rules_swift//swift:swift.bzl", "swift_binary")
swift_binary(name = "app", srcs = glob(["*.swift"]), deps = ["@listdiffui//:ListDiffUI"])
EOF
cat > "$consumer/main.swift" <<'EOF'
import Foundation
import ListDiffUI

struct Row: ListViewModel, Equatable { var identifier: String }

final class RowCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class RowController: ListCellController<Row, ListViewStateNone, RowCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: RowCell) { cell.text = viewModel.identifier }
}

MainActor.assumeIsolated {
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  let view = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 8, height: 2), collectionViewLayout: layout)
  let dataSource = ListDiffDataSource(collectionView: view)
  dataSource.setRootSection(
    ListSection<Row, RowController>([Row(identifier: "a"), Row(identifier: "b")]))
  let lines = view.renderText().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  print("rows " + lines.joined(separator: ","))
  withExtendedLifetime(dataSource) {}
}
EOF
printf 'build --repo_env=CC=clang\nbuild --action_env=PATH\n' > "$consumer/.bazelrc"
output=$(bazel_in "$consumer" run --ui_event_filters=-info,-stdout,-stderr --noshow_progress //:app)
if [[ $output != "rows a,b" ]]; then
  echo "error: the consumer's app printed \"$output\", not \"rows a,b\"" >&2
  exit 1
fi
echo "   the consumer's app printed: $output"
echo "Bazel $bazel_version with rules_swift from $rules_swift_source: all three claims hold"
