// Colour and size over a piece's life, at u = age / lifetime (docs/effects.md, Colour and size
// over life).

uniform vec4 uRamp[4];          // stops: straight rgb, fraction of the lifetime (strictly increasing)
uniform vec2 uOverLife;         // growth: size at death - 1 (x size at birth), 1 if the ramp replaces the piece's colour (0: multiplies)

// The ramp walked stop by stop: each segment moves the colour towards its next stop by the
// clamped fraction of the way through it. Without a ramp every stop is white, so the piece's
// colour is multiplied by exactly 1.
vec3 colourOverLife(vec3 pieceColour, float u) {
    vec3 ramp = uRamp[0].rgb;
    for (int i = 1; i < uRamp.length(); i++) {
        float f = clamp((u - uRamp[i - 1].w) / (uRamp[i].w - uRamp[i - 1].w), 0.0, 1.0);
        ramp += f * (uRamp[i].rgb - ramp);
    }
    return (pieceColour + (1.0 - pieceColour) * uOverLife.y) * ramp;
}

// 1 at birth, the size at death at u = 1, linear in between. The CPU hands over the growth
// (size at death - 1) rather than the size, so that no growth gives exactly 1: the driver may
// turn 1 + (s - 1) u into a lerp, which rounds.
float sizeOverLife(float u) {
    return 1.0 + uOverLife.x * u;
}
