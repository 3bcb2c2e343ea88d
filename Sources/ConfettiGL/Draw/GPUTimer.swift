@preconcurrency import CEpoxy

/// GPU time of a frame's intervals, measured with GL_TIMESTAMP queries (`glQueryCounter`, core
/// since 3.3) and read back only once the GPU has finished them, a few frames later: the CPU
/// never waits for the GPU to learn how long it took.
///
/// `begin` and `end` bracket each interval of a frame (at most `intervals` of them, say the
/// particles behind the button and those over it); `endFrame` closes the frame. Frames go
/// round a ring of `depth` slots; a slot whose results have not come back when its turn comes
/// again is given up, not waited for. Timestamps, unlike GL_TIME_ELAPSED queries, can be taken
/// while another timer's interval is open, so a frame's timer and its particles' can overlap.
package final class GPUTimer {
    package let depth: Int
    package let intervals: Int
    /// depth × intervals × 2 query names, made at the first `begin` (a context is current then).
    private var queries: [GLuint] = []
    /// Intervals recorded in each slot; 0 for a slot with nothing to read.
    private var recorded: [Int]
    /// The frame each slot holds, to keep the newest result.
    private var frameOfSlot: [Int]
    private var slot = 0
    private var frame = 0
    private var isOpen = false
    /// GPU milliseconds of the newest frame whose results have come back; nil until one has.
    package private(set) var latestMilliseconds: Double?
    private var latestFrame = -1

    package init(depth: Int = 4, intervals: Int = 1) {
        self.depth = depth
        self.intervals = intervals
        recorded = Array(repeating: 0, count: depth)
        frameOfSlot = Array(repeating: -1, count: depth)
    }

    private func query(_ slot: Int, _ interval: Int, _ edge: Int) -> GLuint {
        queries[(slot * intervals + interval) * 2 + edge]
    }

    /// Whether `begin`, `end` and `endFrame` take timestamps; off, they do nothing and
    /// `latestMilliseconds` stays as it was. Under llvmpipe a timestamp is a command in every
    /// tile of the framebuffer, so each one makes the rasteriser visit (and read the clock in)
    /// every tile, however little the frame draws: a cost a caller that reads no GPU time turns off.
    package var isEnabled = true

    package func begin() {
        guard isEnabled else { return }
        if queries.isEmpty {
            queries = Array(repeating: 0, count: depth * intervals * 2)
            epoxy_glGenQueries(GLsizei(queries.count), &queries)
        }
        guard !isOpen, recorded[slot] < intervals else { return }
        epoxy_glQueryCounter(query(slot, recorded[slot], 0), GLenum(GL_TIMESTAMP))
        isOpen = true
    }

    package func end() {
        guard isOpen else { return }
        epoxy_glQueryCounter(query(slot, recorded[slot], 1), GLenum(GL_TIMESTAMP))
        recorded[slot] += 1
        isOpen = false
    }

    /// Closes this frame and moves to the next slot, taking in the frame that slot held, from
    /// `depth − 1` frames ago, if its results are back, and giving it up if not. One look a
    /// frame: asking whether a result is ready can make a driver flush (llvmpipe does), so the
    /// newer slots are not asked about.
    package func endFrame() {
        guard isEnabled else { return }
        end()
        if recorded[slot] > 0 { frameOfSlot[slot] = frame }
        frame += 1
        slot = (slot + 1) % depth
        if recorded[slot] > 0 { collect(slot) }
        recorded[slot] = 0
    }

    private func collect(_ slot: Int) {
        // Queries finish in the order they were issued: the last one ready means all are.
        var available: GLint = 0
        epoxy_glGetQueryObjectiv(query(slot, recorded[slot] - 1, 1), GLenum(GL_QUERY_RESULT_AVAILABLE), &available)
        guard available != 0 else { return }
        var nanoseconds: UInt64 = 0
        for interval in 0..<recorded[slot] {
            var times: [GLuint64] = [0, 0]
            for edge in 0..<2 {
                epoxy_glGetQueryObjectui64v(query(slot, interval, edge), GLenum(GL_QUERY_RESULT), &times[edge])
            }
            nanoseconds += times[1] >= times[0] ? times[1] - times[0] : 0
        }
        if frameOfSlot[slot] > latestFrame {
            latestFrame = frameOfSlot[slot]
            latestMilliseconds = Double(nanoseconds) / 1e6
        }
        recorded[slot] = 0
    }

    /// Frees the queries; the context must be current.
    package func delete() {
        if !queries.isEmpty { epoxy_glDeleteQueries(GLsizei(queries.count), queries) }
        queries = []
    }
}
