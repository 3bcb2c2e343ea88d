#version 330 core
// One star of a firework per record, one quad corner per vertex (triangle strip of 4): a point
// of light under gravity and drag, its glow stretched along its motion, its trail as ghost dots
// or as a ribbon through its past positions. Everything is a closed form of the record the CPU
// wrote once (layout: Sources/ConfettiCore/Record/StarKind.swift) and one time uniform
// (docs/effects.md, Stars). The CPU's copy is StarPhysics.evaluate.

#include "quad.glsl"
#include "trail.glsl"
#include "light.glsl"
#include "life.glsl"
#include "sprite.glsl"

layout(location = 0) in vec4 aMotion;   // x0, y0 (pt), vx, vy (pt/s)
layout(location = 1) in vec4 aLife;     // birth (s after the burst's epoch), lifetime (s), radius (pt), seed
layout(location = 2) in vec4 aColor;    // straight rgb, sprite index + 1 (0: light) / 255
layout(location = 3) in vec4 aSecond;   // the colour it changes to, unused

uniform float uTime;        // s since the burst's epoch, rebased on the CPU in double precision
uniform vec4 uStar;         // gravity (pt/s^2), drag (1/s), fade (s), streak (s of velocity)
uniform float uRibbon;      // 1: the trail's ghosts are drawn as segments joining them

// Read back by transform feedback (trace and parity tests); unused when drawing.
out vec4 vPose;             // x, y (pt), vx, vy (pt/s)
out vec4 vLife;             // opacity, alive (1 or 0), brightness, radius (pt)
out vec4 vTint;             // straight rgb, unused
out vec2 vHead;             // a ribbon segment's newer end (pt); else the star

// 1 - exp(-x) for x >= 0, its Taylor series where the direct form would lose its digits.
float oneMinusExpNeg(float x) {
    if (x < 0.25) {
        return x * (1.0 - x * (1.0 / 2.0 - x * (1.0 / 6.0 - x * (1.0 / 24.0
             - x * (1.0 / 120.0 - x * (1.0 / 720.0 - x * (1.0 / 5040.0)))))));
    }
    return 1.0 - exp(-x);
}

// Where the star is and how fast it goes at age t; before its birth it waits where it is born.
// Velocity relaxes as exp(-drag t) towards the fall speed gravity/drag.
void motion(float age, out vec2 position, out vec2 velocity) {
    float t = max(age, 0.0);
    float gravity = uStar.x, drag = uStar.y;
    float d = oneMinusExpNeg(drag * t);
    float fall = gravity / drag;
    position = vec2(aMotion.x + aMotion.z / drag * d, aMotion.y + aMotion.w / drag * d + fall * (t - d / drag));
    velocity = vec2(aMotion.z * (1.0 - d), aMotion.w * (1.0 - d) + fall * d);
}

void main() {
    float lifetime = aLife.y;
    int ghost = ghostIndex();
    float age = uTime - aLife.x - ghostLag(ghost);
    bool segment = ghost > 0 && uRibbon > 0.5;

    vec2 p, v;
    motion(age, p, v);
    vec2 head = p, headVelocity;
    if (segment) {
        motion(min(age + uTrail.y, lifetime), head, headVelocity);
    }
    bool alive = age >= 0.0 && age < lifetime;
    float remaining = lifetime - age;
    float opacity = alive ? (remaining < uStar.z ? remaining / uStar.z : 1.0) * ghostFade(ghost) : 0.0;
    float bright = brightness(uint(aLife.w), max(age, 0.0));
    vec3 colour = colourOverLife(temperature(aColor.rgb, aSecond.rgb, age / lifetime), age / lifetime);
    float radius = aLife.z * ghostSize(ghost);

    vPose = vec4(p, v);
    vLife = vec4(opacity, alive ? 1.0 : 0.0, bright, radius);
    vTint = vec4(colour, 0.0);
    vHead = head;

    // A sprite's index, from its byte (unorm8: k / 255, so the rounding is exact).
    float sprite = floor(aColor.a * 255.0 + 0.5) - 1.0;
    if (!alive) {
        emitNothing();
    } else if (sprite >= 0.0 && !segment) {
        // A picture facing the way the star flies, its longer side the diameter. Where it
        // nearly stops (below 1 pt/s) it keeps the direction it was launched in, so it does
        // not spin on the spot; launched at rest, it faces down, the way it will fall.
        vec2 heading = dot(v, v) > 1.0 ? v : aMotion.zw;
        float angle = dot(heading, heading) > 0.0 ? degrees(atan(heading.y, heading.x)) : 90.0;
        emitQuad(p, angle, radius * spriteShare(sprite), 9.0, premultiply(colour, opacity * bright));
        showSprite(sprite, 2.0 * aLife.z, 0.0, 1.0);
    } else if (segment) {
        vec2 along = head - p;
        float span = length(along);
        float angle = span > 0.0 ? degrees(atan(along.y, along.x)) : 0.0;
        emitQuad(0.5 * (p + head), angle, vec2(0.5 * span, radius), 7.0, premultiply(colour, opacity * bright));
    } else {
        // The glow stretched back along the velocity over `streak` seconds: a capsule from where
        // the star was heading from to where it is.
        vec2 tail = v * uStar.w;
        float span = length(tail);
        float angle = span > 0.0 ? degrees(atan(v.y, v.x)) : 0.0;
        emitQuad(p - 0.5 * tail, angle, vec2(0.5 * span + radius, radius), 6.0, premultiply(colour, opacity * bright));
    }
}
