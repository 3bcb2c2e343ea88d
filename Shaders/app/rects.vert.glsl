#version 330 core
// Rectangles of the framebuffer, two triangles each, their corners in whole pixels
// (bottom-up, as GL counts them): a pixel is covered when its centre is inside, so each
// rectangle covers exactly its pixels, as a scissor of the same rectangle would.

in vec2 aCorner;            // px

uniform vec2 uFramebuffer;  // px, the viewport's size (the viewport at the origin)

void main() {
    gl_Position = vec4(aCorner / uFramebuffer * 2.0 - 1.0, 0.0, 1.0);
}
