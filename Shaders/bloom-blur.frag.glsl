#version 330 core
// Bloom, passes 2 and 3: one direction of the separable Gaussian (BloomKernel.swift), at half
// resolution, edges clamped.

#include "bloom.glsl"

uniform sampler2D uImage;
uniform ivec2 uStep;            // (1, 0) across, (0, 1) up
uniform int uTaps;              // taps each side of the centre, 1...64
uniform float uWeights[65];     // centre first; w0 + 2 (w1 + ... + wn) = 1

out vec4 fragColor;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 sum = uWeights[0] * texelClamped(uImage, p);
    for (int k = 1; k <= uTaps; k++) {
        sum += uWeights[k] * (texelClamped(uImage, p - k * uStep) + texelClamped(uImage, p + k * uStep));
    }
    fragColor = sum;
}
