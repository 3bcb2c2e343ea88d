import ConfettiCore
import Testing
import TestSupport

/// SVG path data read, flattened and filled, against geometry worked out by hand.
@Suite(.tags(.fileFormat)) struct SVGPathTests {
    /// The Material "favorite" icon: relative and absolute commands, implicit repeats and
    /// numbers run together (`3.41.81`).
    static let heart = "M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z"

    /// Fine flattening, so two descriptions of one shape agree point for point.
    func polylines(_ d: String) throws -> [[Point]] {
        try SVGPath(d).polylines(tolerance: 0.01)
    }

    func expectSameGeometry(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (pa, pb) = (try polylines(a), try polylines(b))
        #expect(pa.map(\.count) == pb.map(\.count), "\(a) against \(b)", sourceLocation: sourceLocation)
        for (la, lb) in zip(pa, pb) {
            for (p, q) in zip(la, lb) {
                #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9, "\(a): \(p) against \(b): \(q)", sourceLocation: sourceLocation)
            }
        }
    }

    func message(_ d: String) -> String? {
        do {
            _ = try SVGPath(d)
            return nil
        } catch {
            return error.description
        }
    }

    func alpha(_ mask: SpriteImage, _ x: Int, _ y: Int) -> UInt8 { mask.pixels[4 * (y * mask.width + x) + 3] }

    func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance
            && abs(a.maxX - b.maxX) < tolerance && abs(a.maxY - b.maxY) < tolerance
    }

    // MARK: Reading

    @Test func relativeCommandsDrawTheSameGeometryAsAbsoluteOnes() throws {
        let pairs = [
            ("M10 20 L30 40 L35 20 Z", "m10 20 l20 20 l5 -20 z"),
            ("M10 20 H30 V40 H10", "m10 20 h20 v20 h-20"),
            ("M10 20 C15 5 30 5 40 20", "m10 20 c5 -15 20 -15 30 0"),
            ("M10 20 C15 5 30 5 40 20 S60 30 70 20", "m10 20 c5 -15 20 -15 30 0 s20 10 30 0"),
            ("M10 20 Q25 0 40 20", "m10 20 q15 -20 30 0"),
            ("M10 20 Q25 0 40 20 T70 20", "m10 20 q15 -20 30 0 t30 0"),
            ("M10 20 A15 10 30 1 0 40 25", "m10 20 a15 10 30 1 0 30 5"),
            // After Z the pen is back at the subpath's start: m and l count from there.
            ("M10 20 L30 20 L30 40 Z M50 50 L60 60 L50 60 Z", "m10 20 l20 0 l0 20 z m40 30 l10 10 l-10 0 z"),
            ("M10 20 L30 20 L30 40 Z L0 0 L0 5", "M10 20 L30 20 L30 40 Z l-10 -20 l0 5"),
        ]
        for (absolute, relative) in pairs {
            try expectSameGeometry(absolute, relative)
        }
    }

    @Test func drawingAfterClosePathStartsANewSubpathAtTheOldStart() throws {
        let path = try SVGPath("M10 20 L30 20 L30 40 Z L0 0")
        #expect(path.subpaths.count == 2)
        #expect(path.subpaths[1].start == Point(10, 20))
        #expect(path.subpaths[1].segments == [.line(to: Point(0, 0))])
    }

    @Test func horizontalAndVerticalLinesKeepTheOtherCoordinate() throws {
        #expect(try polylines("M1 2 H5 V7 h-2 v-3") == [[Point(1, 2), Point(5, 2), Point(5, 7), Point(3, 7), Point(3, 4)]])
    }

    @Test func smoothCubicsReflectThePreviousCubicsSecondControlPoint() throws {
        // (3, 2) reflected about (4, 0) is (5, −2); then (7, −2) about (8, 0) is (9, 2).
        #expect(try SVGPath("M0 0 C1 2 3 2 4 0 S7 -2 8 0 S11 2 12 0")
            == SVGPath("M0 0 C1 2 3 2 4 0 C5 -2 7 -2 8 0 C9 2 11 2 12 0"))
        // After anything but C or S the first control point is the current point.
        #expect(try SVGPath("M0 0 L4 0 S7 -2 8 0") == SVGPath("M0 0 L4 0 C4 0 7 -2 8 0"))
        #expect(try SVGPath("M0 0 Q2 4 4 0 S7 -2 8 0") == SVGPath("M0 0 Q2 4 4 0 C4 0 7 -2 8 0"))
    }

    @Test func smoothQuadraticsReflectThePreviousQuadraticsControlPoint() throws {
        // (2, 4) about (4, 0) is (6, −4); that about (8, 0) is (10, 4).
        #expect(try SVGPath("M0 0 Q2 4 4 0 T8 0 T12 0") == SVGPath("M0 0 Q2 4 4 0 Q6 -4 8 0 Q10 4 12 0"))
        // After anything but Q or T the control point is the current point, and a T after
        // that T reflects it.
        #expect(try SVGPath("M0 0 L4 0 T8 0 T12 1") == SVGPath("M0 0 L4 0 Q4 0 8 0 Q12 0 12 1"))
        #expect(try SVGPath("M0 0 C1 2 3 2 4 0 T8 0") == SVGPath("M0 0 C1 2 3 2 4 0 Q4 0 8 0"))
    }

    @Test func implicitRepeatsDrawMoreSegmentsOfTheSameKind() throws {
        #expect(try SVGPath("M0 0 10 10 20 0") == SVGPath("M0 0 L10 10 L20 0"))
        #expect(try SVGPath("m1 1 2 2") == SVGPath("M1 1 L3 3"))
        #expect(try SVGPath("M0 0 l1 2 3 4") == SVGPath("M0 0 l1 2 l3 4"))
        #expect(try SVGPath("M0 0 H1 2 3 V4 5") == SVGPath("M0 0 H1 H2 H3 V4 V5"))
        #expect(try SVGPath("M0 0 C1 1 2 2 3 3 4 4 5 5 6 6") == SVGPath("M0 0 C1 1 2 2 3 3 C4 4 5 5 6 6"))
        #expect(try SVGPath("M0 0 a1 1 0 0 1 2 0 1 1 0 0 1 2 0") == SVGPath("M0 0 a1 1 0 0 1 2 0 a1 1 0 0 1 2 0"))
        #expect(try SVGPath("M0 0 L1 1, 2 2") == SVGPath("M0 0 L1 1 L2 2"))
    }

    @Test func numbersAreReadInEveryFormTheGrammarAllows() throws {
        #expect(try SVGPath("M.5.5L-.5-.5") == SVGPath("M0.5 0.5 L-0.5 -0.5"))
        #expect(try SVGPath("M1e2 0L+2 1E-3") == SVGPath("M100 0 L2 0.001"))
        #expect(try SVGPath("M0-1L5.e1-2 3. 4") == SVGPath("M0 -1 L50 -2 L3 4"))
        #expect(try SVGPath("M0,0L10,10") == SVGPath("M0 0 L10 10"))
        #expect(try SVGPath("M0 0 L 1 , 2") == SVGPath("M0 0 L1 2"))
        #expect(try SVGPath("\tM\n0\r\n0\u{c}L1 1 ") == SVGPath("M0 0 L1 1"))
        // Flags are one digit each and need no separator: rotation 0, flags 0 and 1, point (1, 1).
        #expect(try SVGPath("M0 0a1 1 0 011 1") == SVGPath("M0 0 a1 1 0 0 1 1 1"))
        #expect(try SVGPath("M0 0a1 1 0 011 1") != SVGPath("M0 0 a1 1 0 1 1 1 1"))
        // The limits themselves are allowed.
        #expect(try SVGPath("M1000000 -1e6 L0 0").bounds == Rect(x: 0, y: -1e6, width: 1e6, height: 1e6))
    }

    // MARK: Geometry

    @Test func boundsReachTheCurvesExtremesNotTheirControlPoints() throws {
        // A cubic reaches 3/4 of the way to its control points, a quadratic half.
        #expect(try SVGPath("M0 0 C0 -10 10 -10 10 0").bounds == Rect(x: 0, y: -7.5, width: 10, height: 7.5))
        #expect(try SVGPath("M0 0 Q5 -10 10 0").bounds == Rect(x: 0, y: -5, width: 10, height: 5))
        // An S-curve turns back inside in neither axis beyond its ends.
        #expect(try SVGPath("M0 0 C10 0 0 10 10 10").bounds == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func aSemicircleArcsMidpointLiesOnItsCircle() throws {
        // Sweep 1 turns clockwise on screen (y down): from the left end over the top.
        for (sweep, top) in [(1, -5.0), (0, 5.0)] {
            let path = try SVGPath("M0 0 A5 5 0 0 \(sweep) 10 0")
            guard case .arc(let arc) = path.subpaths[0].segments[0] else {
                Issue.record("no arc")
                continue
            }
            #expect(abs(arc.centre.x - 5) < 1e-12 && abs(arc.centre.y) < 1e-12)
            #expect(abs(abs(arc.sweep) - .pi) < 1e-12)
            let middle = arc.point(at: arc.startAngle + arc.sweep / 2)
            #expect(abs(middle.x - 5) < 1e-12 && abs(middle.y - top) < 1e-12, "\(middle)")
            #expect(near(path.bounds, Rect(x: 0, y: min(top, 0), width: 10, height: 5)))
            for point in try path.polylines(tolerance: 0.01)[0] {
                let r = point - Point(5, 0)
                #expect(abs((r * r).sum().squareRoot() - 5) < 1e-9)
            }
        }
    }

    @Test func radiiTooSmallToReachAreScaledUpInProportion() throws {
        try expectSameGeometry("M0 0 A1 1 0 0 1 10 0", "M0 0 A5 5 0 0 1 10 0")
        // 1:2 becomes 5:10, the smallest ellipse of that shape through both ends.
        let tall = try SVGPath("M0 0 A1 2 0 0 1 10 0")
        #expect(near(tall.bounds, Rect(x: 0, y: -10, width: 10, height: 10)))
        // Negative radii count as their size.
        #expect(try SVGPath("M0 0 A-5 -5 0 0 1 10 0") == SVGPath("M0 0 A5 5 0 0 1 10 0"))
    }

    @Test func theFlagsChooseAmongTheFourArcsThroughTheEnds() throws {
        // A circle of radius 10 through (0, 0) and (10, 0): its centre 5√3 above or below.
        let small = 10 - 75.0.squareRoot(), large = 10 + 75.0.squareRoot()
        let expected: [(String, Rect)] = [
            ("0 0", Rect(x: 0, y: 0, width: 10, height: small)),
            ("0 1", Rect(x: 0, y: -small, width: 10, height: small)),
            ("1 0", Rect(x: -5, y: 0, width: 20, height: large)),
            ("1 1", Rect(x: -5, y: -large, width: 20, height: large)),
        ]
        for (flags, bounds) in expected {
            let path = try SVGPath("M0 0 A10 10 0 \(flags) 10 0")
            #expect(near(path.bounds, bounds), "flags \(flags): \(path.bounds)")
        }
    }

    @Test func anArcsRotationTurnsItsEllipse() throws {
        // Turned a quarter, 10 along its own x axis is 10 down the page.
        try expectSameGeometry("M0 0 A10 5 90 0 1 10 0", "M0 0 A5 10 0 0 1 10 0")
        #expect(try SVGPath("M0 0 A10 5 90 0 1 10 0") != SVGPath("M0 0 A10 5 0 0 1 10 0"))
    }

    @Test func aZeroRadiusArcIsAStraightLineAndAnArcToItsStartIsNothing() throws {
        #expect(try SVGPath("M0 0 A0 5 0 0 1 10 0") == SVGPath("M0 0 L10 0"))
        #expect(try SVGPath("M0 0 A5 0 0 0 1 10 0") == SVGPath("M0 0 L10 0"))
        #expect(try SVGPath("M3 4 A5 5 0 1 1 3 4").subpaths[0].segments.isEmpty)
        // Radii whose squares underflow are the zero they round to, not infinities or NaN.
        #expect(try SVGPath("M0 0 A1e-200 1e-200 0 0 1 10 0") == SVGPath("M0 0 L10 0"))
    }

    @Test func flatteningKeepsWithinTheTolerance() throws {
        // Each chord's midpoint is the farthest from the circle; it must be within tolerance.
        for tolerance in [1.0, 0.1, 0.001] {
            let points = try SVGPath("M0 50 A50 50 0 0 1 100 50 A50 50 0 0 1 0 50").polylines(tolerance: tolerance)[0]
            for (a, b) in zip(points, points.dropFirst()) {
                let m = (a + b) / 2 - Point(50, 50)
                #expect(50 - (m * m).sum().squareRoot() <= tolerance)
            }
        }
        // And a cubic: against 2000 points of the true curve, each near some chord.
        let d = "M0 0 C30 -40 70 40 100 0"
        let curve = Bezier([Point(0, 0), Point(30, -40), Point(70, 40), Point(100, 0)])
        let points = try SVGPath(d).polylines(tolerance: 0.05)[0]
        for i in 0...2000 {
            let p = curve.point(at: Double(i) / 2000)
            let nearest = zip(points, points.dropFirst()).map { a, b in
                let t = min(max(((p - a) * (b - a)).sum() / ((b - a) * (b - a)).sum(), 0), 1)
                let d = a + t * (b - a) - p
                return (d * d).sum().squareRoot()
            }.min()!
            #expect(nearest <= 0.05)
        }
    }

    // MARK: Filling

    @Test func aSquareOnPixelEdgesIsFullInsideAndEmptyOutside() throws {
        for (size, scale) in [(10, 1), (20, 2)] {
            let mask = try SVGPath("M0 0 H10 V10 H0 Z").mask(longerSide: size)
            #expect(mask.width == size + 2 && mask.height == size + 2 && mask.isMask)
            for y in 0..<mask.height {
                for x in 0..<mask.width {
                    let inside = (1...10 * scale).contains(x) && (1...10 * scale).contains(y)
                    #expect(alpha(mask, x, y) == (inside ? 255 : 0), "(\(x), \(y)) at \(size) px")
                }
            }
        }
    }

    @Test func anEdgeThroughThePixelsMiddleCoversHalfOfIt() throws {
        // An L: the lower half's left edge is at x = 5.5, 6.5 px with the margin.
        let vertical = try SVGPath("M0 0 H10 V10 H5.5 V5 H0 Z").mask(longerSide: 10)
        #expect(abs(Int(alpha(vertical, 6, 8)) - 128) <= 1)
        #expect(alpha(vertical, 5, 8) == 0 && alpha(vertical, 7, 8) == 255)
        #expect(alpha(vertical, 6, 3) == 255)
        // The same down a column: the right half's top edge is at y = 5.5.
        let horizontal = try SVGPath("M0 0 H5 V5.5 H10 V10 H0 Z").mask(longerSide: 10)
        #expect(abs(Int(alpha(horizontal, 8, 6)) - 128) <= 1)
        #expect(alpha(horizontal, 8, 5) == 0 && alpha(horizontal, 8, 7) == 255)
    }

    @Test func overlappingSubpathsDrawnTheSameWayFillTheirUnion() throws {
        let mask = try SVGPath("M0 0 H6 V6 H0 Z M4 4 H10 V10 H4 Z").mask(longerSide: 10)
        #expect(alpha(mask, 5, 5) == 255 && alpha(mask, 6, 6) == 255)      // the overlap, not a hole
        #expect(alpha(mask, 2, 2) == 255 && alpha(mask, 9, 9) == 255)
        #expect(alpha(mask, 8, 2) == 0 && alpha(mask, 2, 8) == 0)
    }

    @Test func anInnerSubpathDrawnTheOtherWayCutsAHoleAndTheSameWayDoesNot() throws {
        let hole = try SVGPath("M0 0 H10 V10 H0 Z M3 3 V7 H7 V3 Z").mask(longerSide: 10)
        #expect(alpha(hole, 5, 5) == 0 && alpha(hole, 4, 4) == 0)
        #expect(alpha(hole, 3, 3) == 255 && alpha(hole, 8, 8) == 255)
        let filled = try SVGPath("M0 0 H10 V10 H0 Z M3 3 H7 V7 H3 Z").mask(longerSide: 10)
        #expect(alpha(filled, 5, 5) == 255 && alpha(filled, 4, 4) == 255)
    }

    @Test func aCirclesMaskCoversPiRSquaredWithinOnePercent() throws {
        for longerSide in [32, 200] {
            let mask = try SVGPath("M0 50 A50 50 0 0 1 100 50 A50 50 0 0 1 0 50 Z").mask(longerSide: longerSide)
            let area = stride(from: 3, to: mask.pixels.count, by: 4).reduce(0.0) { $0 + Double(mask.pixels[$1]) / 255 }
            let r = Double(longerSide) / 2
            #expect(abs(area / (.pi * r * r) - 1) < 0.01, "\(area) px² at \(longerSide) px")
        }
    }

    @Test func theMaskKeepsTheAspectWithTheShorterSideCentred() throws {
        let wide = try SVGPath("M0 0 H10 V5 H0 Z").mask(longerSide: 100)
        #expect(wide.width == 102 && wide.height == 52)
        // 4.5 px tall in 5: a quarter pixel empty above and below.
        let offCentre = try SVGPath("M0 0 H10 V4.5 H0 Z").mask(longerSide: 10)
        #expect(offCentre.height == 7)
        #expect(abs(Int(alpha(offCentre, 5, 1)) - 191) <= 1 && abs(Int(alpha(offCentre, 5, 5)) - 191) <= 1)
        #expect(alpha(offCentre, 5, 3) == 255)
        // However thin, the shorter side is a pixel.
        let thin = try SVGPath("M0 0 H100 V0.1 H0 Z").mask(longerSide: 100)
        #expect(thin.width == 102 && thin.height == 3)
        #expect(alpha(thin, 50, 1) > 0)
    }

    @Test func aMaskOfTheHeartAt256PixelsTakesUnder50Milliseconds() throws {
        let heart = try SVGPath(Self.heart)
        var mask: SpriteImage?
        var best = Double.infinity
        for _ in 0..<3 {
            let cost = try ThreadCost.of { mask = try heart.mask(longerSide: 256) }
            best = min(best, cost.cpuSeconds)
        }
        // 20 × 18.35 units: 256 × 235 px and the margin.
        #expect(mask?.width == 258 && mask?.height == 237)
        #expect(mask.map { alpha($0, 129, 118) } == 255 && mask.map { alpha($0, 1, 1) } == 0)
        #expect(best < 0.05, "\(best) s of CPU")
    }

    // MARK: Refusals

    @Test func eachMistakeIsNamedAtItsOffset() {
        let cases: [(String, String)] = [
            ("", "SVG path: the path is empty"),
            (" \t\n", "SVG path: the path is empty"),
            ("K 0 0", "SVG path: unknown command 'K' at offset 0"),
            ("L 0 0", "SVG path: must start with a moveto (M or m), found 'L' at offset 0"),
            ("  10 10", "SVG path: must start with a moveto (M or m), found '1' at offset 2"),
            ("M 0 0 L 5 x", "SVG path: expected a number at offset 10, found 'x'"),
            ("M 0 0 L 5", "SVG path: expected a number at offset 9, found the end of the path"),
            ("M0 0 L1 1 X", "SVG path: unknown command 'X' at offset 10"),
            ("M0 0Z 5", "SVG path: expected a command at offset 6, found '5'"),
            ("M0 0 L1,2,", "SVG path: expected a number at offset 10, found the end of the path"),
            ("M0 0,,1 1", "SVG path: expected a number at offset 5, found ','"),
            ("M0 0, L1 1", "SVG path: expected a number at offset 6, found 'L'"),
            ("M 0 0 L +-1 0", "SVG path: expected a number at offset 9, found '-'"),
            ("M0 0 A1 1 0 2 1 5 5", "SVG path: expected a flag (0 or 1) at offset 12, found '2'"),
            ("M1e", "SVG path: expected the exponent's digits at offset 3, found the end of the path"),
            ("M0 0 L1e+x 0", "SVG path: expected the exponent's digits at offset 9, found 'x'"),
            ("M 0 0 L 5 ×", "SVG path: expected a number at offset 10, found '×'"),
            ("M 0 0\u{1b}[31m", "SVG path: expected a command at offset 5, found '\\u{1b}'"),
        ]
        for (d, expected) in cases {
            #expect(message(d) == expected, "\(d)")
        }
    }

    @Test func hugeAndNonFiniteNumbersAreRefused() {
        let cases: [(String, String)] = [
            ("M 0 0 L 1e7 0", "SVG path: the number 1e7 at offset 8 is too large; numbers must lie within ±1000000"),
            ("M 1e999 0", "SVG path: the number 1e999 at offset 2 is too large; numbers must lie within ±1000000"),
            ("M -1000001 0", "SVG path: the number -1000001 at offset 2 is too large; numbers must lie within ±1000000"),
            ("M0 0 A5 5 1e400 0 1 1 1", "SVG path: the number 1e400 at offset 10 is too large; numbers must lie within ±1000000"),
            ("M NaN 0", "SVG path: expected a number at offset 2, found 'N'"),
            ("M 0 0 L inf 0", "SVG path: expected a number at offset 8, found 'i'"),
        ]
        for (d, expected) in cases {
            #expect(message(d) == expected, "\(d)")
        }
    }

    @Test func pathDataLongerThanTheLimitIsRefused() throws {
        let longest = "M0 0" + String(repeating: " ", count: SVGPath.maximumLength - 4)
        #expect(throws: Never.self) { try SVGPath(longest) }
        #expect(message(longest + " ") == "SVG path: the path data is 100001 bytes long; at most 100000 are read")
    }

    @Test func flatteningIntoTooManyPointsIsRefused() throws {
        let tooMany = SpriteError("SVG path: flattening its curves takes more than 1000000 points; draw it smaller or with fewer curves")
        let circle = try SVGPath("M0 50 A50 50 0 0 1 100 50 A50 50 0 0 1 0 50 Z")
        #expect(throws: tooMany) { try circle.polylines(tolerance: 1e-12) }
        // Nearly whole circles, each about 450 points at 4096 px: 4800 of them in 98 kB.
        let circles = try SVGPath("M0 50" + String(repeating: "A50 50 0 1 1 0 50.01A50 50 0 1 1 0 50", count: 2400))
        #expect(throws: tooMany) { try circles.mask(longerSide: 4096) }
    }

    @Test func aPathTooIntricateToFillAtTheSizeIsRefused() throws {
        // 400 edges the full height: 400 × 16 sample lines a pixel × 4096 px is 26 million crossings.
        let zigzag = try SVGPath("M0 0" + String(repeating: "l1 1000 1 -1000", count: 200))
        #expect(throws: SpriteError("SVG path: too intricate to fill at 4096 px (its edges cross the sample lines more than 20000000 times); draw it smaller or simpler")) {
            try zigzag.mask(longerSide: 4096)
        }
        #expect(throws: Never.self) { try zigzag.mask(longerSide: 64) }
    }

    @Test func aPathEnclosingNoAreaIsRefused() {
        let noArea = SpriteError("SVG path: the path encloses no area, so its mask would be empty")
        for d in ["M0 0 L10 10", "M0 0 L10 0 L20 0 Z", "M5 5", "M0 0 L10 10 L0 0",
                  "M0 0 H10 V10 H0 Z M0 0 V10 H10 V0 Z"] {
            #expect(throws: noArea, "\(d)") { try SVGPath(d).mask(longerSide: 64) }
        }
    }

    @Test func aMasksSizeOutsideOneTo4096IsRefused() throws {
        let square = try SVGPath("M0 0 H10 V10 H0 Z")
        for size in [0, -3, 4097] {
            #expect(throws: SpriteError("SVG path: a mask's longer side must be 1 to 4096 pixels, not \(size)")) {
                try square.mask(longerSide: size)
            }
        }
        #expect(throws: Never.self) { try square.mask(longerSide: 1) }
    }
}
