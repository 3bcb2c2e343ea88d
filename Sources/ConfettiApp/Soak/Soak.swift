@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL
import ConfettiProof
import FoundationEssentials
import Glibc

/// `confetti soak`: launches fired fast enough to wrap the instance ring many times, with a frame
/// drawn now and then, to show that nothing grows, nothing errs and the shader still agrees
/// with the CPU afterwards.
package struct Soak {
    package struct Options: Sendable {
        package var launches = 100_000
        package var particlesPerLaunch = 200
        package var capacity = 100_000
        /// Seconds of animation between launches.
        package var interval = 0.01
        /// A frame every this many launches.
        package var frameEvery = 100
        package var seed: UInt64 = 1
        /// Where the clock starts: a long uptime tests the time rebasing too.
        package var startTime = 0.0

        package init() {}
    }

    package let options: Options
    package let shaders: ShaderLibrary

    package init(options: Options, shaders: ShaderLibrary) {
        self.options = options
        self.shaders = shaders
    }

    /// Resident memory of this process, in bytes.
    package static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Runs the soak. Needs a current GL context; GL errors are counted through `GLDebugLog`
    /// where the context has KHR_debug, and through glGetError otherwise.
    package func run() throws -> SoakReport {
        let viewport = Size(width: 640, height: 360)
        let renderer = try ParticleRenderer<ConfettiKind>(shaders: shaders, capacity: options.capacity)
        let target = try OffscreenTarget(width: Int(viewport.width), height: Int(viewport.height))
        let probe = try FeedbackProbe<ConfettiKind>(shaders: shaders)
        defer {
            renderer.delete()
            target.delete()
            probe.delete()
        }
        _ = GLDebugLog.drain()
        var glErrors = 0
        var confetti = ConfettiSection.standard
        confetti.count = options.particlesPerLaunch
        let warmUp = min(options.launches / 10, 1_000)
        var startResident = Self.residentBytes()
        var last: (particles: [ConfettiParticle], span: RingSpan<ConfettiKind>?) = ([], nil)

        for k in 0..<options.launches {
            let now = options.startTime + Double(k) * options.interval
            var rng = SeededGenerator(seed: options.seed, launch: k)
            let particles = confetti.spawn(in: viewport, using: &rng)
            let placed = try renderer.add(particles, uniforms: confetti.physics, at: now)
            last = (particles, placed[0])
            if k % options.frameEvery == 0 {
                target.bind()
                clearFramebuffer(to: SceneRenderer.background)
                renderer.draw(at: now, viewport: viewport, pixelsPerPoint: 1, side: .overButton)
                epoxy_glFinish()
                if epoxy_glGetError() != GLenum(GL_NO_ERROR) { glErrors += 1 }
            }
            if k + 1 == warmUp { startResident = Self.residentBytes() }
        }
        epoxy_glFinish()
        glErrors += GLDebugLog.drain().count

        // After all the wrapping, the newest launch is in the ring exactly as spawned, and the
        // shader places it as the CPU does.
        let stored = readBack(renderer.ring, renderer.ring.spans.last!)
        let newest = last.span!
        let recordsIntact = stored == last.particles.map { ConfettiRecord($0, newest.uniforms.quantisation) }
        var worst = 0.0
        for age in [0.0, 0.3, 0.9, 1.3] {
            let now = newest.epoch + age
            let gpu = try probe.evaluate(last.particles, in: newest, at: now)
            for (p, g) in zip(last.particles, gpu) {
                // The shader evaluates the piece its record holds; so does the reference.
                let c = newest.uniforms.evaluate(ConfettiKind.stored(p, uniforms: newest.uniforms), at: now - newest.epoch)
                worst = max(worst, abs(g.x - c.x), abs(g.y - c.y))
            }
        }
        return SoakReport(
            launches: options.launches, particlesPerLaunch: options.particlesPerLaunch, capacity: options.capacity,
            ringWraps: options.launches * options.particlesPerLaunch / options.capacity,
            residentBytesAfterWarmUp: startResident, residentBytesAtEnd: Self.residentBytes(),
            gpuBufferBytes: renderer.ring.byteSize, glErrors: glErrors,
            recordsIntact: recordsIntact, parityMaxPositionError: worst, finalClock: options.startTime + Double(options.launches) * options.interval
        )
    }

    private func readBack(_ ring: InstanceRing<ConfettiKind>, _ span: RingSpan<ConfettiKind>) -> [ConfettiRecord] {
        let blank = ConfettiSection.standard.spawn(in: Size(width: 1, height: 1), seed: 0)[0]
        var records = [ConfettiRecord](repeating: ConfettiRecord(blank, ConfettiQuantisation(fitting: [blank])), count: span.count)
        let stride = InstanceRing<ConfettiKind>.stride
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), ring.buffer)
        records.withUnsafeMutableBytes { bytes in
            epoxy_glGetBufferSubData(GLenum(GL_ARRAY_BUFFER), GLintptr(span.first * stride), GLsizeiptr(span.count * stride), bytes.baseAddress)
        }
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        return records
    }
}

package struct SoakReport: Codable, Sendable {
    package var launches: Int
    package var particlesPerLaunch: Int
    package var capacity: Int
    package var ringWraps: Int
    package var residentBytesAfterWarmUp: Int
    package var residentBytesAtEnd: Int
    package var gpuBufferBytes: Int
    package var glErrors: Int
    /// The newest launch read back from the ring equals what was spawned.
    package var recordsIntact: Bool
    /// Largest |GPU − CPU| of x and y over the newest launch at four ages, in points.
    package var parityMaxPositionError: Double
    /// Seconds on the clock at the end.
    package var finalClock: Double

    package var residentGrowth: Double {
        Double(residentBytesAtEnd - residentBytesAfterWarmUp) / Double(max(residentBytesAfterWarmUp, 1))
    }

    /// No GL error, the newest launch intact, and the GPU within 0.01 pt of the CPU after wrapping.
    package var passed: Bool { glErrors == 0 && recordsIntact && parityMaxPositionError <= 0.01 }

    /// What `confetti soak` prints: the ring, memory, GL errors, the read-back and the parity.
    package var summary: String {
        func mib(_ bytes: Int) -> String { String(printf: "%.1f MiB", Double(bytes) / 1_048_576) }
        return """
            soak: \(launches) launches of \(particlesPerLaunch) into a ring of \(capacity) (\(ringWraps) wraps), clock \(finalClock) s
              resident memory: \(mib(residentBytesAfterWarmUp)) after warm-up, \(mib(residentBytesAtEnd)) at the end (\(String(printf: "%+.2f%%", 100 * residentGrowth)))
              GPU buffer memory: \(mib(gpuBufferBytes))
              GL errors: \(glErrors)
              newest launch read back intact: \(recordsIntact ? "yes" : "NO")
              parity after wrapping: largest GPU-CPU position difference \(String(printf: "%.2e", parityMaxPositionError)) pt
            """
    }
}
