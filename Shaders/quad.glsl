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

// The room a particle's quad needs around its shape (0 rectangle, else ellipse), in points.
// edgeCoverage is 0 from half a pixel outside an edge, and a rectangle's coverage is the
// product of its two edges' in its own frame, so any pixel centre more than half a pixel out
// along either axis has none: half a pixel loses no pixel at any angle, and on llvmpipe it cut
// ~10-15% of the frame's work (README, Performance). An ellipse keeps one pixel: its distance
// is the implicit function over its gradient, which near the tips of a flattened ellipse is
// well below the true distance, so its ramp reaches past half a pixel (up to 0.27 coverage
// between half a pixel and one, for a 7 x 12 pt ellipse flipped to 15%), and the quad is where
// it is cut off.
// A sprite (9) is edged as a rectangle, so half a pixel is enough for it too.
float shapeMargin(float shape) {
    return (shape < 0.5 || shape > 8.5 ? 0.5 : 1.0) / uPixelsPerPoint;
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
// (0 rectangle, 1 ellipse, 2 star, 3 heart, 4 triangle, 5 ribbon, 9 sprite), its premultiplied
// colour, and a ribbon's wave.
out vec2 vLocal;            // pt
flat out vec3 vHalfSize;    // half width, half height (pt), shape
flat out vec4 vColor;
flat out vec3 vWave;        // amplitude (pt), wavenumber (rad/pt), phase (rad); 0 but for ribbons
// d(local)/d(screen), columns: the identity for a shape turned by a rotation; a tumbling
// piece's parallelogram turns distances in its own frame into screen distances with it.
flat out vec4 vScreenToLocal;
// A sprite's atlas page, mip level, glint and mirror (sprite.glsl's showSprite); 0 otherwise.
flat out vec4 vSprite;

// This vertex's corner of the quad of a shape centred at `centre` (pt), turned by `angle`
// (deg), with half extents `halfSize` (pt): the shape plus its antialiasing margin. A ribbon's
// strip, measured across its bent centreline, reaches (half width) * sqrt(1 + (A k)^2) sideways
// of a centreline that swings by A, so its quad is widened by both.
void emitShape(vec2 centre, float angle, vec2 halfSize, float shape, vec4 color, vec3 wave) {
    float margin = shapeMargin(shape);
    float slope = wave.x * wave.y;
    vec2 reach = vec2((halfSize.x + margin) * sqrt(1.0 + slope * slope) + abs(wave.x), halfSize.y + margin);
    vLocal = quadCorner() * reach;
    gl_Position = toClip(centre + rotate(vLocal, angle));
    vHalfSize = vec3(halfSize, shape);
    vColor = color;
    vWave = wave;
    vScreenToLocal = vec4(1.0, 0.0, 0.0, 1.0);
    vSprite = vec4(0.0);
}

// The same for a shape whose own frame maps to the screen as the parallelogram of edge vectors
// `u` and `v` (pt on screen per pt of the frame; a tumbling piece seen head-on). Its margin is
// the same distance on screen as emitShape's, so each side moves out by the margin times the
// length of its row of d(local)/d(screen): the frame's units per screen point across that side.
void emitParallelogram(vec2 centre, vec2 u, vec2 v, vec2 halfSize, float shape, vec4 color, vec3 wave) {
    vec4 inverse = vec4(v.y, -u.y, -v.x, u.x) / (u.x * v.y - u.y * v.x);
    vec2 across = vec2(length(inverse.xz), length(inverse.yw));
    float margin = shapeMargin(shape);
    float slope = wave.x * wave.y;
    vec2 reach = vec2((halfSize.x + margin * across.x) * sqrt(1.0 + slope * slope) + abs(wave.x), halfSize.y + margin * across.y);
    vLocal = quadCorner() * reach;
    gl_Position = toClip(centre + u * vLocal.x + v * vLocal.y);
    vHalfSize = vec3(halfSize, shape);
    vColor = color;
    vWave = wave;
    vScreenToLocal = inverse;
    vSprite = vec4(0.0);
}

// A shape that does not wave.
void emitQuad(vec2 centre, float angle, vec2 halfSize, float shape, vec4 color) {
    emitShape(centre, angle, halfSize, shape, color, vec3(0.0));
}

// A particle that is not drawn: every corner on one point outside the clip volume, so the quad
// has no area and makes no fragments.
void emitNothing() {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    vLocal = vec2(0.0);
    vHalfSize = vec3(0.0);
    vColor = vec4(0.0);
    vWave = vec3(0.0);
    vScreenToLocal = vec4(0.0);
    vSprite = vec4(0.0);
}
