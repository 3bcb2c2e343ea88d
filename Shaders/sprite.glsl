// Sprites for the vertex shaders (after quad.glsl): which page of the atlas a particle's
// picture is in, how it is proportioned, and which mip level it is read from
// (docs/effects.md, Sprites). The CPU's copies are SpriteTable and SpriteTexels.level.

// Per sprite of the batch (the index its record holds): atlas page, width and height over the
// longer side, unused.
uniform vec4 uSpriteTable[32];

const int spriteSide = 256;     // texels across a page's level 0
const int spriteLevels = 9;     // 256 down to 1

// Width and height of sprite `index` over its longer side.
vec2 spriteShare(float index) {
    return uSpriteTable[int(index)].yz;
}

// The level a sprite `extent` points across (its record's size: whole points, or a float the
// CPU reads the same) is read from: the smallest that still has a texel per pixel. Only exact
// products and comparisons, so the CPU picks the same level.
float spriteLevel(float extent) {
    float pixels = extent * uPixelsPerPoint;
    int level = 0;
    while (level < spriteLevels - 1 && float(spriteSide >> (level + 1)) >= pixels) {
        level++;
    }
    return float(level);
}

// Hands the fragment shader sprite `index` after an emit: its page, its level, the glint added
// in proportion to its alpha (premultiplied), and -1 to mirror it (a piece seen from behind).
void showSprite(float index, float extent, float glint, float mirror) {
    vSprite = vec4(uSpriteTable[int(index)].x, spriteLevel(extent), glint, mirror);
}
