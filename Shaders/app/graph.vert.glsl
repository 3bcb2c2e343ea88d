#version 330 core
// The viewer's frame-time graph: one quad (no vertex buffer) over its rectangle.

#include "quad.glsl"

uniform vec4 uRect;         // x, y, width, height (pt)

out vec2 vPoint;            // pt, from the rectangle's top-left corner

void main() {
    vPoint = (quadCorner() * 0.5 + 0.5) * uRect.zw;
    gl_Position = toClip(uRect.xy + vPoint);
}
