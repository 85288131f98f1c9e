import Foundation
import HeadlessCollection

extension ListDiffDataSource {
  /// Compares every mounted cell's frame with the visible bounds and sends
  /// the appearance callbacks that changed since the last layout pass:
  /// first every `willPartiallyDisappear`, then `willDisappear`, then
  /// `didAppear`, then `didFullyAppear` — so a controller entering the
  /// viewport hears `didAppear` before `didFullyAppear`, and one leaving it
  /// `willPartiallyDisappear` before `willDisappear`.
  ///
  /// A callback that changes something (a state update re-sizing its cell)
  /// may lay out again; appearance is then derived again before returning.
  ///
  /// - Complexity: O(*v*) in the number of visible cells, plus the callbacks.
  func updateAppearance() {
    guard !isUpdatingAppearance else {
      needsAppearanceUpdate = true
      return
    }
    isUpdatingAppearance = true
    defer { isUpdatingAppearance = false }
    repeat {
      needsAppearanceUpdate = false
      layoutPass &+= 1
      let pass = layoutPass
      let visible = collectionView.bounds
      var appeared: [AnyListCellController] = []
      var fullyAppeared: [AnyListCellController] = []
      for case let cell as ListCell in collectionView.visibleCells {
        guard let controller = cell.controller, controller.mountedListCell === cell else { continue }
        let frame = cell.frame
        guard visible.intersects(frame) else { continue }
        controller.appearedPass = pass
        appeared.append(controller)
        if visible.contains(frame) {
          controller.fullyAppearedPass = pass
          fullyAppeared.append(controller)
        }
      }
      for controller in fullyAppearedControllers
      where controller.isFullyAppeared && controller.fullyAppearedPass != pass {
        controller.isFullyAppeared = false
        controller.send(.willPartiallyDisappear, controller.mountedListCell)
      }
      for controller in appearedControllers
      where controller.isAppeared && controller.appearedPass != pass {
        controller.isAppeared = false
        controller.send(.willDisappear, controller.mountedListCell)
      }
      for controller in appeared where !controller.isAppeared {
        guard let cell = controller.mountedListCell else { continue }
        controller.isAppeared = true
        controller.send(.didAppear, cell)
      }
      for controller in fullyAppeared where !controller.isFullyAppeared {
        guard let cell = controller.mountedListCell else { continue }
        controller.isFullyAppeared = true
        controller.send(.didFullyAppear, cell)
      }
      appearedControllers = appeared
      fullyAppearedControllers = fullyAppeared
    } while needsAppearanceUpdate
  }
}
