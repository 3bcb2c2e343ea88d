import FoundationEssentials
import Glibc

/// How one batch's confetti records hold their continuous fields in 16 bits each.
///
/// Every field (x0, y0, vx, vy, flutter amplitude, frequency and phase, signed spread,
/// rotation0, spin, flip frequency and phase, birth) is stored as a signed 16-bit whole number
/// `n` and read back as `origin + n × step` on its own `Grid`. The grids are fitted to the
/// batch's own pieces (`fitted(to:)`), so whatever a valid effect file produces (any viewport,
/// any field range) is covered; the price is a step proportional to the batch's spread of that
/// field: at most `max(range / 65,533, max|value| / 2²³)`, rounded up to a power of two.
///
/// Why powers of two: the vertex shader's decode, `origin + float(n) * step`, is then exact in
/// float32 (see `Grid`), so the shader works on exactly the values `ConfettiKind.stored` gives
/// the CPU reference and the float32 parity tolerances need no quantisation term. The
/// quantisation error is separate and derived in docs/effects.md (Compact record).
package struct ConfettiQuantisation: Hashable, Sendable {
    /// The fields a grid is kept for, in the order of the shader's vec4 attributes.
    package enum Field: Int, CaseIterable, Sendable {
        case x0, y0, vx, vy
        case flutterAmplitude, flutterFrequency, flutterPhase, spread
        case rotation0, spin, flipFrequency, flipPhase
        case birth
    }

    /// One field's grid: the values `origin + n × step` for whole n in −32,768...32,767.
    ///
    /// `step` is a power of two and `origin` a whole multiple of it, with |origin / step| and
    /// |origin / step + n| below 2²⁴: then `origin`, `n × step` and their sum are all floats,
    /// and the shader's decode has no rounding at all. Units are the field's own (pt, pt/s,
    /// pt/s², rad, rad/s, deg, deg/s, s).
    package struct Grid: Hashable, Sendable {
        package var step: Double
        package var origin: Double

        package init(step: Double, origin: Double) {
            self.step = step
            self.origin = origin
        }

        /// No grid yet: covers nothing; records cannot be written with it.
        package static let unfitted = Grid(step: 0, origin: 0)

        /// Largest and smallest codes.
        package static let codes = -32_768...32_767

        /// Steps needed across the range: the rounding of the origin to a whole step and of
        /// each value to the nearest step each cost one more, so 65,535 − 2 of the 65,535 gaps.
        package static let spanSteps = 65_533.0
        /// Steps of the largest magnitude: 2²³, leaving room for the codes below 2²⁴.
        package static let magnitudeSteps = 0x1p23

        /// The finest grid covering [low, high] (finite, low ≤ high).
        package init(covering low: Double, _ high: Double) {
            let needed = max((high - low) / Self.spanSteps, max(abs(low), abs(high)) / Self.magnitudeSteps, Double(Float.leastNormalMagnitude))
            // The smallest power of two at or above `needed`.
            var step = Double(sign: .plus, exponent: needed.exponent, significand: 1)
            if step < needed { step *= 2 }
            self.step = step
            origin = ((low / step).rounded(.down) + 32_768) * step
        }

        /// The nearest code to `value`, or nil when the grid does not reach it.
        package func code(_ value: Double) -> Int16? {
            guard step > 0, value.isFinite else { return nil }
            let n = (value / step).rounded() - origin / step
            guard n >= Double(Self.codes.lowerBound), n <= Double(Self.codes.upperBound) else { return nil }
            return Int16(n)
        }

        /// The value a code stands for: exactly what the shader computes.
        package func value(_ code: Int16) -> Double { origin + Double(code) * step }

        /// The value `value` is stored as.
        package func stored(_ value: Double) -> Double {
            guard let code = code(value) else { preconditionFailure("\(value) is outside its quantisation grid (step \(step), origin \(origin)); fit the grid to the batch first") }
            return self.value(code)
        }

        package func covers(_ value: Double) -> Bool { code(value) != nil }

        /// |stored − value| is at most this for every value the grid covers.
        package var maxError: Double { step / 2 }

        /// `uRecordStep` and `uRecordOrigin` components: exact as floats.
        var floats: (step: Float, origin: Float) { (Float(step), Float(origin)) }
    }

    /// One grid per `Field`.
    package var grids: [Grid]

    package init(grids: [Grid]) {
        precondition(grids.count == Field.allCases.count)
        self.grids = grids
    }

    /// Before a batch is fitted: every record write asks for a fit first.
    package static let unfitted = ConfettiQuantisation(grids: Field.allCases.map { _ in .unfitted })

    package subscript(field: Field) -> Grid { grids[field.rawValue] }

    /// The finest grids covering every field of `particles`.
    package init(fitting particles: [ConfettiParticle]) {
        var low = [Double](repeating: .infinity, count: Field.allCases.count)
        var high = [Double](repeating: -.infinity, count: Field.allCases.count)
        for p in particles {
            for field in Field.allCases {
                let v = field.value(of: p)
                low[field.rawValue] = min(low[field.rawValue], v)
                high[field.rawValue] = max(high[field.rawValue], v)
            }
        }
        grids = Field.allCases.map { field in
            let i = field.rawValue
            return low[i] <= high[i] ? Grid(covering: low[i], high[i]) : Grid(covering: 0, 0)
        }
    }

    /// Whether every field of `particle` is on a grid.
    package func covers(_ particle: ConfettiParticle) -> Bool {
        Field.allCases.allSatisfy { self[$0].covers($0.value(of: particle)) }
    }

    /// `uRecordStep[4]` and `uRecordOrigin[4]`: motion, sway, tumble, then birth in x.
    package var uniforms: [ShaderUniform] {
        func vectors(_ part: (Grid) -> Float) -> [SIMD4<Float>] {
            (0..<4).map { k in
                SIMD4((0..<4).map { i in
                    let index = 4 * k + i
                    return index < grids.count ? part(grids[index]) : 0
                })
            }
        }
        return [
            ShaderUniform("uRecordStep", .vec4Array(vectors { $0.floats.step })),
            ShaderUniform("uRecordOrigin", .vec4Array(vectors { $0.floats.origin })),
        ]
    }
}

extension ConfettiQuantisation.Field {
    /// The field of a particle, as the record holds it (spread signed by the throw's side).
    package func value(of p: ConfettiParticle) -> Double {
        switch self {
        case .x0: p.initialPosition.x
        case .y0: p.initialPosition.y
        case .vx: p.initialVelocity.x
        case .vy: p.initialVelocity.y
        case .flutterAmplitude: p.flutterAmplitude
        case .flutterFrequency: p.flutterFrequency
        case .flutterPhase: p.flutterPhase
        case .spread: p.spreadDirection * p.spreadStrength
        case .rotation0: p.initialRotation
        case .spin: p.rotationSpeed
        case .flipFrequency: p.flipFrequency
        case .flipPhase: p.flipPhase
        case .birth: p.birth
        }
    }
}
