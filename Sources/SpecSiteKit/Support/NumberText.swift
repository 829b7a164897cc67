import Foundation

/// Numbers written for people and for SVG/CSS/JSON: rounded to a number of
/// decimals, without trailing zeros, without `-0`, non-finite values as `0`
/// (`12`, `0.5`, `-16.25`).
///
/// Written in integer arithmetic because a drawing writes thousands of
/// coordinates and `String(format:)` was most of the time spent drawing.
public enum NumberText {
    /// `value` rounded to `decimals` places (0 to 6), trailing zeros dropped.
    public static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let digits = min(max(decimals, 0), 6)
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        // Beyond what an Int holds exactly, printf does it (nothing real is that big).
        guard abs(scaled) < 9e15 else {
            var text = String(format: "%.\(digits)f", value)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return text
        }
        let units = Int(scaled)
        let sign = units < 0 ? "-" : ""
        let whole = String(abs(units) / scale)
        var fraction = abs(units) % scale
        guard fraction != 0 else { return sign + whole }
        var places = digits
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        let fractionText = String(fraction)
        return sign + whole + "." + String(repeating: "0", count: places - fractionText.count) + fractionText
    }
}
