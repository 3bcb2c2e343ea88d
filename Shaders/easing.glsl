// The timing curve of the spark scale animation (docs/effects.md, Spark animation): the eased
// progress e = y(s) where x(s) = p, for any curve an effect file accepts, within 2e-6 of the CPU's
// Double solution. The CPU computes uEase once per burst (TimingCurve.easeUniforms).
//
// e = y(s) with x(s) = p; x1, x2 in [0,1], |y1|, |y2| <= 10. |y'| reaches 33, so s must be right to
// ~1e-8 and x(s) - p to ~1e-8 x'(s): finer than float rounding of s or of x ~ 0.5. So s = k/32 + t:
// Taylor data at the grid point k/32 are computed EXACTLY (control points split into short pieces,
// every product and partial sum is a float, with or without FMA, in any order) and only the small
// offset t is iterated in float, where rounding is relative to t. The first guess is relative to
// the distance from any flat point, so a fixed few Newton steps suffice. Assumes the compiler does
// not reassociate float additions (no `precise` in GLSL 3.30; Mesa does not).
// uEase[0], [1]: x1, x2 as c0 + c1 + c2 + c3, c0 in 2^-9 Z, c1 in 2^-19 Z, c2 in 2^-29 Z, c3 = rest
// uEase[2] = (y1 hi, y1 lo, y2 hi, y2 lo), hi in 2^-5 Z;  uEase[3] = (C, Cy, mode, r | split)
// uEase[4] = mode 1: (s_i hi, s_i lo, P0 hi, P0 lo) | mode 0: (a1, a2, b1, b2)
uniform vec4 uEase[5];
const int NB = 3;  // log-log Newton steps, mode 0: worst relative error 0.84 -> 8e-2 -> 6e-4 -> 7e-8
const int N2 = 2;  // Newton steps on t: the first squares the guess error, the second settles rounding

float cbrtSigned(float a) { return a == 0.0 ? 0.0 : sign(a) * exp2(log2(abs(a)) * (1.0 / 3.0)); }

float eased(float p) {
    if (p <= 0.0) return 0.0;
    if (p >= 1.0) return 1.0;
    p = max(p, 7.888609052210118e-31);  // 2^-100: |e| < 4e-9 below; keeps q^2, t^3 off flush-to-zero
    vec4 X1 = uEase[0], X2 = uEase[1], Y = uEase[2], M = uEase[3], A = uEase[4];
    float C = M.x, k, t;
    if (M.z > 0.5) {
        // Mode 1 (C >= 1/16, inflection s_i in [0,1]): x(s_i + tau) = P0 + c1 tau + C tau^3 with
        // c1 = min x' >= 0: one real root. Cardano without cancellation: tau = 2q/(a^2 + r + (r/a)^2),
        // a^3 = q + sign(q) sqrt(q^2 + r^3), q = (p - P0)/2C, r = c1/3C. Relative in tau, also at c1 = 0.
        float q = ((p - A.z) - A.w) / (2.0 * C);
        float r = M.w, g = r * sqrt(r), m = max(abs(q), g);
        float root = m > 0.0 ? m * length(vec2(q / m, g / m)) : 0.0;   // sqrt(q^2 + g^2), no underflow
        float a = cbrtSigned(q < 0.0 ? q - root : q + root);
        float tau = a == 0.0 ? 0.0 : 2.0 * q / (a * a + r + (r / a) * (r / a));
        k = clamp(floor((A.x + tau) * 32.0 + 0.5), 0.0, 32.0);
        t = ((A.x - k * (1.0 / 32.0)) + A.y) + tau;    // (s_i - k/32) first: tau keeps its digits
    } else {
        // Mode 0 (no interior flat point): from s = 0 when p <= split, else the mirrored curve
        // 1 - x(1 - v) from v = 0 with q = 1 - p. On its side x = a1 w + a2 w^2 + C w^3 has log-log
        // slope E = w x'/x in [1, 3]: Newton on ln x(e^z) = ln q handles x ~ w^2 or w^3 at flat ends.
        bool right = p > M.w;
        float q = right ? 1.0 - p : p;
        float a1 = right ? A.z : A.x, a2 = right ? A.w : A.y;
        // Start min_n (q/a_n)^(1/n): above the root, within ln 3 in log space (x <= 3q there; for C < 0
        // the side has x >= a1 w + (2/3) a2 w^2).
        float a2L = C < 0.0 ? a2 * (2.0 / 3.0) : a2, w = 1.0;
        if (a1 > 0.0) w = min(w, q / a1);
        if (a2L > 0.0) w = min(w, sqrt(q / a2L));
        if (C > 0.0) w = min(w, cbrtSigned(q / C));
        for (int i = 0; i < NB; i++) {
            float x = w * (a1 + w * (a2 + C * w)), wx = w * (a1 + w * (2.0 * a2 + 3.0 * C * w));
            w = min(w * exp2(log2(q / x) * (x / max(wx, 0.25 * x))), 1.0);   // w *= (q/x)^(1/E)
        }
        float j = floor(w * 32.0 + 0.5);   // t below is exact (Sterbenz): w's relative accuracy kept
        if (right) { k = 32.0 - j; t = j * (1.0 / 32.0) - w; } else { k = j; t = w - j * (1.0 / 32.0); }
    }
    // Exact weights at s_c = k/32 (j = 32 - k, integers <= 14 bits): x(s_c) = x1 W1 + x2 W2 + W3,
    // x'(s_c) = x1 V1 + x2 V2 + V3, x''(s_c)/2 = x1 U1 + x2 U2 + U3, and the same for y.
    float j = 32.0 - k;
    float W1 = 3.0 * j * j * k * (1.0 / 32768.0), W2 = 3.0 * j * k * k * (1.0 / 32768.0), W3 = k * k * k * (1.0 / 32768.0);
    float V1 = 3.0 * j * (j - 2.0 * k) * (1.0 / 1024.0), V2 = 3.0 * k * (2.0 * j - k) * (1.0 / 1024.0), V3 = 3.0 * k * k * (1.0 / 1024.0);
    float U1 = (9.0 * k - 192.0) * (1.0 / 32.0), U2 = (96.0 - 9.0 * k) * (1.0 / 32.0), U3 = 3.0 * k * (1.0 / 32.0);
    // c0 = x(s_c) - p: three exact partial sums then the rounded last piece (error < 2^-54).
    float c0 = (((X1.x * W1 + X2.x * W2 + W3 - p) + (X1.y * W1 + X2.y * W2)) + (X1.z * W1 + X2.z * W2)) + (X1.w * W1 + X2.w * W2);
    // x' and x''/2 at s_c to ~2^-44 absolute: x' is tiny near the near-flat inflection at (1, 0).
    float D1 = (X1.x * V1 + X2.x * V2 + V3) + (X1.y * V1 + X2.y * V2) + ((X1.z * V1 + X2.z * V2) + (X1.w * V1 + X2.w * V2));
    float D2 = (X1.x * U1 + X2.x * U2 + U3) + (X1.y * U1 + X2.y * U2) + ((X1.z * U1 + X2.z * U2) + (X1.w * U1 + X2.w * U2));
    // Newton on c0 + D1 t + D2 t^2 + C t^3: all terms O(t), so rounding is relative to t (|t| <= 1/64),
    // and at s_c = 0 or 1 relative to p or 1 - p (flat ends).
    float tlo = k > 0.0 ? -1.0 / 32.0 : 0.0, thi = k < 32.0 ? 1.0 / 32.0 : 0.0;
    t = clamp(t, tlo, thi);
    for (int i = 0; i < N2; i++) {
        float r = c0 + t * (D1 + t * (D2 + C * t)), d = D1 + t * (2.0 * D2 + 3.0 * C * t);
        t = clamp(t - (d > 0.0 ? r / d : 0.0), tlo, thi);
    }
    // y(s_c) exact (hi) + lo, then the O(t) tail; the last addition is the only rounding at the size
    // of e (<= 2^-22: |e| <= 7.625 < 8 for |y1|, |y2| <= 10).
    float yH = Y.x * W1 + Y.z * W2 + W3, yL = Y.y * W1 + Y.w * W2;
    float E1 = (Y.x * V1 + Y.z * V2 + V3) + (Y.y * V1 + Y.w * V2);
    float E2 = (Y.x * U1 + Y.z * U2 + U3) + (Y.y * U1 + Y.w * U2);
    return yH + (yL + t * (E1 + t * (E2 + M.y * t)));
}
