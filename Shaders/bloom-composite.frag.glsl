#version 330 core
// Bloom, pass 4: the frame plus `strength` times the glow, upsampled bilinearly from half
// resolution, clamped; premultiplied, blended over the app's framebuffer (ONE,
// ONE_MINUS_SRC_ALPHA). Alpha takes the same sum as colour, so every pixel stays a valid
// premultiplied colour (rgb <= a): over a transparent window the glow both lights and covers
// what is beneath, as a faint spark would.

#include "bloom.glsl"

uniform sampler2D uFrame;   // the frame, full resolution
uniform sampler2D uGlow;    // the blurred bright part, half resolution
uniform vec2 uOrigin;       // the viewport's lower-left corner in the framebuffer, pixels
uniform float uStrength;

out vec4 fragColor;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy - uOrigin);
    // Pixel centre p + 0.5 lies at (p + 0.5) / 2 - 0.5 in half-resolution texels: a quarter of
    // a texel off a centre, so the weights are 3/4 and 1/4.
    vec2 q = (vec2(p) + 0.5) * 0.5 - 0.5;
    ivec2 i = ivec2(floor(q));
    vec2 f = q - vec2(i);
    vec4 below = mix(texelClamped(uGlow, i), texelClamped(uGlow, i + ivec2(1, 0)), f.x);
    vec4 above = mix(texelClamped(uGlow, i + ivec2(0, 1)), texelClamped(uGlow, i + ivec2(1, 1)), f.x);
    fragColor = min(texelFetch(uFrame, p, 0) + uStrength * mix(below, above, f.y), vec4(1.0));
}
