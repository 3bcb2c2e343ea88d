@testable import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing

@Suite struct BenchmarkTests {
    @Test func benchJSONHasEveryFigureForEveryModeAndScenario() async throws {
        var options = Benchmark.Options()
        options.width = 160
        options.height = 90
        options.counts = [50, 200]
        options.rounds = 1
        options.frameBudget = 1
        let report = try await SharedGL.run { try Benchmark(options: options, shaders: SharedGL.shaders()).run() }
        let data = try JSONEncoder().encode(report)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])

        let machine = try #require(json["machine"] as? [String: Any])
        #expect((machine["renderer"] as? String)?.isEmpty == false)
        #expect((machine["cores"] as? Int ?? 0) >= 1)
        #expect(json["size"] as? [Int] == [160, 90])

        let sweep = try #require(json["sweep"] as? [[String: Any]])
        #expect(sweep.map { $0["count"] as? Int } == [50, 200])
        for row in sweep {
            for mode in ["gpu", "reference", "cpu", "floor"] {
                let f = try #require(row[mode] as? [String: Any], "\(mode) figures")
                #expect(f["mode"] as? String == mode)
                for key in ["medianMs", "p95Ms", "gpuMs", "cpuMs", "workMs"] {
                    let value = try #require(f[key] as? Double, "\(mode).\(key)")
                    #expect(value >= 0 && value.isFinite)
                }
                #expect((f["medianMs"] as? Double ?? 0) > 0)
                #expect((f["frames"] as? Int ?? 0) >= 4)
                #expect(f["gpuBytesPerParticle"] as? Int == ["gpu": MemoryLayout<ConfettiRecord>.stride, "reference": 60][mode] ?? 28)
                let upload = try #require(f["uploadBytesPerFrame"] as? Int)
                // Only the CPU approach uploads per frame: every live piece, every frame.
                #expect(upload == (mode == "cpu" ? 28 * (row["count"] as! Int) : 0), "\(mode) uploads \(upload)")
            }
            #expect((row["gpuOverCpu"] as? Double ?? 0) > 0 && (row["gpuOverFloor"] as? Double ?? 0) > 0)
            // The ratios are of the medians measured in the same rounds.
            for (key, mode, figure) in [("gpuOverReference", "reference", "medianMs"), ("gpuOverFloor", "floor", "medianMs"), ("gpuOverCpu", "cpu", "medianMs"),
                                        ("gpuOverReferenceWork", "reference", "workMs"), ("gpuTimeGpuOverReference", "reference", "gpuMs"),
                                        ("gpuTimeGpuOverFloor", "floor", "gpuMs"), ("gpuTimeGpuOverCpu", "cpu", "gpuMs")] {
                let gpu = (row["gpu"] as? [String: Any])?[figure] as? Double ?? .nan
                let other = (row[mode] as? [String: Any])?[figure] as? Double ?? .nan
                #expect(abs((row[key] as? Double ?? .nan) - gpu / other) <= 1e-12 * gpu / other, "\(key)")
            }
        }

        let scenarios = try #require(json["scenarios"] as? [String: Any])
        let culling = try #require(scenarios["culling"] as? [String: Any])
        for key in ["deadParticles", "liveParticles", "medianMs", "aloneMedianMs", "ratio"] {
            #expect(culling[key] != nil, "culling.\(key)")
        }
        let spawn = try #require(scenarios["spawn"] as? [String: Any])
        #expect(spawn["bytes"] as? Int == 32 * (spawn["particles"] as? Int ?? -1))
        let mixed = try #require(scenarios["mixed"] as? [String: Any])
        #expect((mixed["sparks"] as? Int ?? 0) > 0 && (mixed["confetti"] as? Int ?? 0) > 0)
        let variants = try #require(scenarios["whereTimeGoes"] as? [[String: Any]])
        #expect(variants.count == 5)
        #expect(Set(variants.compactMap { $0["size"] as? [Int] }).count == 3, "three pixel densities")
    }

    @Test func cpuApproachDrawsTheSamePixelsAsTheShader() async throws {
        let viewport = Size(width: 480, height: 270)
        let physics = ConfettiPhysics.standard
        var burst = ConfettiSection.mixedShapes
        burst.count = 400
        let particles = burst.spawn(in: viewport, seed: 12)
        for t in [0.3, 0.9, 1.3] {  // rising, falling, fading
            let (gpu, cpu) = try await SharedGL.run {
                let target = try OffscreenTarget(width: 480, height: 270)
                let shader = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 400)
                let poses = try PoseRenderer(shaders: SharedGL.shaders())
                defer { shader.delete(); poses.delete(); target.delete() }
                target.bind()
                try shader.add(particles, uniforms: physics, at: 0)
                clearFramebuffer(to: SceneRenderer.background)
                shader.draw(at: t, viewport: viewport, pixelsPerPoint: 1, side: .overButton)
                let a = try target.readPixels()
                // The same pieces: those the shader's records hold.
                let stored = ConfettiKind.fitted(physics, to: particles)
                poses.upload(particles.map { ConfettiKind.stored($0, uniforms: stored) }.map { PoseRecord($0, physics.evaluate($0, at: t)) })
                clearFramebuffer(to: SceneRenderer.background)
                poses.draw(viewport: viewport, pixelsPerPoint: 1)
                return (a, try target.readPixels())
            }
            var worst = 0, total = 0, inked = 0
            let background = gpu.pixels[0]
            for i in stride(from: 0, to: gpu.pixels.count, by: 4) where gpu.pixels[i] != background || cpu.pixels[i] != background {
                let d = (0..<3).map { abs(Int(gpu.pixels[i + $0]) - Int(cpu.pixels[i + $0])) }.max()!
                worst = max(worst, d)
                total += d
                inked += 1
            }
            // Float against Double: positions agree to ~1e-4 pt and opacities to ~1e-7, so an
            // antialiased edge or a fading piece may round to a neighbouring 8-bit level.
            #expect(worst <= 2, "t=\(t): a pixel differs by \(worst) levels")
            #expect(inked > 2000, "t=\(t): the frame shows the burst (\(inked) pixels)")
            #expect(Double(total) / Double(inked) <= 0.5, "t=\(t): mean difference \(Double(total) / Double(inked)) levels")
        }
    }
}
