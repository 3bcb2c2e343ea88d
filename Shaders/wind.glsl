// Wind: w(T) = mean + sum of gusts, on the burst's clock T = birth + t, which drag pulls each
// piece towards: dv/dt = -drag (v - w(T)), solved exactly (docs/effects.md, Wind). The CPU
// (Wind.filtered) folds drag into each gust: its gain a c / sqrt(c^2 + w^2) and phase
// phi - atan(w / c) give the velocity the gust drives once the launch has decayed.

uniform float uWindMean;        // pt/s
uniform vec4 uWindGusts[3];     // gain (pt/s), frequency w (rad/s, > 0), shifted phase (rad), unused

// Horizontal displacement the wind adds by age t (s) to a piece born at `birth` (s after the
// epoch), under drag (1/s), with d = 1 - exp(-drag t). Per gust: the steady velocity integrated
// from birth to birth + t, written as a product of sines so nothing cancels, less the decaying
// part that starts the piece at its own launch velocity.
float windDrift(float birth, float t, float drag, float d) {
    float x = uWindMean * (t - d / drag);
    for (int k = 0; k < 3; k++) {
        vec4 g = uWindGusts[k];
        float travelled = 2.0 * sin(g.y * (birth + 0.5 * t) + g.z) * sin(0.5 * g.y * t) / g.y;
        x += g.x * (travelled - sin(g.y * birth + g.z) * d / drag);
    }
    return x;
}
