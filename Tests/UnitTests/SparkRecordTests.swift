import ConfettiCore
import Testing
import TestSupport

@Suite(.tags(.math)) struct SparkRecordTests {
    @Test func recordIsSixtyBytesAndAttributesTileItExactly() {
        typealias Record = SparkRecord
        #expect(MemoryLayout<Record>.stride == 60)
        var covered = [Bool](repeating: false, count: MemoryLayout<Record>.stride)
        for attribute in SparkKind.attributes {
            for byte in attribute.offset..<(attribute.offset + attribute.byteCount) {
                #expect(!covered[byte], "\(attribute.name) overlaps at byte \(byte)")
                covered[byte] = true
            }
        }
        #expect(covered.allSatisfy { $0 })
        let fields: [String: [PartialKeyPath<Record>]] = [
            "aCurveA": [\.p0x, \.p0y, \.d1x, \.d1y],
            "aCurveB": [\.d2x, \.d2y, \.d3x, \.d3y],
            "aScale": [\.scale0, \.scale1, \.scale2, \.scale3],
            "aDelay": [\.delay],
            "aLook": [\.size, \.inFront, \.sprite, \.unused],
            "aColor": [\.r, \.g, \.b, \.a],
        ]
        for attribute in SparkKind.attributes {
            for (i, key) in fields[attribute.name]!.enumerated() {
                #expect(MemoryLayout<Record>.offset(of: key) == attribute.offset + i * attribute.format.bytes)
            }
        }
    }

    @Test func quadraticIsStoredAsItsExactCubicRelativeToTheStart() {
        let spark = Spark(curve: Bezier([Point(100, 200), Point(100, 155), Point(10, 65)]), delay: 0.1,
                          scaleValues: [1, 1.5, 0.6], size: 7, color: .red, inFront: true)
        let r = SparkRecord(spark)
        #expect((r.p0x, r.p0y) == (100, 200))
        #expect((r.d1x, r.d1y) == (0, -30))     // Q0/3 + 2Q1/3 - Q0
        #expect((r.d2x, r.d2y) == (-30, -75))   // 2Q1/3 + Q2/3 - Q0
        #expect((r.d3x, r.d3y) == (-90, -135))
        #expect((r.scale0, r.scale1, r.scale2, r.scale3) == (1, 1.5, 0.6, 0.6), "three keyframes repeat the last")
        #expect(r.inFront == 1 && r.size == 7)
    }
}
