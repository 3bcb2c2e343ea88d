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

void main() {
    vec2 halfSize = vHalfSize.xy;
    // The code arrives as a whole number (a byte, or a spark's 1), so truncation is exact.
    int shape = int(vHalfSize.z);
    float coverage;
    if (shape == 0) {
        // Rectangle: the product of each axis's edge coverage.
        coverage = edgeCoverage(abs(vLocal.x) - halfSize.x) * edgeCoverage(abs(vLocal.y) - halfSize.y);
    } else if (shape == 1) {
        coverage = edgeCoverage(ellipseDistance(vLocal, halfSize));
    } else if (shape == 2) {
        coverage = edgeCoverage(starDistance(vLocal, halfSize));
    } else if (shape == 3) {
        coverage = edgeCoverage(heartDistance(vLocal, halfSize));
    } else if (shape == 4) {
        coverage = edgeCoverage(triangleDistance(vLocal, halfSize));
    } else {
        // Ribbon: like the rectangle, across the bent strip and past its ends.
        vec2 d = ribbonDistances(vLocal, halfSize, vWave);
        coverage = edgeCoverage(d.x) * edgeCoverage(d.y);
    }
    if (coverage <= 0.0) {
        discard;
    }
    fragColor = vColor * coverage;
}
