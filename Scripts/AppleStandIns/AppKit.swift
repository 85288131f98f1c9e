// A stand-in for AppKit, for Scripts/typecheck-apple.sh: only what AppKit's
// Swift overlay adds to Foundation's IndexPath, with AppKit's signatures, so
// that code under `#if canImport(AppKit)` can be type-checked on Linux. It
// says nothing about the rest of AppKit, and is never linked into anything.

import Foundation

extension IndexPath {
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
