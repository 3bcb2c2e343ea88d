// Wind: w(T) = mean + sum of gusts, on the burst's clock T = birth + t, which drag pulls each
// piece towards: dv/dt = -drag (v - w(T)), solved exactly (docs/effects.md, Wind). The CPU
// (Wind.filtered) folds drag into each gust: its gain a c / sqrt(c^2 + w^2) and phase
// phi - atan(w / c) give the velocity the gust drives once the launch has decayed.

uniform float uWindMean;        // pt/s
uniform vec4 uWindGusts[3];     // gain (pt/s), frequency w (rad/s, > 0), shifted phase (rad), unused

// The velocity the wind drives a piece born at `birth` (s after the epoch) towards, at its
// birth: the piece's launch velocity decays towards it, as exp(-drag t).
float windAtBirth(float birth) {
    float v = uWindMean;
    for (int k = 0; k < uWindGusts.length(); k++) {
        v += uWindGusts[k].x * sin(uWindGusts[k].y * birth + uWindGusts[k].z);
    }
    return v;
}

// How far that steady velocity carries the piece by age t (s): each gust's integral from birth
// to birth + t as a product of sines, so nothing cancels. No wind gives exactly 0.
float windTravel(float birth, float t) {
    float x = uWindMean * t;
    for (int k = 0; k < uWindGusts.length(); k++) {
        vec4 g = uWindGusts[k];
        x += g.x * 2.0 * sin(g.y * (birth + 0.5 * t) + g.z) * sin(0.5 * g.y * t) / g.y;
    }
    return x;
}
