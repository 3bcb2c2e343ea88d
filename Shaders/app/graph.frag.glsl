#version 330 core
// The last seconds of frames as bars, one column each, drawn in this one pass: the frame time,
// the GPU time over it, and a line at 16.7 ms (60 fps), premultiplied over a dark panel.

in vec2 vPoint;

uniform vec4 uRect;             // pt
uniform float uPixelsPerPoint;
uniform sampler2D uSamples;     // one texel per frame, oldest first: R frame ms, G GPU ms (< 0: not yet measured)
uniform int uCount;             // frames in uSamples
uniform float uTopMs;           // the time at the top of the graph

out vec4 fragColor;

const vec3 panel = vec3(0.12, 0.13, 0.17);
const vec3 frameColour = vec3(0.30, 0.56, 1.00);
const vec3 gpuColour = vec3(1.00, 0.62, 0.04);
const vec3 lineColour = vec3(0.30, 0.85, 0.40);
const float sixtyHertzMs = 1000.0 / 60.0;

void main() {
    int column = clamp(int(vPoint.x / uRect.z * float(uCount)), 0, max(uCount - 1, 0));
    vec2 frame = uCount > 0 ? texelFetch(uSamples, ivec2(column, 0), 0).rg : vec2(-1.0);
    float ms = (uRect.w - vPoint.y) / uRect.w * uTopMs;
    // The line takes the one row of pixels that holds its height (two pixel centres can be
    // equally near it).
    float lineY = (1.0 - sixtyHertzMs / uTopMs) * uRect.w;
    bool onLine = floor(vPoint.y * uPixelsPerPoint) == floor(lineY * uPixelsPerPoint);
    vec3 colour = panel;
    if (ms <= frame.r) colour = frameColour;
    if (frame.g >= 0.0 && ms <= frame.g) colour = gpuColour;
    if (onLine) colour = lineColour;
    fragColor = vec4(colour, 1.0);
}
