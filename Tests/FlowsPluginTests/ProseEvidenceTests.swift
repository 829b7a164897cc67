import SpecSiteKit
import Testing

@testable import FlowsPlugin

/// Arrows in prose become a flow only with evidence that they are about
/// screens; each false chain here was found in a real spec.
@Suite struct ProseEvidenceTests {
    /// The flows of `markdown`, and the notes `--verbose` prints for it.
    private func read(_ markdown: String) throws -> (flows: [FlowDefinition], notes: [Diagnostic]) {
        let log = DiagnosticLog(keepsNotes: true)
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: log)
        let fact = try FlowsPlugin().analyze(page(markdown), context: context).first as? FlowFact
        #expect(log.all.isEmpty, "no warnings: \(log.all)")
        return (fact?.flows ?? [], log.notes)
    }

    @Test func wordsAreRunsOfLettersLowercased() {
        // ASCII text is split on its bytes, any other by Character: the same words either way.
        #expect(
            ChainEvidence.words(of: "Login → Home: 2 Screens, the_Flow!") == [
                "login", "home", "screens", "the", "flow",
            ])
        #expect(
            ChainEvidence.words(of: "Login -> Home: 2 Screens, the_Flow!") == [
                "login", "home", "screens", "the", "flow",
            ])
        #expect(ChainEvidence.words(of: "Écran d'ACCUEIL") == ["écran", "d", "accueil"])
        #expect(ChainEvidence.words(of: "@[`{") == [])
        #expect(ChainEvidence.words(of: "") == [])
        let ascii =
            (0x00...0x7F).map { "Login" + String(UnicodeScalar(UInt8($0))) + "Home" } + [
                "A-B_c d", "@Z[a`z{", "ALLCAPS and lower", "tab\there\r\nnext",
            ]
        for text in ascii { #expect(ChainEvidence.words(of: text) == ChainEvidence.wordsByCharacter(text), "\(text)") }
    }

    /// The byte scan that answers whether a text has one of a list's words gives the answer of the
    /// rule as written: `data flow` is no flow, case and punctuation do not matter, and a text with
    /// any non-ASCII letter in it is read by Characters.
    @Test func findingAWordByBytesAgreesWithTheRuleAsWritten() {
        let texts = [
            "", "Flow", "User flows", "data flow", "Data Flow and navigation", "the DATA flow, then the flow",
            "cash-flow", "paths", "critical paths", "git   paths", "Renamed to Piles", "was RENAMED",
            "Terminology", "termino logy", "screens:", "screen", "onboarding wizard", "Écran flow",
            "data flow → écran", "naïve navigation", "flowchart", "pathway", "x", "ab_flows",
            "4. Pages", "The Settings sheet opens", "Implement in phases: Theme → Main screen",
        ]
        let lists = [
            ChainEvidence.flowSectionWords, ChainEvidence.screenWords, ChainEvidence.renameWords,
            ChainEvidence.renameVerbs,
        ]
        for text in texts {
            for list in lists {
                #expect(
                    ChainEvidence.hasWord(in: text, from: list)
                        == ChainEvidence.hasWordByCharacter(in: text, from: list), "\(text)")
            }
        }
        // Prose with arrows, dashes, quotes and marks, beside letters, joiners and modifiers the
        // byte scan must hand to the Character path: both give the same words and answers.
        let pieces = [
            "Login", "flow", "data", "screen", "paths", "renamed", " ", "-", "→", "⟶", "—", "“", "”", "✅", "•",
            "…", "📱", "\u{A0}", "é", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{212A}ey", "ª", "2", "_",
            "\r\n",
        ]
        var state: UInt64 = 42
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<6 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            #expect(ChainEvidence.words(of: text) == ChainEvidence.wordsByCharacter(text), "\(text)")
            for list in lists {
                #expect(
                    ChainEvidence.hasWord(in: text, from: list)
                        == ChainEvidence.hasWordByCharacter(in: text, from: list), "\(text)")
            }
        }
        #expect(ChainEvidence.words(of: "Login → Home — “Settings”") == ["login", "home", "settings"])
        #expect(!ChainEvidence.hasWord(in: "The data flow", from: ChainEvidence.flowSectionWords))
        #expect(ChainEvidence.hasWord(in: "The user flow", from: ChainEvidence.flowSectionWords))
        #expect(ChainEvidence.hasWord(in: "Écran: user flow", from: ChainEvidence.flowSectionWords))
    }

    // MARK: - Not flows

    @Test func aListOfBrandNamesIsNoFlow() throws {
        let (flows, notes) = try read("## Storage\n\nBackups: Time Machine → Backblaze → Arq → Carbon Copy Cloner\n")
        #expect(flows.isEmpty)
        #expect(
            notes.map(\.description) == [
                "content/ux.md:3: note: arrows not drawn as a flow, not about screens (no flow section, no known"
                    + " screens, no screen words around it): Time Machine → Backblaze → Arq → Carbon Copy Cloner"
            ])
    }

    @Test func aColourGradientIsNoFlow() throws {
        let (flows, notes) = try read("## Colour\n\nThe hero's accent runs cyan → pink → red from left to right.\n")
        #expect(flows.isEmpty)
        #expect(notes.count == 1)
    }

    @Test func aMenuPathIsNoFlowEvenInANavigationSection() throws {
        let (flows, _) = try read("## Settings\n\nTo turn it on: Right panel → Layout → Enable.\n")
        #expect(flows.isEmpty)
        let (inNavigation, notes) = try read("## Navigation\n\nTo turn it on: Right panel → Layout → Enable.\n")
        #expect(inNavigation.isEmpty)
        #expect(
            notes.map(\.message) == ["arrows not drawn as a flow, it is a menu path: Right panel → Layout → Enable"])
    }

    @Test func aChainOfInlineCodeIsNoFlowEvenInAFlowSection() throws {
        let markdown = "## User flows\n\n`SaleViewModel` → `SalesRepository.recordSale` → `LedgerStore`\n"
        let (flows, notes) = try read(markdown)
        #expect(flows.isEmpty)
        #expect(notes.first?.message.contains("its names are inline code") == true)
    }

    @Test func arrowsInABoxDrawingAreNoFlowEvenInAFlowSection() throws {
        let code = "## User flows\n\n```\n┌──────────────┐\n│ Scan → OCR → Export │\n└──────────────┘\n```\n"
        let paragraph = "## User flows\n\n│ Import → Parse → Export │\n"
        for markdown in [code, paragraph] {
            let (flows, notes) = try read(markdown)
            #expect(flows.isEmpty)
            #expect(notes.map(\.message).allSatisfy { $0.contains("box-drawing picture") } && notes.count == 1)
        }
    }

    @Test func aMilestoneSequenceIsNoFlow() throws {
        let (flows, _) = try read("## Roadmap\n\nM1 Foundations → M2 Sync (ADR-007) → M3 Launch\n")
        #expect(flows.isEmpty)
    }

    @Test func screenWordsInASentenceAboutPhasesOrTonesAreNoEvidence() throws {
        let phases =
            "## Next steps\n\nImplement in phases: Theme setup → MainScreen → DailyScreen → Remaining screens\n"
        #expect(try read(phases).flows.isEmpty)
        let tones = "## Colour\n\n- **How**: Surface (tone 6) → SurfaceVariant (tone 30) → Dialog (tone 40)\n"
        #expect(try read(tones).flows.isEmpty)
    }

    @Test func aTableOfOtherThingsHoldsNoFlow() throws {
        let markdown = "## CI\n\n| Stage | Steps |\n|---|---|\n| Build | Lint → Test → Package |\n"
        let (flows, notes) = try read(markdown)
        #expect(flows.isEmpty)
        #expect(notes.first?.message.contains("a table of other things") == true)
        #expect(notes.first?.line == 5)
    }

    @Test func aModeNamedNavigationIsNoScreenWord() throws {
        // A voice app's gestures: the chain's last name is a list of modes, one of them
        // "navigation"; nothing around it speaks of screens.
        let modes = "Modes\n- Describe\n  - Tap once → capture → SPEECH/LABELS/NAVIGATION (short)\n"
        let (flows, notes) = try read(modes)
        #expect(flows.isEmpty)
        #expect(
            notes.map(\.message) == [
                "arrows not drawn as a flow, not about screens (no flow section, no known screens, no screen words "
                    + "around it): Tap once → capture → SPEECH/LABELS/NAVIGATION"
            ])
        // The same word around the chain, or a place in its names, is evidence as before.
        let around = "- In navigation, Tap once → capture → SPEECH/LABELS/NAVIGATION\n"
        #expect(try read(around).flows.count == 1)
        let place = "- Tap once → Capture screen → Results\n"
        #expect(try read(place).flows.count == 1)
        let onboarding = "The main path is Welcome → Onboarding → Home.\n"
        #expect(try read(onboarding).flows.count == 1)
    }

    @Test func aJourneyOfActionsAndWhatFollowsIsNoFlow() throws {
        // A journey told as `**Action** → what follows`, one arrow an item: the arrows
        // further in an item walk through the action's outcome, not through screens.
        let journey = """
            ## Journey 2: a coach plans a match

            1. **Open the app** → Goes to the board
            2. **Load a team** → Sees the players' names
            3. **Pick a lineup** → Swipes through L1 → L2 → L3 one after another
            4. **Step through the plays** → Kickoff → Press → Counter → Shot
            5. **Move a player** → Drags them to a better place
            6. **Save** → Saves by itself
            """
        let (flows, notes) = try read(journey)
        #expect(flows.isEmpty)
        #expect(notes.map(\.line) == [5, 6])
        #expect(notes.allSatisfy { $0.message.contains("what an action leads to") })
        // Screens named elsewhere, or screen words in the item, are evidence still.
        let screens = journey + "\n7. **Share** → Opens the Share sheet → Contacts → Done\n"
        #expect(
            try read(screens).flows.map { labels($0.graph) } == [
                ["Share", "Opens the Share sheet", "Contacts", "Done"]
            ])
        // Cases and what to do in each are actions too.
        let cases = """
            ## Journey: record a clip

            - **Clip fine?** → Tap "Next" → Go on to step 2
            - **Retake?** → Tap "Retake" → Back to the camera
            - **Cancel?** → Tap "✕" → Leave the recording
            """
        #expect(try read(cases).flows.isEmpty)
        // A list of named flows, each a chain of screens, is no list of actions.
        let named = "## User flows\n\n- **Sign up** → Welcome → Email → Home\n- **Buy** → Cart → Pay → Receipt\n"
        #expect(try read(named).flows.count == 2)
    }

    @Test func anArcOfFeelingsIsNoFlowEvenInAJourney() throws {
        let arc = "## Journey 1: first sign-up\n\n**Emotional arc:** Curious → Confident → Delighted\n"
        let (flows, notes) = try read(arc)
        #expect(flows.isEmpty)
        #expect(
            notes.map(\.message) == [
                "arrows not drawn as a flow, it orders feelings, not screens: Curious → Confident → Delighted"
            ])
        // Under a heading about feelings, even screens' names are a curve of moods.
        let curve = "### Emotions through the journey\n\n```\n😐 Login → 😊 Dashboard → 🎉 Done\n```\n"
        #expect(try read(curve).flows.isEmpty)
        #expect(try read("## User flows\n\nLogin → Dashboard → Done\n").flows.count == 1)
    }

    @Test func quotedWordsOneAfterAnotherAreNoFlow() throws {
        let buttons = "## Onboarding flow\n\n- **\"Let's go\"** → **\"Got it\"** → **\"I'm ready to start it all\"**\n"
        let (flows, notes) = try read(buttons)
        #expect(flows.isEmpty)
        #expect(
            notes.map(\.message) == [
                "arrows not drawn as a flow, its names are quoted words (labels or messages), not screens: "
                    + "Let's go → Got it → I'm ready"
            ])
        #expect(try read("## User flows\n\nBuild up from “Let's see” → “I'm in” → “I'm committed”\n").flows.isEmpty)
        // One quoted name among screens is a button on the way, not wording.
        #expect(try read("## User flows\n\nWelcome → \"Sign up\" → Home\n").flows.count == 1)
    }

    // MARK: - Evidence

    @Test func aSectionAboutJourneysIsEvidence() throws {
        let (flows, _) = try read("## Key journeys\n\nSign Up → Verify Email → Dashboard\n")
        #expect(flows.map { labels($0.graph) } == [["Sign Up", "Verify Email", "Dashboard"]])
        #expect(flows.first?.title == "Key journeys")
    }

    @Test func screensOfAnInventoryTableAreEvidence() throws {
        let markdown = """
            ## Screens

            | ID | Screen | Purpose |
            |----|--------|---------|
            | S-01 | Welcome | First launch |
            | S-02 | Goal | Pick a goal |

            ## Notes

            We shortened it to Welcome → Goal → Home.
            """
        let (flows, _) = try read(markdown)
        #expect(flows.map { labels($0.graph) } == [["Welcome", "Goal", "Home"]])
    }

    @Test func screenHeadingsAndDiagramNodesAreEvidence() throws {
        let headings = "## Screens\n\n### Inbox Screen\n\n### Compose\n\n## Notes\n\nInbox → Compose → Sent\n"
        #expect(try read(headings).flows.count == 1)
        let mermaid =
            "## Diagram\n\n```mermaid\ngraph LR\n  a[Cart] --> b[Pay]\n```\n\n## Notes\n\nCart → Pay → Receipt\n"
        #expect(try read(mermaid).flows.map(\.notation) == [.mermaid, .prose])
    }

    @Test func screenWordsAroundTheChainAreEvidence() throws {
        let (flows, _) = try read("## Notes\n\nFrom the settings screen: Home → Settings → Account.\n")
        #expect(flows.map { labels($0.graph) } == [["Home", "Settings", "Account"]])
    }

    // MARK: - Sections, step lists, renames

    @Test func sectionsThatShareAScreenStayTwoFlows() throws {
        let markdown = """
            ## User flows

            ### 3.2 Capture a Note

            Home → Editor → Saved

            ### 3.3 Search

            Home → Search → Results
            """
        let (flows, _) = try read(markdown)
        #expect(flows.map(\.title) == ["3.2 Capture a Note", "3.3 Search"])
        #expect(flows.map { labels($0.graph) } == [["Home", "Editor", "Saved"], ["Home", "Search", "Results"]])
    }

    @Test func theScreenMapJoinsTheFlowsAndLinksBack() throws {
        let markdown =
            "## User flows\n\n### Capture\n\nHome → Editor → Saved\n\n### Search\n\nHome → Search → Results\n"
        let thePage = page(markdown)
        let context = PluginContext(settings: .null, config: SiteConfig(), diagnostics: DiagnosticLog())
        let plugin = FlowsPlugin()
        let facts = try plugin.analyze(thePage, context: context)
        let site = Site(config: SiteConfig(), pages: [thePage], factsByPage: [thePage.sourcePath: facts])
        let flows = try #require(facts.first as? FlowFact).flows
        let map = ScreenMap(flows: flows)
        #expect(labels(map.graph) == ["Home", "Editor", "Saved", "Search", "Results"])
        #expect(edges(map.graph) == ["Home -> Editor", "Editor -> Saved", "Home -> Search", "Search -> Results"])
        // Home is in both flows: it links to its line in the list; Editor to its one flow.
        #expect(map.graph.nodes[0].link == "#screen-1")
        #expect(map.graph.nodes[1].link == "#" + flows[0].elementID)
        let html = try #require(
            plugin.generate(for: site, context: context).compactMap { output -> String? in
                if case .page(let page) = output { page.contentHTML } else { nil }
            }.first)
        #expect(html.contains("<h2 id=\"screen-map\">Screen map</h2>"))
        #expect(
            html.contains(
                "<li id=\"screen-1\"><strong>Home</strong>: <a href=\"#flow-ux-capture\">Capture</a>,"
                    + " <a href=\"#flow-ux-search\">Search</a></li>"))
        #expect(html.contains("<a href=\"#flow-ux-capture\">"))
        let svg = html.components(separatedBy: "<svg")[1].components(separatedBy: "</svg>")[0]
        #expect(isWellFormedXML("<svg" + svg + "</svg>"))
    }

    @Test func aNumberedListOfBoldScreensInAFlowSectionIsAFlow() throws {
        let markdown = """
            ## Focus flow

            1. **Editor** — open the ••• menu
            2. **Focus Menu** — pick a duration
            3. [Timer](#timer) — counts down
            """
        let (flows, _) = try read(markdown)
        #expect(flows.map { edges($0.graph) } == [["Editor -> Focus Menu", "Focus Menu -> Timer"]])
        // Outside a flow section, or labelling scenarios, such a list is no flow.
        #expect(try read(markdown.replacingOccurrences(of: "Focus flow", with: "Principles")).flows.isEmpty)
        let scenarios =
            "## End-to-end flow testing\n\n1. **Fresh install**:\n   - Launch\n2. **Skip**:\n   - Skip PIN\n"
        #expect(try read(scenarios).flows.isEmpty)
    }

    @Test func aRenameJoinsTheOldAndNewChainsIntoOnePath() throws {
        let markdown = """
            ## Terminology

            Categories → Piles

            ## Onboarding flow

            Welcome → Categories → PIN → Complete

            Welcome → Piles → PIN → Complete
            """
        let (flows, notes) = try read(markdown)
        let flow = try #require(flows.first)
        #expect(flows.count == 1)
        #expect(labels(flow.graph) == ["Welcome", "Piles\n(formerly Categories)", "PIN", "Complete"])
        #expect(edges(flow.graph).count == 3)
        #expect(flows.first?.graph.nodes[1].tooltip == "formerly Categories")
        #expect(notes.first?.message.contains("it says a screen was renamed: Categories → Piles") == true)
        // "Previously" in a sentence is no rename of the two screens beside it.
        let previously = "## Navigation\n\nPreviously, Home → Settings took one tap.\n\nWelcome → Home → Settings\n"
        #expect(try read(previously).flows.map { labels($0.graph) } == [["Welcome", "Home", "Settings"]])
        let formerly =
            "## Onboarding flow\n\nPiles (formerly Categories) hold the items.\n\n"
            + "Welcome → Categories → PIN\n\nWelcome → Piles → PIN\n"
        #expect(
            try read(formerly).flows.map { labels($0.graph) } == [["Welcome", "Piles\n(formerly Categories)", "PIN"]])
    }
}
