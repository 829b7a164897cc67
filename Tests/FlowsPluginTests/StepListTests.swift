import SpecSiteKit
import Testing

@testable import FlowsPlugin

/// Numbered lists of screens: which are flows, which are lists of other
/// things, and how lists that continue one another across sections join.
@Suite struct StepListTests {
    private func read(_ markdown: String) throws -> [FlowDefinition] {
        try flows(markdown)
    }

    @Test func principlesUnderAFlowTitleAreNoFlow() throws {
        // The page's title speaks of a flow, but the list is of principles, not screens.
        let markdown = """
            # Sign-up Flow Guide

            ## What We Believe

            1. **Clear progress** — people know where they are.
            2. **Gentle choices** — nothing feels required.
            3. **Plain words** — short and warm.
            """
        #expect(try read(markdown).isEmpty)
    }

    @Test func theSectionsOfASidebarAreNoSequence() throws {
        let markdown = """
            ## 2.1 Navigation

            The app uses a sidebar:

            **Sidebar items:**

            1. **Overview** — totals (the home screen)
            1. **Records** — history
            1. **Accounts** — registry
            """
        #expect(try read(markdown).isEmpty)
        // Under a heading that names a structure, too.
        let structure = "## Navigation Structure\n\n1. **Overview** — totals\n2. **Records** — history\n"
        #expect(try read(structure).isEmpty)
    }

    @Test func labelsOfWhatEachStepDoesAreNoScreens() throws {
        let markdown = """
            ### Matching flow

            1. **Pooling**: find who can come
            2. **Scoring**: rate each pair
            3. **Assembly**: build the groups
            """
        #expect(try read(markdown).isEmpty)
    }

    @Test func screensWithDetailBulletsAreAFlowAndListsThatContinueJoin() throws {
        // Each item names its screen, says what happens there and holds detail
        // bullets; the numbers run on across the phases, and two phases that
        // both continue from 3 branch from the same screen.
        let markdown = """
            # Flow: First Launch

            ## Phase 1: Account

            1. **`LoginScreen`**: the person picks sign up or log in.
                - `->` Taps **Sign Up**.

            2. **`SignUpScreen`**: phone or email, then a code.
                - `->` The account is made.

            ## Phase 2: Role

            3. **`RoleScreen`**: attend or host.
                - `->` The choice picks the branch.

            ## Phase 3A: Guest

            4. **`ProfileScreen`**: name and bio.
                - `->` Saves.

            5. **Setup Done**: lands on the home tab.

            ## Phase 3B: Host

            4. **`HostProfileScreen`**: host name.
                - `->` Saves.

            5. **Setup Done**: lands on the dashboard.
            """
        let found = try read(markdown)
        #expect(found.count == 1)
        let flow = try #require(found.first)
        #expect(flow.title == "Flow: First Launch")
        #expect(
            Set(edges(flow.graph)) == [
                "LoginScreen -> SignUpScreen", "SignUpScreen -> RoleScreen", "RoleScreen -> ProfileScreen",
                "ProfileScreen -> Setup Done", "RoleScreen -> HostProfileScreen", "HostProfileScreen -> Setup Done",
            ])
    }

    @Test func aScenarioLabelOverItsStepsIsStillNoFlow() throws {
        let markdown = "## Onboarding flow\n\n1. **Fresh install**:\n   - Launch\n2. **Upgrade**:\n   - Open\n"
        #expect(try read(markdown).isEmpty)
    }
}
