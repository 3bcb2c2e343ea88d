// The C API of confetti.h, one function each: arguments checked, the call forwarded to
// `Celebration`, what it throws turned into a status and a message. Nothing here may trap: a
// trap would abort the app that loaded the library. Public, because an optimised build
// exports no internal function. Each signature is the header's (Declarations.swift).
import CConfetti
import ConfettiGL
import FoundationEssentials
import Glibc
import Synchronization

/// The release, as CONFETTI_VERSION in confetti.h: major * 10000 + minor * 100 + patch.
let libraryVersion = UInt32(CONFETTI_VERSION_MAJOR * 10_000 + CONFETTI_VERSION_MINOR * 100 + CONFETTI_VERSION_PATCH)

@c public func confetti_version() -> UInt32 { libraryVersion }

@c public func confetti_status_name(_ status: confetti_status) -> UnsafePointer<CChar>? {
    let name = Status(status)?.name ?? "unknown status"
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c public func confetti_create(_ capacity: Int64, _ seed: UInt64, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> confetti_status {
    out?.pointee = nil
    return withoutHandle {
        let out = try Arguments.out(out, "out")
        guard capacity >= 0 else {
            throw Failure(.argument, "capacity must be 0 (the default, \(Celebration.defaultCapacity)) or 1 ... \(Celebration.maxCapacity) particles, not \(capacity)")
        }
        guard capacity <= Celebration.maxCapacity else {
            throw Failure(.limit, "capacity \(capacity) is beyond the rings' 1 GiB of GPU memory: at most \(Celebration.maxCapacity) particles (0: the default, \(Celebration.defaultCapacity))")
        }
        let context = try CurrentContext.require()
        // The presets are built once per process, here rather than in the first fire: an
        // app's first click costs what later ones do (confetti.h, confetti_create).
        _ = presetNames
        try AppGLErrors.keep {
            let celebration = try Celebration(capacity: capacity == 0 ? Celebration.defaultCapacity : Int(capacity), seed: seed)
            out.pointee = Handles.add(Handle(celebration, context: context))
        }
    }
}

@c public func confetti_destroy(_ pointer: OpaquePointer?) -> confetti_status {
    // Taken out of the live handles first, so that no other call can reach it meanwhile; its
    // error, if any, is kept per thread since the handle is gone.
    guard let pointer, let handle = Handles.remove(pointer) else {
        return withHandle(pointer) { _ in }
    }
    return withoutHandle {
        try handle.lock.withLock { _ in
            handle.isDestroyed = true
            // Its GL objects can only be deleted in their own context; without it they stay
            // with the context, which frees them when it goes. The handle is gone either way,
            // so the message says so rather than asking for a retry.
            do { try handle.requireContext() } catch let error as Failure {
                let why = error.message.prefix { $0 != ":" }
                throw Failure(error.status, "the celebration is freed, but \(why), so its GL objects are left to the context it was made in, which frees them when it is destroyed")
            }
            try AppGLErrors.keep { handle.celebration.delete() }
        }
    }
}

/// The fire functions: one launch of `effect()` with the viewport and button checked first.
private func fire(_ pointer: OpaquePointer?, _ now: Double, _ width: Double, _ height: Double, _ button: UnsafePointer<confetti_rect>?,
                  _ effect: () throws -> Effect) -> confetti_status {
    withHandle(pointer) { handle in
        let now = try Arguments.time(now)
        let viewport = try Arguments.viewport(width, height)
        let button = try Arguments.button(button)
        // The handle's pictures are what an effect's `image` names first.
        let decoded = try Sprite.Source.$namedImages.withValue(handle.images) { try effect() }
        let effect = handle.reducedMotion ? decoded.reducedMotion : decoded
        try handle.requireContext()
        try AppGLErrors.keep { try handle.celebration.fire(effect, at: now, in: viewport, around: button) }
    }
}

@c public func confetti_fire_preset(_ pointer: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ now: Double,
                             _ width: Double, _ height: Double, _ button: UnsafePointer<confetti_rect>?) -> confetti_status {
    fire(pointer, now, width, height, button) {
        let name = try Arguments.string(name, "the preset's name")
        return try EffectReference.name(name).resolve(among: .none).effect
    }
}

@c public func confetti_fire_file(_ pointer: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ now: Double,
                           _ width: Double, _ height: Double, _ button: UnsafePointer<confetti_rect>?) -> confetti_status {
    fire(pointer, now, width, height, button) {
        let path = try Arguments.string(path, "the effect file's path")
        guard !path.isEmpty else { throw Failure(.argument, "the effect file's path is empty") }
        // A path, never a preset's name.
        return try EffectReference.file(path).resolve(among: .none).effect
    }
}

@c public func confetti_fire_json(_ pointer: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ now: Double,
                           _ width: Double, _ height: Double, _ button: UnsafePointer<confetti_rect>?) -> confetti_status {
    fire(pointer, now, width, height, button) {
        let text = try Arguments.string(json, "the effect's JSON text")
        guard text.utf8.count <= EffectFile.maxBytes else {
            throw Failure(.effect, "the effect's JSON text is \(text.utf8.count) bytes, more than \(EffectFile.maxBytes)")
        }
        return try EffectFile.decode(Data(text.utf8), file: "the effect's JSON text")
    }
}

@c public func confetti_draw(_ pointer: OpaquePointer?, _ now: Double, _ width: Double, _ height: Double, _ pixelsPerPoint: Double) -> confetti_status {
    draw(pointer, now, width, height, pixelsPerPoint, sides: { ButtonSide.allCases })
}

@c public func confetti_draw_layer(_ pointer: OpaquePointer?, _ side: confetti_side, _ now: Double, _ width: Double, _ height: Double,
                                   _ pixelsPerPoint: Double) -> confetti_status {
    draw(pointer, now, width, height, pixelsPerPoint) {
        // confetti_side's numbers are ButtonSide's.
        guard let buttonSide = ButtonSide(rawValue: Int(side.rawValue)) else {
            throw Failure(.argument, "the side must be CONFETTI_BEHIND_BUTTON (0) or CONFETTI_OVER_BUTTON (1), not \(side.rawValue)")
        }
        return [buttonSide]
    }
}

/// The draw functions: `sides()` of the button drawn in turn, arguments checked first.
private func draw(_ pointer: OpaquePointer?, _ now: Double, _ width: Double, _ height: Double, _ pixelsPerPoint: Double,
                  sides: () throws -> [ButtonSide]) -> confetti_status {
    withHandle(pointer) { handle in
        let sides = try sides()
        let now = try Arguments.time(now)
        let viewport = try Arguments.viewport(width, height)
        let scale = try Arguments.pixelsPerPoint(pixelsPerPoint)
        try handle.requireContext()
        try AppGLErrors.keep {
            try DrawTarget.check()
            DrawTarget.filling(viewport, scale) {
                for side in sides { handle.celebration.drawing(at: now, viewport: viewport, pixelsPerPoint: scale, side: side) }
            }
        }
    }
}

@c public func confetti_is_idle(_ pointer: OpaquePointer?, _ now: Double, _ idle: UnsafeMutablePointer<Int32>?) -> confetti_status {
    withHandle(pointer) { handle in
        let idle = try Arguments.out(idle, "idle")
        idle.pointee = handle.celebration.isIdle(at: try Arguments.time(now)) ? 1 : 0
    }
}

@c public func confetti_live_particles(_ pointer: OpaquePointer?, _ now: Double, _ count: UnsafeMutablePointer<Int64>?) -> confetti_status {
    withHandle(pointer) { handle in
        let count = try Arguments.out(count, "count")
        count.pointee = Int64(handle.celebration.liveParticles(at: try Arguments.time(now)))
    }
}

@c public func confetti_set_reduced_motion(_ pointer: OpaquePointer?, _ reduced: Int32) -> confetti_status {
    withHandle(pointer) { $0.reducedMotion = reduced != 0 }
}

@c public func confetti_audio(_ pointer: OpaquePointer?, _ from: Double, _ sampleRate: Int32, _ frames: Int,
                               _ samples: UnsafeMutablePointer<Float>?) -> confetti_status {
    withHandle(pointer) { handle in
        let from = try Arguments.time(from)
        // size_t's bits: a value beyond Int's range is refused by the count check as Int.max.
        let frames = Int(min(UInt(bitPattern: frames), UInt(Int.max)))
        let audio: [Float]
        do {
            audio = try handle.celebration.audio(from: from, sampleRate: Int(sampleRate), frames: frames)
        } catch let error as CelebrationError {
            throw Failure(.argument, error.description)
        }
        guard !audio.isEmpty else { return }
        let samples = try Arguments.out(samples, "samples")
        samples.update(from: audio, count: audio.count)
    }
}

@c public func confetti_add_image(_ pointer: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ rgba: UnsafePointer<UInt8>?,
                                  _ width: Int32, _ height: Int32) -> confetti_status {
    withHandle(pointer) { handle in
        let name = try Arguments.string(name, "the picture's name")
        guard !name.isEmpty, name.utf8.count <= 256 else { throw Failure(.argument, "the picture's name must be 1 to 256 bytes of UTF-8, not \(name.utf8.count)") }
        let rgba = try Arguments.out(UnsafeMutablePointer(mutating: rgba), "the picture's pixels")
        let side = 1...Int32(PNGSprite.maxSide)
        guard side.contains(width), side.contains(height) else {
            throw Failure(.argument, "the picture must be 1 to \(PNGSprite.maxSide) pixels a side, not \(width)×\(height)")
        }
        guard handle.images[name] != nil || handle.images.count < Handle.maxImages else {
            throw Failure(.limit, "a celebration holds \(Handle.maxImages) pictures by name; this one is not added")
        }
        let pixels = Array(UnsafeBufferPointer(start: rgba, count: Int(width) * Int(height) * 4))
        // A SpriteError (nothing visible) is CONFETTI_ERROR_EFFECT, as a PNG file's would be.
        handle.images[name] = try PNGSprite.picture(straightRGBA: pixels, width: Int(width), height: Int(height), name: "the picture '\(printable(name, limit: 64))'")
    }
}

@c public func confetti_remove_all(_ pointer: OpaquePointer?) -> confetti_status {
    withHandle(pointer) { $0.celebration.removeAll() }
}

@c public func confetti_gpu_milliseconds(_ pointer: OpaquePointer?, _ milliseconds: UnsafeMutablePointer<Double>?) -> confetti_status {
    withHandle(pointer) { handle in
        try Arguments.out(milliseconds, "milliseconds").pointee = handle.celebration.gpuMilliseconds ?? -1
    }
}

/// The presets' names as C strings, made once (a global is initialised once, atomically) and
/// kept for the life of the process; never written after.
nonisolated(unsafe) private let presetNames: [UnsafePointer<CChar>] = Effect.presets.map { UnsafePointer(strdup($0.name)!) }

@c public func confetti_preset_count(_ count: UnsafeMutablePointer<Int>?) -> confetti_status {
    withoutHandle { try Arguments.out(count, "count").pointee = presetNames.count }
}

/// size_t arrives as Int (Swift's import of it): its bits are the caller's unsigned value.
@c public func confetti_preset_name(_ index: Int, _ name: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> confetti_status {
    let index = UInt(bitPattern: index)
    return withoutHandle {
        let name = try Arguments.out(name, "name")
        guard index < UInt(presetNames.count) else {
            name.pointee = nil
            throw Failure(.argument, "there are \(presetNames.count) presets: index \(index) is not below that")
        }
        name.pointee = presetNames[Int(index)]
    }
}

@c public func confetti_last_error(_ pointer: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
                            _ length: UnsafeMutablePointer<Int>?) -> confetti_status {
    let size = UInt(bitPattern: size)
    let message: String
    if let pointer {
        guard let handle = Handles.find(pointer) else {
            ThreadError.message = "the celebration is not one confetti_create made, or was destroyed"
            return Status.argument.code
        }
        // This thread's: another thread's calls on the handle keep their own.
        message = ThreadError[handle.token]
    } else {
        message = ThreadError.message
    }
    let bytes = Array(message.utf8)
    length?.pointee = bytes.count
    guard size > 0 else { return Status.ok.code }
    guard let buffer else {
        ThreadError.message = "the buffer is null but its size is \(size)"
        return Status.argument.code
    }
    // Cut at a character boundary: never in the middle of a UTF-8 sequence.
    var end = Int(min(UInt(bytes.count), size - 1))
    while end > 0, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    for i in 0..<end { buffer[i] = CChar(bitPattern: bytes[i]) }
    buffer[end] = 0
    return Status.ok.code
}
