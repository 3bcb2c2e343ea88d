#version 330 core
// A rounded rectangle (signed distance, antialiased) with its label from a one-channel
// texture, premultiplied.

#include "coverage.glsl"

in vec2 vFromCentre;

uniform vec4 uRect;
uniform float uCornerRadius;    // pt
uniform vec3 uFill;
uniform vec3 uTextColor;
uniform vec2 uLabelOrigin;      // pt, top-left of the label: whole points, so that no pixel
                                // centre falls on a texel edge
uniform vec2 uLabelSize;        // pt
uniform sampler2D uLabel;

out vec4 fragColor;

void main() {
    vec2 q = abs(vFromCentre) - 0.5 * uRect.zw + uCornerRadius;
    float distance = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - uCornerRadius;
    float coverage = edgeCoverage(distance);
    if (coverage <= 0.0) {
        discard;
    }
    vec2 uv = (uRect.xy + 0.5 * uRect.zw + vFromCentre - uLabelOrigin) / uLabelSize;
    float ink = all(greaterThanEqual(uv, vec2(0.0))) && all(lessThan(uv, vec2(1.0))) ? texture(uLabel, uv).r : 0.0;
    fragColor = vec4(mix(uFill, uTextColor, ink) * coverage, coverage);
}
