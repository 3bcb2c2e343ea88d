#version 330 core
// Fills a particle's shape (the code in vHalfSize.z: 0 rectangle, 1 ellipse, 2 star, 3 heart,
// 4 triangle, 5 ribbon; a spark is an ellipse) with an antialiased edge, and writes
// premultiplied colour (blended with ONE, ONE_MINUS_SRC_ALPHA). The inputs come from emitShape
// in quad.glsl; the distances from shapes.glsl.

#include "coverage.glsl"
#include "shapes.glsl"

in vec2 vLocal;
flat in vec3 vHalfSize;
flat in vec4 vColor;
flat in vec3 vWave;

out vec4 fragColor;

// The shape codes this build fills, bit c for code c. The renderer compiles one build per set
// of shapes its bursts hold (ParticleRenderer.program(for:)): llvmpipe runs every branch of a
// fragment shader, taken or not, so rectangles alone should not pay for stars.
#ifndef SHAPES
#define SHAPES 63
#endif

void main() {
    vec2 halfSize = vHalfSize.xy;
    // The code arrives as a whole number (a byte, or a spark's 1), so truncation is exact.
    int shape = int(vHalfSize.z);
    float coverage = 0.0;
#if (SHAPES & 1) != 0
    if (shape == 0) {
        // Rectangle: the product of each axis's edge coverage.
        coverage = edgeCoverage(abs(vLocal.x) - halfSize.x) * edgeCoverage(abs(vLocal.y) - halfSize.y);
    }
#endif
#if (SHAPES & 2) != 0
    if (shape == 1) {
        coverage = edgeCoverage(ellipseDistance(vLocal, halfSize));
    }
#endif
#if (SHAPES & 4) != 0
    if (shape == 2) {
        coverage = edgeCoverage(starDistance(vLocal, halfSize));
    }
#endif
#if (SHAPES & 8) != 0
    if (shape == 3) {
        coverage = edgeCoverage(heartDistance(vLocal, halfSize));
    }
#endif
#if (SHAPES & 16) != 0
    if (shape == 4) {
        coverage = edgeCoverage(triangleDistance(vLocal, halfSize));
    }
#endif
#if (SHAPES & 32) != 0
    if (shape == 5) {
        // Ribbon: like the rectangle, across the bent strip and past its ends.
        vec2 d = ribbonDistances(vLocal, halfSize, vWave);
        coverage = edgeCoverage(d.x) * edgeCoverage(d.y);
    }
#endif
    if (coverage <= 0.0) {
        discard;
    }
    fragColor = vColor * coverage;
}
