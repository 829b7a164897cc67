import Foundation
import Testing

@testable import TokensPlugin

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SVG plots of motion tokens: well-formed, escaped, exact, and the spring
/// maths checked against formulas written out here independently.
struct MotionPlotTests {
    /// easeOutBack: y1 above 1, so its control point lies outside the plot.
    static let easeOutBack = [0.34, 1.56, 0.64, 1]

    // MARK: Helpers

    /// Collects every element's attributes, and the text of the first `<title>`.
    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var title = ""
        var inTitle = false

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            elements.append((elementName, attributeDict))
            inTitle = elementName == "title"
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?
        ) {
            if elementName == "title" { inTitle = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle { title += string }
        }
    }

    /// Parses `svg` as XML, recording an issue when it is not well-formed.
    private func parse(_ svg: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Collector {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        let ok = parser.parse()
        #expect(
            ok, "not well-formed: \(parser.parserError.map(String.init(describing:)) ?? "?")\n\(svg)",
            sourceLocation: sourceLocation)
        return collector
    }

    /// The attributes of the first element named `name` (with `class` containing `className`, if given).
    private func element(
        _ name: String, class className: String? = nil, in collector: Collector
    ) -> [String: String]? {
        collector.elements.first { element in
            element.name == name
                && (className.map {
                    element.attributes["class"]?.split(separator: " ").contains(Substring($0)) ?? false
                }
                    ?? true)
        }?.attributes
    }

    /// The numbers in a path's `d` or a polyline's `points`.
    private func numbers(_ text: String) -> [Double] {
        text.split { " ,MCVHL".contains($0) }.compactMap { Double($0) }
    }

    /// The spring's step response, written out here from the textbook formulas.
    private func stepResponse(zeta: Double, period: Double, at t: Double) -> Double {
        let omega = 2 * Double.pi / period
        if zeta == 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t)
                * (cos(damped * t) + zeta / (1 - zeta * zeta).squareRoot() * sin(damped * t))
        }
        let r = (zeta * zeta - 1).squareRoot()
        let s1 = -omega * (zeta - r)
        let s2 = -omega * (zeta + r)
        return 1 - (s2 * exp(s1 * t) - s1 * exp(s2 * t)) / (s2 - s1)
    }

    // MARK: Well-formed, labelled, themed

    @Test func everyPlotIsWellFormedAndLabelled() throws {
        let plots = [
            MotionPlots.easingSVG([0.42, 0, 0.58, 1], title: "ease-in-out"),
            MotionPlots.springSVG(Spring(response: 0.3, dampingFraction: 0.7), title: "snappy"),
            MotionPlots.durationSVG(milliseconds: 250, title: "short"),
        ]
        for svg in plots {
            let collector = parse(svg)
            let root = try #require(element("svg", in: collector))
            #expect(root["xmlns"] == "http://www.w3.org/2000/svg")
            #expect(root["viewBox"]?.hasPrefix("0 0 ") == true)
            #expect(root["width"] != nil && root["height"] != nil)
            #expect(root["role"] == "img")
            #expect(root["class"]?.hasPrefix("tokens-plot") == true)
            let id = try #require(root["aria-labelledby"])
            #expect(id.hasPrefix("tk-"))
            #expect(element("title", in: collector)?["id"] == id)
            #expect(svg.contains("<desc>"))
            // Colours only through the theme's custom properties.
            #expect(!svg.contains("fill=\"#") && !svg.contains("stroke=\"#"))
            #expect(svg.contains("var(--tokens-plot-"))
        }
        #expect(plots[0].contains("viewBox=\"0 0 120 120\""))
        #expect(plots[1].contains("viewBox=\"0 0 200 100\""))
        #expect(plots[2].contains("viewBox=\"0 0 200 24\""))
    }

    @Test func titlesAreEscaped() {
        let title = "a<b & \"c\" 'd'"
        let plots = [
            MotionPlots.easingSVG([0.25, 0.1, 0.25, 1], title: title),
            MotionPlots.springSVG(Spring(response: 0.5, dampingFraction: 0.8), title: title),
            MotionPlots.durationSVG(milliseconds: 100, title: title),
        ]
        for svg in plots {
            #expect(svg.contains(">a&lt;b &amp; &quot;c&quot; &#39;d&#39;</title>"))
            #expect(parse(svg).title == title)
        }
    }

    @Test func descriptionsSayWhatThePlotShows() {
        #expect(
            MotionPlots.easingSVG([0.42, 0, 0.58, 1], title: "t").contains(
                "<desc>Cubic Bézier 0.42, 0, 0.58, 1: starts slow, ends slow</desc>"))
        #expect(MotionPlots.easingSVG([0.42, 0, 1, 1], title: "t").contains("starts slow, ends fast"))
        #expect(MotionPlots.easingSVG([0, 0, 1, 1], title: "t").contains("linear"))
        #expect(MotionPlots.easingSVG(Self.easeOutBack, title: "t").contains("overshoots to 110 %"))
        let spring = MotionPlots.springSVG(Spring(response: 0.3, dampingFraction: 0.7), title: "t")
        #expect(
            spring.contains("<desc>Spring with damping ratio 0.7 and response 0.3 s; overshoots 4.6 % and settles in "))
        #expect(
            MotionPlots.springSVG(Spring(response: 0.3, dampingFraction: 1), title: "t").contains("does not overshoot"))
        let duration = MotionPlots.durationSVG(milliseconds: 250, title: "t")
        #expect(duration.contains("Duration 250 ms on a 0–1000 ms scale"))
    }

    @Test func idsDependOnTitleAndParametersOnly() {
        let a = MotionPlots.easingSVG([0.42, 0, 0.58, 1], title: "ease")
        let b = MotionPlots.easingSVG([0.42, 0, 0.58, 1], title: "ease-2")
        let c = MotionPlots.easingSVG([0.42, 0, 0.58, 0.9], title: "ease")
        let d = MotionPlots.durationSVG(milliseconds: 250, title: "ease")
        let ids = [a, b, c, d].map { parse($0).elements.first?.attributes["aria-labelledby"] ?? "" }
        #expect(Set(ids).count == 4)
        // The FNV-1a hash is fixed, so the id is the same on every run and machine.
        #expect(
            MotionPlots.plotID(kind: "x", title: "", parameters: [])
                == MotionPlots.plotID(kind: "x", title: "", parameters: []))
        #expect(ids.allSatisfy { $0.count == 19 && $0.hasPrefix("tk-") })
    }

    @Test func outputIsDeterministic() {
        for _ in 0..<3 {
            #expect(
                MotionPlots.easingSVG(Self.easeOutBack, title: "back")
                    == MotionPlots.easingSVG(Self.easeOutBack, title: "back"))
            let spring = Spring(stiffness: 170, damping: 26)
            #expect(MotionPlots.springSVG(spring, title: "s") == MotionPlots.springSVG(spring, title: "s"))
            #expect(
                MotionPlots.durationSVG(milliseconds: 1234.5678, scaleMilliseconds: 3000, title: "d")
                    == MotionPlots.durationSVG(milliseconds: 1234.5678, scaleMilliseconds: 3000, title: "d"))
        }
    }

    @Test func numbersAreCompact() {
        #expect(MotionPlots.format(1.0000001) == "1")
        #expect(MotionPlots.format(-0.0001) == "0")
        #expect(MotionPlots.format(-0.0) == "0")
        #expect(MotionPlots.format(16.3249) == "16.32")
        #expect(MotionPlots.format(0.5) == "0.5")
        #expect(MotionPlots.format(.nan) == "0")
        let svg = MotionPlots.springSVG(Spring(response: 0.37, dampingFraction: 0.61), title: "t")
        // No number anywhere with more than two decimals, and no negative zero
        // (the lowercase look-behind skips the hex id, `tk-0f…`).
        let long = try? NSRegularExpression(pattern: "\\d\\.\\d{3}|(?<![a-z0-9-])-0(?![.\\d])")
        #expect(long?.firstMatch(in: svg, range: NSRange(svg.startIndex..., in: svg)) == nil)
    }

    // MARK: Easing

    @Test func easingPathIsTheExactBezier() throws {
        // The unit square spans 24…96 on both axes, 72 px a unit, progress upwards.
        func mapped(_ x: Double, _ y: Double) -> String {
            MotionPlots.format(24 + 72 * x) + "," + MotionPlots.format(96 - 72 * y)
        }
        for curve in [[0.42, 0, 0.58, 1], [0.25, 0.1, 0.25, 1], Self.easeOutBack, [0.68, -0.6, 0.32, 1.6]] {
            let collector = parse(MotionPlots.easingSVG(curve, title: "curve"))
            let path = try #require(element("path", class: "tokens-plot-curve", in: collector))
            let expected = "M24,96 C\(mapped(curve[0], curve[1])) \(mapped(curve[2], curve[3])) 96,24"
            #expect(path["d"] == expected)
        }
        #expect(mapped(0.34, 1.56) == "48.48,-16.32")
    }

    @Test func easingCurveAndHandlesStayInsideThePlot() throws {
        // easeOutBack's curve peaks near 1.1, inside the headroom, so it is
        // drawn exactly; its handle is shortened to the plot's edge.
        let back = parse(MotionPlots.easingSVG(Self.easeOutBack, title: "back"))
        #expect(element("svg", in: back)?["data-clipped"] == nil)
        for circle in back.elements where circle.name == "circle" {
            let cy = try #require(circle.attributes["cy"].flatMap(Double.init))
            #expect((0...120).contains(cy))
        }
        // A curve that would leave the plot has its control points clamped.
        let wild = parse(MotionPlots.easingSVG([0.2, 9, 0.8, -7], title: "wild"))
        #expect(element("svg", in: wild)?["data-clipped"] == "true")
        let d = try #require(element("path", class: "tokens-plot-curve", in: wild)?["d"])
        #expect(numbers(d).allSatisfy { (0...120).contains($0) })
        #expect(MotionPlots.bezierRange(1.56, 1).upperBound > 1.09)
        #expect(MotionPlots.bezierRange(1.56, 1).upperBound < 1.11)
    }

    @Test func invalidCurvesDrawLinear() throws {
        for curve: [Double] in [
            [], [0.5], [0.1, 0.2, 0.3], [0.1, 0.2, 0.3, 0.4, 0.5], [.nan, 0, 1, 1], [0, .infinity, 1, 1],
        ] {
            let collector = parse(MotionPlots.easingSVG(curve, title: "bad"))
            #expect(element("path", class: "tokens-plot-curve", in: collector)?["d"] == "M24,96 C24,96 96,24 96,24")
        }
    }

    // MARK: Spring

    @Test func overshootMatchesTheClosedForm() {
        let zeta = 0.5
        let expected = exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
        #expect(abs(expected - 0.163) < 1e-3)
        #expect(abs(MotionPlots.overshoot(Spring(response: 0.4, dampingFraction: zeta)) - expected) < 1e-3)
        #expect(MotionPlots.overshoot(Spring(response: 0.4, dampingFraction: 1)) == 0)
        #expect(MotionPlots.overshoot(Spring(response: 0.4, dampingFraction: 2)) == 0)
    }

    @Test func settleTimeMatchesSteppingTheFormula() {
        // Step the critically damped response finely and note the last moment
        // it is still 0.002 or more from the target.
        for (zeta, period) in [(1.0, 0.5), (0.5, 0.4), (0.7, 0.3), (2.0, 0.5)] {
            let dt = 1e-5
            var lastOutside = 0.0
            var t = 0.0
            while t < 5 {
                if abs(stepResponse(zeta: zeta, period: period, at: t) - 1) >= 0.002 { lastOutside = t }
                t += dt
            }
            let settle = MotionPlots.settleTime(Spring(response: period, dampingFraction: zeta))
            #expect(abs(settle - lastOutside) < 2 * dt, "ζ \(zeta), period \(period): \(settle) vs \(lastOutside)")
        }
    }

    @Test func polylinePeakIsTheOvershoot() throws {
        for zeta in [0.2, 0.5, 0.7, 1, 2] {
            let spring = Spring(response: 0.5, dampingFraction: zeta)
            let collector = parse(MotionPlots.springSVG(spring, title: "s"))
            let points = try #require(element("polyline", in: collector)?["points"])
            let values = numbers(points)
            let ys = stride(from: 1, to: values.count, by: 2).map { values[$0] }
            #expect(ys.count >= 60)
            let target = try #require(
                element("line", class: "tokens-plot-target", in: collector)?["y1"].flatMap(Double.init))
            // SVG y grows downwards: the first point is position 0, the target line position 1.
            let baseline = ys[0]
            let peak = (baseline - (ys.min() ?? baseline)) / (baseline - target)
            if zeta < 1 {
                #expect(abs(peak - (1 + MotionPlots.overshoot(spring))) < 1e-3, "ζ \(zeta): peak \(peak)")
            } else {
                // No overshoot: it creeps up to within the settle tolerance, where the plot ends.
                #expect(peak <= 1 && peak > 1 - 0.003, "ζ \(zeta): peak \(peak)")
            }
            // The y range leaves room above the peak.
            #expect(ys.allSatisfy { $0 > 0 && $0 < 100 })
        }
    }

    @Test func springPlotEndsWhenSettledOrCapped() throws {
        // Critically damped, period 0.5 s: settles at ~0.67 s, so the plot ends there.
        #expect(!MotionPlots.springSVG(Spring(response: 0.5, dampingFraction: 1), title: "s").contains("data-clipped"))
        // Undamped never settles: capped at 6 periods and marked clipped.
        let undamped = MotionPlots.springSVG(Spring(response: 0.2, dampingFraction: 0), title: "s")
        #expect(undamped.contains("data-clipped=\"true\""))
        #expect(undamped.contains("the plot shows the first 1.2 s"))
        // settleTime is what the plot draws: capped, so always finite.
        #expect(abs(MotionPlots.settleTime(Spring(response: 0.2, dampingFraction: 0)) - 1.2) < 1e-9)
        #expect(MotionPlots.settleTime(Spring(response: 2, dampingFraction: 0.05)) == 3)
    }

    @Test func springPositionIsTheStepResponse() {
        for (zeta, period) in [(0.3, 0.4), (1.0, 0.5), (3.0, 0.2)] {
            let spring = Spring(response: period, dampingFraction: zeta)
            for t in stride(from: 0.0, through: 2, by: 0.05) {
                let expected = stepResponse(zeta: zeta, period: period, at: t)
                #expect(abs(MotionPlots.springPosition(spring, at: t) - expected) < 1e-9)
            }
        }
        let spring = Spring(response: 0.5, dampingFraction: 0.5)
        #expect(MotionPlots.springPosition(spring, at: .nan) == 0)
        #expect(MotionPlots.springPosition(spring, at: -1) == 0)
        #expect(MotionPlots.springPosition(spring, at: .infinity) == 1)
    }

    // MARK: Duration

    @Test func durationBarIsProportional() throws {
        let half = parse(MotionPlots.durationSVG(milliseconds: 500, title: "d"))
        let track = try #require(element("rect", class: "tokens-plot-track", in: half)?["width"].flatMap(Double.init))
        let bar = try #require(element("rect", class: "tokens-plot-bar", in: half)?["width"].flatMap(Double.init))
        #expect(abs(bar / track - 0.5) < 0.01)
        #expect(element("svg", in: half)?["data-clipped"] == nil)
        // 0…1000 ms at 100 ms: eleven ticks; over 2000 ms, every 500 ms.
        let ticks = try #require(element("path", class: "tokens-plot-tick", in: half)?["d"])
        #expect(ticks.components(separatedBy: "M").count - 1 == 11)
        let long = parse(MotionPlots.durationSVG(milliseconds: 500, scaleMilliseconds: 3000, title: "d"))
        let longTicks = try #require(element("path", class: "tokens-plot-tick", in: long)?["d"])
        #expect(longTicks.components(separatedBy: "M").count - 1 == 7)

        let over = parse(MotionPlots.durationSVG(milliseconds: 2500, title: "d"))
        #expect(element("svg", in: over)?["data-clipped"] == "true")
        #expect(element("rect", class: "tokens-plot-bar", in: over)?["width"].flatMap(Double.init) == track)
    }

    // MARK: Hostile input

    @Test func hostileInputNeverBreaksTheXML() {
        let odd: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1e-300, 1e9, 1e300, -1e300, .greatestFiniteMagnitude]
        var plots: [String] = []
        plots += [[], [1], [1, 2, 3], [1, 2, 3, 4, 5]].map { MotionPlots.easingSVG($0, title: "e") }
        for value in odd {
            plots.append(MotionPlots.easingSVG([value, value, value, value], title: "e"))
            plots.append(MotionPlots.easingSVG([0.5, value, 0.5, -value], title: "e"))
            plots.append(MotionPlots.durationSVG(milliseconds: value, title: "d"))
            plots.append(MotionPlots.durationSVG(milliseconds: 300, scaleMilliseconds: value, title: "d"))
            plots.append(MotionPlots.springSVG(Spring(response: value, dampingFraction: 0.5), title: "s"))
            plots.append(MotionPlots.springSVG(Spring(response: 0.5, dampingFraction: value), title: "s"))
            plots.append(MotionPlots.springSVG(Spring(stiffness: value, damping: 10), title: "s"))
            plots.append(MotionPlots.springSVG(Spring(stiffness: 100, damping: value, mass: value), title: "s"))
            let spring = Spring(response: value, dampingFraction: value)
            let settle = MotionPlots.settleTime(spring)
            #expect(settle.isFinite && settle > 0)
            #expect(MotionPlots.overshoot(spring).isFinite)
            #expect(MotionPlots.springPosition(spring, at: value).isFinite)
        }
        // Undamped, critically damped with period 0 (infinite stiffness), a
        // damping of 1e9, a ratio a hair either side of 1, and a hostile title.
        plots.append(MotionPlots.springSVG(Spring(response: 0.5, dampingFraction: 0), title: "s"))
        plots.append(MotionPlots.springSVG(Spring(stiffness: .infinity, damping: 0.5), title: "s"))
        plots.append(MotionPlots.springSVG(Spring(stiffness: 1, damping: 1e9), title: "s"))
        plots.append(MotionPlots.springSVG(Spring(response: 0.5, dampingFraction: 1e9), title: "s"))
        plots.append(MotionPlots.springSVG(Spring(response: 0.5, dampingFraction: 1 - 1e-12), title: "s"))
        plots.append(MotionPlots.springSVG(Spring(response: 0.5, dampingFraction: 1 + 1e-12), title: "s"))
        plots.append(MotionPlots.springSVG(Spring(response: 0.5, dampingFraction: 1e-8), title: "s"))
        plots.append(MotionPlots.durationSVG(milliseconds: 1, scaleMilliseconds: 1e300, title: "\u{0}\u{1}]]></svg>"))
        for svg in plots {
            let collector = parse(svg)
            #expect(element("svg", in: collector)?["viewBox"] != nil)
            #expect(!svg.contains("nan") && !svg.contains("inf"))
        }
        #expect(MotionPlots.settleTime(Spring(response: 0.5, dampingFraction: 1e9)).isFinite)
        #expect(MotionPlots.overshoot(Spring(response: 0.5, dampingFraction: 0)) == 1)
    }
}
