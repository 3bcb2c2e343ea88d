#version 330 core
// FROZEN COPY for `confetti bench --mode reference` (Sources/ConfettiApp/Bench/ReferenceRenderer.swift):
// the frozen 60-byte renderer, kept unchanged so every speed-up is a ratio against it
// measured in the same run. Do not edit; change the live shaders instead.
// One confetti piece per instance, one quad corner per vertex (triangle strip of 4).
// The motion is the closed form of docs/effects.md (Confetti), evaluated from the record the
// CPU wrote once (layout: ReferenceConfettiRecord in ReferenceRenderer.swift) and one time uniform.

#include "app/reference-quad.glsl"

layout(location = 0) in vec4 aMotion;   // x0, y0 (pt), vx, vy (pt/s)
layout(location = 1) in vec4 aSway;     // flutter amplitude (pt), frequency (rad/s), phase (rad), signed spread (pt/s^2)
layout(location = 2) in vec4 aTumble;   // rotation0 (deg), spin (deg/s), flip frequency (rad/s), flip phase (rad)
layout(location = 3) in float aBirth;   // s after the burst's epoch
layout(location = 4) in vec4 aShape;    // width, height (pt), shape (0 rectangle, 1 circle), unused
layout(location = 5) in vec4 aColor;    // straight rgba

uniform float uTime;        // s since the burst's epoch, rebased on the CPU in double precision
uniform vec4 uPhysics;      // gravity (pt/s^2), drag (1/s), lifetime (s), fade-out (s)

// (The live shader's transform-feedback outputs, vPose and vLife, are left out: this copy only
// draws.)

// 1 - exp(-x). The direct form loses most of its digits for small |x| (the first frames of
// every burst), so use the Taylor series there; an unborn piece (x < 0) is traced, not drawn.
float oneMinusExpNeg(float x) {
    if (abs(x) < 0.25) {
        return x * (1.0 - x * (1.0 / 2.0 - x * (1.0 / 6.0 - x * (1.0 / 24.0
             - x * (1.0 / 120.0 - x * (1.0 / 720.0 - x * (1.0 / 5040.0)))))));
    }
    return 1.0 - exp(-x);
}

void main() {
    float gravity = uPhysics.x, drag = uPhysics.y, lifetime = uPhysics.z, fadeOut = uPhysics.w;
    float t = uTime - aBirth;

    // Velocity decays as exp(-drag t); gravity pulls towards terminal speed gravity/drag.
    float d = oneMinusExpNeg(drag * t);
    float terminal = gravity / drag;
    float x = aMotion.x + aMotion.z / drag * d
            + aSway.x * sin(aSway.y * t + aSway.z)
            + aSway.w * t * t;
    float y = aMotion.y + aMotion.w / drag * d + terminal * (t - d / drag);
    float rotation = aTumble.x + aTumble.y * t;
    float width = aShape.x * max(0.15, abs(cos(aTumble.z * t + aTumble.w)));

    bool alive = t >= 0.0 && t < lifetime;
    float remaining = lifetime - t;
    float opacity = alive ? (remaining < fadeOut ? remaining / fadeOut : 1.0) : 0.0;

    if (alive) {
        emitQuad(vec2(x, y), rotation, 0.5 * vec2(width, aShape.y), aShape.z, premultiply(aColor.rgb, opacity));
    } else {
        emitNothing();
    }
}
