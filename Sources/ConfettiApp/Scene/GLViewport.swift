@preconcurrency import CEpoxy

/// glViewport, for the files whose direct reference to epoxy's function pointer the compiler
/// sometimes refuses despite their @preconcurrency import (a Sendable type's file, the viewer's
/// frame): which file it refuses changes with how the module's files are batched.
func setGLViewport(_ x: GLint, _ y: GLint, _ width: GLsizei, _ height: GLsizei) {
    epoxy_glViewport(x, y, width, height)
}
