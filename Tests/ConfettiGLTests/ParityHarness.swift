import ConfettiGL
import ConfettiProof
import Foundation
import Testing

/// The one parity harness every particle kind is proven with: its vertex shader, read back
/// through transform feedback, against its Swift evaluator.
///
/// Time. The renderer gives the shader `uTime = Float(now − epoch)` (the burst's `age(at:)`),
/// and the shader subtracts the particle's float birth. IEEE float arithmetic makes that age
/// exactly `Float(Float(now − epoch) − Float(birth))` on the GPU too, so the CPU reference is
/// evaluated at that same age: the rounding of time is modelled, not budgeted.
///
/// Records. Some kinds quantise their records (confetti: `ConfettiQuantisation`); the shader
/// decodes them exactly, so the reference evaluates the decoded particle (`Kind.stored`) and
/// the tolerances below stay the float32 ones. The quantisation error is bounded separately.
///
/// Values. Each field is within K·ε·scale + allowance of the CPU's (see `SampleField`): ε = 2⁻²⁴,
/// K = 16 (at most about eight roundings per term, with a factor of two for the driver's exp,
/// sin and cos), scale the sum of the magnitudes of the formula's terms and arguments as the
/// evaluator adds them up, allowance an absolute budget for a driver's atan or an iterative
/// solver's proven bound. Alive must agree, except within float rounding of the lifetime.
///
/// Vertices. Every output of each of the quad's four vertices (clip position, the point in the
/// shape's frame, half extents and shape, premultiplied colour) is held to the CPU's
/// `DrawnQuad` the same way, with errors carried from the values they are made of.
enum ParityHarness {
    static let k = Float32Error.k
    static let eps = Float32Error.eps

    struct Report: CustomStringConvertible {
        var error: [String: Double] = [:]
        var ratio: [String: Double] = [:]
        /// Values beyond float's range, where the GPU's ±inf was the sign checked.
        var overflowed = 0
        var samples = 0
        var aliveSamples = 0
        var fading = 0
        /// Samples whose age the float time path moved (|GPU age − true age| > 0).
        var rebased = 0
        var largestTimeRounding = 0.0
        /// Samples of trail ghosts (counted in `samples` too).
        var ghostSamples = 0

        mutating func record(_ field: String, _ error: Double, _ tolerance: Double) {
            self.error[field] = max(self.error[field] ?? 0, error)
            ratio[field] = max(ratio[field] ?? 0, tolerance > 0 ? error / tolerance : (error > 0 ? .infinity : 0))
        }

        var description: String {
            error.keys.sorted().map { key in
                String(format: "%@ %.3g (%.0f%% of tolerance)", key, error[key]!, 100 * ratio[key]!)
            }.joined(separator: ", ")
        }
    }

    /// Checks every particle at every clock time `epoch + a` for `a` in `times`.
    static func check<Kind: ParticleKind>(
        _: Kind.Type, particles: [Kind.Particle], uniforms: Kind.Uniforms, epoch: Double, times: [Double],
        viewport: Size = Size(width: 1920, height: 1080), pixelsPerPoint: Double = 1.5,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Report {
        var report = Report()
        try await SharedGL.run {
            let probe = try FeedbackProbe<Kind>(shaders: SharedGL.shaders())
            defer { probe.delete() }
            // The burst as the renderer uploads it, and the particles its records hold: the
            // reference evaluates those, so quantisation is not part of the float32 budget.
            let uniforms = Kind.fitted(uniforms, to: particles)
            let stored = particles.map { Kind.stored($0, uniforms: uniforms) }
            let burst = Burst<Kind>(id: 0, first: 0, count: particles.count, epoch: epoch, appears: 0, dies: .infinity, uniforms: uniforms, layer: .overButton)
            for a in times {
                let now = epoch + a
                let probed = try probe.evaluateVertices(particles, in: burst, at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
                let uTime = burst.age(at: now)
                let spacing = Float(Kind.ghostSpacing(uniforms))
                for (p, particleProbe) in zip(stored, probed) {
                  // The particle, then each ghost of its trail: the shader lags ghost k by the
                  // float product k·spacing, subtracted from the float age, modelled here too.
                  for (ghost, gpuProbe) in ([particleProbe] + particleProbe.ghosts).enumerated() {
                    let g = gpuProbe.sample
                    let birth = Kind.birth(of: p)
                    let trueAge = now - epoch - birth - Double(ghost) * Kind.ghostSpacing(uniforms)
                    let gpuAge = Double(uTime - Float(birth) - Float(ghost) * spacing)
                    report.largestTimeRounding = max(report.largestTimeRounding, abs(gpuAge - trueAge))
                    if gpuAge != trueAge { report.rebased += 1 }
                    if ghost > 0 { report.ghostSamples += 1 }
                    let cpu = Kind.evaluate(p, at: gpuAge, ghost: ghost, uniforms: uniforms)
                    compare(g, cpu, lifetime: Kind.lifetime(of: p, uniforms: uniforms), into: &report, sourceLocation: sourceLocation)
                    guard g.alive == cpu.alive else { continue }
                    let quad = Kind.drawn(p, cpu)
                    for (corner, outputs) in gpuProbe.vertices.enumerated() {
                        let (want, tolerance) = quad.vertexOutputs(corner: corner, viewport: viewport, pixelsPerPoint: pixelsPerPoint, k: k, eps: eps)
                        for (i, (got, wanted)) in zip(outputs, want).enumerated() {
                            let error = abs(got - wanted)
                            if !(error <= tolerance[i]) {
                                Issue.record("vertex \(corner) output \(i) at t=\(cpu.t): GPU \(got) vs CPU \(wanted) (tolerance \(tolerance[i]); \(cpu))", sourceLocation: sourceLocation)
                            }
                            report.record(i < 4 ? "vertex position" : i < 6 ? "vertex local" : i < 9 ? "vertex shape" : i < 13 ? "vertex colour" : "vertex wave", error, tolerance[i])
                        }
                    }
                  }
                }
            }
        }
        return report
    }

    static func compare<Sample: ParticleSample>(_ gpu: Sample, _ cpu: Sample, lifetime: Double, into report: inout Report, sourceLocation: SourceLocation) {
        report.samples += 1
        let t = cpu.t
        // The shader compares the age with the float lifetime.
        let nearDeath = abs(t - lifetime) <= abs(Double(Float(lifetime)) - lifetime)
        if !nearDeath, gpu.alive != cpu.alive {
            Issue.record("alive at t=\(t): GPU \(gpu.alive) vs CPU \(cpu.alive)", sourceLocation: sourceLocation)
        }
        let bothAlive = gpu.alive == cpu.alive
        if cpu.alive { report.aliveSamples += 1 }
        for (g, c) in zip(gpu.fields, cpu.fields) {
            // Opacity says whether a particle is drawn; where the two disagree on that, it differs.
            if c.name == "opacity", !bothAlive { continue }
            if c.name == "opacity", cpu.alive, c.value < 1 { report.fading += 1 }
            // Beyond float32's range (an unborn piece of a stream a minute from its birth, whose
            // exp(drag·|t|) overflows), the GPU can only say ±inf: it agrees when it overflows
            // the same way.
            if abs(c.value) > Double(Float.greatestFiniteMagnitude) {
                if !(g.value.sign == c.value.sign && abs(g.value) >= Double(Float.greatestFiniteMagnitude)) {
                    Issue.record("\(c.name) at t=\(t): GPU \(g.value) vs CPU \(c.value), beyond float's range", sourceLocation: sourceLocation)
                }
                report.overflowed += 1
                continue
            }
            var error = abs(g.value - c.value)
            if c.isAngle { error = min(error, abs(360 - error)) }
            let tolerance = k * eps * c.scale + c.allowance
            if !(error <= tolerance) {
                Issue.record("\(c.name) at t=\(t): GPU \(g.value) vs CPU \(c.value) (tolerance \(tolerance))", sourceLocation: sourceLocation)
            }
            report.record(c.name, error, tolerance)
        }
    }
}
