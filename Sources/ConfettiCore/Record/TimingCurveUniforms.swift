/// The timing curve as `Shaders/easing.glsl` reads it: `uEase[0...4]`, computed once per batch in
/// Double, each value rounded once to Float.
///
/// The shader writes the root as s = k/32 + t and needs the curve's Taylor data at k/32
/// exactly, so the control points arrive split into pieces on coarse binary grids (x in pieces
/// of 2⁻⁹, 2⁻¹⁹, 2⁻²⁹ and the rest; y in 2⁻⁵ and the rest): every product with the shader's
/// small integer weights, and every partial sum, is then an exact float. The rest is the first
/// guess the shader refines: Cardano about the inflection when the curve has one inside
/// (mode 1), else the side of the curve to start from (mode 0).
extension TimingCurve {
    package var easeUniforms: [SIMD4<Float>] {
        func split4(_ c: Double) -> SIMD4<Float> {
            var rest = c, pieces = SIMD4<Float>()
            for i in 0..<3 {
                let grid = Double(1 << (9 + 10 * i))
                let piece = (rest * grid).rounded() / grid
                pieces[i] = Float(piece)
                rest -= piece
            }
            pieces[3] = Float(rest)
            return pieces
        }
        func split2(_ c: Double) -> (Float, Float) {
            let high = (c * 32).rounded() / 32
            return (Float(high), Float(c - high))
        }
        func hiLo(_ c: Double) -> (Float, Float) {
            let high = Float(c)
            return (high, Float(c - Double(high)))
        }
        // x'' = 6C (s − sᵢ): C is the cubic coefficient, sᵢ the inflection.
        let c = 1 + 3 * x1 - 3 * x2, inflection = c != 0 ? (2 * x1 - x2) / c : .infinity
        let (y1h, y1l) = split2(y1), (y2h, y2l) = split2(y2)
        var modeData = SIMD4<Float>(Float(c), Float(1 + 3 * y1 - 3 * y2), 0, 0), start = SIMD4<Float>()
        if c >= 1.0 / 16, (0...1).contains(inflection) {
            // Mode 1: the least slope is 3D/C at the inflection; r = (3D/C)/(3C).
            let d = max(x1 * (1 - x2) - (x1 - x2) * (x1 - x2), 0)
            let (sh, sl) = hiLo(inflection), (ph, pl) = hiLo(x(inflection))
            modeData[2] = 1
            modeData[3] = Float(3 * d / c / (3 * c))
            start = SIMD4(sh, sl, ph, pl)
        } else {
            // Mode 0: below `split` the root is found from s = 0, above it from s = 1.
            let split = c > 0 ? (inflection < 0 ? 1 : inflection > 1 ? 0 : x(inflection))
                : c < 0 ? x(min(max(inflection, 0), 1)) : (3 * x2 - 6 * x1 >= 0 ? 1 : 0)
            modeData[3] = Float(split)
            start = SIMD4(Float(3 * x1), Float(3 * x2 - 6 * x1), Float(3 * (1 - x2)), Float(3 * (1 - x1) - 6 * (1 - x2)))
        }
        return [split4(x1), split4(x2), SIMD4(y1h, y1l, y2h, y2l), modeData, start]
    }
}
