import Foundation
import SpecSiteDiagrams
import SpecSiteKit

/// Chunk and plan status: reads the work an implementation plan writes down
/// and shows where it stands.
///
/// - **Reads** CHUNK-style sections and headings with a status marker, their
///   `**Status**:`, `**Dependencies**:`, `**Estimated Time**:` lines, status
///   tables, checklists (`[x]`, `[ ]`, `[~]`, `[⏳]`, `[-]`, emoji used as the
///   box), the Implementation Order table, and GSD `.planning/` folders (plans
///   with front matter and `<task>` blocks, SUMMARY and VERIFICATION files,
///   the ROADMAP); see ``PlanReader``, ``GSDFiles`` and ``RoadmapReader``.
///   Only tables that list work are read (``WorkTableRule``); front matter
///   `work_items: false` leaves a page out.
/// - **Derives** readiness, blockers, dependency cycles, progress by count and
///   by estimate, and the critical path (``StatusReport``).
/// - **Shows** a status badge and progress bar on each chunk heading, read-only
///   checkboxes, a progress bar per document, GSD plans as a summary card with
///   titled sections and task cards, and a **Status** dashboard with the
///   dependency graph; writes `status.json`, a shields.io endpoint and an SVG badge.
///
/// Settings under `plugins.status`: `page: false` leaves out the dashboard,
/// `exports: false` the JSON and badge files, `graph_limit` (default 400) is the
/// most items the dependency graph draws, `formats` names folders of a plan
/// format kept where its tool does not put them (``FormatFolders``).
public struct StatusPlugin: Plugin {
    /// `status`.
    public var id: String { "status" }
    /// Facts are kept in the build cache as JSON.
    public var factCoding: FactCoding? { .codable(PlanFact.self) }

    /// Readings kept between versions of pages, in a history replay.
    let readings: TextReadings?
    /// Whether items that name files are checked against git (`--no-evidence` turns it off).
    let checksEvidence: Bool
    /// Whether the report carries the plans' history for the dashboard (the
    /// `status` command replays it only when asked, with `--history`).
    let drawsHistory: Bool

    /// Creates the plugin; `checksEvidence: false` is `--no-evidence`, and
    /// `drawsHistory: false` leaves the history out of the report.
    public init(checksEvidence: Bool = true, drawsHistory: Bool = true) {
        readings = nil
        self.checksEvidence = checksEvidence
        self.drawsHistory = drawsHistory
    }

    /// The plugin a history replay reads versions with: it remembers the
    /// readings of headings and lines between versions (``TextReadings``).
    init(readings: TextReadings) {
        self.readings = readings
        checksEvidence = false
        drawsHistory = false
    }

    /// Where the dashboard is written.
    public static let pagePath = "status.html"
    /// The machine-readable status.
    public static let jsonPath = "status.json"
    /// What can start now, for coding agents (``ReadyExport``).
    public static let readyPath = "ready.json"
    /// The shields.io endpoint.
    public static let shieldsPath = "status-shields.json"
    /// The progress badge.
    public static let badgePath = "status-badge.svg"
    /// The plans' history from git (``StatusHistoryText/json(_:)``).
    public static let historyPath = "status-history.json"
    /// The burn-up chart of all plans, standalone.
    public static let burnUpPath = "status-burnup.svg"

    /// The data files the plugin writes pages from (see ``DataPages``):
    /// Task Master's `tasks.json`, BMAD's `sprint-status.yaml`, Backlog.md's `config.yml`.
    public func readsAsPage(_ sourcePath: String) -> Bool {
        DataPages.reads(sourcePath)
    }

    /// A Task Master file of several tags: a page per tag (``TaskMasterPage/parts(of:)``).
    public func dataPageParts(_ sourcePath: String, data: YAMLValue) -> [String] {
        TaskMasterPage.isTaskFile(sourcePath) ? TaskMasterPage.parts(of: data) : []
    }

    /// Writes a data page's markdown (see ``DataPages``); turns GSD tags
    /// into markers the renderer draws as sections and cards, keeping every
    /// line where it was.
    public func preprocess(_ markdown: String, page: PageSource, context: PluginContext) throws -> String {
        if markdown.isEmpty, let written = DataPages.markdown(for: page, diagnostics: context.diagnostics) {
            return written
        }
        let rewritten = GSDMarkup.rewrite(markdown)
        for warning in rewritten.warnings {
            context.diagnostics.warning(
                page.displayPath, line: warning.line + page.firstLine - 1, rule: warning.rule ?? .plan, warning.message)
        }
        return rewritten.markdown
    }

    /// The plan sections `preprocess` turned into markers (`<verification>`),
    /// by the line of their marker block: the page's other plugins name what
    /// they find there after the section, as they would after a heading.
    public func sectionNames(of page: Page, context: PluginContext) -> [Int: String] {
        // Asked of every page: a page with no marker bytes has no walk to make.
        guard page.markdown.containsBytes(GSDMarker.prefix) else { return [:] }
        return GSDMarker.sectionNames(in: page.document)
    }

    /// Reads the page's work items and checkboxes.
    public func analyze(_ page: Page, context: PluginContext) throws -> [any Fact] {
        var (fact, warnings) = Self.read(page, formats: FormatFolders(settings: context.settings), readings: readings)
        if page.data == .null { fact.epicTitles = BMADEpicTitles.read(page) }
        fact.warnings = warnings
        for warning in warnings {
            context.diagnostics.warning(
                page.displayPath, line: warning.line, rule: warning.rule ?? .plan, warning.message)
        }
        let empty =
            fact.items.isEmpty && fact.entries.isEmpty && fact.summary == nil && fact.verification == nil
            && fact.roadmapPlans.isEmpty && fact.archivedPhases.isEmpty && fact.position == nil
            && fact.stateProgress == nil && fact.unitPageTitle == nil && fact.backlogConfig == nil
            && fact.epicTitles.isEmpty && fact.kittyLanes.isEmpty
        return empty ? [] : [fact]
    }

    /// What a page says about work, with warnings at file lines; `formats`
    /// are the folders the settings name as a format's.
    static func read(
        _ page: Page, formats: FormatFolders = FormatFolders(), readings: TextReadings? = nil
    ) -> (PlanFact, [LineMessage]) {
        if let data = DataPages.read(page) { return data }
        // `work_items: false`: nothing on the page is work, GSD files included.
        let (pageSwitch, switchWarning) = WorkTableRule.pageSwitch(page.frontMatter)
        guard pageSwitch != .off else { return (PlanFact(), []) }
        if RoadmapReader.isRoadmap(page) {
            var reader = RoadmapReader(page: page, remembered: readings)
            reader.read()
            return (reader.fact, (switchWarning.map { [$0] } ?? []) + reader.warnings)
        }
        var reader = PlanReader(page: page, formats: formats, remembered: readings)
        reader.read()
        var fact = reader.fact
        var warnings = reader.warnings + UnreadTasks.warnings(in: page, read: reader.fact.entries)
        let unit = formats.unit(ofPath: page.sourcePath)
        if unit != nil { fact.unitPageTitle = page.title }
        // In a GSD folder the work is the plans, phases and quick tasks the
        // GSD readers find; the checklists and tables of a plan, a SUMMARY's
        // self-check, REQUIREMENTS or research notes are records, not units
        // of work. So are a spec-kit feature's spec, plan and checklists, a
        // Kiro spec's or OpenSpec change's documents other than its tasks,
        // and the tools' own files (templates, steering, instructions).
        // Their boxes are still drawn read-only.
        let isRecord =
            GSDFiles.isInPlanningFolder(page.sourcePath) || PlanLayout.isToolFile(page.sourcePath)
            || BMADStory.isStoryIndex(page.sourcePath) || BMADStory.isValidationReport(page.sourcePath)
            || (unit.map { PlanLayout.isRecord(page.sourcePath, in: $0) } ?? false)
        if isRecord && pageSwitch != .on {
            fact.items = []
            fact.headingItems = [:]
            fact.entries = fact.entries.map { entry in
                var entry = entry
                entry.owner = nil
                return entry
            }
            warnings = warnings.filter {
                !$0.message.hasPrefix("two items have the id") && !$0.message.hasPrefix("unknown status")
                    && !$0.message.hasPrefix("estimate '")
            }
        }
        if let unit, unit.format == .backlogMD, pageSwitch != .on {
            BacklogTask.read(page, unit: unit, fact: &fact, warnings: &warnings)
        }
        if let unit, unit.format == .specKitty, !isRecord {
            KittyWorkPackage.read(page, unit: unit, fact: &fact, warnings: &warnings)
        }
        if let unit, [.specKit, .kiro, .openSpec].contains(unit.format), !isRecord {
            warnings += TaskDependencies.missing(in: fact.entries)
        }
        if unit == nil, !isRecord, pageSwitch != .off, let story = BMADStory.name(ofPath: page.sourcePath) {
            BMADStory.read(page, name: story, fact: &fact, warnings: &warnings)
        }
        let quickTask = GSDFiles.quickTask(of: page.sourcePath)
        let isQuickPlan = quickTask != nil && GSDFiles.fileName(page.sourcePath).hasSuffix("PLAN.md")
        if isQuickPlan || (quickTask == nil && GSDFiles.isPlan(page)) {
            let body = GSDPlanReader.read(page.document)
            let tasks = body.tasks.map { GSDPlanInfo.TaskName(name: $0.name, line: $0.line) }
            let item: WorkItem
            if let quickTask, isQuickPlan {
                item = GSDFiles.readQuickPlan(
                    page, task: quickTask, taskCount: tasks.count, objective: body.objectiveSummary)
                fact.plan = GSDPlanInfo(id: quickTask.id, phaseNumber: "", tasks: tasks)
                fact.planningRoot = quickTask.root
            } else {
                let info: GSDPlanInfo
                (info, item) = GSDFiles.readPlan(
                    page, tasks: tasks, objective: body.objectiveSummary, warnings: &warnings)
                fact.plan = info
                fact.planningRoot = GSDFiles.planningRoot(of: page.sourcePath)
            }
            // The plan is the page's work item; headings inside it are its parts.
            fact.items.insert(item, at: 0)
            fact.headingItems = fact.headingItems.mapValues { $0 + 1 }
            fact.entries = fact.entries.map { entry in
                var entry = entry
                entry.owner = entry.owner.map { $0 + 1 }
                return entry
            }
        } else if let summary = GSDFiles.readSummary(page) {
            fact.summary = summary
            fact.planningRoot = summary.quickTask?.root ?? GSDFiles.planningRoot(of: page.sourcePath)
        } else if GSDFiles.fileName(page.sourcePath) == "STATE.md" {
            fact.position = GSDFiles.readState(page)
            fact.stateProgress = GSDFiles.readStateProgress(page)
            fact.planningRoot = GSDFiles.planningRoot(of: page.sourcePath)
        } else if let verification = GSDFiles.readVerification(page) {
            fact.verification = verification
            fact.planningRoot = GSDFiles.planningRoot(of: page.sourcePath)
            if verification.status == .unknown {
                warnings.append(
                    LineMessage(
                        line: verification.line,
                        rule: .unknownStatus,
                        message: "unknown verification status '\(verification.statusText ?? "")'; expected passed,"
                            + " gaps_found or human_needed (kept as unknown)"))
            }
        }
        return (fact, warnings)
    }

    /// Draws GSD markers, plan cards, work-item headings, checklists and the
    /// document's progress.
    public func render(_ block: MarkdownNode, context: RenderContext) throws -> String? {
        guard block.line > 0, let fact = Self.fact(of: context.page, in: context.site) else {
            return try GSDRender.render(block, renderer: context.renderer)
        }
        let report = Self.report(for: context.site)
        var prefix = ""
        if let plan = fact.plan, block.line == Self.firstBlockLine(of: context.page) {
            prefix = planCard(plan, fact: fact, report: report, context: context)
        }
        if let html = try GSDRender.render(block, renderer: context.renderer) { return prefix + html }
        let views = InPlaceViews(fact: fact, report: report, context: context)
        let key = block.blockKey
        if let index = fact.headingItems[key] {
            return prefix + (try views.heading(block, item: index))
        }
        if fact.checklistLists.contains(key) {
            return prefix + (try views.checklist(block))
        }
        if let number = fact.criterionBlocks[key] {
            return prefix + (try views.criterion(block, number: number))
        }
        if let unit = fact.unitHeadings[key] {
            return prefix + (try context.renderer.renderDefault(block)) + views.unitSummary(unit)
        }
        if fact.plan == nil, case .heading(1, _) = block.kind, block.line == Self.firstHeadingLine(of: context.page) {
            // A page that is one work item (a Backlog.md task, a BMAD story, a
            // Spec Kitty work package): its title carries the item's badge,
            // and its details (boxes, dependencies, readiness, hints) follow.
            if fact.headingItems.isEmpty, fact.items.count == 1,
                fact.items[0].kind == .task || fact.items[0].kind == .story
            {
                return prefix + (try views.heading(block, item: 0))
            }
            return prefix + (try context.renderer.renderDefault(block)) + views.documentSummary()
        }
        return prefix.isEmpty ? nil : prefix + (try context.renderer.renderDefault(block))
    }

    private func planCard(_ plan: GSDPlanInfo, fact: PlanFact, report: StatusReport, context: RenderContext) -> String {
        guard let item = fact.items.first, let entry = report.entry(of: item) else { return "" }
        let dependencies: [(id: String, url: String?, status: WorkStatus?)] = item.dependencyIDs.map { id in
            let key = StatusReport.scope(of: item) + "#" + id
            guard let target = report.entry(key)?.item else { return (id, nil, nil) }
            let url = context.site.page(at: target.sourcePath).map { context.url(to: $0.outputPath) }
            return (id, url, target.status)
        }
        var card = PlanCard(
            id: plan.id, frontMatter: context.page.frontMatter, status: entry.item.status,
            completed: entry.item.completed, dependsOn: dependencies, taskCount: plan.tasks.count)
        card.waiting = entry.readiness == .waiting
        card.isQuickTask = item.kind == .quick
        card.hints = entry.item.hints.map(\.message)
        return card.html()
    }

    static func firstBlockLine(of page: Page) -> Int {
        page.document.root.children.first?.line ?? 0
    }

    static func firstHeadingLine(of page: Page) -> Int? {
        page.document.headings.first { $0.level == 1 }?.line
    }

    /// The dashboard, `status.json`, the shields endpoint and the badge; the
    /// warnings only the whole site shows (missing dependencies, cycles).
    public func generate(for site: Site, context: PluginContext) throws -> [GeneratedOutput] {
        let report = Self.report(for: site)
        for warning in report.warnings { context.diagnostics.report(warning.diagnostic) }
        // The settings are warned about once, here.
        let file = context.config.file ?? "specsite.yml"
        let settings = Settings(context.settings, file: file, diagnostics: context.diagnostics)
        let formats = FormatFolders(settings: context.settings, file: file, diagnostics: context.diagnostics)
        for folder in formats.unused(pages: site.pages.map(\.sourcePath)) {
            context.diagnostics.warning(
                file, line: folder.line, rule: .settings,
                "no document lies in '\(folder.path)', named in 'plugins.status.formats'")
        }
        guard !report.entries.isEmpty else { return [] }
        let history = settings.history ? report.git?.history : nil
        let evidenceNote = report.git?.evidenceNote
        let dashboard = StatusPage(
            site: site, report: report, graphLimit: settings.graphLimit, history: history, evidenceNote: evidenceNote)
        // On a large site the dashboard's overview, its dependency graph and
        // status.json each take tens of milliseconds, and a ticked checkbox
        // makes all three again: they are made side by side. (status.json is
        // not deferred: made as it is written, it would come after the other
        // two in a session's rebuild, which keeps the bytes.)
        let parts = [Part.overview, .graph, .statusFile].parallelMap { part -> String in
            switch part {
            case .overview: settings.page ? dashboard.overview() : ""
            case .graph: settings.page ? dashboard.graph() : ""
            case .statusFile: settings.exports ? StatusExport.json(report) : ""
            }
        }
        var outputs: [GeneratedOutput] = []
        if settings.page {
            outputs.append(.page(dashboard.page(overview: parts[0], graph: parts[1])))
        }
        if settings.exports {
            outputs.append(.file(path: Self.jsonPath, contents: Array(parts[2].utf8)))
            outputs.append(.file(path: Self.shieldsPath, contents: Array(StatusExport.shields(report).utf8)))
            outputs.append(.file(path: Self.badgePath, contents: Array(StatusExport.badge(report).utf8)))
            if let history {
                outputs.append(
                    .file(path: Self.historyPath, contents: Array(StatusHistoryText.json(history).utf8)))
                let samples = history.points.map { BurnUpChart.Sample(date: $0.date, done: $0.done, total: $0.total) }
                if let svg = StatusPage.chart(
                    samples, trend: StatusTrend(history), idPrefix: "burnup", title: "Burn-up of all plans",
                    standalone: true)
                {
                    outputs.append(.file(path: Self.burnUpPath, contents: Array(svg.utf8)))
                }
            }
            // Made as it is written: it parses again the pages of the items it lists.
            outputs.append(
                .deferredFile(path: Self.readyPath) { Array(ReadyExport.json(report, site: site).utf8) })
        }
        return outputs
    }

    /// What ``generate(for:context:)`` makes side by side.
    private enum Part: Sendable { case overview, graph, statusFile }

    /// `checklists.css` and the GSD plan styles, in the theme's custom properties.
    public var assets: [Asset] {
        [Asset(name: "checklists.css", contents: ChecklistStyles.stylesheet + GSDRender.stylesheet)]
    }

    /// The site's report, worked out once per build by ``summarize(_:context:)``.
    public func summarize(_ site: Site, context: PluginContext) throws -> (any Sendable)? {
        // A history's past versions only need statuses and counts.
        if readings != nil {
            guard site.pages.contains(where: { Self.fact(of: $0, in: site) != nil }) else { return StatusReport() }
            return StatusReport.snapshot(site: site, formats: FormatFolders(settings: context.settings))
        }
        var report = Self.makeReport(for: site, formats: FormatFolders(settings: context.settings))
        // Git is read here, before any page is drawn: the evidence hints go
        // on the items, which their own pages show as the dashboard does.
        let settings = Settings(context.settings)
        let history = drawsHistory && settings.history
        let evidence = checksEvidence && settings.evidence
        if let folder = context.contentFolder, !report.entries.isEmpty, history || evidence {
            let git = Self.readGit(
                folder: folder, configFile: context.config.file, cache: context.cacheFolder, report: &report,
                site: site, history: history, evidence: evidence)
            for warning in git.warnings { context.diagnostics.warning(folder, rule: .evidence, warning) }
            report.git = git
        }
        return report
    }

    /// The site's report: the build's summary, or worked out now for a site
    /// that was not summarised (a test's hand-made site).
    public static func report(for site: Site) -> StatusReport {
        site.summary(StatusReport.self) ?? makeReport(for: site)
    }

    /// What a page draws of the report: its items' entries, the entries of
    /// what they depend on and wait for, and its document's progress.
    public func summarySlice(for page: Page, site: Site, context: PluginContext) -> SummarySlice? {
        guard let fact = Self.fact(of: page, in: site) else { return SummarySlice(PageSlice()) }
        let report = Self.report(for: site)
        var slice = PageSlice()
        for item in fact.items {
            guard let entry = report.entry(item.key) else { continue }
            slice.entries.append(entry)
            for key in entry.dependencies + entry.waitingFor { slice.related.append(report.entry(key)) }
        }
        slice.plan = report.plans.first { $0.scope == page.sourcePath }
        return SummarySlice(slice)
    }

    /// See ``summarySlice(for:site:context:)``.
    struct PageSlice: Equatable, Sendable, Codable {
        var entries: [StatusReport.Entry] = []
        var related: [StatusReport.Entry?] = []
        var plan: PlanProgress?
    }

    /// Works out the report; an empty one when no page has work.
    static func makeReport(for site: Site, formats: FormatFolders = FormatFolders()) -> StatusReport {
        guard site.pages.contains(where: { fact(of: $0, in: site) != nil }) else { return StatusReport() }
        return StatusReport.make(site: site, formats: formats)
    }

    static func fact(of page: Page, in site: Site) -> PlanFact? {
        site.factsByPage[page.sourcePath]?.lazy.compactMap { $0 as? PlanFact }.first
    }

    /// The plugin's settings, from `plugins.status`.
    struct Settings {
        var page = true
        var exports = true
        var graphLimit = 400
        var history = true
        var evidence = true

        /// The keys understood.
        static let keys = ["page", "exports", "graph_limit", "history", "evidence", "formats"]

        /// The settings as written; each key not understood is a warning
        /// at its line (`formats` is read by ``FormatFolders``).
        init(_ settings: YAMLValue, file: String = "specsite.yml", diagnostics: DiagnosticLog? = nil) {
            guard case .mapping(let entries) = settings else { return }
            for entry in entries {
                switch entry.key {
                case "page": self.page = entry.value.bool ?? self.page
                case "exports": exports = entry.value.bool ?? exports
                case "graph_limit": graphLimit = entry.value.int.map { max($0, 0) } ?? graphLimit
                case "history": history = entry.value.bool ?? history
                case "evidence": evidence = entry.value.bool ?? evidence
                case "formats": break
                default:
                    diagnostics?.warning(
                        file, line: entry.line, rule: .settings,
                        "unknown setting '\(entry.key)' for plugin 'status' (ignored); expected "
                            + Self.keys.joined(separator: ", "))
                }
            }
        }
    }
}
