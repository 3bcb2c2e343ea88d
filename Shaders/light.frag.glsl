#version 330 core
// Fills a star's light: a soft glow (shape 6, round or stretched into a capsule along its
// motion) with a white-hot core, or a piece of a ribbon trail (shape 7). Writes premultiplied
// colour that keeps only part of its alpha, so overlapping light adds up under the blend
// (ONE, ONE_MINUS_SRC_ALPHA) while a light desktop still shows it (docs/effects.md, Stars).
// The inputs come from emitShape in quad.glsl; the CPU's copy is DrawnQuad.fragment.

#include "coverage.glsl"
#include "sprite-sample.glsl"

in vec2 vLocal;
flat in vec3 vHalfSize;     // half length + radius, radius (pt), shape
flat in vec4 vColor;        // premultiplied
flat in vec3 vWave;         // unused: light does not wave

uniform vec4 uGlow;         // core radius (share of the radius), core whiteness, kept alpha, unused

out vec4 fragColor;

// The shapes this build fills (bit 6 glow, bit 7 segment, bit 9 sprite): the renderer builds
// one per set a burst holds (ParticleRenderer.program(for:)), since llvmpipe runs every branch.
#ifndef SHAPES
#define SHAPES 704
#endif

// (1 - q^2)^2 inside the radius, 0 outside: smooth at the rim, so it needs no antialiasing.
float halo(float q) {
    float inside = max(1.0 - q * q, 0.0);
    return inside * inside;
}

void main() {
    float radius = vHalfSize.y;
    int shape = int(vHalfSize.z);
    float amount = 0.0;
    float core = 0.0;
#if (SHAPES & 512) != 0
    if (shape == 9) {
        // A star drawn as a picture: not light, so it keeps its alpha, edged as a rectangle.
        float coverage = edgeCoverage(abs(vLocal.x) - vHalfSize.x) * edgeCoverage(abs(vLocal.y) - vHalfSize.y);
        if (coverage <= 0.0) {
            discard;
        }
        fragColor = spriteColour(vLocal, vHalfSize.xy, vColor) * coverage;
        return;
    }
#endif
#if (SHAPES & 64) != 0
    if (shape == 6) {
        // Distance to the capsule's segment: a round glow's is a point.
        float along = max(abs(vLocal.x) - (vHalfSize.x - radius), 0.0);
        float d = length(vec2(along, vLocal.y));
        float h = halo(d / radius);
        core = edgeCoverage(d - uGlow.x * radius);
        amount = h + (1.0 - h) * core;
    }
#endif
#if (SHAPES & 128) != 0
    if (shape == 7) {
        // Soft across, cut square at the ends: the ramps of two segments meeting at a joint add
        // up to one, so the ribbon has no beads where its pieces join.
        amount = halo(abs(vLocal.y) / radius) * edgeCoverage(abs(vLocal.x) - vHalfSize.x);
    }
#endif
    if (amount <= 0.0) {
        discard;
    }
    vec3 lit = mix(vColor.rgb, vec3(vColor.a), core * uGlow.y) * amount;
    fragColor = vec4(lit, vColor.a * amount * uGlow.z);
}
