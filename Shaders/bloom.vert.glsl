#version 330 core
// One triangle over the whole viewport, corners from gl_VertexID (no vertex buffer):
// (-1, -1), (3, -1), (-1, 3). Every bloom pass draws it; the fragment shaders address their
// texels by gl_FragCoord.

void main() {
    vec2 corner = vec2(float((gl_VertexID & 1) << 2), float((gl_VertexID & 2) << 1)) - 1.0;
    gl_Position = vec4(corner, 0.0, 1.0);
}
