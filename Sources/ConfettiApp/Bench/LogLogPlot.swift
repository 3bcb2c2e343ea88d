import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// A log-log line chart drawn on the CPU into an `RGBAImage`, for the benchmark: no plotting
/// library, text in `PixelFont`.
package struct LogLogPlot {
    package struct Series {
        package var name: String
        package var color: RGB
        package var points: [(x: Double, y: Double)]

        package init(name: String, color: RGB, points: [(x: Double, y: Double)]) {
            self.name = name
            self.color = color
            self.points = points
        }
    }

    package var title: String
    package var xLabel: String
    package var yLabel: String
    package var series: [Series]
    package var width = 640
    package var height = 440

    package init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
    }

    private struct Canvas {
        var image: RGBAImage

        mutating func set(_ x: Int, _ y: Int, _ c: RGB) {
            guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
            let (r, g, b, _) = c.rgba8
            let i = (y * image.width + x) * 4
            image.pixels[i] = r
            image.pixels[i + 1] = g
            image.pixels[i + 2] = b
        }

        mutating func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ c: RGB) {
            for y in min(y0, y1)...max(y0, y1) {
                for x in min(x0, x1)...max(x0, x1) { set(x, y, c) }
            }
        }

        mutating func line(_ a: (Double, Double), _ b: (Double, Double), _ c: RGB, thickness: Int) {
            let steps = Int(max(abs(b.0 - a.0), abs(b.1 - a.1)) * 2) + 1
            for k in 0...steps {
                let f = Double(k) / Double(steps)
                let x = Int((a.0 + (b.0 - a.0) * f).rounded()), y = Int((a.1 + (b.1 - a.1) * f).rounded())
                fill(x - thickness / 2, y - thickness / 2, x + (thickness - 1) / 2, y + (thickness - 1) / 2, c)
            }
        }

        mutating func text(_ s: String, x: Int, y: Int, scale: Int, _ c: RGB) {
            let bitmap = PixelFont.rasterize(s)
            for row in 0..<bitmap.height {
                for col in 0..<bitmap.width where bitmap.pixels[row * bitmap.width + col] > 0 {
                    fill(x + col * scale, y + row * scale, x + col * scale + scale - 1, y + row * scale + scale - 1, c)
                }
            }
        }
    }

    static func textWidth(_ s: String, scale: Int) -> Int { PixelFont.rasterize(s).width * scale }

    /// Counts: "1k", "10k", "1M".
    static func countLabel(_ value: Double) -> String {
        if value >= 1_000_000 { return "\(Int(value / 1_000_000))M" }
        if value >= 1_000 { return "\(Int(value / 1_000))k" }
        return "\(Int(value))"
    }

    /// Measurements: "0.001", "1", "1000".
    static func valueLabel(_ value: Double) -> String {
        value.compactText
    }

    /// Images of one height, left to right.
    package static func sideBySide(_ images: [RGBAImage]) -> RGBAImage {
        let height = images.map(\.height).max() ?? 0, width = images.reduce(0) { $0 + $1.width }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var x0 = 0
        for image in images {
            for y in 0..<image.height {
                let source = (y * image.width * 4)..<((y + 1) * image.width * 4)
                let start = (y * width + x0) * 4
                pixels.replaceSubrange(start..<(start + image.width * 4), with: image.pixels[source])
            }
            x0 += image.width
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    package func render() -> RGBAImage {
        let background = SceneRenderer.background, grid = RGB(0.2, 0.21, 0.26), ink = RGB(0.85, 0.86, 0.9)
        var canvas = Canvas(image: RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 4)))
        canvas.fill(0, 0, width - 1, height - 1, background)

        let all = series.flatMap(\.points).filter { $0.x > 0 && $0.y > 0 }
        guard !all.isEmpty else { return canvas.image }
        let x0 = floor(log10(all.map(\.x).min()!)), x1 = max(ceil(log10(all.map(\.x).max()!)), x0 + 1)
        let y0 = floor(log10(all.map(\.y).min()!)), y1 = max(ceil(log10(all.map(\.y).max()!)), y0 + 1)
        let left = 80.0, right = Double(width) - 30, top = 50.0, bottom = Double(height) - 60
        func px(_ x: Double) -> Double { left + (log10(x) - x0) / (x1 - x0) * (right - left) }
        func py(_ y: Double) -> Double { bottom - (log10(y) - y0) / (y1 - y0) * (bottom - top) }

        for d in Int(x0)...Int(x1) {
            let x = px(pow(10, Double(d)))
            canvas.line((x, top), (x, bottom), grid, thickness: 1)
            let text = Self.countLabel(pow(10, Double(d)))
            canvas.text(text, x: Int(x) - Self.textWidth(text, scale: 2) / 2, y: Int(bottom) + 10, scale: 2, ink)
        }
        for d in Int(y0)...Int(y1) {
            let y = py(pow(10, Double(d)))
            canvas.line((left, y), (right, y), grid, thickness: 1)
            let text = Self.valueLabel(pow(10, Double(d)))
            canvas.text(text, x: Int(left) - 10 - Self.textWidth(text, scale: 2), y: Int(y) - 7, scale: 2, ink)
        }
        canvas.text(title, x: Int(left), y: 14, scale: 2, ink)
        canvas.text(xLabel, x: Int((left + right) / 2) - Self.textWidth(xLabel, scale: 2) / 2, y: height - 26, scale: 2, ink)
        canvas.text(yLabel, x: 8, y: Int(top) - 26, scale: 2, ink)

        for (k, s) in series.enumerated() {
            let points = s.points.filter { $0.x > 0 && $0.y > 0 }.sorted { $0.x < $1.x }
            for (a, b) in zip(points, points.dropFirst()) {
                canvas.line((px(a.x), py(a.y)), (px(b.x), py(b.y)), s.color, thickness: 3)
            }
            for p in points {
                let (x, y) = (Int(px(p.x)), Int(py(p.y)))
                canvas.fill(x - 4, y - 4, x + 4, y + 4, s.color)
            }
            // Legend, top right.
            let lx = Int(left) + 20, ly = Int(top) + 10 + k * 24
            canvas.fill(lx, ly + 2, lx + 20, ly + 10, s.color)
            canvas.text(s.name, x: lx + 30, y: ly, scale: 2, ink)
        }
        return canvas.image
    }
}
