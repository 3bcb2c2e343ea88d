import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

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
        func ms(_ v: Double) -> String { String(printf: v < 1 ? "%.3f" : "%.2f", v) }
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
                .compactMap { name, value in value.map { name + String(printf: " %.3f", $0) } }
            if !ratios.isEmpty { lines.append(pad("", 10) + "   " + ratios.joined(separator: "   ")) }
            if let f = row.paper, let ratio = row.spritesOverPaper {
                lines.append([pad("", 10), pad("paper", 9), pad(ms(f.medianMs), 10), pad(ms(f.p95Ms), 9), pad(ms(f.gpuMs), 9), pad(ms(f.cpuMs), 9),
                              pad("\(f.uploadBytesPerFrame)", 15), pad("\(f.gpuBytesPerParticle)", 15), pad("\(f.frames)", 7), pad(ms(f.workMs), 9)].joined(separator: " "))
                lines.append(pad("", 10) + String(printf: "   sprites/paper %.3f (the same launches drawn as paper and light)", ratio))
            }
            let byGPUTime = [("gpu/reference", row.gpuTimeGpuOverReference), ("gpu/floor", row.gpuTimeGpuOverFloor), ("gpu/cpu", row.gpuTimeGpuOverCpu)]
                .compactMap { name, value in value.map { name + String(printf: " %.3f", $0) } }
            if !byGPUTime.isEmpty { lines.append(pad("", 10) + "   by GPU time: " + byGPUTime.joined(separator: "   ")) }
        }
        if let a = report.atlas {
            lines.append("")
            lines.append(String(printf: "sprite atlas: %ld pictures, %ld bytes (256² texels and mip levels each), made and uploaded in %.1f ms",
                                a.pictures, a.bytes, a.milliseconds))
        }
        if let s = report.scenarios {
            lines.append("")
            lines.append("culling: \(s.culling.deadParticles) dead + \(s.culling.liveParticles) live: \(ms(s.culling.medianMs)) ms; "
                                + "the live launch alone: \(ms(s.culling.aloneMedianMs)) ms; ratio \(String(printf: "%.3f", s.culling.ratio))")
            lines.append("spawn: \(s.spawn.particles) particles: spawn \(ms(s.spawn.spawnMs)) ms (CPU), upload \(ms(s.spawn.uploadMs)) ms (\(s.spawn.bytes) bytes, once)")
            lines.append("mixed: \(s.mixed.confetti) confetti + \(s.mixed.sparks) sparks: median \(ms(s.mixed.medianMs)) ms, p95 \(ms(s.mixed.p95Ms)) ms, GPU \(ms(s.mixed.gpuMs)) ms")
            lines.append("where the time goes (gpu mode, same scene in points):")
            for v in s.whereTimeGoes {
                lines.append(String(printf: "  %8ld particles  %4ldx%-4ld pixels  pieces x%.1f  median ", v.count, v.size[0], v.size[1], v.sizeScale)
                                + ms(v.medianMs) + " ms")
            }
        }
        return lines.joined(separator: "\n")
    }
}
