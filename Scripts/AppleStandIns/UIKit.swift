// A stand-in for UIKit, for Scripts/typecheck-apple.sh: only what UIKit's
// Swift overlay adds to Foundation's IndexPath, with UIKit's signatures, so
// that code under `#if canImport(UIKit)` can be type-checked on Linux. It
// says nothing about the rest of UIKit, and is never linked into anything.

import Foundation

extension IndexPath {
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
