// FROZEN COPY for `confetti bench --mode reference` (Sources/ConfettiApp/Bench/ReferenceRenderer.swift):
// the frozen 60-byte renderer, kept unchanged so every speed-up is a ratio against it
// measured in the same run. Do not edit; change the live shaders instead.
// Shared by the vertex shaders that draw one quad per particle: points to clip space, the
// quad's corners, rotation, collapsing a particle that is not drawn, premultiplied colour, and
// the inputs every particle hands particle.frag.glsl.

uniform vec2 uViewport;         // pt
uniform float uPixelsPerPoint;  // framebuffer pixels per point

// Points (origin top-left, y down) to clip space (y up).
vec4 toClip(vec2 points) {
    return vec4(points.x / uViewport.x * 2.0 - 1.0, 1.0 - points.y / uViewport.y * 2.0, 0.0, 1.0);
}

// This vertex's corner of a triangle-strip quad: (-1, -1), (1, -1), (-1, 1), (1, 1).
vec2 quadCorner() {
    return vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) * 2.0 - 1.0;
}

// Room around a shape for its antialiased edge: one pixel, in points.
float edgeMargin() {
    return 1.0 / uPixelsPerPoint;
}

// `v` turned by `degrees`, clockwise on screen (y points down).
vec2 rotate(vec2 v, float degrees) {
    float angle = radians(degrees);
    float c = cos(angle), s = sin(angle);
    return vec2(c * v.x - s * v.y, s * v.x + c * v.y);
}

// Straight colour at `opacity`, premultiplied (blended with ONE, ONE_MINUS_SRC_ALPHA).
vec4 premultiply(vec3 rgb, float opacity) {
    return vec4(rgb * opacity, opacity);
}

// What particle.frag.glsl fills: the point in the shape's own frame, its half extents and kind
// (0 rectangle, 1 ellipse), and its premultiplied colour.
out vec2 vLocal;            // pt
flat out vec3 vHalfSize;    // half width, half height (pt), shape
flat out vec4 vColor;

// This vertex's corner of the quad of a shape centred at `centre` (pt), turned by `angle`
// (deg), with half extents `halfSize` (pt): the shape plus its antialiasing margin.
void emitQuad(vec2 centre, float angle, vec2 halfSize, float shape, vec4 color) {
    vLocal = quadCorner() * (halfSize + edgeMargin());
    gl_Position = toClip(centre + rotate(vLocal, angle));
    vHalfSize = vec3(halfSize, shape);
    vColor = color;
}

// A particle that is not drawn: every corner on one point outside the clip volume, so the quad
// has no area and makes no fragments.
void emitNothing() {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    vLocal = vec2(0.0);
    vHalfSize = vec3(0.0);
    vColor = vec4(0.0);
}
