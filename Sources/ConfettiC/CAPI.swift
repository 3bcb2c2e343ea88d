// The C API of confetti.h, one function each: arguments checked, the call forwarded to
// `Celebration`, what it throws turned into a status and a message. Nothing here may trap: a
// trap would abort the app that loaded the library. Public, because an optimised build
// exports no internal function.
import ConfettiGL
import Foundation

/// The release, as CONFETTI_VERSION in confetti.h: major * 10000 + minor * 100 + patch.
let libraryVersion: UInt32 = 14_00

@c public func confetti_version() -> UInt32 { libraryVersion }

@c public func confetti_status_name(_ status: Int32) -> UnsafePointer<CChar> {
    let name = Status(rawValue: status)?.name ?? "unknown status"
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c public func confetti_create(_ capacity: Int64, _ seed: UInt64, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    out?.pointee = nil
    return withoutHandle {
        let out = try Arguments.out(out, "out")
        let range = "capacity must be 0 (the default, \(Celebration.defaultCapacity)) or 1 ... \(Celebration.maxCapacity) particles, not \(capacity)"
        guard capacity >= 0 else { throw Failure(.argument, range) }
        // Rings beyond the GPU budget are a limit, as the header says, not a malformed argument.
        guard capacity <= Celebration.maxCapacity else { throw Failure(.limit, range) }
        let context = try CurrentContext.require()
        let celebration = try Celebration(capacity: capacity == 0 ? Celebration.defaultCapacity : Int(capacity), seed: seed)
        out.pointee = Handles.add(Handle(celebration, context: context))
    }
}

@c public func confetti_destroy(_ pointer: OpaquePointer?) -> Int32 {
    // Taken out of the live handles first, so that no other call can reach it meanwhile; its
    // error, if any, is kept per thread since the handle is gone.
    guard let pointer, let handle = Handles.remove(pointer) else {
        return withHandle(pointer) { _ in }
    }
    return withoutHandle {
        try handle.lock.withLock {
            handle.isDestroyed = true
            // Its GL objects can only be deleted in their own context; without it they stay
            // with the context, which frees them when it goes. The handle is gone either way,
            // so the message says so rather than asking for a retry.
            do { try handle.requireContext() } catch let error as Failure {
                let why = error.message.prefix { $0 != ":" }
                throw Failure(error.status, "the celebration is freed, but \(why), so its GL objects are left to the context it was made in, which frees them when it is destroyed")
            }
            handle.celebration.delete()
        }
    }
}

/// The fire functions: one launch of `effect()` with the viewport and button checked first.
private func fire(_ pointer: OpaquePointer?, _ now: Double, _ width: Double, _ height: Double, _ button: UnsafeRawPointer?,
                  _ effect: () throws -> Effect) -> Int32 {
    withHandle(pointer) { handle in
        let now = try Arguments.time(now)
        let viewport = try Arguments.viewport(width, height)
        let button = try Arguments.button(button)
        let effect = try effect()
        try handle.requireContext()
        try handle.celebration.fire(effect, at: now, in: viewport, around: button)
    }
}

@c public func confetti_fire_preset(_ pointer: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ now: Double,
                             _ width: Double, _ height: Double, _ button: UnsafeRawPointer?) -> Int32 {
    fire(pointer, now, width, height, button) {
        let name = try Arguments.string(name, "the preset's name")
        guard let effect = Effect.preset(name) else {
            let names = Effect.presets.map(\.name)
            let shown = name.count <= 64 ? name : String(name.prefix(64)) + "…"
            throw Failure(.unknownPreset, "unknown preset '\(shown)': \(names.joined(separator: ", "))")
        }
        return effect
    }
}

@c public func confetti_fire_file(_ pointer: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ now: Double,
                           _ width: Double, _ height: Double, _ button: UnsafeRawPointer?) -> Int32 {
    fire(pointer, now, width, height, button) {
        let path = try Arguments.string(path, "the effect file's path")
        guard !path.isEmpty else { throw Failure(.argument, "the effect file's path is empty") }
        // A path, never a preset's name: Effect.load takes either.
        let folder = (path as NSString).deletingLastPathComponent
        let data: Data
        do {
            data = try InputFile.read(path, maxBytes: EffectFile.maxBytes, noun: "an effect file")
        } catch let error as InputFileError {
            throw Failure(.effect, error.description)
        }
        return try EffectFile.decode(data, file: path, directory: folder.isEmpty ? nil : folder)
    }
}

@c public func confetti_fire_json(_ pointer: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ now: Double,
                           _ width: Double, _ height: Double, _ button: UnsafeRawPointer?) -> Int32 {
    fire(pointer, now, width, height, button) {
        let text = try Arguments.string(json, "the effect's JSON text")
        guard text.utf8.count <= EffectFile.maxBytes else {
            throw Failure(.effect, "the effect's JSON text is \(text.utf8.count) bytes, more than \(EffectFile.maxBytes)")
        }
        return try EffectFile.decode(Data(text.utf8), file: "the effect's JSON text")
    }
}

@c public func confetti_draw(_ pointer: OpaquePointer?, _ now: Double, _ width: Double, _ height: Double, _ pixelsPerPoint: Double) -> Int32 {
    withHandle(pointer) { handle in
        let now = try Arguments.time(now)
        let viewport = try Arguments.viewport(width, height)
        let scale = try Arguments.pixelsPerPoint(pixelsPerPoint)
        try handle.requireContext()
        handle.celebration.draw(at: now, viewport: viewport, pixelsPerPoint: scale)
    }
}

@c public func confetti_is_idle(_ pointer: OpaquePointer?, _ now: Double, _ idle: UnsafeMutablePointer<Int32>?) -> Int32 {
    withHandle(pointer) { handle in
        let idle = try Arguments.out(idle, "idle")
        idle.pointee = handle.celebration.isIdle(at: try Arguments.time(now)) ? 1 : 0
    }
}

@c public func confetti_live_particles(_ pointer: OpaquePointer?, _ now: Double, _ count: UnsafeMutablePointer<Int64>?) -> Int32 {
    withHandle(pointer) { handle in
        let count = try Arguments.out(count, "count")
        count.pointee = Int64(handle.celebration.liveParticles(at: try Arguments.time(now)))
    }
}

@c public func confetti_remove_all(_ pointer: OpaquePointer?) -> Int32 {
    withHandle(pointer) { $0.celebration.removeAll() }
}

@c public func confetti_gpu_milliseconds(_ pointer: OpaquePointer?, _ milliseconds: UnsafeMutablePointer<Double>?) -> Int32 {
    withHandle(pointer) { handle in
        try Arguments.out(milliseconds, "milliseconds").pointee = handle.celebration.gpuMilliseconds ?? -1
    }
}

/// The presets' names as C strings, made once (a global is initialised once, atomically) and
/// kept for the life of the process; never written after.
nonisolated(unsafe) private let presetNames: [UnsafePointer<CChar>] = Effect.presets.map { UnsafePointer(strdup($0.name)!) }

@c public func confetti_preset_count(_ count: UnsafeMutablePointer<UInt>?) -> Int32 {
    withoutHandle { try Arguments.out(count, "count").pointee = UInt(presetNames.count) }
}

@c public func confetti_preset_name(_ index: UInt, _ name: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32 {
    withoutHandle {
        let name = try Arguments.out(name, "name")
        guard index < UInt(presetNames.count) else {
            name.pointee = nil
            throw Failure(.argument, "there are \(presetNames.count) presets: index \(index) is not below that")
        }
        name.pointee = presetNames[Int(index)]
    }
}

@c public func confetti_last_error(_ pointer: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: UInt,
                            _ length: UnsafeMutablePointer<UInt>?) -> Int32 {
    let message: String
    if let pointer {
        guard let handle = Handles.find(pointer) else {
            ThreadError.message = "the celebration is not one confetti_create made, or was destroyed"
            return Status.argument.rawValue
        }
        message = handle.lock.withLock { handle.lastError }
    } else {
        message = ThreadError.message
    }
    let bytes = Array(message.utf8)
    length?.pointee = UInt(bytes.count)
    guard size > 0 else { return Status.ok.rawValue }
    guard let buffer else {
        ThreadError.message = "the buffer is null but its size is \(size)"
        return Status.argument.rawValue
    }
    // Cut at a character boundary: never in the middle of a UTF-8 sequence.
    var end = Int(min(UInt(bytes.count), size - 1))
    while end > 0, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    for i in 0..<end { buffer[i] = CChar(bitPattern: bytes[i]) }
    buffer[end] = 0
    return Status.ok.rawValue
}
