/// The generate stage: each plugin's whole-site pages and files, made from the
/// site and its summaries, or reused when the plugin's summary inputs are what
/// they were the last time.
extension Builder {
    /// Every plugin's generated pages and files, with the plugin's id, and the
    /// generation of each plugin's summary inputs (which the render stage keys
    /// pages by).
    func generate(
        _ loaded: LoadedSite, cache: inout BuildCache
    ) -> (outputs: [(plugin: String, output: GeneratedOutput)], generations: [String: Int]) {
        let site = loaded.site
        let pageKeys = site.pages.map {
            BuildCache.SummaryInput.PageKey(sourcePath: $0.sourcePath, outputPath: $0.outputPath, title: $0.title)
        }
        var outputs: [(plugin: String, output: GeneratedOutput)] = []
        var generations: [String: Int] = [:]
        let reuses = cache.isEnabled && site.config.externalPlugins.isEmpty
        var generated: [String: BuildCache.Generated] = [:]
        for plugin in loaded.plugins {
            let input = BuildCache.SummaryInput(
                pages: pageKeys,
                facts: site.pages.compactMap { page in
                    guard loaded.factPlugins[page.sourcePath]?.contains(plugin.id) == true else { return nil }
                    return BuildCache.SummaryInput.FactKey(
                        sourcePath: page.sourcePath, revision: loaded.revisions[page.sourcePath] ?? 0)
                })
            let generation = cache.generation(of: plugin.id, for: input)
            generations[plugin.id] = generation
            if reuses, let known = cache.generated[plugin.id], known.generation == generation {
                DiagnosticLog.replay(known.diagnostics, into: diagnostics)
                outputs += known.outputs.map { (plugin.id, $0) }
                generated[plugin.id] = known
                continue
            }
            let log = DiagnosticLog(recordingInto: diagnostics)
            let shared = loaded.contexts[plugin.id]!
            let context = PluginContext(settings: shared.settings, config: shared.config, diagnostics: log)
            var made: [GeneratedOutput] = []
            do {
                made = try plugin.generate(for: site, context: context)
            } catch {
                PageLoader.report(error, plugin: plugin, displayPath: loaded.displayRoot, line: 0, diagnostics: log)
            }
            outputs += made.map { (plugin.id, $0) }
            if reuses {
                generated[plugin.id] = BuildCache.Generated(
                    generation: generation, outputs: made, diagnostics: log.recorded)
            }
        }
        cache.generated = generated
        return (outputs, generations)
    }
}
