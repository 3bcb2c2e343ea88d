#version 330 core
// One firework spark per instance, one quad corner per vertex (triangle strip of 4).
// The spark flies along a cubic Bézier (quadratics arrive degree-raised) at u = t/T, faces
// along the tangent, scales by keyframes read at the eased progress, and fades at the end.
// Formulas: docs/effects.md (Fireworks). Record layout: Sources/ConfettiCore/Record/SparkKind.swift.

#include "quad.glsl"
#include "easing.glsl"
#include "sprite.glsl"

layout(location = 0) in vec4 aCurveA;   // P0.xy (pt), P1 - P0
layout(location = 1) in vec4 aCurveB;   // P2 - P0, P3 - P0
layout(location = 2) in vec4 aScale;    // scale keyframe values
layout(location = 3) in float aDelay;   // s after the launch
layout(location = 4) in vec4 aLook;     // diameter (pt), in front (0/1), sprite index + 1 (0: a circle), unused
layout(location = 5) in vec4 aColor;    // straight rgba

uniform float uTime;        // s since the launch, rebased on the CPU in double precision
uniform vec4 uTiming;       // duration T (s), key time 1, key time 2, unused
uniform vec2 uFade;         // opacity is 1 until uFade.x, 0 from uFade.y (fractions of T)

// Read back by transform feedback (trace and parity tests); unused when drawing.
out vec4 vPose;             // x, y (pt), angle (deg), scale
out vec3 vLife;             // opacity, alive (1 or 0), eased progress

// Piecewise linear through the four values at 0, k1, k2, 1.
float keyframes(vec4 values, float k1, float k2, float e) {
    if (e <= 0.0) return values.x;
    if (e <= k1) return mix(values.x, values.y, e / k1);
    if (e <= k2) return mix(values.y, values.z, (e - k1) / (k2 - k1));
    return mix(values.z, values.w, (e - k2) / (1.0 - k2));
}

void main() {
    float duration = uTiming.x;
    float t = uTime - aDelay;
    float u = clamp(t / duration, 0.0, 1.0);
    float v = 1.0 - u;

    vec2 d1 = aCurveA.zw, d2 = aCurveB.xy, d3 = aCurveB.zw;
    vec2 position = aCurveA.xy + (3.0 * v * v * u) * d1 + (3.0 * v * u * u) * d2 + (u * u * u) * d3;
    // dB/du divided by 3: only its direction matters.
    vec2 tangent = v * v * d1 + (2.0 * v * u) * (d2 - d1) + (u * u) * (d3 - d2);
    if (dot(tangent, tangent) < 1e-18) tangent = d3;
    float angle = degrees(atan(tangent.y, tangent.x));

    float e = eased(u);
    float scale = keyframes(aScale, uTiming.y, uTiming.z, e);

    bool alive = t >= 0.0 && t < duration;
    float progress = t / duration;
    float opacity = progress <= uFade.x ? 1.0 : (progress >= uFade.y ? 0.0 : (uFade.y - progress) / (uFade.y - uFade.x));
    opacity = alive ? opacity : 0.0;

    vPose = vec4(position, angle, scale);
    vLife = vec3(opacity, alive ? 1.0 : 0.0, e);

    if (alive && aLook.z > 0.5) {
        // A sprite, its longer side the diameter, facing along the path.
        float index = aLook.z - 1.0;
        emitQuad(position, angle, 0.5 * aLook.x * scale * spriteShare(index), 9.0, premultiply(aColor.rgb, opacity));
        showSprite(index, aLook.x, 0.0, 1.0);
    } else if (alive) {
        // A circle: an ellipse with equal half extents.
        float radius = 0.5 * aLook.x * scale;
        emitQuad(position, angle, vec2(radius), 1.0, premultiply(aColor.rgb, opacity));
    } else {
        emitNothing();
    }
}
