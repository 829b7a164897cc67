import Foundation
import SpecSiteKit

/// Small static SVG plots of motion tokens, drawn at build time (no JS).
///
/// Every plot is a standalone, well-formed `<svg>` whose colours come only from
/// CSS custom properties (with fallbacks), so it follows the site's theme; its
/// `<title>` and `<desc>` name and describe it for screen readers.
enum MotionPlots {
    // MARK: Easing

    /// The easing plot's size in CSS pixels (square).
    static let easingSize = 120
    /// Where progress 0 / time 0 sits in the easing plot (both axes).
    static let easingOrigin = 24.0
    /// Pixels per unit of time or progress in the easing plot: 72, so the
    /// quarter unit of headroom above 1 and below 0 fills the rest exactly.
    static let easingUnit = 72.0
    /// The progress range the easing plot shows; overshooting curves need room.
    static let easingRange = -0.25...1.25

    /// The curve of a CSS cubic-bézier timing function (x1, y1, x2, y2),
    /// progress against time, in a square plot.
    ///
    /// Draws the unit square's axes faintly, the two control handles and the
    /// curve as one exact `C` segment. A curve that stays within the plot's
    /// headroom (-0.25…1.25) is drawn exactly even when a control point lies
    /// outside it (easeOutBack's y1 = 1.56 peaks near 1.1); only a curve that
    /// would leave the plot has its control points clamped, which keeps it
    /// inside because a Bézier lies within the hull of its control points.
    /// Anything but four finite numbers draws the linear curve.
    /// `idSeed` (the token's source) keeps ids apart when one page draws the same token twice.
    static func easingSVG(_ curve: [Double], title: String, idSeed: String = "") -> String {
        let valid = curve.count == 4 && curve.allSatisfy(\.isFinite)
        // CSS allows x only in 0...1; y is free, bounded here so sums cannot overflow.
        let x1 = valid ? clamp(curve[0], 0...1) : 0
        let y1 = valid ? clamp(curve[1], -1e6...1e6) : 0
        let x2 = valid ? clamp(curve[2], 0...1) : 1
        let y2 = valid ? clamp(curve[3], -1e6...1e6) : 1
        let reach = bezierRange(y1, y2)
        let fits = easingRange.contains(reach.lowerBound) && easingRange.contains(reach.upperBound)
        let c1 = (x: x1, y: fits ? y1 : clamp(y1, easingRange))
        let c2 = (x: x2, y: fits ? y2 : clamp(y2, easingRange))

        // Time runs right from the origin, progress up from it (SVG's y runs down).
        func px(_ x: Double) -> String { format(easingOrigin + easingUnit * x) }
        func py(_ y: Double) -> String { format(easingOrigin + easingUnit * (1 - y)) }
        func point(_ x: Double, _ y: Double) -> String { px(x) + "," + py(y) }
        let id = plotID(kind: "easing", title: title + "\u{0}" + idSeed, parameters: curve)
        var desc = "Cubic Bézier " + [x1, y1, x2, y2].map { format($0) }.joined(separator: ", ") + ": "
        desc += easingWords(x1: x1, y1: y1, x2: x2, y2: y2)
        if reach.upperBound > 1.005 { desc += "; overshoots to " + format((reach.upperBound * 100).rounded()) + " %" }
        if reach.lowerBound < -0.005 {
            desc += "; first pulls back to " + format((reach.lowerBound * 100).rounded()) + " %"
        }
        if !fits { desc += "; clipped to the plot" }
        if !valid { desc = "Not a valid cubic Bézier (it needs four finite numbers); drawn as linear" }

        var svg = openSVG(
            id: id, title: title, desc: desc, width: easingSize, height: easingSize,
            classes: "tokens-plot tokens-plot-easing", clipped: !fits)
        // The axes: time along the bottom, progress up the left; the square's
        // other two sides dashed, so progress 1 and the end of time show too.
        let far = format(easingOrigin + easingUnit)
        svg += "<path class=\"tokens-plot-grid\" d=\"M\(point(0, 1)) V\(far) H\(far)\""
        svg += " fill=\"none\" stroke-width=\"1\" style=\"stroke:\(gridColor)\"/>"
        svg += "<path class=\"tokens-plot-grid tokens-plot-grid-edge\" d=\"M\(point(0, 1)) H\(far) V\(far)\""
        svg += " fill=\"none\" stroke-width=\"1\" stroke-dasharray=\"2 3\" style=\"stroke:\(gridColor)\"/>"
        for (anchor, control) in [((x: 0.0, y: 0.0), c1), ((x: 1.0, y: 1.0), c2)] {
            // A control point outside the plot: shorten the handle along its own
            // direction to the edge, so the tangent it shows is still right.
            var end = control
            if !easingRange.contains(end.y) {
                let edge = end.y > easingRange.upperBound ? easingRange.upperBound : easingRange.lowerBound
                let fraction = (edge - anchor.y) / (end.y - anchor.y)
                end = (x: anchor.x + fraction * (end.x - anchor.x), y: edge)
            }
            svg += "<line class=\"tokens-plot-handle\" x1=\"\(px(anchor.x))\" y1=\"\(py(anchor.y))\""
            svg += " x2=\"\(px(end.x))\" y2=\"\(py(end.y))\" stroke-width=\"1\" style=\"stroke:\(handleColor)\"/>"
            svg += "<circle class=\"tokens-plot-handle-point\" cx=\"\(px(end.x))\" cy=\"\(py(end.y))\" r=\"2.5\""
            svg += " style=\"fill:\(handleColor)\"/>"
        }
        let d = "M\(point(0, 0)) C\(point(c1.x, c1.y)) \(point(c2.x, c2.y)) \(point(1, 1))"
        svg += "<path class=\"tokens-plot-curve\" d=\"\(d)\""
        svg += " fill=\"none\" stroke-width=\"2\" stroke-linecap=\"round\" style=\"stroke:\(lineColor)\"/>"
        return svg + "</svg>"
    }

    /// The lowest and highest progress the curve reaches, from its ends and the
    /// roots of its derivative. A non-finite result counts as out of range.
    static func bezierRange(_ y1: Double, _ y2: Double) -> ClosedRange<Double> {
        func y(_ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * y1 + 3 * (1 - t) * t * t * y2 + t * t * t
        }
        // y'(t) / 3 = (1-t)² d0 + 2(1-t)t d1 + t² d2, written as a t² + b t + c.
        let d0 = y1
        let d1 = y2 - y1
        let d2 = 1 - y2
        let a = d0 - 2 * d1 + d2
        let b = 2 * (d1 - d0)
        let c = d0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots += [(-b + root) / (2 * a), (-b - root) / (2 * a)]
            }
        }
        var low = 0.0
        var high = 1.0
        for t in roots where t > 0 && t < 1 {
            let value = y(t)
            guard value.isFinite else { return -Double.infinity...Double.infinity }
            low = min(low, value)
            high = max(high, value)
        }
        return low...high
    }

    /// "starts slow, ends fast" from the tangents at either end (a zero-length
    /// handle takes its direction from the next control point, as the curve does).
    private static func easingWords(x1: Double, y1: Double, x2: Double, y2: Double) -> String {
        if x1 == y1 && x2 == y2 { return "linear, constant speed" }
        func slope(_ vectors: [(Double, Double)]) -> Double {
            for (dx, dy) in vectors where dx != 0 || dy != 0 {
                return dx == 0 ? (dy > 0 ? .infinity : -.infinity) : dy / dx
            }
            return 1
        }
        func speed(_ slope: Double) -> String {
            slope < 0.7 ? "slow" : slope > 1.4 ? "fast" : "steady"
        }
        let start = slope([(x1, y1), (x2, y2), (1, 1)])
        let end = slope([(1 - x2, 1 - y2), (1 - x1, 1 - y1), (1, 1)])
        let starts = start < 0 ? "starts by moving backwards" : "starts " + speed(start)
        let ends = end < 0 ? "ends by coming back from beyond" : "ends " + speed(end)
        return starts + ", " + ends
    }

    // MARK: Spring

    /// The spring plot's width in CSS pixels.
    static let springWidth = 200
    /// The spring plot's height in CSS pixels.
    static let springHeight = 100
    /// The settle threshold: settled once |x - 1| stays below this.
    static let settleTolerance = 0.002
    /// Intervals the step response is sampled at (one more point than this).
    static let springSamples = 120

    /// A spring's step response: position over time for a unit step, from 0 to
    /// the settle time or at most 3 s / 6 periods, whichever is shorter, as a
    /// polyline of at least 121 points, with a dashed line at the target (1).
    /// The y range is 0…max(1.1, peak + 0.05), so overshoot always shows; the
    /// peak itself is one of the points.
    /// `idSeed` (the token's source) keeps ids apart when one page draws the same token twice.
    static func springSVG(_ spring: Spring, title: String, idSeed: String = "") -> String {
        let motion = SpringMotion(spring)
        let settle = motion.settleTime
        let window = motion.plotDuration
        var times = (0...springSamples).map { window * Double($0) / Double(springSamples) }
        // The peak is a point of its own, so the drawn maximum is the true overshoot.
        if let peak = motion.peakTime, peak < window, let next = times.firstIndex(where: { $0 >= peak }),
            times[next] != peak
        {
            times.insert(peak, at: next)
        }
        let values = times.map { motion.position(at: $0) }
        let top = max(1.1, (values.max() ?? 1) + 0.05)

        let left = 4.0
        let width = Double(springWidth) - 2 * left
        let bottom = Double(springHeight) - 4
        let height = bottom - 4
        func y(_ value: Double) -> String {
            format(bottom - height * clamp(value, 0...top) / top)
        }
        let points = zip(times, values).map { format(left + width * $0 / window) + "," + y($1) }

        let id = plotID(
            kind: "spring", title: title + "\u{0}" + idSeed,
            parameters: [
                spring.stiffness, spring.damping, spring.mass, spring.response, spring.dampingFraction,
            ].map { $0 ?? .nan })
        var desc =
            "Spring with damping ratio \(format(motion.zeta)) and response \(seconds(motion.period)); "
        if motion.zeta >= 1 {
            desc += "does not overshoot and settles in \(seconds(settle))"
        } else if settle.isFinite {
            let percent = (motion.overshoot * 1000).rounded() / 10
            desc += "overshoots \(format(percent)) % and settles in \(seconds(settle))"
        } else {
            desc += "oscillates without damping and never settles"
        }
        if window < settle { desc += "; the plot shows the first \(seconds(window))" }

        var svg = openSVG(
            id: id, title: title, desc: desc, width: springWidth, height: springHeight,
            classes: "tokens-plot tokens-plot-spring", clipped: window < settle)
        svg += "<line class=\"tokens-plot-grid\" x1=\"\(format(left))\" y1=\"\(y(0))\" x2=\"\(format(left + width))\""
        svg += " y2=\"\(y(0))\" stroke-width=\"1\" style=\"stroke:\(gridColor)\"/>"
        svg += "<line class=\"tokens-plot-target\" x1=\"\(format(left))\" y1=\"\(y(1))\" x2=\"\(format(left + width))\""
        svg += " y2=\"\(y(1))\" stroke-width=\"1\" stroke-dasharray=\"4 3\" style=\"stroke:\(targetColor)\"/>"
        svg += "<polyline class=\"tokens-plot-curve\" points=\"\(points.joined(separator: " "))\" fill=\"none\""
        svg += " stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\" style=\"stroke:\(lineColor)\"/>"
        return svg + "</svg>"
    }

    /// Settle time in seconds of the spring, as the plot draws it: the time
    /// after which |x - 1| stays below 0.002, capped at 3 s or 6 periods,
    /// whichever is shorter. Always finite and positive, so captions and CSS
    /// durations can use it as is; an undamped spring (ζ = 0), which never
    /// settles, gets the cap.
    static func settleTime(_ spring: Spring) -> Double {
        SpringMotion(spring).plotDuration
    }

    /// The spring's position `time` seconds into a unit step from rest at 0
    /// (1 is the target): the curve the plot draws, for sampling elsewhere
    /// (a CSS `linear()` easing). Negative or NaN times read as 0, an
    /// infinite one as settled.
    static func springPosition(_ spring: Spring, at time: Double) -> Double {
        if time == .infinity { return 1 }
        return SpringMotion(spring).position(at: time.isNaN ? 0 : max(time, 0))
    }

    /// Peak overshoot as a fraction (0 when ζ >= 1, 1 when undamped).
    static func overshoot(_ spring: Spring) -> Double {
        SpringMotion(spring).overshoot
    }

    /// A spring's damping ratio and period made safe to compute with, and its
    /// unit step response.
    struct SpringMotion {
        /// ζ: NaN reads as critical, negative as undamped, and it is capped at
        /// 1e12 (beyond that nothing visible changes); within 1e-6 of 1 it is
        /// 1, where the other two formulas would divide by nearly zero.
        let zeta: Double
        /// The period in seconds, within 1 ms…10⁶ s (NaN reads as 0.5 s, the
        /// model's default); 0 is read as 1 ms, effectively instant.
        let period: Double
        /// The natural angular frequency ω = 2π / period.
        let omega: Double

        /// Makes a spring's parameters safe.
        init(_ spring: Spring) {
            let ratio = spring.dampingRatio
            var zeta = ratio.isNaN ? 1 : MotionPlots.clamp(ratio, 0...1e12)
            if zeta < 1e-9 { zeta = 0 }
            if abs(zeta - 1) < 1e-6 { zeta = 1 }
            self.zeta = zeta
            period = spring.period.isNaN ? 0.5 : MotionPlots.clamp(spring.period, 1e-3...1e6)
            omega = 2 * Double.pi / period
        }

        /// The two real poles of an overdamped spring, slow (nearer 0) first;
        /// written so neither suffers cancellation when ζ is huge.
        private var poles: (slow: Double, fast: Double) {
            let sum = zeta + (zeta * zeta - 1).squareRoot()
            return (-omega / sum, -omega * sum)
        }

        /// Position at `t` seconds for a unit step from rest at 0.
        /// Once the decay's exponent passes 800 the step is over to the last
        /// bit; answering 1 there keeps 0 × ∞ and cos(∞) out of huge times.
        func position(at t: Double) -> Double {
            if zeta == 0 {
                let phase = omega * t
                return phase.isFinite ? 1 - cos(phase) : 1
            }
            if zeta == 1 {
                let u = omega * t
                return u > 800 ? 1 : 1 - exp(-u) * (1 + u)
            }
            if zeta < 1 {
                guard zeta * omega * t <= 800 else { return 1 }
                let root = (1 - zeta * zeta).squareRoot()
                let damped = omega * root
                return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta / root * sin(damped * t))
            }
            let (slow, fast) = poles
            guard -slow * t <= 800 else { return 1 }
            return 1 - (fast * exp(slow * t) - slow * exp(fast * t)) / (fast - slow)
        }

        /// How long the plot runs: until settled, but at most 3 s or 6 periods.
        var plotDuration: Double {
            min(settleTime, 3, 6 * period)
        }

        /// Peak overshoot as a fraction: exp(-πζ/√(1-ζ²)) below ζ = 1.
        var overshoot: Double {
            zeta < 1 ? exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot()) : 0
        }

        /// When the first (highest) peak comes; nil when there is none.
        var peakTime: Double? {
            zeta < 1 ? Double.pi / (omega * (1 - zeta * zeta).squareRoot()) : nil
        }

        /// Seconds until |x - 1| stays below the tolerance, uncapped
        /// (`.infinity` when undamped); found analytically
        /// up to one bracket, then by bisection, so it never loops unboundedly.
        var settleTime: Double {
            let tolerance = MotionPlots.settleTolerance
            if zeta == 0 { return .infinity }
            if zeta == 1 {
                // 1 - x = e^(-u)(1 + u) with u = ωt, falling from 1 to ~1e-20 by u = 50.
                let u = MotionPlots.bisect(0, 50) { exp(-$0) * (1 + $0) - tolerance }
                return u / omega
            }
            if zeta > 1 {
                // 1 - x falls monotonically; past `upper` even its slow term alone is below tolerance.
                let (slow, fast) = poles
                let upper = log(fast / ((fast - slow) * tolerance)) / -slow
                return MotionPlots.bisect(0, upper) { 1 - position(at: $0) - tolerance }
            }
            // Underdamped: the extremes of x - 1 come every π/ωd and shrink by
            // the overshoot factor M each time, and x is monotonic between them.
            // The last extreme still beyond the tolerance is the k-th, with
            // M^k >= tolerance; the crossing lies between it and the next.
            let logM = -Double.pi * zeta / (1 - zeta * zeta).squareRoot()
            let k = (log(tolerance) / logM).rounded(.down)
            let halfPeriod = Double.pi / (omega * (1 - zeta * zeta).squareRoot())
            // At the k-th extreme, x - 1 has sign (-1)^(k+1); the start (k = 0) is below.
            let sign: Double = k.truncatingRemainder(dividingBy: 2) == 1 ? 1 : -1
            return MotionPlots.bisect(k * halfPeriod, (k + 1) * halfPeriod) {
                sign * (position(at: $0) - 1) - tolerance
            }
        }
    }

    /// A root of `f`, which is >= 0 at `low` and < 0 at `high`; at most 200
    /// halvings, so it ends even on a function misbehaving in floating point.
    static func bisect(_ low: Double, _ high: Double, _ f: (Double) -> Double) -> Double {
        var low = low
        var high = high
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle <= low || middle >= high { break }
            if f(middle) >= 0 { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    // MARK: Duration

    /// The duration plot's width in CSS pixels.
    static let durationWidth = 200
    /// The duration plot's height in CSS pixels.
    static let durationHeight = 24

    /// A duration as a horizontal bar whose length is proportional to the
    /// duration against a fixed scale (0…`scaleMilliseconds`, default 1000 ms).
    /// Longer durations fill the bar and say so with `data-clipped="true"` on
    /// the `<svg>`. Tick marks every 100 ms (every 500 ms if the scale is over
    /// 2000 ms, coarser still if that would make more than 50), longer at
    /// whole seconds.
    /// `idSeed` (the token's source) keeps ids apart when one page draws the same token twice.
    static func durationSVG(
        milliseconds: Double, scaleMilliseconds: Double = 1000, title: String, idSeed: String = ""
    ) -> String {
        // A scale that cannot be drawn against falls back to the default.
        let scale = scaleMilliseconds.isFinite && scaleMilliseconds > 0 ? min(scaleMilliseconds, 1e15) : 1000
        let duration = milliseconds.isNaN ? 0 : max(milliseconds, 0)
        let clipped = duration > scale
        var step: Double = scale > 2000 ? 500 : 100
        while scale / step > 50 { step = nextNiceStep(step) }

        let left = 2.0
        let width = Double(durationWidth) - 2 * left
        let id = plotID(
            kind: "duration", title: title + "\u{0}" + idSeed, parameters: [milliseconds, scaleMilliseconds])
        var desc = "Duration "
        desc += duration.isFinite ? format(duration) + " ms" : "without end"
        desc +=
            clipped
            ? ", longer than the \(format(scale)) ms scale, so the bar is full" : " on a 0–\(format(scale)) ms scale"
        desc += "; ticks every \(format(step)) ms"

        var svg = openSVG(
            id: id, title: title, desc: desc, width: durationWidth, height: durationHeight,
            classes: "tokens-plot tokens-plot-duration", clipped: clipped)
        svg += "<rect class=\"tokens-plot-track\" x=\"\(format(left))\" y=\"4\" width=\"\(format(width))\" height=\"8\""
        svg += " rx=\"2\" style=\"fill:\(gridColor)\"/>"
        let fraction = clipped ? 1 : duration / scale
        svg += "<rect class=\"tokens-plot-bar\" x=\"\(format(left))\" y=\"4\" width=\"\(format(width * fraction))\""
        svg += " height=\"8\" rx=\"2\" style=\"fill:\(lineColor)\"/>"
        var ticks = ""
        var index = 0.0
        while index * step <= scale {
            let at = index * step
            let long = at.truncatingRemainder(dividingBy: 1000) == 0
            ticks += "M\(format(left + width * at / scale)),14 V\(long ? "22" : "18") "
            index += 1
        }
        svg += "<path class=\"tokens-plot-tick\" d=\"\(ticks.dropLast())\" fill=\"none\" stroke-width=\"1\""
        svg += " style=\"stroke:\(handleColor)\"/>"
        return svg + "</svg>"
    }

    /// The next of 1, 2, 5, 10, 20, 50… after `step`.
    private static func nextNiceStep(_ step: Double) -> Double {
        let magnitude = pow(10, log10(step).rounded(.down))
        let mantissa = step / magnitude
        return (mantissa < 1.5 ? 2 : mantissa < 3.5 ? 5 : 10) * magnitude
    }

    // MARK: Shared

    /// The curve's colour.
    static let lineColor = "var(--tokens-plot-line, currentColor)"
    /// Axes, tracks and other faint lines.
    static let gridColor = "var(--tokens-plot-grid, #8884)"
    /// Bézier handles and tick marks.
    static let handleColor = "var(--tokens-plot-handle, #888)"
    /// The spring's target line.
    static let targetColor = "var(--tokens-plot-target, #888)"

    /// The `<svg>` start tag with its `<title>` and `<desc>`.
    private static func openSVG(
        id: String, title: String, desc: String, width: Int, height: Int, classes: String, clipped: Bool
    ) -> String {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\""
        svg += " width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-labelledby=\"\(id)\" class=\"\(classes)\""
        if clipped { svg += " data-clipped=\"true\"" }
        svg += "><title id=\"\(id)\">\(escape(title))</title><desc>\(escape(desc))</desc>"
        return svg
    }

    /// `tk-` and a stable 64-bit FNV-1a hash of the plot's kind, title and
    /// exact parameters: the same on every run and machine (Swift's `Hasher`
    /// is seeded per process), and different for different tokens on a page.
    static func plotID(kind: String, title: String, parameters: [Double]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        for byte in kind.utf8 { mix(byte) }
        mix(0)
        for byte in title.utf8 { mix(byte) }
        for value in parameters {
            mix(0)
            for shift in stride(from: 0, to: 64, by: 8) {
                mix(UInt8(truncatingIfNeeded: value.bitPattern >> UInt64(shift)))
            }
        }
        let hex = String(hash, radix: 16)
        return "tk-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Text escaped for XML (the shared escaping, which also drops the
    /// control characters XML forbids).
    static func escape(_ text: String) -> String { HTMLEscaping.escapeXML(text) }

    /// `12`, `0.5`, `-16.32`: at most two decimals, no trailing zeros, no `-0`;
    /// non-finite values as `0`, huge ones in exponent form.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if abs(value) >= 1e12 { return String(format: "%.2e", value) }
        return TokenFormat.number(value, decimals: 2)
    }

    /// Seconds for a caption: `0.52 s`, or `4 ms` below a tenth of a second
    /// so short springs do not all read `0 s`.
    private static func seconds(_ value: Double) -> String {
        value < 0.1 ? format(value * 1000) + " ms" : format(value) + " s"
    }

    /// `value` limited to `range`; NaN stays NaN, so callers handle it first.
    static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
