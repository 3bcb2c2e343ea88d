#version 330 core
// Fills a particle's shape (the code in vHalfSize.z: 0 rectangle, 1 ellipse, 2 star, 3 heart,
// 4 triangle, 5 ribbon, 9 sprite; a spark is an ellipse) with an antialiased edge, and writes
// premultiplied colour (blended with ONE, ONE_MINUS_SRC_ALPHA). The inputs come from emitShape
// in quad.glsl; the distances from shapes.glsl.

#include "coverage.glsl"
#include "shapes.glsl"
#include "sprite-sample.glsl"

in vec2 vLocal;
flat in vec3 vHalfSize;
flat in vec4 vColor;
flat in vec3 vWave;
flat in vec4 vScreenToLocal;

out vec4 fragColor;

// The shape codes this build fills, bit c for code c, and bit 8 when a shape's own frame may be
// a parallelogram (tumbling paper); bit 10, lit paper, is the vertex shader's (paper.glsl). The
// renderer compiles one build per key its spans hold (ParticleRenderer.program(for:)): llvmpipe
// runs every branch of a fragment shader, taken or not, so rectangles alone should not pay for
// stars.
#ifndef SHAPES
#define SHAPES 1855
#endif

// Screen points per point of the shape's own frame across its x and y sides: 1 for a shape
// turned by a rotation; for a parallelogram, 1 / the length of each row of d(local)/d(screen),
// so a distance from a side, divided by it, is the distance on screen.
vec2 across() {
#if (SHAPES & 256) != 0
    return vec2(length(vScreenToLocal.xz), length(vScreenToLocal.yw));
#else
    return vec2(1.0);
#endif
}

// d(local)/d(screen) transposed, times v: a gradient in the shape's frame, on screen.
vec2 gradientOnScreen(vec2 v) {
#if (SHAPES & 256) != 0
    return vec2(dot(vScreenToLocal.xy, v), dot(vScreenToLocal.zw, v));
#else
    return v;
#endif
}

void main() {
    vec2 halfSize = vHalfSize.xy;
    // The code arrives as a whole number (a byte, or a spark's 1), so truncation is exact.
    int shape = int(vHalfSize.z);
    float coverage = 0.0;
    vec4 colour = vColor;
#if (SHAPES & 1) != 0
    if (shape == 0) {
        // Rectangle: the product of each axis's edge coverage.
        vec2 scale = across();
        coverage = edgeCoverage((abs(vLocal.x) - halfSize.x) / scale.x) * edgeCoverage((abs(vLocal.y) - halfSize.y) / scale.y);
    }
#endif
#if (SHAPES & 512) != 0
    if (shape == 9) {
        // A sprite: its picture, edged as a rectangle.
        vec2 scale = across();
        coverage = edgeCoverage((abs(vLocal.x) - halfSize.x) / scale.x) * edgeCoverage((abs(vLocal.y) - halfSize.y) / scale.y);
        colour = spriteColour(vLocal, halfSize, vColor);
    }
#endif
#if (SHAPES & 2) != 0
    if (shape == 1) {
        vec2 q = vLocal / halfSize;
        float r = length(q);
        coverage = edgeCoverage((r - 1.0) / (length(gradientOnScreen(q / halfSize)) / max(r, 1e-6)));
    }
#endif
#if (SHAPES & 4) != 0
    // Stars, hearts and triangles measure in their own frame: a tumbling piece's frame is never
    // larger than the screen's (its projection's largest stretch is 1), so this is at least the
    // distance on screen, and the edge at most a pixel wide.
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
        vec2 d = ribbonDistances(vLocal, halfSize, vWave) / across();
        coverage = edgeCoverage(d.x) * edgeCoverage(d.y);
    }
#endif
    if (coverage <= 0.0) {
        discard;
    }
    fragColor = colour * coverage;
}
