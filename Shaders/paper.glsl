// Paper in 3D for confetti.vert.glsl (after life.glsl) (docs/effects.md, Paper in 3D): how a piece turns, which
// face it shows, how the light falls on it, and ribbon waves. The CPU's copies are
// Sources/ConfettiCore/Motion/PaperTurn.swift and ConfettiPhysics.evaluate.

uniform float uBackShade;   // colour factor of a piece showing its back, 0...1
uniform vec4 uRibbonWave;   // amplitude (pt), wavenumber (rad/pt), angular speed (rad/s), unused
uniform float uTumble;      // 1: pieces tumble about their own axes; 0: they spin and flip
uniform vec4 uPaperLight;   // unit vector towards the light (x right, y down, z to the viewer), ambient
uniform vec2 uPaperGlint;   // how far the glint goes to white at its peak, its exponent
uniform vec4 uBackColors[8];    // straight rgb of the backs a piece's record names (1...8), unused

// Whether this build lights paper: bit 10 of its key (SHAPES, which ParticleRenderer.program(for:)
// sets from the span's pieces); the build without a key, for every span, does. Unlit, the colour
// shown is exactly the face's, and no normal or light is computed: llvmpipe runs both sides of
// a branch on a uniform, so unlit pieces would pay for them.
#if !defined(SHAPES) || (SHAPES & 1024) != 0
#define PAPER_LIT 1
#else
#define PAPER_LIT 0
#endif

// A piece seen head-on: the screen images of its paper's unit x and y axes, and its normal.
struct Pose {
    vec2 u;
    vec2 v;
    vec3 normal;
};

// The least share of itself a tumbling piece shows edge-on (the flip's max(0.15, |cos|)).
const float thinnest = 0.15;

// `w` turned by `angle` (rad) about the unit `axis` (Rodrigues' formula).
vec3 turnAbout(vec3 w, vec3 axis, float angle) {
    float c = cos(angle), s = sin(angle);
    return w * c + cross(axis, w) * s + axis * (dot(axis, w) * (1.0 - c));
}

// A tumbling piece turned `angle` (rad) about the axis of azimuth `azimuth` and polar angle
// `polar` (rad). Edge-on, it is drawn as if tilted back to `thinnest`: only the direction the
// piece is foreshortened along (its normal's screen direction) stretches, which leaves the
// parallelogram's determinant +-thinnest.
Pose tumblingPose(float azimuth, float polar, float angle) {
    vec3 axis = vec3(sin(polar) * cos(azimuth), sin(polar) * sin(azimuth), cos(polar));
    vec3 x = turnAbout(vec3(1.0, 0.0, 0.0), axis, angle);
    vec3 y = turnAbout(vec3(0.0, 1.0, 0.0), axis, angle);
    vec3 n = turnAbout(vec3(0.0, 0.0, 1.0), axis, angle);
    Pose pose = Pose(x.xy, y.xy, n);
    float tilt = abs(n.z);
    if (tilt < thinnest) {
        float stretch = (n.z < 0.0 ? -1.0 : 1.0) * (thinnest - tilt) / (1.0 - n.z * n.z);
        pose.u -= n.xy * (stretch * x.z);
        pose.v -= n.xy * (stretch * y.z);
    }
    return pose;
}

// The normal of a flipping piece spun `rotation` (deg) and flipped `flip` (rad) about its height axis.
vec3 flippingNormal(float rotation, float flip) {
    float r = radians(rotation), s = sin(flip);
    return vec3(s * cos(r), s * sin(r), cos(flip));
}

// The light on the face a piece with unit `normal` shows: its brightness (ambient plus
// diffuse) and its glint towards white.
vec2 paperLight(vec3 normal) {
    vec3 shown = normal.z < 0.0 ? -normal : normal;
    vec3 halfway = normalize(uPaperLight.xyz + vec3(0.0, 0.0, 1.0));
    float diffuse = max(dot(shown, uPaperLight.xyz), 0.0);
    float glint = uPaperGlint.x * pow(max(dot(shown, halfway), 0.0), uPaperGlint.y);
    return vec2(uPaperLight.w + (1.0 - uPaperLight.w) * diffuse, glint);
}

// The colour a piece shows, straight: its back's own colour (through the colour ramp) or its
// front's (`front`, after the ramp), times uBackShade on the back; then lit from its normal, diffuse and a glint towards
// white. Unlit (ambient 1, glint 0) it is exactly the face's colour.
vec3 shownColour(vec3 front, float back, float u, vec3 normal) {
    vec3 face = front;
    if (normal.z < 0.0) {
        face = back > 0.5 ? colourOverLife(uBackColors[int(back) - 1].rgb, u) : front * uBackShade;
    }
#if PAPER_LIT
    vec2 light = paperLight(normal);
    vec3 lit = face * light.x;
    return lit + (1.0 - lit) * light.y;
#else
    return face;
#endif
}

// The same light on a sprite, whose colour is per texel: the factor its texels are multiplied
// by (its tint, times uBackShade on its back, which is its mirror), and the glint added in
// proportion to their alpha. A texel t then shows t * factor + glint, as paper of colour t would.
vec4 spriteLight(vec3 tint, vec3 normal) {
    vec3 face = normal.z < 0.0 ? tint * uBackShade : tint;
#if PAPER_LIT
    vec2 light = paperLight(normal);
    return vec4(face * light.x * (1.0 - light.y), light.y);
#else
    return vec4(face, 0.0);
#endif
}

// A ribbon's (shape 5) wave at age t for shapes.glsl's ribbonDistances: amplitude, wavenumber
// and the phase phase0 - angular speed * t, so the crests travel along the strip; none for
// every other shape.
vec3 ribbonWave(float shape, float t, float phase0) {
    return shape > 4.5 ? vec3(uRibbonWave.xy, phase0 - uRibbonWave.z * t) : vec3(0.0);
}
