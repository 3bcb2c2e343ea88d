// Signed distances (pt, negative inside) from a point in a shape's own frame (y down) to the
// edge of the confetti shapes, each filling half extents `h`. The CPU's copy, in Double, is
// Sources/ConfettiCore/Pixels/ShapeDistance.swift (the pixel proofs hold the two together).
// Squashed by a flip, a shape stretches with its box: polygons by their corners, so their
// distance stays exact in points; round parts become ellipses, measured to first order.

// An ellipse centred on the origin: its implicit function |p / semiAxes| - 1 divided by the
// length of its gradient, the distance to the edge to first order.
float ellipseDistance(vec2 p, vec2 semiAxes) {
    vec2 q = p / semiAxes;
    float r = length(q);
    float gradient = length(q / semiAxes) / max(r, 1e-6);
    return (r - 1.0) / gradient;
}

// A closed polygon of `count` corners (at most 10), given in the unit box and stretched to
// half extents h: the distance to its nearest edge, negative when a ray from p along +x crosses
// the outline an odd number of times.
float polygonDistance(vec2 p, vec2 corners[10], int count, vec2 h) {
    float nearest = 1e30;
    bool inside = false;
    for (int i = 0; i < count; i++) {
        vec2 a = corners[i] * h;
        vec2 b = corners[i + 1 < count ? i + 1 : 0] * h;
        vec2 edge = b - a, toP = p - a;
        float along = clamp(dot(toP, edge) / dot(edge, edge), 0.0, 1.0);
        vec2 offset = toP - edge * along;
        nearest = min(nearest, dot(offset, offset));
        if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * edge.x / edge.y) {
            inside = !inside;
        }
    }
    return inside ? -sqrt(nearest) : sqrt(nearest);
}

// Point up, centred in [-1, 1]^2: outer corners on the unit circle every 72 degrees from the
// top, inner ones between them at the regular pentagram's radius cos 72 / cos 36, all moved
// down by (1 - cos 36) / 2 so the star's height is centred.
float starDistance(vec2 p, vec2 h) {
    vec2 corners[10] = vec2[10](
        vec2(0.0000000, -0.9045085), vec2(0.2245140, -0.2135255), vec2(0.9510565, -0.2135255),
        vec2(0.3632713, 0.2135255), vec2(0.5877853, 0.9045085), vec2(0.0000000, 0.4774575),
        vec2(-0.5877853, 0.9045085), vec2(-0.3632713, 0.2135255), vec2(-0.9510565, -0.2135255),
        vec2(-0.2245140, -0.2135255));
    return polygonDistance(p, corners, 10, h);
}

// Apex at the top centre, base along the bottom edge.
float triangleDistance(vec2 p, vec2 h) {
    vec2 corners[10];
    corners[0] = vec2(0.0, -1.0);
    corners[1] = vec2(1.0);
    corners[2] = vec2(-1.0, 1.0);
    return polygonDistance(p, corners, 3, h);
}

// A square standing on a corner with a disc on each upper side: side a = 2(sqrt 2 - 1) and disc
// radius a / sqrt 2 = 2 - sqrt 2 make it exactly 2 wide; moved up so its height (from the tip at
// 1 to the lobes' tops at 1 - 1.5a - a / sqrt 2) is centred. The union is the nearest of the three.
float heartDistance(vec2 p, vec2 h) {
    vec2 corners[10];
    corners[0] = vec2(0.0, 0.9142136);
    corners[1] = vec2(0.8284271, 0.0857864);
    corners[2] = vec2(0.0, -0.7426407);
    corners[3] = vec2(-0.8284271, 0.0857864);
    float square = polygonDistance(p, corners, 4, h);
    vec2 lobe = vec2(abs(p.x), p.y) - vec2(0.4142136, -0.3284271) * h;
    return min(square, ellipseDistance(lobe, 0.5857864 * h));
}

// A strip of half width h.x and half length h.y whose centreline is bent to
// x = A sin(k y + phase), wave = (A, k, phase). Returns the signed distances across the strip
// and past its ends: across, the offset from the centreline divided by the length of its
// gradient sqrt(1 + c'^2), c' = A k cos(k y + phase) (first order); the ends are cut square.
vec2 ribbonDistances(vec2 p, vec2 h, vec3 wave) {
    float angle = wave.y * p.y + wave.z;
    float centre = wave.x * sin(angle);
    float slope = wave.x * wave.y * cos(angle);
    float across = (p.x - centre) / sqrt(1.0 + slope * slope);
    return vec2(abs(across) - h.x, abs(p.y) - h.y);
}
