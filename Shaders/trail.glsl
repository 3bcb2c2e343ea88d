// Trail ghosts: each record is drawn as ghosts + 1 instances (attribute divisor ghosts + 1), and
// instance j of a record is ghost ghosts - j, so the piece itself (ghost 0) is drawn last, over
// its trail. Ghost k is the piece k spacings ago, fainter and optionally smaller
// (docs/effects.md, Trails).

uniform vec4 uTrail;            // ghosts, spacing (s), taper (0..1), unused

int ghostIndex() {
    int instances = int(uTrail.x) + 1;
    return instances - 1 - gl_InstanceID % instances;
}

// Seconds ghost k lags its piece.
float ghostLag(int k) {
    return float(k) * uTrail.y;
}

// Opacity factor: 1 for the piece, falling linearly towards 0 past the last ghost.
float ghostFade(int k) {
    return 1.0 - float(k) / (uTrail.x + 1.0);
}

// Size factor: the taper's share of the same fall.
float ghostSize(int k) {
    return 1.0 - uTrail.z * float(k) / (uTrail.x + 1.0);
}
