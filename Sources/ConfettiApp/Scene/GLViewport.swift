@preconcurrency import CEpoxy

/// glViewport: every ConfettiApp file sets the viewport through here. The compiler sometimes
/// refuses a direct reference to epoxy's function pointer despite the file's @preconcurrency
/// import (a Sendable type's file, the viewer's frame), and which file it refuses changes with
/// how the module's files are batched, so no file names it but this one.
func setGLViewport(_ x: GLint, _ y: GLint, _ width: GLsizei, _ height: GLsizei) {
    epoxy_glViewport(x, y, width, height)
}
