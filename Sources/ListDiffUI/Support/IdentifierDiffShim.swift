import ListDiff

// TEMPORARY until ListDiff's own listDiff(oldIdentifiers:newIdentifiers:isEqual:) lands.
private final class EqualityBox<ID: Hashable> {
  let isEqual: (Int, Int) -> Bool
  init(_ isEqual: @escaping (Int, Int) -> Bool) { self.isEqual = isEqual }
}

private struct SideItem<ID: Hashable>: ListDiffable {
  let id: ID
  let index: Int
  let isOld: Bool
  let box: EqualityBox<ID>
  var diffIdentifier: ID { id }
  func isEqual(toDiffableObject other: SideItem<ID>) -> Bool {
    isOld ? box.isEqual(index, other.index) : box.isEqual(other.index, index)
  }
}

func listDiff<ID: Hashable>(
  oldIdentifiers: [ID], newIdentifiers: [ID], isEqual: (_ oldIndex: Int, _ newIndex: Int) -> Bool
) -> ListDiffResult<ID> {
  withoutActuallyEscaping(isEqual) { isEqual in
    let box = EqualityBox<ID>(isEqual)
    let old = oldIdentifiers.enumerated().map { SideItem(id: $1, index: $0, isOld: true, box: box) }
    let new = newIdentifiers.enumerated().map { SideItem(id: $1, index: $0, isOld: false, box: box) }
    return listDiff(oldArray: old, newArray: new)
  }
}

extension ListDiffResult {
  // TEMPORARY until ListDiff's own updateTargets lands.
  var updateTargets: [Int] {
    guard !updates.isEmpty else { return [] }
    var moveTarget: [Int: Int] = [:]
    for move in moves { moveTarget[move.from] = move.to }
    var targets: [Int] = []
    var deletesBefore = 0
    var insertsBefore = 0
    for old in updates {
      if let target = moveTarget[old] {
        targets.append(target)
        continue
      }
      while deletesBefore < deletes.count && deletes[deletesBefore] < old { deletesBefore += 1 }
      let rank = old - deletesBefore
      var new = rank + insertsBefore
      while insertsBefore < inserts.count && inserts[insertsBefore] <= new {
        insertsBefore += 1
        new = rank + insertsBefore
      }
      targets.append(new)
    }
    return targets
  }
}
