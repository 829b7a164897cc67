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
        let plugins = loaded.plugins
        let known = plugins.map { plugin -> BuildCache.Generated? in
            guard reuses, let known = cache.generated[plugin.id],
                known.generation == loaded.generations[plugin.id] ?? 0
            else { return nil }
            return known
        }
        // The plugins that must make theirs again do so side by side: on a large
        // site the flows plugin's screen map, the status dashboard and the Tokens
        // page each take a while, and none reads another's outputs. Each reports
        // into a log of its own; the build's diagnostics are printed sorted.
        let diagnostics = self.diagnostics
        let displayRoot = loaded.displayRoot
        let contexts = loaded.contexts
        let made = plugins.indices.filter { known[$0] == nil }.parallelMap {
            index -> (index: Int, outputs: [GeneratedOutput], log: DiagnosticLog) in
            let plugin = plugins[index]
            let log = DiagnosticLog(recordingInto: diagnostics)
            let shared = contexts[plugin.id]!
            let context = shared.reporting(to: log)
            var made: [GeneratedOutput] = []
            do {
                made = try plugin.generate(for: site, context: context)
            } catch {
                PageLoader.report(error, plugin: plugin, displayPath: displayRoot, line: 0, diagnostics: log)
            }
            return (index, made, log)
        }
        var fresh: [Int: (outputs: [GeneratedOutput], log: DiagnosticLog)] = [:]
        for entry in made { fresh[entry.index] = (entry.outputs, entry.log) }
        var generated: [String: BuildCache.Generated] = [:]
        for (index, plugin) in plugins.enumerated() {
            let generation = loaded.generations[plugin.id] ?? 0
            if let known = known[index] {
                DiagnosticLog.replay(known.diagnostics, into: diagnostics)
                outputs.outputs += known.outputs.map { (plugin.id, $0) }
                outputs.reused.insert(plugin.id)
                generated[plugin.id] = known
                continue
            }
            guard var entry = fresh[index] else { continue }
            if reuses {
                // A session keeps the bytes to write again: deferred files are made now.
                entry.outputs = entry.outputs.parallelMap(\.made)
                generated[plugin.id] = BuildCache.Generated(
                    generation: generation, outputs: entry.outputs, diagnostics: entry.log.recorded)
            }
            outputs.outputs += entry.outputs.map { (plugin.id, $0) }
        }
        cache.generated = generated
        return outputs
    }
}
