import Foundation
import SpecSiteKit
import Testing

@testable import StatusPlugin

/// Planning folders other teams wrote, kept out of the repository in the
/// git-ignored `.realworld/plans/` (its `SOURCES.txt` files name each
/// repository and commit, its `HANDCOUNT.md` files the hand counts): each
/// unit's tasks as a careful reader counts them. Skipped when the folder is
/// not here.
@Suite("Real planning folders")
struct RealWorldPlanTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".realworld/plans").path

    static var isHere: Bool { FileManager.default.fileExists(atPath: root) }

    /// Each unit of the folder (of one format, when named) as `status
    /// done/total`, as `status.json` says, by its id (or the key `key` gives).
    func units(
        _ folder: String, format: String? = nil, key: ([String: Any]) -> String? = { $0["id"] as? String }
    ) throws -> [String: String] {
        let site = BuiltSite(content: Self.root + "/" + folder)
        defer { site.remove() }
        _ = try site.build()
        let json = try site.json(StatusPlugin.jsonPath)
        let units = try #require(json["work_units"] as? [[String: Any]])
        var found: [String: String] = [:]
        for unit in units where unit["archived"] == nil && (format == nil || unit["format"] as? String == format) {
            let tasks = try #require(unit["tasks"] as? [String: Any])
            let id = try #require(key(unit))
            found[id] = "\(unit["status"] ?? "") \(tasks["done"] ?? 0)/\(tasks["total"] ?? 0)"
        }
        return found
    }

    /// A spec-kit repository's features, modern and old layouts: a phase
    /// marked ✅ over open tasks is no done feature, validation boxes are
    /// checks, a struck-out task is cancelled, a list copied twice counts once.
    @Test(.enabled(if: isHere)) func specKitFeatures() throws {
        let mbe = try units("speckit/mictlanix__mbe-ui")
        #expect(mbe["001-user-authentication"] == "done 57/57")
        #expect(mbe["002-product-catalog"] == "in-progress 39/43")
        #expect(mbe["021-cash-sessions"] == "in-progress 41/42")
        #expect(mbe["025-pos-payment-ux"] == "done 28/28")
        let old = try units("speckit/BCNelson__hereAndNow")
        #expect(old == ["001-build-an-application": "in-progress 105/107"])
        let copied = try units("speckit/nadeemsangrasi__creator-vault")
        #expect(copied["001-frontend-implementation"] == "in-progress 119/146")
        #expect(copied["001-backend-api"] == "done 76/76")
        let pAInt = try units("speckit/Antigenic-OSS__pAInt")
        #expect(pAInt["003-components-tab"] == "done 25/25")
        let messy = try units("speckit/javeria-kamran__Taskops")
        #expect(messy["002-phase2-web-app"] == "in-progress 32/148")
        #expect(messy["003-phase3-chatbot"] == "in-progress 23/65")
        let echoroo = try units("speckit/0kam__echoroo")
        #expect(echoroo["006-permissions-redesign"] == "in-progress 127/268")
    }

    /// Kiro specs: optional tasks never counted, `[-]` in progress, specs
    /// grouped in folders, tasks written as headings with boxes, exit criteria.
    @Test(.enabled(if: isHere)) func kiroSpecs() throws {
        let delight = try units("kiro/Orlando-Villanueva__delight")
        #expect(delight["email-notifications"] == "in-progress 6/13")
        #expect(delight["mvp-completion"] == "done 10/10")
        let weirdos = try units("kiro/RockyBoyRC__SpaceWeirdos")
        #expect(weirdos["1-ui-design-system"] == "in-progress 38/39")
        #expect(weirdos["high-severity-duplication-fixes"] == "not-started 0/15")
        #expect(weirdos["_archived"] == nil)
        let supper = try units("kiro/AlexandreBrisebois__whats-for-supper")
        #expect(supper["cnf-health-orchestration"] == "in-progress 4/46")
        #expect(supper["recipe-import-reporting"] == "done 7/7")
        let arena = try units("kiro/Nether403__Stickworld-Tournament")
        // Every task done, one exit criterion in progress: not done.
        #expect(arena["02-tournament-platform-ranking"] == "in-progress 43/43")
        let audio = try units("kiro/chrisns__AudioCap")
        #expect(audio["audiocap-testing"] == "in-progress 27/28")
        let mount = try units("kiro/Auriora__OneMount")
        #expect(mount["system-verification-and-fix"] == "in-progress 388/412")
    }

    /// OpenSpec changes: archived ones done whatever their boxes say, task
    /// ids with letters (`4a.2`).
    @Test(.enabled(if: isHere)) func openSpecChanges() throws {
        let j16z = try units("openspec/0xSSDD__j16z")
        #expect(j16z["fix-theme-and-ux-issues"] == "in-progress 60/79")
        #expect(j16z["refactor-header-controls"] == "done 23/23")
        #expect(j16z["add-mvp-frontend-screens"] == "in-progress 168/229")
        let norish = try units("openspec/23492__norish")
        #expect(norish["wire-mobile-groceries-backend"] == "in-progress 23/31")
    }

    /// Task Master files: every tag's tasks and subtasks as the folder's
    /// `HANDCOUNT.json` counts them (cancelled ones left out; `completed`,
    /// a status Task Master does not write, read as done).
    @Test(.enabled(if: isHere)) func taskMasterTags() throws {
        let folder = Self.root + "/taskmaster"
        let data = try #require(FileManager.default.contents(atPath: folder + "/HANDCOUNT.json"))
        let counts = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        #expect(counts.count == 9)
        for (repository, count) in counts.sorted(by: { $0.key < $1.key }) {
            let site = BuiltSite(content: folder + "/" + repository)
            defer { site.remove() }
            _ = try site.build()
            let json = try site.json(StatusPlugin.jsonPath)
            let units = (json["work_units"] as? [[String: Any]] ?? []).filter {
                $0["format"] as? String == "task-master"
            }
            let byTag = Dictionary(
                units.map { (($0["id"] as? String) ?? "", $0) }, uniquingKeysWith: { first, _ in first })
            let tags = try #require(count["tags"] as? [String: [String: Any]])
            #expect(units.count == tags.count, "\(repository)")
            for (tag, expected) in tags {
                let name = tag.hasPrefix("(legacy") ? "master" : tag
                func counted(_ total: String, _ statuses: String) -> [String: Int] {
                    let status = expected[statuses] as? [String: Int] ?? [:]
                    let all = expected[total] as? Int ?? 0
                    return [
                        "done": (status["done"] ?? 0) + (status["completed"] ?? 0),
                        "total": all - (status["cancelled"] ?? 0),
                    ]
                }
                let unit = byTag[name]
                #expect(unit?["tasks"] as? [String: Int] == counted("top_level", "top_status"), "\(repository) \(tag)")
                #expect(
                    unit?["subtasks"] as? [String: Int] == counted("subtasks", "sub_status"), "\(repository) \(tag)")
            }
        }
    }

    /// Spec Kitty, at three points of its own history (lanes as folders,
    /// `lane:` in front matter, a feature's `status.json`): every feature's
    /// work packages as `HANDCOUNT.json` counts them from the files.
    @Test(.enabled(if: isHere)) func specKittyFeatures() throws {
        let folder = Self.root + "/speckitty"
        let data = try #require(FileManager.default.contents(atPath: folder + "/HANDCOUNT.json"))
        let counts = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Int]]])
        #expect(counts.values.reduce(0) { $0 + $1.count } == 60)
        for (snapshot, features) in counts.sorted(by: { $0.key < $1.key }) {
            let found = try units("speckitty/" + snapshot, format: "spec-kitty")
            #expect(found.count == features.count, "\(snapshot)")
            for (feature, expected) in features {
                let counted = found[feature].map { String($0.split(separator: " ").last ?? "") }
                #expect(counted == "\(expected["done"] ?? -1)/\(expected["total"] ?? -1)", "\(snapshot) \(feature)")
            }
        }
    }

    /// BMAD: v6 sprint files (epics as the file groups them, two sprint
    /// files in one folder, `epic-3-5` beside story `3-5-…` of epic 3), and
    /// v4 story files (status sections under the title or at the end, none
    /// at all, index files that disagree), as `HANDCOUNT.md` counts them.
    @Test(.enabled(if: isHere)) func bmadEpics() throws {
        // By the last part of the unit's folder: `sprint-status.yaml#epic-1`, `stories#epic-1`.
        func epics(_ folder: String) throws -> [String: String] {
            try units("bmad/" + folder, format: "bmad") { unit in
                (unit["folder"] as? String)?.split(separator: "/").last.map(String.init)
            }
        }
        let vibe = try epics("JeiKeiLim__vibe-dash")
        #expect(vibe.count == 19)
        #expect(vibe["sprint-status.yaml#epic-3"] == "done 10/10")
        #expect(vibe["sprint-status.yaml#epic-3-5"] == "done 10/10")
        #expect(vibe["sprint-status.yaml#epic-10"] == "not-started 0/8")
        let nihon = try epics("4OH4__nihonnohon")
        #expect(nihon["sprint-status.yaml#supp-epic-2"] == "in-progress 3/5")
        #expect(nihon["sprint-status-story-generator.yaml#epic-4"] == "not-started 0/2")
        #expect(nihon["sprint-status-story-generator.yaml#stories"] == "done 1/1")
        // Two story files no sprint file lists: supp-1 done, supp-2 ready.
        #expect(nihon["implementation-artifacts#stories"] == "in-progress 1/2")
        let moar = try epics("gopalshivapuja__MOAR-ATS")
        #expect(moar["sprint-status.yaml#epic-1"] == "done 6/6")
        #expect(moar.values.filter { $0.hasPrefix("not-started") }.count == 12)
        let weather = try epics("3lokai__weather-gt")
        #expect(
            weather == [
                "stories#epic-1": "done 10/10", "stories#epic-2": "in-progress 4/5", "stories#epic-3": "done 3/3",
                "stories#epic-4": "done 6/6", "stories#epic-5": "in-progress 3/4", "stories#epic-7": "in-progress 6/10",
            ])
        let momentum = try epics("Nespouique__momentum")
        #expect(momentum["stories#epic-1"] == "in-progress 3/10")
        #expect(momentum["stories#epic-4"] == "in-progress 4/5")
        // Two stories superseded: cancelled, not counted.
        let rgpd = try epics("LioChanDaYo__RGPDpseudonymizer")
        #expect(rgpd == ["stories#epic-0": "done 1/1", "stories#epic-1": "done 9/9", "stories#epic-2": "done 10/10"])
    }
}
