"""Repositories ListDiffUI needs when it is built in WORKSPACE mode.

Bzlmod users need none of this: `MODULE.bazel` declares the same dependency.
WORKSPACE users call `listdiffui_dependencies()` and then rules_swift's own
setup macros; see Documentation/ListDiffUIForSwift.docc/PlatformsAndBazel.md
for the exact lines.
"""

load("@bazel_tools//tools/build_defs/repo:http.bzl", "http_archive")
load("@bazel_tools//tools/build_defs/repo:utils.bzl", "maybe")

# Keep in step with the `bazel_dep` on rules_swift in MODULE.bazel;
# Tests/BuildConsistencyTests fails when the two disagree.
#
# 3.4.2 is the newest rules_swift whose WORKSPACE mode its own CI still ran
# (Bazel 7, `--noenable_bzlmod`); 3.5.0 switched that job off. rules_swift 3.x
# is also the first line that runs Swift Testing tests on Linux.
RULES_SWIFT_VERSION = "3.4.2"

# The SHA-256 of the release archive named below, the file rules_swift's
# release workflow uploads. It is taken from the Bazel Central Registry's
# record of that same archive (modules/rules_swift/3.4.2/source.json,
# integrity "sha256-A6XCqTOY8vxNbd+3bPgM2VdIPsKG009QzCLNoAKqtEU=", the same
# digest in base64), not computed from a download here: the machine that wrote
# this file had no access to GitHub's release downloads. Bazel checks it on
# every fetch, so a wrong value fails loudly and never builds from a
# tampered archive.
RULES_SWIFT_SHA256 = "03a5c2a93398f2fc4d6ddfb76cf80cd957483ec286d34f50cc22cda002aab445"

def listdiffui_dependencies():
    """Declares the repositories ListDiffUI's BUILD file loads from.

    Only `build_bazel_rules_swift` is declared here. Its own dependencies come
    from `swift_rules_dependencies()`, which must be loaded from it and called
    next, as PlatformsAndBazel.md shows. A repository the caller already
    declared under the same name is left alone, so a workspace can pin a
    different rules_swift release.
    """
    maybe(
        http_archive,
        name = "build_bazel_rules_swift",
        sha256 = RULES_SWIFT_SHA256,
        url = "https://github.com/bazelbuild/rules_swift/releases/download/{v}/rules_swift.{v}.tar.gz".format(
            v = RULES_SWIFT_VERSION,
        ),
    )
