import ConfettiCore
import Testing

/// The record's Swift layout against the attribute table the GL layer binds.
@Suite struct ConfettiInstanceTests {
    typealias Record = ConfettiInstance

    func offset(_ key: PartialKeyPath<Record>) -> Int { MemoryLayout<Record>.offset(of: key)! }

    @Test func recordIsSixtyBytesAndAttributesTileItExactly() {
        #expect(MemoryLayout<Record>.stride == 60)
        #expect(MemoryLayout<Record>.stride <= 64)
        var covered = [Bool](repeating: false, count: MemoryLayout<Record>.stride)
        for attribute in ConfettiKind.attributes {
            #expect(attribute.offset + attribute.byteCount <= MemoryLayout<Record>.stride)
            for byte in attribute.offset..<(attribute.offset + attribute.byteCount) {
                #expect(!covered[byte], "\(attribute.name) overlaps another attribute at byte \(byte)")
                covered[byte] = true
            }
        }
        #expect(covered.allSatisfy { $0 }, "bytes no attribute reads: \(covered.indices.filter { !covered[$0] })")
        #expect(Set(ConfettiKind.attributes.map(\.location)).count == ConfettiKind.attributes.count)
    }

    @Test func eachAttributeReadsItsFieldsInDeclaredOrder() {
        // The vec4 attributes span several Swift fields; they must be contiguous, in this order.
        let fields: [String: [PartialKeyPath<Record>]] = [
            "aMotion": [\.x0, \.y0, \.vx, \.vy],
            "aSway": [\.flutterAmplitude, \.flutterFrequency, \.flutterPhase, \.spread],
            "aTumble": [\.rotation0, \.spin, \.flipFrequency, \.flipPhase],
            "aBirth": [\.birth],
            "aShape": [\.width, \.height, \.shape, \.unused],
            "aColor": [\.r, \.g, \.b, \.a],
        ]
        #expect(Set(fields.keys) == Set(ConfettiKind.attributes.map(\.name)))
        for attribute in ConfettiKind.attributes {
            let keys = fields[attribute.name]!
            #expect(keys.count == attribute.components)
            for (i, key) in keys.enumerated() {
                #expect(offset(key) == attribute.offset + i * attribute.format.bytes, "\(attribute.name) component \(i)")
            }
        }
    }

    @Test func recordCarriesTheParticleWithSignedSpreadAndByteColour() {
        var p = ConfettiBurst.standard.spawn(in: Size(width: 800, height: 600), seed: 2)[0]
        p.initialVelocity.x = -10
        p.color = .orange
        p.birth = 0.25
        let r = Record(p)
        #expect(r.spread == -Float(p.spreadStrength))
        #expect(r.birth == 0.25)
        #expect((r.r, r.g, r.b, r.a) == (255, 149, 0, 255))
        #expect(Double(r.width) == p.size.width && Double(r.height) == p.size.height)
    }
}
