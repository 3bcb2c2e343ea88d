// Two-sided paper and ribbon waves for confetti.vert.glsl: what a piece's flip and shape do
// to what the fragment shader draws. The CPU's copy is ConfettiPhysics.evaluate.

uniform float uBackShade;   // colour factor of a piece showing its back, 0...1
uniform vec4 uRibbonWave;   // amplitude (pt), wavenumber (rad/pt), angular speed (rad/s), unused

// The colour of the face the piece shows: `facing` is cos of its flip angle, below 0 its back.
vec3 paperColour(vec3 rgb, float facing) {
    return facing < 0.0 ? rgb * uBackShade : rgb;
}

// A ribbon's (shape 5) wave at age t for shapes.glsl's ribbonDistances: amplitude, wavenumber
// and the phase phase0 - angular speed * t, so the crests travel along the strip; none for
// every other shape.
vec3 ribbonWave(float shape, float t, float phase0) {
    return shape > 4.5 ? vec3(uRibbonWave.xy, phase0 - uRibbonWave.z * t) : vec3(0.0);
}
