#version 330 core
// Fills a confetti piece, a rectangle or an ellipse, with an antialiased edge, and writes
// premultiplied colour (blended with ONE, ONE_MINUS_SRC_ALPHA).

in vec2 vLocal;
flat in vec3 vHalfSize;
flat in vec4 vColor;

uniform float uPixelsPerPoint;

out vec4 fragColor;

void main() {
    vec2 halfSize = vHalfSize.xy;
    float coverage;
    if (vHalfSize.z < 0.5) {
        // Rectangle: per-axis coverage of a one-pixel-wide edge ramp.
        vec2 inside = clamp((halfSize - abs(vLocal)) * uPixelsPerPoint + 0.5, 0.0, 1.0);
        coverage = inside.x * inside.y;
    } else {
        // Ellipse: the implicit function divided by its gradient is the distance to the edge.
        vec2 q = vLocal / halfSize;
        float r = length(q);
        float gradient = length(q / halfSize) / max(r, 1e-6);
        float distance = (r - 1.0) / gradient;
        coverage = clamp(0.5 - distance * uPixelsPerPoint, 0.0, 1.0);
    }
    if (coverage <= 0.0) {
        discard;
    }
    fragColor = vColor * coverage;
}
