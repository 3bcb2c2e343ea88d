// An app with its own GLFW window and OpenGL drawing, celebrating with ConfettiGL on top.
// Space fires confetti, E emoji confetti, F a fountain, C the whole celebration; Esc quits. It only redraws
// while something moves. Run it: swift run celebrate-in-glfw (needs a display).
// `--frames N` draws N frames with a celebration fired at the start, then exits (for CI).

@preconcurrency import CEpoxy
import CGLFW
import ConfettiGL
import FoundationEssentials

guard glfwInit() == GLFW_TRUE else { fatalError("no display for a window") }
glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
guard let window = glfwCreateWindow(800, 450, "My app, celebrating", nil, nil) else { fatalError("no OpenGL 3.3 window") }
glfwMakeContextCurrent(window)

let celebration = try Celebration()
// Confetti drawn as pictures: each sprite is made once, here.
var party = Effect.confetti
party.confetti.sprites = try [Sprite(.emoji("🎉")), Sprite(.emoji("🎊")), Sprite(.emoji("🥳"), size: 36)]
nonisolated(unsafe) var pressed: [Int32] = []
glfwSetKeyCallback(window) { _, key, _, action, _ in if action == GLFW_PRESS { pressed.append(key) } }
let framesArgument = CommandLine.arguments.firstIndex(of: "--frames").flatMap { Int(CommandLine.arguments[$0 + 1]) }

var frames = 0
while glfwWindowShouldClose(window) == GLFW_FALSE, frames < framesArgument ?? .max {
    let now = glfwGetTime()
    var w: Int32 = 0, h: Int32 = 0, ww: Int32 = 0, wh: Int32 = 0
    glfwGetFramebufferSize(window, &w, &h)
    glfwGetWindowSize(window, &ww, &wh)
    let scale = ww > 0 ? Double(w) / Double(ww) : 1
    let viewport = Size(width: Double(w) / scale, height: Double(h) / scale)  // points
    if framesArgument != nil, frames == 0 {
        try celebration.fire(.celebration, at: now, in: viewport)
        try celebration.fire(party, at: now, in: viewport)
    }
    for key in pressed {
        switch key {
        case GLFW_KEY_SPACE: try celebration.fire(.confetti, at: now, in: viewport)
        case GLFW_KEY_E: try celebration.fire(party, at: now, in: viewport)
        case GLFW_KEY_F: try celebration.fire(.fountain, at: now, in: viewport)
        case GLFW_KEY_C: try celebration.fire("celebration", at: now, in: viewport)
        case GLFW_KEY_ESCAPE: glfwSetWindowShouldClose(window, GLFW_TRUE)
        default: break
        }
    }
    pressed.removeAll()

    // The app's own drawing: a teal background.
    epoxy_glViewport(0, 0, w, h)
    epoxy_glClearColor(0.1, 0.35, 0.4, 1)
    epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    // The celebration over it; the app's GL state is left as it was.
    celebration.draw(at: now, viewport: viewport, pixelsPerPoint: scale)
    glfwSwapBuffers(window)
    frames += 1

    // Nothing moving: sleep until a key instead of redrawing.
    if celebration.isIdle(at: glfwGetTime()), framesArgument == nil { glfwWaitEvents() } else { glfwPollEvents() }
}
celebration.delete()
glfwDestroyWindow(window)
glfwTerminate()
