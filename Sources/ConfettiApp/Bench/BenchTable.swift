import ConfettiCore
import ConfettiGL
import Foundation

extension BenchReport {
    /// The plots `bench --plot` writes, side by side: median frame time and the app's CPU time
    /// per frame against the count, log-log, one line per mode. Floor mode does no work of its
    /// own per frame, so it has no place on a log scale of CPU time.
    package var plots: RGBAImage {
        let panels = [plot(\.medianMs, title: "median frame time", modes: Benchmark.Mode.allCases),
                      plot(\.cpuMs, title: "app cpu time per frame", modes: [.gpu, .cpu])]
        return LogLogPlot.sideBySide(panels.map { $0.render() })
    }

    func plot(_ figure: KeyPath<BenchReport.Figures, Double>, title: String, modes: [Benchmark.Mode]) -> LogLogPlot {
        let report = self
        let colours: [Benchmark.Mode: RGB] = [.gpu: RGB(hex: 0x0A84FF), .reference: RGB(hex: 0x30D158), .cpu: RGB(hex: 0xFF9F0A), .floor: RGB(hex: 0x8E8E93)]
        let series = modes.map { mode in
            LogLogPlot.Series(name: mode.rawValue, color: colours[mode]!, points: report.sweep.compactMap { row -> (x: Double, y: Double)? in
                let figures: BenchReport.Figures? = switch mode {
                case .gpu: row.gpu
                case .reference: row.reference
                case .cpu: row.cpu
                case .floor: row.floor
                }
                return figures.map { (Double(row.count), $0[keyPath: figure]) }
            })
        }.filter { !$0.points.isEmpty }  // a fireworks effect has gpu mode alone
        return LogLogPlot(title: "\(title), \(report.size[0])x\(report.size[1])", xLabel: "particles", yLabel: "ms", series: series)
    }

    /// The table `confetti bench` prints: every figure per count and mode, the ratios, the
    /// atlas and the scenarios.
    package var table: String {
        let report = self
        func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
        func ms(_ v: Double) -> String { String(format: v < 1 ? "%.3f" : "%.2f", v) }
        var lines = [
            "machine: \(report.machine.renderer) (\(report.machine.device)); \(report.machine.cores) cores (\(report.machine.cpu)); \(report.size[0])x\(report.size[1]); \(report.rounds) rounds",
            "",
            [pad("particles", 10), pad("mode", 9), pad("median ms", 10), pad("p95 ms", 9), pad("GPU ms", 9), pad("CPU ms", 9),
             pad("upload B/frame", 15), pad("GPU B/particle", 15), pad("frames", 7), pad("work ms", 9)].joined(separator: " "),
        ]
        for row in report.sweep {
            for f in [row.gpu, row.reference, row.cpu, row.floor].compactMap({ $0 }) {
                lines.append([pad(f.mode == .gpu ? "\(row.count)" : "", 10), pad(f.mode.rawValue, 9), pad(ms(f.medianMs), 10),
                              pad(ms(f.p95Ms), 9), pad(ms(f.gpuMs), 9), pad(ms(f.cpuMs), 9), pad("\(f.uploadBytesPerFrame)", 15),
                              pad("\(f.gpuBytesPerParticle)", 15), pad("\(f.frames)", 7), pad(ms(f.workMs), 9)].joined(separator: " "))
            }
            let ratios = [("gpu/reference", row.gpuOverReference), ("gpu/floor", row.gpuOverFloor), ("gpu/cpu", row.gpuOverCpu),
                          ("work gpu/reference", row.gpuOverReferenceWork)]
                .compactMap { name, value in value.map { String(format: "%@ %.3f", name, $0) } }
            if !ratios.isEmpty { lines.append(pad("", 10) + "   " + ratios.joined(separator: "   ")) }
            if let f = row.paper, let ratio = row.spritesOverPaper {
                lines.append([pad("", 10), pad("paper", 9), pad(ms(f.medianMs), 10), pad(ms(f.p95Ms), 9), pad(ms(f.gpuMs), 9), pad(ms(f.cpuMs), 9),
                              pad("\(f.uploadBytesPerFrame)", 15), pad("\(f.gpuBytesPerParticle)", 15), pad("\(f.frames)", 7), pad(ms(f.workMs), 9)].joined(separator: " "))
                lines.append(pad("", 10) + String(format: "   sprites/paper %.3f (the same launches drawn as paper and light)", ratio))
            }
            let byGPUTime = [("gpu/reference", row.gpuTimeGpuOverReference), ("gpu/floor", row.gpuTimeGpuOverFloor), ("gpu/cpu", row.gpuTimeGpuOverCpu)]
                .compactMap { name, value in value.map { String(format: "%@ %.3f", name, $0) } }
            if !byGPUTime.isEmpty { lines.append(pad("", 10) + "   by GPU time: " + byGPUTime.joined(separator: "   ")) }
        }
        if let a = report.atlas {
            lines.append("")
            lines.append(String(format: "sprite atlas: %d pictures, %d bytes (256² texels and mip levels each), made and uploaded in %.1f ms",
                                a.pictures, a.bytes, a.milliseconds))
        }
        if let s = report.scenarios {
            lines.append("")
            lines.append(String(format: "culling: %d dead + %d live: %@ ms; the live launch alone: %@ ms; ratio %.3f",
                                s.culling.deadParticles, s.culling.liveParticles, ms(s.culling.medianMs), ms(s.culling.aloneMedianMs), s.culling.ratio))
            lines.append(String(format: "spawn: %d particles: spawn %@ ms (CPU), upload %@ ms (%d bytes, once)",
                                s.spawn.particles, ms(s.spawn.spawnMs), ms(s.spawn.uploadMs), s.spawn.bytes))
            lines.append(String(format: "mixed: %d confetti + %d sparks: median %@ ms, p95 %@ ms, GPU %@ ms",
                                s.mixed.confetti, s.mixed.sparks, ms(s.mixed.medianMs), ms(s.mixed.p95Ms), ms(s.mixed.gpuMs)))
            lines.append("where the time goes (gpu mode, same scene in points):")
            for v in s.whereTimeGoes {
                lines.append(String(format: "  %8d particles  %4dx%-4d pixels  pieces x%.1f  median %@ ms",
                                    v.count, v.size[0], v.size[1], v.sizeScale, ms(v.medianMs)))
            }
        }
        return lines.joined(separator: "\n")
    }
}
