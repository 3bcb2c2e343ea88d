#version 330 core
// A round spark with an antialiased edge, premultiplied.

#include "coverage.glsl"

in vec2 vLocal;
flat in float vRadius;
flat in vec4 vColor;

out vec4 fragColor;

void main() {
    float coverage = edgeCoverage(length(vLocal) - vRadius);
    if (coverage <= 0.0) {
        discard;
    }
    fragColor = vColor * coverage;
}
