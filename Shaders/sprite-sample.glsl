// A sprite's picture for the fragment shaders (docs/effects.md, Sprites): four texels of its
// page fetched and blended in float, as the CPU rasteriser blends the same bytes
// (SpriteTexels.sample). The hardware's bilinear filter is not used: its weights are 8-bit.

uniform sampler2DArray uSprites;
flat in vec4 vSprite;       // atlas page, mip level, glint (premultiplied), mirror (+-1)

// The texel at `p` of `level` of `page`, clamped to the page's edge, `last` (its side − 1).
vec4 spriteTexel(ivec2 p, int level, int page, int last) {
    return texelFetch(uSprites, ivec3(clamp(p, ivec2(0), ivec2(last)), page), level);
}

// The picture at `local` (pt in the quad's frame, y down) of a quad of half extents `halfSize`:
// the page spans the quad, its top-left texel at the quad's top-left corner. (The level's size
// and the page are worked out once: llvmpipe pays for each query per fragment.)
vec4 spriteSample(vec2 local, vec2 halfSize) {
    int level = int(vSprite.y), page = int(vSprite.x);
    int side = textureSize(uSprites, level).x;
    vec2 p = (vec2(local.x * vSprite.w, local.y) / halfSize * 0.5 + 0.5) * float(side) - 0.5;
    vec2 base = floor(p);
    vec2 f = p - base;
    ivec2 i = ivec2(base);
    int last = side - 1;
    vec4 top = mix(spriteTexel(i, level, page, last), spriteTexel(i + ivec2(1, 0), level, page, last), f.x);
    vec4 bottom = mix(spriteTexel(i + ivec2(0, 1), level, page, last), spriteTexel(i + ivec2(1, 1), level, page, last), f.x);
    return mix(top, bottom, f.y);
}

// Premultiplied: the picture times the particle's premultiplied colour (white keeps a picture's
// own colours; a mask, white itself, takes the colour), plus the glint where it is opaque.
vec4 spriteColour(vec2 local, vec2 halfSize, vec4 colour) {
    vec4 texel = spriteSample(local, halfSize);
    return vec4(texel.rgb * colour.rgb + texel.a * vSprite.z, texel.a * colour.a);
}
