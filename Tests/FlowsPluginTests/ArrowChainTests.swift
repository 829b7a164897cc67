import XCTest

@testable import FlowsPlugin

final class ArrowChainTests: XCTestCase {
    private func names(_ text: String) -> [[String]] {
        ArrowChains.find(in: text).map { $0.steps.map(\.name) }
    }

    func testNamesAreCutOutOfTheirSentence() {
        XCTAssertEqual(
            names("✅ Flow goes Welcome → Categories → PIN → Complete"),
            [["Welcome", "Categories", "PIN", "Complete"]])
        XCTAssertEqual(
            names(
                "7. Flow order maintained: welcome -> auth -> createEventType -> logFirstEvent -> permissions -> finish"
            ),
            [["welcome", "auth", "createEventType", "logFirstEvent", "permissions", "finish"]])
        XCTAssertEqual(
            names("Permissions flow shows NotificationPriming -> LocationPriming -> HealthKitPriming sequentially"),
            [["NotificationPriming", "LocationPriming", "HealthKitPriming"]])
    }

    func testMultiWordNamesFollowTheNamesBetweenArrows() {
        XCTAssertEqual(
            names("The main path: Sign in → Choose a plan → Pay now → Done. Then the receipt."),
            [["Sign in", "Choose a plan", "Pay now", "Done"]])
        XCTAssertEqual(
            names("Welcome → Your Body → Proposed Goal → Reminders → Quiet Hours → Apple Health → Home"),
            [["Welcome", "Your Body", "Proposed Goal", "Reminders", "Quiet Hours", "Apple Health", "Home"]])
    }

    func testParenthesesAfterAScreenLabelTheEdgeIntoIt() {
        let chains = ArrowChains.find(in: "Welcome → Categories → PIN (skip) → Complete (done)")
        XCTAssertEqual(chains.count, 1)
        XCTAssertEqual(chains[0].steps.map(\.name), ["Welcome", "Categories", "PIN", "Complete"])
        XCTAssertEqual(chains[0].steps.map(\.label), ["", "", "skip", "done"])
    }

    func testEveryArrowNotation() {
        for arrow in ["→", "⟶", "⇒", "->", "-->", "=>"] {
            XCTAssertEqual(names("A screen \(arrow) Second \(arrow) Third"), [["screen", "Second", "Third"]], arrow)
        }
    }

    func testTwoChainsInOneSentenceStayApart() {
        XCTAssertEqual(
            names("Welcome → Goal → Home, and later Home → History → Day Detail"),
            [["Welcome", "Goal", "Home"], ["Home", "History", "Day Detail"]])
    }

    func testWhatIsNotAFlow() {
        // One arrow, numbers, code, menu paths, two-way arrows, drawn rules.
        XCTAssertEqual(names("Rename Categories → Piles everywhere"), [])
        XCTAssertEqual(names("3. Phased App Store release (20% -> 50% -> 100%)"), [])
        XCTAssertEqual(names("let onSelect: (Category) -> Void and () => void"), [])
        XCTAssertEqual(names("func a() -> some View -> Text -> Image"), [])
        XCTAssertEqual(names("2. File → New → Project"), [])
        XCTAssertEqual(names("Xcode → Settings → Accounts"), [])
        XCTAssertEqual(names("Sync <-> Cache <-> Server"), [])
        XCTAssertEqual(names("A ---> B ==> C"), [])
        // Three items but only two screens: a round trip, not a flow.
        XCTAssertEqual(names("Home → Detail → Home"), [])
    }

    func testLinesOfAMultiLineParagraphAreCounted() {
        let chains = ArrowChains.find(in: "Some words.\nThe path is\nWelcome → Goal → Home.")
        XCTAssertEqual(chains.map(\.lineOffset), [2])
    }

    func testLongProseBetweenArrowsBreaksTheChain() {
        XCTAssertEqual(
            names("Start → this is a long sentence that goes on and on → End → More → Stuff"),
            [["End", "More", "Stuff"]])
    }

    func testHostileInputFinishes() {
        let arrows = String(repeating: "A → ", count: 20_000) + "B"
        XCTAssertEqual(names(arrows).count, 0)
        let many = (0..<5_000).map { "S\($0)" }.joined(separator: " → ")
        XCTAssertEqual(names(many).first?.count, 5_000)
        XCTAssertEqual(names(String(repeating: "->", count: 10_000)), [])
    }
}
