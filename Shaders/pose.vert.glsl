#version 330 core
// Draws confetti pieces whose pose the CPU already computed: no physics, only placement.
// The benchmark's `cpu` mode (the source article's approach) and `floor` mode (what
// rasterization alone costs) use it with confetti.frag.glsl, so shapes and blending match.
// Record layout: Sources/ConfettiCore/PoseInstance.swift.

layout(location = 0) in vec4 aPose;         // x, y (pt), rotation (deg), width (pt)
layout(location = 1) in vec2 aSizeFade;     // height (pt), opacity
layout(location = 2) in vec4 aColorShape;   // rgb, shape (0 rectangle, 1 circle)

uniform vec2 uViewport;
uniform float uPixelsPerPoint;

out vec2 vLocal;
flat out vec3 vHalfSize;
flat out vec4 vColor;

void main() {
    float opacity = aSizeFade.y;
    if (opacity <= 0.0) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        vLocal = vec2(0.0);
        vHalfSize = vec3(0.0);
        vColor = vec4(0.0);
        return;
    }
    vec2 halfSize = 0.5 * vec2(aPose.w, aSizeFade.x);
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) * 2.0 - 1.0;
    vLocal = corner * (halfSize + 1.0 / uPixelsPerPoint);
    float angle = radians(aPose.z);
    float c = cos(angle), s = sin(angle);
    vec2 p = aPose.xy + vec2(c * vLocal.x - s * vLocal.y, s * vLocal.x + c * vLocal.y);
    gl_Position = vec4(p.x / uViewport.x * 2.0 - 1.0, 1.0 - p.y / uViewport.y * 2.0, 0.0, 1.0);
    vHalfSize = vec3(halfSize, aColorShape.a);
    vColor = vec4(aColorShape.rgb * opacity, opacity);
}
