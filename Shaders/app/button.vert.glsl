#version 330 core
// The Celebrate button: one quad (no vertex buffer) covering the rectangle plus a pixel of
// margin for the antialiased edge.

#include "quad.glsl"

uniform vec4 uRect;         // x, y, width, height (pt)

out vec2 vFromCentre;       // pt

void main() {
    vFromCentre = quadCorner() * (0.5 * uRect.zw + edgeMargin());
    gl_Position = toClip(uRect.xy + 0.5 * uRect.zw + vFromCentre);
}
