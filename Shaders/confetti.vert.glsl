#version 330 core
// One confetti piece per instance, one quad corner per vertex (triangle strip of 4).
// The motion is the closed form of docs/effects.md (Confetti), evaluated from the record the
// CPU wrote once (layout: Sources/ConfettiCore/Record/ConfettiKind.swift) and one time uniform.

#include "quad.glsl"
#include "wind.glsl"
#include "trail.glsl"
#include "life.glsl"
#include "paper.glsl"
#include "sprite.glsl"

// The record: 16-bit codes on the burst's grids (see uRecordStep), then exact small fields.
layout(location = 0) in vec4 aMotionCode;
layout(location = 1) in vec4 aSwayCode;
layout(location = 2) in vec4 aTumbleCode;
layout(location = 3) in float aBirthCode;
layout(location = 4) in vec3 aShape;    // width, height (pt), shape code (0 rectangle, 1 circle, ..., 6 sprite) + 8 x back colour (a sprite: its index)
layout(location = 5) in vec3 aColor;    // straight rgb

uniform float uTime;        // s since the burst's epoch, rebased on the CPU in double precision
uniform vec4 uPhysics;      // gravity (pt/s^2), drag (1/s), lifetime (s), fade-out (s)
// The burst's quantisation grids, per code: value = origin + code * step. Each step is a power
// of two and each origin a whole multiple of it below 2^24 steps, so the decode is exact.
uniform vec4 uRecordStep[4];    // motion, sway, tumble, (birth, -, -, -)
uniform vec4 uRecordOrigin[4];

// The decoded record, under the names the rest of the shader reads.
vec4 aMotion;   // x0, y0 (pt), vx, vy (pt/s)
vec4 aSway;     // flutter amplitude (pt), frequency (rad/s), phase (rad), signed spread (pt/s^2)
vec4 aTumble;   // rotation0 (deg), spin (deg/s), flip frequency (rad/s), flip phase (rad);
                // tumbling: the axis's azimuth and polar angle (rad) in place of the flip
float aBirth;   // s after the burst's epoch

void decodeRecord() {
    aMotion = uRecordOrigin[0] + aMotionCode * uRecordStep[0];
    aSway = uRecordOrigin[1] + aSwayCode * uRecordStep[1];
    aTumble = uRecordOrigin[2] + aTumbleCode * uRecordStep[2];
    aBirth = uRecordOrigin[3].x + aBirthCode * uRecordStep[3].x;
}

// Read back by transform feedback (trace and parity tests); unused when drawing.
out vec4 vPose;             // x, y (pt), rotation (deg), apparent width (pt)
out vec3 vLife;             // opacity, alive (1 or 0), facing (cos of the flip angle)
out vec4 vTint;             // straight rgb after the colour ramp, size multiplier

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
    decodeRecord();
    float gravity = uPhysics.x, drag = uPhysics.y, lifetime = uPhysics.z, fadeOut = uPhysics.w;
    int ghost = ghostIndex();
    float t = uTime - aBirth - ghostLag(ghost);

    // Velocity decays as exp(-drag t) towards the wind (wind.glsl); gravity pulls towards
    // terminal speed gravity/drag.
    float d = oneMinusExpNeg(drag * t);
    float terminal = gravity / drag;
    float x = aMotion.x + (aMotion.z - windAtBirth(aBirth)) / drag * d
            + aSway.x * sin(aSway.y * t + aSway.z)
            + aSway.w * t * t
            + windTravel(aBirth, t);
    float y = aMotion.y + aMotion.w / drag * d + terminal * (t - d / drag);
    float rotation = aTumble.x + aTumble.y * t;
    float size = sizeOverLife(t / lifetime) * ghostSize(ghost);
    // A flipping piece is a rectangle turned by `rotation`, its width following the flip's
    // cosine; a tumbling one is the parallelogram its pose projects to (paper.glsl).
    Pose pose;
    float facing, width;
    vec3 normal;
    if (uTumble > 0.5) {
        pose = tumblingPose(aTumble.z, aTumble.w, radians(rotation));
        normal = pose.normal;
        facing = normal.z;
        width = aShape.x * length(pose.u) * size;
    } else {
        float flip = aTumble.z * t + aTumble.w;
        facing = cos(flip);
#if PAPER_LIT
        normal = flippingNormal(rotation, flip);
        normal.z = facing;  // the same cosine: the face shown and `facing` agree
#else
        normal = vec3(facing);  // unlit, only its z (the face shown) is read
#endif
        width = aShape.x * max(0.15, abs(facing)) * size;
    }
    // The record's shape byte: the shape in its low 3 bits, the back colour above them (exact).
    float shape = mod(aShape.z, 8.0), back = floor(aShape.z / 8.0);
    vec3 colour = colourOverLife(aColor.rgb, t / lifetime);

    bool alive = t >= 0.0 && t < lifetime;
    float remaining = lifetime - t;
    float opacity = alive ? (remaining < fadeOut ? remaining / fadeOut : 1.0) * ghostFade(ghost) : 0.0;

    vPose = vec4(x, y, rotation, width);
    vLife = vec3(opacity, alive ? 1.0 : 0.0, facing);
    vTint = vec4(colour, size);

    if (alive && shape == 6.0) {
        // A sprite: its picture lit as paper, drawn as shape 9; its back is its mirror, which a
        // tumbling piece's parallelogram shows by itself and a flipping one is told.
        vec4 light = spriteLight(colour, normal);
        vec4 shown = premultiply(light.rgb, opacity);
        if (uTumble > 0.5) {
            emitParallelogram(vec2(x, y), pose.u, pose.v, 0.5 * vec2(aShape.x, aShape.y) * size, 9.0, shown, vec3(0.0));
        } else {
            emitShape(vec2(x, y), rotation, 0.5 * vec2(width, aShape.y * size), 9.0, shown, vec3(0.0));
        }
        showSprite(back, max(aShape.x, aShape.y), light.a * opacity, uTumble < 0.5 && facing < 0.0 ? -1.0 : 1.0);
    } else if (alive) {
        vec4 shown = premultiply(shownColour(colour, back, t / lifetime, normal), opacity);
        vec3 wave = ribbonWave(shape, t, aSway.z);
        if (uTumble > 0.5) {
            emitParallelogram(vec2(x, y), pose.u, pose.v, 0.5 * vec2(aShape.x, aShape.y) * size, shape, shown, wave);
        } else {
            emitShape(vec2(x, y), rotation, 0.5 * vec2(width, aShape.y * size), shape, shown, wave);
        }
    } else {
        emitNothing();
    }
}
