/// Small vector helpers for the layout; kept in a namespace so they cannot
/// clash with operators other parts of the module may define on ``DiagramPoint``.
enum LayoutMath {
    static func lerp(_ a: DiagramPoint, _ b: DiagramPoint, _ t: Double) -> DiagramPoint {
        DiagramPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    static func distance(_ a: DiagramPoint, _ b: DiagramPoint) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// One cubic Bézier segment.
struct CubicSegment: Equatable {
    var p0: DiagramPoint
    var p1: DiagramPoint
    var p2: DiagramPoint
    var p3: DiagramPoint

    /// A straight piece as a cubic (controls at the thirds), so a path is all one kind of segment.
    static func line(_ a: DiagramPoint, _ b: DiagramPoint) -> CubicSegment {
        CubicSegment(p0: a, p1: LayoutMath.lerp(a, b, 1.0 / 3), p2: LayoutMath.lerp(a, b, 2.0 / 3), p3: b)
    }

    func point(at t: Double) -> DiagramPoint {
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return DiagramPoint(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// De Casteljau split at `t`.
    func split(at t: Double) -> (CubicSegment, CubicSegment) {
        let a = LayoutMath.lerp(p0, p1, t)
        let b = LayoutMath.lerp(p1, p2, t)
        let c = LayoutMath.lerp(p2, p3, t)
        let d = LayoutMath.lerp(a, b, t)
        let e = LayoutMath.lerp(b, c, t)
        let m = LayoutMath.lerp(d, e, t)
        return (CubicSegment(p0: p0, p1: a, p2: d, p3: m), CubicSegment(p0: m, p1: e, p2: c, p3: p3))
    }

    var reversed: CubicSegment { CubicSegment(p0: p3, p1: p2, p2: p1, p3: p0) }
}

/// Path operations on lists of cubic segments.
enum BezierPath {
    /// The spline as the point list ``DiagramLayout/PlacedEdge/points`` uses.
    static func points(of segments: [CubicSegment]) -> [DiagramPoint] {
        guard let first = segments.first else { return [] }
        var points = [first.p0]
        points.reserveCapacity(segments.count * 3 + 1)
        for segment in segments {
            points += [segment.p1, segment.p2, segment.p3]
        }
        return points
    }

    /// A spline point list sampled into a polyline (`steps` pieces per cubic).
    static func polyline(of points: [DiagramPoint], steps: Int = 16) -> [DiagramPoint] {
        guard points.count >= 4 else { return points }
        var line = [points[0]]
        var index = 0
        while index + 3 < points.count {
            let segment = CubicSegment(
                p0: points[index], p1: points[index + 1], p2: points[index + 2], p3: points[index + 3])
            for step in 1...steps {
                line.append(segment.point(at: Double(step) / Double(steps)))
            }
            index += 3
        }
        return line
    }

    /// The part of `path` after it last crosses from inside to outside a shape
    /// near its start: the path begins at the exit point.
    static func clipStart(_ path: [CubicSegment], inside: (DiagramPoint) -> Bool) -> [CubicSegment] {
        guard let first = path.first, inside(first.p0) else { return path }
        for (index, segment) in path.enumerated() where !inside(segment.p3) {
            let t = boundary(of: segment, inside: inside, insideAtZero: true)
            var rest = [segment.split(at: t).1]
            rest += path[(index + 1)...]
            return rest
        }
        return []
    }

    /// The part of `path` before it first enters a shape near its end.
    static func clipEnd(_ path: [CubicSegment], inside: (DiagramPoint) -> Bool) -> [CubicSegment] {
        let reversedPath = path.reversed().map(\.reversed)
        return clipStart(reversedPath, inside: inside).reversed().map(\.reversed)
    }

    /// The parameter where a segment crosses a shape's outline, by bisection
    /// (the shape test flips between t = 0 and t = 1).
    static func boundary(of segment: CubicSegment, inside: (DiagramPoint) -> Bool, insideAtZero: Bool) -> Double {
        var low = 0.0
        var high = 1.0
        // Sample first, so a curve that grazes the shape finds the first crossing.
        let samples = 16
        for step in 1...samples {
            let t = Double(step) / Double(samples)
            if inside(segment.point(at: t)) != insideAtZero {
                high = t
                low = Double(step - 1) / Double(samples)
                break
            }
        }
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if inside(segment.point(at: middle)) == insideAtZero {
                low = middle
            } else {
                high = middle
            }
        }
        return high
    }

    /// Shortens a path at its end by `length` along the curve, for an
    /// arrowhead: returns the shortened path (ending at the arrowhead's base).
    static func trimEnd(_ path: [CubicSegment], by length: Double) -> [CubicSegment] {
        guard let tip = path.last?.p3 else { return path }
        var segments = path
        while let last = segments.last {
            let reversedLast = last.reversed
            // Walk from the tip along the last segment to the first point `length` away.
            if LayoutMath.distance(reversedLast.p3, tip) < length
                && maxDistance(of: reversedLast, from: tip) < length
            {
                if segments.count == 1 { return segments }
                segments.removeLast()
                continue
            }
            var low = 0.0
            var high = 1.0
            let samples = 32
            for step in 1...samples {
                let t = Double(step) / Double(samples)
                if LayoutMath.distance(reversedLast.point(at: t), tip) >= length {
                    high = t
                    low = Double(step - 1) / Double(samples)
                    break
                }
            }
            for _ in 0..<40 {
                let middle = (low + high) / 2
                if LayoutMath.distance(reversedLast.point(at: middle), tip) < length {
                    low = middle
                } else {
                    high = middle
                }
            }
            segments[segments.count - 1] = reversedLast.split(at: high).1.reversed
            return segments
        }
        return segments
    }

    private static func maxDistance(of segment: CubicSegment, from point: DiagramPoint) -> Double {
        var best = 0.0
        for step in 0...16 {
            best = max(best, LayoutMath.distance(segment.point(at: Double(step) / 16), point))
        }
        return best
    }
}

/// A node's outline in final (on-page) orientation, centred on the origin,
/// matching what ``DiagramSVG`` draws, so edges end on the visible line.
struct NodeOutline {
    var shape: DiagramGraph.NodeShape
    var width: Double
    var height: Double

    /// Whether an offset from the node's centre is inside the outline.
    func contains(dx: Double, dy: Double) -> Bool {
        let a = width / 2
        let b = height / 2
        let x = abs(dx)
        let y = abs(dy)
        if x > a || y > b { return false }
        switch shape {
        case .box, .subroutine, .cylinder:
            return true
        case .rounded:
            return insideRoundedBox(
                x: x, y: y, a: a, b: b, radius: DiagramGraph.NodeShape.roundedRadius(height: height))
        case .stadium:
            return insideRoundedBox(x: x, y: y, a: a, b: b, radius: height / 2)
        case .circle:
            guard a > 0, b > 0 else { return false }
            return (dx / a) * (dx / a) + (dy / b) * (dy / b) <= 1
        case .diamond:
            guard a > 0, b > 0 else { return false }
            return x / a + y / b <= 1
        case .hexagon:
            let inset = DiagramGraph.NodeShape.hexagonInset(width: width, height: height)
            guard b > 0 else { return false }
            return x <= a - inset * (y / b)
        case .parallelogram:
            // Top edge runs from x + slant to the right side, bottom edge from the left side to right − slant.
            let slant = DiagramGraph.NodeShape.parallelogramSlant(width: width, height: height)
            guard height > 0 else { return false }
            let fromTop = (dy + b) / height
            let left = -a + slant * (1 - fromTop)
            let right = a - slant * fromTop
            return dx >= left && dx <= right
        }
    }

    private func insideRoundedBox(x: Double, y: Double, a: Double, b: Double, radius: Double) -> Bool {
        let r = min(radius, a, b)
        let cornerX = a - r
        let cornerY = b - r
        if x <= cornerX || y <= cornerY { return true }
        let ex = x - cornerX
        let ey = y - cornerY
        return ex * ex + ey * ey <= r * r
    }
}

/// Counts crossings between drawn edges.
enum CrossingCounter {
    /// The number of points where two polylines cross, over all pairs of
    /// polylines whose end nodes differ (`endpoints[i]` are the node indices
    /// polyline `i` joins; pairs sharing a node are not counted). Uses a grid
    /// so big drawings stay fast.
    static func count(_ lines: [[DiagramPoint]], endpoints: [(Int, Int)]) -> Int {
        struct Piece {
            var line: Int
            var a: DiagramPoint
            var b: DiagramPoint
        }
        var pieces: [Piece] = []
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for (index, line) in lines.enumerated() where line.count >= 2 {
            for k in 1..<line.count {
                let a = line[k - 1]
                let b = line[k]
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                if a == b { continue }
                pieces.append(Piece(line: index, a: a, b: b))
                minX = min(minX, a.x, b.x)
                maxX = max(maxX, a.x, b.x)
                minY = min(minY, a.y, b.y)
                maxY = max(maxY, a.y, b.y)
            }
        }
        guard pieces.count > 1 else { return 0 }
        let span = max(maxX - minX, maxY - minY, 1)
        let perSide = max(1, min(512, Int((Double(pieces.count).squareRoot()).rounded(.up))))
        let cell = span / Double(perSide) + 1e-9
        func cellIndex(_ value: Double, _ origin: Double) -> Int {
            min(perSide - 1, max(0, Int(((value - origin) / cell).rounded(.down))))
        }
        var buckets = [[Int]](repeating: [], count: perSide * perSide)
        for (index, piece) in pieces.enumerated() {
            let x0 = cellIndex(min(piece.a.x, piece.b.x), minX)
            let x1 = cellIndex(max(piece.a.x, piece.b.x), minX)
            let y0 = cellIndex(min(piece.a.y, piece.b.y), minY)
            let y1 = cellIndex(max(piece.a.y, piece.b.y), minY)
            for cy in y0...y1 {
                for cx in x0...x1 {
                    buckets[cy * perSide + cx].append(index)
                }
            }
        }
        var total = 0
        for cy in 0..<perSide {
            for cx in 0..<perSide {
                let bucket = buckets[cy * perSide + cx]
                guard bucket.count > 1 else { continue }
                for i in 0..<(bucket.count - 1) {
                    let p = pieces[bucket[i]]
                    for j in (i + 1)..<bucket.count {
                        let q = pieces[bucket[j]]
                        if p.line == q.line { continue }
                        let (e1, e2) = (endpoints[p.line], endpoints[q.line])
                        if e1.0 == e2.0 || e1.0 == e2.1 || e1.1 == e2.0 || e1.1 == e2.1 { continue }
                        guard let hit = intersection(p.a, p.b, q.a, q.b) else { continue }
                        // Count each crossing once: in the cell that holds it.
                        if cellIndex(hit.x, minX) == cx && cellIndex(hit.y, minY) == cy { total += 1 }
                    }
                }
            }
        }
        return total
    }

    /// Where segments a→b and c→d cross, counting each segment as half-open
    /// (its end belongs to the next segment), so a crossing at a polyline's
    /// vertex is counted once.
    static func intersection(_ a: DiagramPoint, _ b: DiagramPoint, _ c: DiagramPoint, _ d: DiagramPoint)
        -> DiagramPoint?
    {
        let rx = b.x - a.x
        let ry = b.y - a.y
        let sx = d.x - c.x
        let sy = d.y - c.y
        let denominator = rx * sy - ry * sx
        if abs(denominator) < 1e-12 { return nil }
        let qx = c.x - a.x
        let qy = c.y - a.y
        let t = (qx * sy - qy * sx) / denominator
        let u = (qx * ry - qy * rx) / denominator
        guard t >= 0, t < 1, u >= 0, u < 1 else { return nil }
        return DiagramPoint(x: a.x + t * rx, y: a.y + t * ry)
    }
}
