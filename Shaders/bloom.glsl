// Shared by the bloom passes (BloomPass.swift). Every target is read texel by texel with
// texelFetch, and any filtering is written out here in float arithmetic, so that the CPU
// reference (ConfettiProof/BloomReference.swift) replays the same weights; the sampler's own
// bilinear filter works in the driver's fixed-point precision, which the CPU cannot know.

// Rec. 709 luminance of a premultiplied colour.
const vec3 luma = vec3(0.2126, 0.7152, 0.0722);

// Texel `p` of `image`, clamped to its edges (as CLAMP_TO_EDGE would).
vec4 texelClamped(sampler2D image, ivec2 p) {
    ivec2 size = textureSize(image, 0);
    return texelFetch(image, clamp(p, ivec2(0), size - 1), 0);
}
