import FoundationEssentials
import Glibc

extension Sprite.Source {
    /// Pixels on the longer side of a picture drawn from a description (an SVG path): the
    /// atlas page's, so nothing is lost to resampling.
    static let drawnSide = SpriteTexels.side

    /// Pictures an app registered under a name (confetti_add_image), which an effect's `image`
    /// names as it would a PNG file: bound while that app's effect is decoded, and looked up
    /// before any file.
    @TaskLocal package static var namedImages: [String: SpriteImage] = [:]

    /// The picture, made now: emoji and text shaped by HarfBuzz and drawn by FreeType, a PNG
    /// decoded by libpng (its path relative to `directory` unless absolute; a name in
    /// `namedImages` first), a path filled in Swift; kept no larger than an atlas page
    /// (`atPageSize`), whichever made it: a text sprite of 64 characters at `textPixels` is
    /// thousands of pixels wide, and an app's own picture may be 4096² pixels.
    /// Runs `body` on this thread with `isAbandoned` asked before each picture it makes: once
    /// it says true (the resident overlay, past a request's budget), each further picture is
    /// refused instead of made, so a list of large pictures stops at the next one. Bound to the
    /// thread, not a task: the overlay makes pictures on a plain thread of its own, where a
    /// task-local value crashed the statically linked release build.
    package static func making<T>(abandonedWhen isAbandoned: @escaping @Sendable () -> Bool, _ body: () throws -> T) rethrows -> T {
        let check = Unmanaged.passRetained(AbandonCheck(isAbandoned))
        let outer = pthread_getspecific(abandonKey)
        pthread_setspecific(abandonKey, check.toOpaque())
        defer {
            pthread_setspecific(abandonKey, outer)
            check.release()
        }
        return try body()
    }

    private final class AbandonCheck {
        let isAbandoned: @Sendable () -> Bool
        init(_ isAbandoned: @escaping @Sendable () -> Bool) { self.isAbandoned = isAbandoned }
    }

    /// The thread's check, as `making(abandonedWhen:_:)` binds it.
    private static let abandonKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static var isAbandoned: Bool {
        guard let check = pthread_getspecific(abandonKey) else { return false }
        return Unmanaged<AbandonCheck>.fromOpaque(check).takeUnretainedValue().isAbandoned()
    }

    /// Made once what asked for it has given up (`making(abandonedWhen:_:)`, or its task
    /// cancelled), it is refused instead.
    func picture(relativeTo directory: String?) throws -> SpriteImage {
        if Task.isCancelled || Self.isAbandoned { throw SpriteError("the picture was not made: what asked for it stopped waiting") }
        return try made(relativeTo: directory).atPageSize
    }

    private func made(relativeTo directory: String?) throws -> SpriteImage {
        switch self {
        case .picture(let image):
            return image
        case .emoji(let text):
            return try GlyphRasteriser.emoji(text)
        case .text(let text, let font):
            return try GlyphRasteriser.text(text, font: font)
        case .image(let path):
            if let named = Self.namedImages[path] { return named }
            return try PNGSprite.read(Self.resolvedPath(path, relativeTo: directory))
        case .path(let d):
            return try SVGPath(d).mask(longerSide: Self.drawnSide)
        }
    }
}
