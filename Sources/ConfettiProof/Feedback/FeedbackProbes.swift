import ConfettiCore
import ConfettiGL

/// One transform feedback probe per particle kind, linked on first use and kept: a check of
/// many batches (every launch of a preset, every value of a field) links each kind's program
/// once, not once a batch. The context current when a probe was made must be current whenever
/// it is used, and at `delete`.
package final class FeedbackProbes {
    private let shaders: ShaderLibrary
    private var made: [ObjectIdentifier: AnyObject] = [:]
    private var deletions: [() -> Void] = []

    package init(shaders: ShaderLibrary) {
        self.shaders = shaders
    }

    package func probe<Kind: FeedbackSampling>(_: Kind.Type) throws -> FeedbackProbe<Kind> {
        if let probe = made[ObjectIdentifier(Kind.self)] as? FeedbackProbe<Kind> { return probe }
        let probe = try FeedbackProbe<Kind>(shaders: shaders)
        made[ObjectIdentifier(Kind.self)] = probe
        deletions.append(probe.delete)
        return probe
    }

    /// Frees every probe's GL objects.
    package func delete() {
        deletions.forEach { $0() }
        deletions = []
        made = [:]
    }
}
