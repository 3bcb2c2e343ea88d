// What the C boundary costs: one `draw` through libconfetti's confetti_draw against the same
// `Celebration.draw` called from Swift, in one process, one headless context, the same scene,
// alternating call by call, as medians of CPU-side wall time (the GPU's work is finished
// outside the timed calls). `make capi-bench` runs it on the release library:
//     capi-bench path/to/libconfetti.so [draws]
@preconcurrency import CEpoxy
import ConfettiGL
import Dispatch
import FoundationEssentials
import Glibc

typealias Create = @convention(c) (Int64, UInt64, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
typealias Fire = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Double, Double, Double, UnsafeRawPointer?) -> Int32
typealias Draw = @convention(c) (OpaquePointer?, Double, Double, Double, Double) -> Int32
typealias IsIdle = @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<Int32>?) -> Int32

let arguments = CommandLine.arguments
guard arguments.count >= 2, let library = dlopen(arguments[1], RTLD_NOW | RTLD_LOCAL) else {
    print("usage: capi-bench path/to/libconfetti.so [draws]; \(String(cString: dlerror()))")
    exit(2)
}
func function<T>(_ name: String, _: T.Type) -> T { unsafeBitCast(dlsym(library, name)!, to: T.self) }
let create = function("confetti_create", Create.self), fire = function("confetti_fire_preset", Fire.self)
let draw = function("confetti_draw", Draw.self)
let isIdleC = function("confetti_is_idle", IsIdle.self)
let draws = arguments.count > 2 ? Int(arguments[2]) ?? 2000 : 2000

let context = try HeadlessContext()
try context.makeCurrent()
let target = try OffscreenTarget(width: 640, height: 360)
target.bind()
let viewport = Size(width: 640, height: 360)

var handle: OpaquePointer?
guard create(0, 1, &handle) == 0, fire(handle, "celebration", 0, 640, 360, nil) == 0, fire(handle, "confetti", 0, 640, 360, nil) == 0 else {
    print("the C library refused the scene"); exit(1)
}
let celebration = try Celebration(seed: 1)
try celebration.fire("celebration", at: 0, in: viewport)
try celebration.fire("confetti", at: 0, in: viewport)

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
// And with nothing alive: the boundary itself, around a draw that returns at once.
var idle: OpaquePointer?
guard create(1024, 1, &idle) == 0 else { print("the C library made no second celebration"); exit(1) }
let idleCelebration = try Celebration(capacity: 1024, seed: 1)

var askC: [Double] = [], askSwift: [Double] = []
var throughC: [Double] = [], fromSwift: [Double] = [], idleThroughC: [Double] = [], idleFromSwift: [Double] = []
for i in 0..<draws {
    let now = 0.2 + Double(i % 60) / 60   // a second of the scene, over and over
    var flag: Int32 = 0
    // Each pair in turn first, each call after the GPU has finished: neither side is favoured
    // by a warm cache or an idle GPU.
    let pairs: [(() -> Void, () -> Void, (Double, Double) -> Void)] = [
        ({ _ = draw(handle, now, 640, 360, 1) }, { celebration.draw(at: now, viewport: viewport, pixelsPerPoint: 1) },
         { throughC.append($0); fromSwift.append($1) }),
        ({ _ = draw(idle, now, 640, 360, 1) }, { idleCelebration.draw(at: now, viewport: viewport, pixelsPerPoint: 1) },
         { idleThroughC.append($0); idleFromSwift.append($1) }),
        ({ _ = isIdleC(idle, now, &flag) }, { _ = idleCelebration.isIdle(at: now) }, { askC.append($0); askSwift.append($1) }),
    ]
    for (c, swift, record) in pairs {
        var cTime = 0.0, swiftTime = 0.0
        for side in i % 2 == 0 ? [0, 1] : [1, 0] {
            if side == 0 { cTime = seconds(c) } else { swiftTime = seconds(swift) }
            epoxy_glFinish()
        }
        record(cTime, swiftTime)
    }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] * 1e6 }
for (name, c, swift) in [("one draw", median(throughC), median(fromSwift)), ("nothing alive", median(idleThroughC), median(idleFromSwift)), ("is idle", median(askC), median(askSwift))] {
    print(name + String(printf: ", median of %ld: through C %.2f µs, from Swift %.2f µs, C/Swift %.3f (%+.2f µs)", draws, c, swift, c / swift, c - swift))
}
