import ConfettiCore

/// A launch of several kinds (a celebration): each kind's document under its ring's name
/// (`ParticleKind.plural`), the trace contract of its kind (docs/effects.md, Trace output); the
/// kinds it does not hold are left out.
struct MultiKindTraceDocument: Encodable {
    var effect: String
    var kinds: [(name: String, document: any Encodable)]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(effect, forKey: Key(stringValue: "effect"))
        for (name, document) in kinds {
            try container.encode(document, forKey: Key(stringValue: name))
        }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue _: Int) { nil }
    }
}

/// The JSON document of the trace contract (docs/effects.md, Trace output), for any kind.
struct TraceDocument<Kind: ParticleKind>: Encodable {
    var effect: String
    var seed: UInt64
    var evaluator: String
    var viewport: [Int]
    var constants: Kind.TraceConstants
    /// Each batch's constants, when a launch's batches differ (rockets); absent otherwise.
    var batches: [Kind.TraceConstants]?
    var particles: [Particle]

    /// The trace contract's keys (docs/effects.md, Trace output): a launch's batches are listed
    /// under "bursts", a name users' scripts read, so it stays.
    enum CodingKeys: String, CodingKey {
        case effect, seed, evaluator, viewport, constants, particles
        case batches = "bursts"
    }

    struct Particle: Encodable {
        var index: Int
        /// Which of `batches` the particle belongs to, when they differ.
        var batch: Int?
        var params: Kind.TraceParams
        var samples: [Kind.Sample]

        /// "burst": the trace contract's key for `batch`.
        enum CodingKeys: String, CodingKey {
            case index, params, samples
            case batch = "burst"
        }
    }
}
