#version 330 core
// Draws confetti pieces whose pose the CPU already computed: no physics, only placement.
// The benchmark's `cpu` mode (the source article's approach) and `floor` mode (what
// rasterization alone costs) use it with particle.frag.glsl, so shapes and blending match.
// Record layout: Sources/ConfettiCore/Record/PoseRecord.swift.

#include "quad.glsl"

layout(location = 0) in vec4 aPose;         // x, y (pt), rotation (deg), width (pt)
layout(location = 1) in vec2 aSizeFade;     // height (pt), opacity
layout(location = 2) in vec4 aColorShape;   // rgb, shape (0 rectangle, 1 circle)

void main() {
    float opacity = aSizeFade.y;
    if (opacity > 0.0) {
        emitQuad(aPose.xy, aPose.z, 0.5 * vec2(aPose.w, aSizeFade.x), aColorShape.a, premultiply(aColorShape.rgb, opacity));
    } else {
        emitNothing();
    }
}
