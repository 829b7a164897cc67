import Testing

@testable import SpecSiteKit

struct IntClampingTests {
    @Test func numbersPastTheRangeAreItsBounds() {
        #expect(Int(clamping: 1e300, to: 0...100) == 100)
        #expect(Int(clamping: .infinity, to: 0...100) == 100)
        #expect(Int(clamping: -.infinity, to: 0...100) == 0)
        #expect(Int(clamping: .nan, to: 5...100) == 5)
        #expect(Int(clamping: 1e300, to: Int.min...Int.max) == Int.max)
        #expect(Int(clamping: -1e300, to: Int.min...Int.max) == Int.min)
        // 2^63 is one past Int.max: it must clamp, not convert.
        #expect(Int(clamping: 9_223_372_036_854_775_808.0, to: Int.min...Int.max) == Int.max)
    }

    @Test func numbersInsideAreRoundedAsAsked() {
        #expect(Int(clamping: 2.5, to: 0...100) == 3)
        #expect(Int(clamping: -2.5, to: -10...10) == -3)
        #expect(Int(clamping: 2.9, to: 0...100, rounding: .down) == 2)
        #expect(Int(clamping: 99.99, to: 0...100, rounding: .towardZero) == 99)
        #expect(Int(clamping: 7, to: 7...7) == 7)
    }
}
