extension Int {
    /// `value` rounded by `rule` and clamped into `range`; NaN becomes the
    /// range's lower bound.
    ///
    /// `Int(_:)` traps on NaN, infinity and anything past `Int.max`, and numbers
    /// read from documents (`1e400`, 20 nines, sums of them) reach such
    /// conversions; the standard library has no clamping conversion from a
    /// floating-point value.
    public init(
        clamping value: Double, to range: ClosedRange<Int>,
        rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
    ) {
        guard !value.isNaN else {
            self = range.lowerBound
            return
        }
        let rounded = value.rounded(rule)
        if rounded <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if rounded >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            // Strictly inside bounds that are themselves Ints, so it converts;
            // `Double` rounds bounds past 2^53, hence the second clamp.
            self = Swift.min(Swift.max(Int(rounded), range.lowerBound), range.upperBound)
        }
    }
}
