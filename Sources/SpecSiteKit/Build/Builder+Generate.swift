/// The plugins' generated pages and files, and which plugins' are those the
/// last build made (the writer need not compare those with the site on disk).
struct GeneratedOutputs: Sendable {
    /// Each output, with the id of the plugin that made it.
    var outputs: [(plugin: String, output: GeneratedOutput)] = []
    /// Plugins whose outputs were reused from the last build.
    var reused: Set<String> = []
}

/// The generate stage: each plugin's whole-site pages and files, made from the
/// site and its summaries, or reused when the plugin's summary inputs are what
/// they were the last time.
extension Builder {
    /// Every plugin's generated pages and files, with the plugin's id.
    func generate(_ loaded: LoadedSite, cache: inout BuildCache) -> GeneratedOutputs {
        let site = loaded.site
        var outputs = GeneratedOutputs()
        let reuses = cache.isEnabled && site.config.externalPlugins.isEmpty
        var generated: [String: BuildCache.Generated] = [:]
        for plugin in loaded.plugins {
            let generation = loaded.generations[plugin.id] ?? 0
            if reuses, let known = cache.generated[plugin.id], known.generation == generation {
                DiagnosticLog.replay(known.diagnostics, into: diagnostics)
                outputs.outputs += known.outputs.map { (plugin.id, $0) }
                outputs.reused.insert(plugin.id)
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
            outputs.outputs += made.map { (plugin.id, $0) }
            if reuses {
                generated[plugin.id] = BuildCache.Generated(
                    generation: generation, outputs: made, diagnostics: log.recorded)
            }
        }
        cache.generated = generated
        return outputs
    }
}
