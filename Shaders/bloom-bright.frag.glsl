#version 330 core
// Bloom, pass 1: the bright part of the frame, at half resolution. Each output pixel is the
// mean of the bright parts of the 2 x 2 frame pixels under it (the last row or column of an
// odd size repeats its edge).

#include "bloom.glsl"

uniform sampler2D uFrame;   // the frame, premultiplied, full resolution
uniform float uThreshold;   // premultiplied luminance, 0...1

out vec4 fragColor;

// The part of `c` above the threshold: scaled by (l - t) / l, so its luminance is l - t and a
// pixel just over the threshold glows faintly; all four channels alike, so it stays
// premultiplied.
vec4 bright(vec4 c) {
    float l = dot(c.rgb, luma);
    return l > uThreshold ? c * ((l - uThreshold) / l) : vec4(0.0);
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy) * 2;
    vec4 sum = bright(texelClamped(uFrame, p)) + bright(texelClamped(uFrame, p + ivec2(1, 0)));
    sum += bright(texelClamped(uFrame, p + ivec2(0, 1)));
    sum += bright(texelClamped(uFrame, p + ivec2(1, 1)));
    fragColor = sum * 0.25;
}
