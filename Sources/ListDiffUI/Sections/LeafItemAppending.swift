/// Appends a leaf's items — a key and a boxed view model per view model —
/// to a flattened list's two arrays; returns how many view models have an
/// empty identifier. Made by `LeafItemAppending.appender(for:)`.
@usableFromInline
typealias LeafItemAppender<ViewModel: ListViewModel> = @Sendable (
  _ viewModels: [ViewModel], _ keys: inout [ListItemKey],
  _ boxes: inout [any ListViewModel], _ scope: String, _ controllerType: ObjectIdentifier
) -> Int

/// The per-item work of flattening, compiled where the view-model type is
/// known.
///
/// A section's `flatten` is called through the class's vtable, so inside
/// ListDiffUI it runs unspecialized: every copy of a view model, its
/// `identifier` and its boxing into `any ListViewModel` would be a call
/// through the type's value witnesses and witness table. `ListSection`'s
/// initializers are inlinable, so they run in the app's module with the
/// concrete view-model type, and there they make the appender below: a
/// closure specialized for that type, which the section keeps and its
/// `flatten` calls (callgrind, benchmark row E1b, 100,000 items: flattening
/// 361 -> 143 instructions per item). A section made in code that is itself
/// generic over the view model gets the generic appender: the same result,
/// at the old cost.
///
/// This and `ListSection`'s designated initializer are the pieces of
/// ListDiffUI compiled into clients (`@usableFromInline`); they touch only
/// `ListItemKey`'s initializer and the arrays they are given. Changing them
/// changes what compiled apps contain, not the public API.
@usableFromInline
enum LeafItemAppending {
  /// The appender for `ViewModel`, specialized where `ViewModel` is
  /// concrete (an initializer of ``ListSection`` inlined into the app).
  @inlinable
  static func appender<ViewModel: ListViewModel>(
    for _: ViewModel.Type = ViewModel.self
  ) -> LeafItemAppender<ViewModel> {
    { viewModels, keys, boxes, scope, controllerType in
      append(viewModels, to: &keys, &boxes, scope: scope, controllerType: controllerType)
    }
  }

  /// Appends a key (`viewModel.identifier`, `scope`, `controllerType`) to
  /// `keys` and the boxed view model to `boxes` for each view model, in
  /// order; returns how many have an empty identifier.
  ///
  /// - Complexity: O(*k*) in the number of view models (amortized).
  @inlinable
  static func append<ViewModel: ListViewModel>(
    _ viewModels: [ViewModel], to keys: inout [ListItemKey], _ boxes: inout [any ListViewModel],
    scope: String, controllerType: ObjectIdentifier
  ) -> Int {
    keys.reserveCapacity(keys.count + viewModels.count)
    boxes.reserveCapacity(boxes.count + viewModels.count)
    var emptyCount = 0
    for viewModel in viewModels {
      let identifier = viewModel.identifier
      if identifier.isEmpty { emptyCount += 1 }
      keys.append(ListItemKey(identifier: identifier, scope: scope, controllerType: controllerType))
      boxes.append(viewModel)
    }
    return emptyCount
  }
}
