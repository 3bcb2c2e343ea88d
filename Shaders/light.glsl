// A star's light over time for star.vert.glsl: colour temperature, colour change, flicker and
// strobe, all closed forms of its constants and its age. The CPU's copy is StarPhysics
// (brightness, color).

uniform vec4 uTemperature;      // hot, cool (shares of the life), colour change at, its span
uniform vec4 uEmber;            // ember rgb, unused
uniform vec4 uBlink;            // flicker amount, flicker rate (steps/s), strobe period (s, 0: none), strobe duty
uniform float uStrobeEdge;      // share of the period each strobe ramp takes

// An integer hash of a star's seed and a step: exact in 32-bit unsigned arithmetic, so the CPU
// computes the same bits. Its top 24 bits as a fraction in [0, 1), exact in float.
float hashUnit(uint seed, uint step) {
    uint h = (seed * 0x9E3779B1u) ^ (step * 0x85EBCA77u);
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    h *= 0x297A2D39u;
    h ^= h >> 15;
    return float(h >> 8) / 16777216.0;
}

// Flicker x strobe at age t >= 0. The flicker is value noise: a hash per step joined linearly,
// so it is continuous. The strobe is on for `duty` of each period with ramps at its ends, at the
// star's own phase; on, off, off at a duty of 1/3.
float brightness(uint seed, float t) {
    float value = 1.0;
    if (uBlink.x > 0.0) {
        float w = t * uBlink.y;
        float n = floor(w);
        float h0 = hashUnit(seed, uint(int(n))), h1 = hashUnit(seed, uint(int(n) + 1));
        value = 1.0 - uBlink.x * (h0 + (h1 - h0) * (w - n));
    }
    if (uBlink.z > 0.0) {
        float w = t / uBlink.z + hashUnit(seed, 0xFFFFFFFFu);
        float f = w - floor(w);
        value *= clamp(min(f, uBlink.w - f) / uStrobeEdge, 0.0, 1.0);
    }
    return value;
}

// Straight colour at u = age / lifetime: its colour turning to its second one at the colour
// change, white-hot until `hot`, cooling to ember from `cool`.
vec3 temperature(vec3 first, vec3 second, float u) {
    vec3 rgb = first + (second - first) * clamp((u - uTemperature.z) / uTemperature.w, 0.0, 1.0);
    if (uTemperature.x > 0.0) {
        rgb += (vec3(1.0) - rgb) * clamp(1.0 - u / uTemperature.x, 0.0, 1.0);
    }
    if (uTemperature.y < 1.0) {
        rgb += (uEmber.rgb - rgb) * clamp((u - uTemperature.y) / (1.0 - uTemperature.y), 0.0, 1.0);
    }
    return rgb;
}
