import XCTest

@testable import FlowsPlugin

final class ArrowChainTests: XCTestCase {
    /// The first test of every text, eight bytes at a time: a `>` or an arrow's lead bytes at any
    /// place of a word, and an 0xE2 that starts no arrow (`€`, `…`), answer as a byte loop would.
    func testMayHoldArrowsFindsAnArrowAtEveryPlace() {
        for length in 0...17 {
            let clean = String(repeating: "a", count: length)
            XCTAssertFalse(ArrowChains.mayHoldArrows(clean))
            for position in 0...length {
                for (insert, holds) in [
                    (">", true), ("→", true), ("⇒", true), ("⟶", true), ("€", false), ("…", false), ("é", false),
                ] {
                    var text = clean
                    text.insert(contentsOf: insert, at: text.index(text.startIndex, offsetBy: position))
                    XCTAssertEqual(ArrowChains.mayHoldArrows(text), holds, "\(insert) at \(position) of \(length)")
                }
            }
        }
    }

    private func names(_ text: String) -> [[String]] {
        ArrowChains.find(in: text).map { $0.steps.map(\.name) }
    }

    func testNumberedStepsAreNamedWithoutTheirNumbers() {
        XCTAssertEqual(
            names("Welcome Screen → 2. Onboarding Steps → 3. Account Creation → 4. Dashboard"),
            [["Welcome Screen", "Onboarding Steps", "Account Creation", "Dashboard"]])
        XCTAssertEqual(names("Start: 1) Welcome → 2) Tour → 3) Home"), [["Welcome", "Tour", "Home"]])
        // A number that is a name's own stays: `2FA`, `3 Items`, `1.5 Preview`.
        XCTAssertEqual(names("Login → 2FA → 3 Items → Home"), [["Login", "2FA", "3 Items", "Home"]])
        XCTAssertEqual(names("Login → 1.5 Preview → Home"), [["Login", "1.5 Preview", "Home"]])
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

    func testTheEndsOfAChainAreWholePhrases() {
        // A table cell is no sentence: its first and last names are all of their clause.
        let cells = [
            "Sign up → setup → first action": ["Sign up", "setup", "first action"],
            "Empty list → Import → Back with rows": ["Empty list", "Import", "Back with rows"],
            "Mood: worry → relief → joy": ["worry", "relief", "joy"],
        ]
        for (cell, expected) in cells {
            let chains = ArrowChains.find(in: cell, wholeClauses: true)
            XCTAssertEqual(chains.map { $0.steps.map(\.name) }, [expected], cell)
            XCTAssertEqual(chains.map(\.endsAreWhole), [true], cell)
        }
        // In prose a name may grow past the names between the arrows to the edge of its clause.
        XCTAssertEqual(names("Sign up → setup → first action"), [["Sign up", "setup", "first action"]])
        XCTAssertEqual(names("User Tap -> View -> Model -> Store"), [["User Tap", "View", "Model", "Store"]])
        // A joining word ends a name; in a capitalised chain, a lowercase word
        // only ends one after a capitalised word.
        XCTAssertEqual(
            names("It offers Face ID → Watch Unlock → account password as a last resort."),
            [["Face ID", "Watch Unlock", "account password"]])
        // A count opens a name, and nothing before it belongs to one.
        XCTAssertEqual(
            names("Result: 8 sketches → 2 finalists → review → 1 pick"),
            [["8 sketches", "2 finalists", "review", "1 pick"]])
        // Where a name ends is a guess: the chain says so.
        let guessed = ArrowChains.find(in: "we render welcome → home → settings quickly for new users")
        XCTAssertEqual(guessed.map(\.endsAreWhole), [false])
        // What stands before the first name is kept, for renames.
        XCTAssertEqual(ArrowChains.find(in: "We renamed Boxes → Piles", minimumScreens: 2).map(\.lead), ["We renamed"])
    }

    func testAMiddleDotSeparatesStatements() {
        // `**Graph** → Graphs · **Tabs** → switch`: two pairs, not one chain through "Graphs · Tabs".
        XCTAssertEqual(names("Graph → Charts · Tabs → switch."), [])
        XCTAssertEqual(names("Chart → Detail • Tabs → Home"), [])
        XCTAssertEqual(names("Home → Detail → Edit · then save"), [["Home", "Detail", "Edit"]])
    }

    func testHostileInputFinishes() {
        let arrows = String(repeating: "A → ", count: 20_000) + "B"
        XCTAssertEqual(names(arrows).count, 0)
        let many = (0..<5_000).map { "S\($0)" }.joined(separator: " → ")
        XCTAssertEqual(names(many).first?.count, 5_000)
        XCTAssertEqual(names(String(repeating: "->", count: 10_000)), [])
    }
}
