// ListDiffUI's API is made of HeadlessCollection's types (the collection
// view, cells, index paths, the flow layout, batch errors) and of ListDiff's
// move index (in `ListDiffUpdate`): one `import ListDiffUI` brings them all.
@_exported import HeadlessCollection
@_exported import struct ListDiff.ListMoveIndex
