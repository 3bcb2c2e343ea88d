#version 330 core
// A round spark with an antialiased edge, premultiplied.

in vec2 vLocal;
flat in float vRadius;
flat in vec4 vColor;

uniform float uPixelsPerPoint;

out vec4 fragColor;

void main() {
    float coverage = clamp(0.5 - (length(vLocal) - vRadius) * uPixelsPerPoint, 0.0, 1.0);
    if (coverage <= 0.0) {
        discard;
    }
    fragColor = vColor * coverage;
}
