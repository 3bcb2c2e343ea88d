// FROZEN COPY for `confetti bench --mode reference` (Sources/ConfettiApp/Bench/ReferenceRenderer.swift):
// the frozen 60-byte renderer, kept unchanged so every speed-up is a ratio against it
// measured in the same run. Do not edit; change the live shaders instead.
// Shared by the fragment shaders: how much of this pixel a shape covers.

uniform float uPixelsPerPoint;  // framebuffer pixels per point

// Coverage of a pixel whose centre lies `distance` points outside a shape's edge (negative
// inside): a ramp one pixel wide, centred on the edge.
float edgeCoverage(float distance) {
    return clamp(0.5 - distance * uPixelsPerPoint, 0.0, 1.0);
}
