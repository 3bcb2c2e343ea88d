import ConfettiCore
import Testing
import TestSupport

/// The record's Swift layout against the attribute table the GL layer binds.
@Suite(.tags(.math)) struct ConfettiRecordTests {
    typealias Record = ConfettiRecord

    func offset(_ key: PartialKeyPath<Record>) -> Int { MemoryLayout<Record>.offset(of: key)! }

    @Test func recordIsThirtyTwoBytesAndAttributesTileItExactly() {
        #expect(MemoryLayout<Record>.stride == 32)
        #expect(ConfettiKind.recordBytes == 32)
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
            "aMotionCode": [\.x0, \.y0, \.vx, \.vy],
            "aSwayCode": [\.flutterAmplitude, \.flutterFrequency, \.flutterPhase, \.spread],
            "aTumbleCode": [\.rotation0, \.spin, \.flipFrequency, \.flipPhase],
            "aBirthCode": [\.birth],
            "aShape": [\.width, \.height, \.shape],
            "aColor": [\.r, \.g, \.b],
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
        var p = ConfettiSection.standard.spawn(in: Size(width: 800, height: 600), seed: 2)[0]
        p.initialVelocity.x = -10
        p.color = .orange
        p.birth = 0.25
        p.shape = .circle
        let q = ConfettiQuantisation(fitting: [p])
        let r = Record(p, q)
        // A lone piece's grids are as fine as its magnitudes allow: float32 precision.
        #expect(abs(q[.spread].value(r.spread) + p.spreadStrength) <= p.spreadStrength * 0x1p-23)
        #expect(q[.birth].value(r.birth) == 0.25)
        #expect((r.r, r.g, r.b) == (255, 149, 0))
        #expect(Double(r.width) == p.size.width && Double(r.height) == p.size.height)
        #expect(r.shape == 1)
        #expect(r.particle(q).shape == .circle && r.particle(q).color == RGB(1, 149.0 / 255, 0))
    }

    /// Each field decodes to within half a step of the spawned value, the step is a power of
    /// two and the origin a whole number of steps below 2²⁴ of them: the shader's float decode
    /// is then exact.
    @Test func storedFieldsAreWithinHalfAStepOnExactFloatGrids() {
        for seed in 0..<20 as Range<UInt64> {
            var burst = ConfettiSection.standard
            burst.count = 200
            var rng = SeededGenerator(seed: seed)
            let viewport = Size(width: rng.uniform(100, 8192).rounded(), height: rng.uniform(100, 8192).rounded())
            var pieces = burst.spawn(in: viewport, using: &rng)
            for i in pieces.indices { pieces[i].birth = rng.uniform(0, 10) }
            let q = ConfettiQuantisation(fitting: pieces)
            for grid in q.grids {
                #expect(grid.step > 0 && grid.step == Double(sign: .plus, exponent: grid.step.exponent, significand: 1), "step \(grid.step) is a power of two")
                #expect((grid.origin / grid.step).rounded() == grid.origin / grid.step && abs(grid.origin / grid.step) < 0x1p24)
                #expect(Double(Float(grid.origin)) == grid.origin && Double(Float(grid.step)) == grid.step)
            }
            for p in pieces {
                let r = Record(p, q)
                for field in ConfettiQuantisation.Field.allCases {
                    let value = field.value(of: p), code = q[field].code(value)!
                    let stored = q[field].value(code)
                    #expect(abs(stored - value) <= q[field].maxError, "\(field): \(value) stored as \(stored)")
                    #expect(Double(Float(stored)) == stored, "\(field) \(stored) is a float")
                    #expect(Double(Float(q[field].origin) + Float(code) * Float(q[field].step)) == stored, "the float decode of \(field) is exact")
                }
                #expect(ConfettiKind.stored(p, uniforms: ConfettiPhysics.standard.with(q)) == r.particle(q))
            }
        }
    }

    /// A batch whose every piece shares a value (the launch height) stores it to float32
    /// precision, and grids fitted to a batch are kept for any part of it.
    @Test func constantFieldsKeepFloatPrecisionAndFittedGridsAreKeptForTheirBatch() {
        let pieces = ConfettiSection.standard.spawn(in: Size(width: 1280, height: 720), seed: 3)
        let physics = ConfettiKind.fitted(.standard, to: pieces)
        #expect(physics.quantisation != ConfettiQuantisation.unfitted)
        for p in pieces {
            let y0 = ConfettiKind.stored(p, uniforms: physics).initialPosition.y
            #expect(abs(y0 - p.initialPosition.y) <= abs(p.initialPosition.y) * 0x1p-23)
        }
        #expect(ConfettiKind.fitted(physics, to: Array(pieces.prefix(5))) == physics)
        var far = pieces[0]
        far.initialPosition.x = 1e6
        #expect(ConfettiKind.fitted(physics, to: [far]) != physics, "a piece the grids miss gets new ones")
        #expect(!ConfettiQuantisation.unfitted.covers(pieces[0]))
    }
}

extension ConfettiPhysics {
    func with(_ q: ConfettiQuantisation) -> ConfettiPhysics {
        var copy = self
        copy.quantisation = q
        return copy
    }
}
