#version 330 core
// Draws confetti pieces whose pose the CPU already computed: no physics, only placement.
// The benchmark's `cpu` mode (the source article's approach) and `floor` mode (what
// rasterization alone costs) use it with confetti.frag.glsl, so shapes and blending match.
// Record layout: Sources/ConfettiCore/Record/PoseInstance.swift.

#include "quad.glsl"

layout(location = 0) in vec4 aPose;         // x, y (pt), rotation (deg), width (pt)
layout(location = 1) in vec2 aSizeFade;     // height (pt), opacity
layout(location = 2) in vec4 aColorShape;   // rgb, shape (0 rectangle, 1 circle)

out vec2 vLocal;
flat out vec3 vHalfSize;
flat out vec4 vColor;

void main() {
    float opacity = aSizeFade.y;
    if (opacity <= 0.0) {
        gl_Position = collapsed;
        vLocal = vec2(0.0);
        vHalfSize = vec3(0.0);
        vColor = vec4(0.0);
        return;
    }
    vec2 halfSize = 0.5 * vec2(aPose.w, aSizeFade.x);
    vLocal = quadCorner() * (halfSize + edgeMargin());
    gl_Position = toClip(aPose.xy + rotate(vLocal, aPose.z));
    vHalfSize = vec3(halfSize, aColorShape.a);
    vColor = premultiply(aColorShape.rgb, opacity);
}
