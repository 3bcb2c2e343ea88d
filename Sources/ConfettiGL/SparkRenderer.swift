@preconcurrency import CEpoxy
import ConfettiCore

extension SparkTiming {
    /// The spark shader's per-burst uniforms: uTiming (duration, key times 1 and 2), uFade,
    /// uEase. Three key times use [0, k1, 1] and the record repeats the last value.
    public var shaderConstants: SIMD16<Float> {
        let k1 = scaleKeyTimes.count > 2 ? scaleKeyTimes[1] : 1
        let k2 = scaleKeyTimes.count > 3 ? scaleKeyTimes[2] : 1
        return SIMD16(
            Float(duration), Float(k1), Float(k2), 0,
            Float(fadeStart), Float(fadeEnd), 0, 0,
            Float(easing.x1), Float(easing.y1), Float(easing.x2), Float(easing.y2),
            0, 0, 0, 0
        )
    }
}

/// Sets the uniforms `spark.vert.glsl` reads, for one burst.
func setSparkUniforms(_ program: ShaderProgram, time: Float, constants c: SIMD16<Float>, viewport: Size, pixelsPerPoint: Double) {
    epoxy_glUniform1f(program.uniform("uTime"), time)
    epoxy_glUniform4f(program.uniform("uTiming"), c[0], c[1], c[2], c[3])
    epoxy_glUniform2f(program.uniform("uFade"), c[4], c[5])
    epoxy_glUniform4f(program.uniform("uEase"), c[8], c[9], c[10], c[11])
    epoxy_glUniform2f(program.uniform("uViewport"), Float(viewport.width), Float(viewport.height))
    epoxy_glUniform1f(program.uniform("uPixelsPerPoint"), Float(pixelsPerPoint))
}

/// Draws firework sparks with `spark.vert.glsl` and `spark.frag.glsl`, in two layers: behind
/// the button and in front of it.
public final class SparkRenderer {
    public enum Layer: Int, Sendable {
        case behind = 0, inFront = 1
    }

    public let bursts: BurstRenderer<SparkInstance>
    public var ring: InstanceRing<SparkInstance> { bursts.ring }

    public init(shaders: ShaderDirectory, capacity: Int = ConfettiRenderer.defaultCapacity) throws {
        bursts = try BurstRenderer(
            vertex: shaders.file("spark.vert.glsl"), fragment: shaders.file("spark.frag.glsl"),
            attributes: SparkInstance.attributes, capacity: capacity
        ) { program, burst, age, viewport, pixelsPerPoint in
            setSparkUniforms(program, time: age, constants: burst.constants, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
        }
    }

    public func delete() { bursts.delete() }

    /// Uploads one firework launched at `time`: its sparks behind the button and those in
    /// front go to two ranges, so each layer is one draw.
    @discardableResult
    public func add(_ sparks: [Spark], timing: SparkTiming, at time: Double) throws -> [Burst] {
        let constants = timing.shaderConstants
        return try [Layer.behind, .inFront].compactMap { layer -> Burst? in
            let members = sparks.filter { $0.inFront == (layer == .inFront) }
            guard !members.isEmpty else { return nil }
            let delays = members.map(\.delay)
            return try ring.write(
                members.map(SparkInstance.init), epoch: time,
                appears: delays.min()!, dies: delays.max()! + timing.duration,
                constants: constants, layer: layer.rawValue, now: time
            )
        }
    }

    public func removeAll() { ring.removeAll() }

    @discardableResult
    public func draw(at now: Double, viewport: Size, pixelsPerPoint: Double, layer: Layer) -> FrameStats {
        bursts.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, layer: layer.rawValue)
    }
}
