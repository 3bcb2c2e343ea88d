@preconcurrency import CEpoxy

/// glBindFramebuffer, for the files whose direct reference to epoxy's function pointer the
/// compiler refuses despite their @preconcurrency import (the viewer's frame and its screenshot,
/// in a release build), as `setGLViewport` is for glViewport.
func bindGLFramebuffer(_ target: GLenum, _ framebuffer: GLuint) {
    epoxy_glBindFramebuffer(target, framebuffer)
}
