import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Two `NN-NN-PLAN.md` files with one id in one planning folder (a phase
/// folder copied or renamed, the old one left behind) are two plans.
struct DuplicatePlanTests {
    static func plan(_ phase: String, depends: String = "[]", task: String) -> String {
        """
        ---
        phase: \(phase)
        plan: 01
        wave: 1
        depends_on: \(depends)
        ---

        <objective>
        \(task).
        </objective>

        <tasks>
        <task type="auto">
          <name>Task 1: \(task)</name>
          <action>Do it.</action>
        </task>
        </tasks>

        """
    }

    @Test func bothFilesAreCountedAndTheSecondIsNamed() throws {
        let site = try BuiltSite([
            ".planning/phases/01-setup/01-01-PLAN.md": Self.plan("01-setup", task: "Set up"),
            ".planning/phases/01-setup/01-01-SUMMARY.md": "---\ncompleted: 2026-01-10\n---\n\n# Summary\n",
            ".planning/phases/01-setup-again/01-01-PLAN.md": Self.plan("01-setup-again", task: "Set up again"),
            ".planning/phases/02-next/02-01-PLAN.md": Self.plan("02-next", depends: "[\"01-01\"]", task: "Next"),
        ])
        defer { site.remove() }
        let diagnostics = try site.build().map(\.description)
        let second = ".planning/phases/01-setup-again/01-01-PLAN.md"
        let expected =
            "\(site.content)/\(second):7: warning: plan 01-01 is also defined by"
            + " \(site.content)/.planning/phases/01-setup/01-01-PLAN.md, in the same planning folder; both are"
            + " counted, depends_on, ROADMAP, STATE and VERIFICATION name that one, and this one is tracked on its"
            + " own (key .planning#01-01@\(second))"
        #expect(diagnostics == [expected])

        let items = try site.items()
        let plans = items.values.filter { $0["kind"] as? String == "plan" }
        #expect(plans.count == 3)
        #expect(try #require(items[".planning#01-01"])["status"] as? String == "done")
        #expect(try #require(items[".planning#01-01"])["title"] as? String == "Set up")
        let copy = try #require(items[".planning#01-01@" + second])
        #expect(copy["status"] as? String == "not-started")
        #expect(copy["title"] as? String == "Set up again")
        #expect(try #require(items[".planning#02-01"])["dep_keys"] as? [String] == [".planning#01-01"])
        // Phase 1 holds both plans: one of two done.
        let phase = try #require(items[".planning#phase-1"])
        #expect(number(phase["checklist"], "done") == 1 && number(phase["checklist"], "total") == 2)
        // Three plan files, three plans tracked.
        let json = try site.json(StatusPlugin.jsonPath)
        #expect(number(json["summary"], "total") == 3)

        // Each plan's page shows its own status on its card.
        let page = try site.text("planning/phases/01-setup-again/01-01-PLAN.html")
        let card = try #require(page.range(of: "gsd-plan-card-title"))
        #expect(page[card.lowerBound...].prefix(200).contains("status-not-started"))
    }

    @Test func aSummaryCountsForThePlanBesideIt() throws {
        let site = try BuiltSite([
            ".planning/phases/01-setup/01-01-PLAN.md": Self.plan("01-setup", task: "Set up"),
            ".planning/phases/01-setup-again/01-01-PLAN.md": Self.plan("01-setup-again", task: "Set up again"),
            ".planning/phases/01-setup-again/01-01-SUMMARY.md": "---\ncompleted: 2026-01-10\n---\n\n# Summary\n",
        ])
        defer { site.remove() }
        _ = try site.build()
        let items = try site.items()
        #expect(try #require(items[".planning#01-01"])["status"] as? String == "not-started")
        let second = ".planning#01-01@.planning/phases/01-setup-again/01-01-PLAN.md"
        #expect(try #require(items[second])["status"] as? String == "done")
    }
}
