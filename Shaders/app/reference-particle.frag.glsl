#version 330 core
// FROZEN COPY for `confetti bench --mode reference` (Sources/ConfettiApp/Bench/ReferenceRenderer.swift):
// the frozen 60-byte renderer, kept unchanged so every speed-up is a ratio against it
// measured in the same run. Do not edit; change the live shaders instead.
// Fills a particle's shape, a rectangle or an ellipse (a spark is a circle), with an
// antialiased edge, and writes premultiplied colour (blended with ONE, ONE_MINUS_SRC_ALPHA).
// The inputs come from emitQuad in quad.glsl.

#include "app/reference-coverage.glsl"

in vec2 vLocal;
flat in vec3 vHalfSize;
flat in vec4 vColor;

out vec4 fragColor;

void main() {
    vec2 halfSize = vHalfSize.xy;
    float coverage;
    if (vHalfSize.z < 0.5) {
        // Rectangle: the product of each axis's edge coverage.
        coverage = edgeCoverage(abs(vLocal.x) - halfSize.x) * edgeCoverage(abs(vLocal.y) - halfSize.y);
    } else {
        // Ellipse: the implicit function divided by its gradient is the distance to the edge.
        vec2 q = vLocal / halfSize;
        float r = length(q);
        float gradient = length(q / halfSize) / max(r, 1e-6);
        coverage = edgeCoverage((r - 1.0) / gradient);
    }
    if (coverage <= 0.0) {
        discard;
    }
    fragColor = vColor * coverage;
}
