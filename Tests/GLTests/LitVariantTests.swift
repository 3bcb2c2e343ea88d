import ConfettiApp
@testable import ConfettiGL
import GLTestSupport
import Testing

/// Whether paper is lit is part of a span's key (`DrawnQuad.lit`), and the build for unlit
/// paper computes no normal and no light: llvmpipe runs both sides of a branch on a uniform, so
/// unlit pieces would pay for them in every vertex. Its pixels are those of the lit build
/// with the unlit uniforms (FragmentVariantTests draws every preset both ways).
@Suite struct LitVariantTests {
    static let viewport = Size(width: 320, height: 180)

    static func launch(_ shading: PaperShading, spin: SpinMode = .flip) -> ConfettiSection {
        var launch = ConfettiSection.standard
        launch.physics.shading = shading
        launch.physics.spinMode = spin
        return launch
    }

    @Test func theKeySaysWhetherPaperIsLit() async throws {
        try await SharedGL.run {
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 256)
            defer { renderer.delete() }
            for shading in PaperShading.allCases {
                let launch = Self.launch(shading)
                let span = try renderer.add(launch.spawn(in: Self.viewport, seed: 3), uniforms: launch.physics, at: 0)[0]
                #expect(span.shapes & DrawnQuad.lit == (shading == .none ? 0 : DrawnQuad.lit), "\(shading): key \(span.shapes)")
                #expect(span.shapes & ~DrawnQuad.lit == DrawnQuad.Shape.rectangle.bit, "\(shading): the shapes are the same")
            }
            #expect(DrawnQuad.allShapes & DrawnQuad.lit != 0, "the build for every span lights paper")
        }
    }

    /// The unlit build's linker finds no use for the light's uniforms, so none of the code that
    /// reads them is left; the lit build keeps them. (A uniform nothing reads has location -1.)
    @Test(arguments: [SpinMode.flip, .tumble])
    func theUnlitBuildHasNoLightCode(_ spin: SpinMode) async throws {
        try await SharedGL.run {
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 256)
            defer { renderer.delete() }
            let unlit = Self.launch(.none, spin: spin), lit = Self.launch(.foil, spin: spin)
            let unlitSpan = try renderer.add(unlit.spawn(in: Self.viewport, seed: 4), uniforms: unlit.physics, at: 0)[0]
            let litSpan = try renderer.add(lit.spawn(in: Self.viewport, seed: 4), uniforms: lit.physics, at: 0)[0]
            let unlitBuild = renderer.program(for: unlitSpan.shapes), litBuild = renderer.program(for: litSpan.shapes)
            #expect(unlitBuild !== litBuild)
            #expect(unlitBuild.vertexDefines == ["SHAPES \(unlitSpan.shapes)"])
            for uniform in ["uPaperLight", "uPaperGlint"] {
                #expect(unlitBuild.uniform(uniform) == -1, "\(spin): the unlit build reads \(uniform)")
                #expect(litBuild.uniform(uniform) != -1, "\(spin): the lit build does not read \(uniform)")
                #expect(renderer.program.uniform(uniform) != -1, "\(spin): the build for every span does not read \(uniform)")
            }
            // What both builds need stays.
            #expect(unlitBuild.uniform("uBackShade") != -1 && unlitBuild.uniform("uTumble") != -1)
        }
    }
}
