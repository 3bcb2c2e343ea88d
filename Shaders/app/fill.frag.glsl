#version 330 core
// One colour, written as it is (no blending): what a clear to that colour leaves.

uniform vec4 uColor;

out vec4 fragColor;

void main() {
    fragColor = uColor;
}
