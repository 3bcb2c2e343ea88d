#version 330 core
// The Celebrate button: one quad (no vertex buffer) covering the rectangle plus a pixel of
// margin for the antialiased edge.

uniform vec4 uRect;         // x, y, width, height (pt)
uniform vec2 uViewport;     // pt
uniform float uPixelsPerPoint;

out vec2 vFromCentre;       // pt

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 margin = vec2(1.0 / uPixelsPerPoint);
    vec2 p = uRect.xy - margin + corner * (uRect.zw + 2.0 * margin);
    vFromCentre = p - (uRect.xy + 0.5 * uRect.zw);
    gl_Position = vec4(p.x / uViewport.x * 2.0 - 1.0, 1.0 - p.y / uViewport.y * 2.0, 0.0, 1.0);
}
