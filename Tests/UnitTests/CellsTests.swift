import ConfettiCore
import Testing

/// The overlay's cells (`Cells`): lists of keys in order, each once, joined in one pass.
@Suite struct CellsTests {
    /// Seeded lists of keys, overlapping in places, empty in others: the union in one pass is the
    /// set union, in order, each key once.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func unionIsTheSetUnionInOrder(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        func keys() -> [Int] {
            let count = random.index(below: 3) == 0 ? 0 : random.index(below: 60)
            return Set((0..<count).map { _ in Cells.key(row: random.index(below: 8), column: random.index(below: 12)) }).sorted()
        }
        for _ in 0..<50 {
            let first = keys(), second = keys()
            #expect(Cells.union(first, second) == Set(first + second).sorted())
            #expect(Cells.union(second, first) == Set(first + second).sorted())
            let lists = (0..<random.index(below: 7)).map { _ in keys() }
            #expect(Cells.union(lists) == Set(lists.flatMap { $0 }).sorted())
        }
    }
}
