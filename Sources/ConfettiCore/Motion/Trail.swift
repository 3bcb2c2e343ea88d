/// Fading ghosts behind every piece: ghost k (1…`ghosts`) is the piece as it was `k·spacing`
/// seconds earlier, drawn with opacity × (1 − k/(ghosts + 1)) and size × (1 − taper·k/(ghosts + 1)).
/// The shader draws them from the same record (one instance each), so a trail costs no CPU work
/// per frame (docs/effects.md, Trails).
public struct Trail: Hashable, Sendable {
    /// Ghosts per piece; 0 draws none.
    public var ghosts: Int
    /// Seconds between ghosts.
    public var spacing: Double
    /// Fraction of its size the ghost after the last would have lost, 0…1 (0: every ghost full size).
    public var taper: Double

    /// Ghosts the shader can draw per piece.
    public static let maxGhosts = 32
    /// The least spacing of ghosts, s: closer, the shader's 32-bit age cannot tell them apart
    /// from their particle over a long life (a microsecond drew ghosts 8 levels off the CPU's).
    public static let leastSpacing = 0.001

    public init(ghosts: Int, spacing: Double, taper: Double = 0) {
        self.ghosts = ghosts
        self.spacing = spacing
        self.taper = taper
    }

    /// No trail: each particle is drawn alone, one instance per record.
    public static let none = Trail(ghosts: 0, spacing: 0.03)

    /// Seconds the last ghost lags its piece: how long a piece's trail outlives it.
    package var duration: Double { Double(ghosts) * spacing }

    /// Opacity factor of ghost `k` (0 is the piece itself).
    package func fade(_ k: Int) -> Double { 1 - Double(k) / Double(ghosts + 1) }

    /// Size factor of ghost `k`.
    package func size(_ k: Int) -> Double { 1 - taper * Double(k) / Double(ghosts + 1) }
}
