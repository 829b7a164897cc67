import Foundation
import PackagePlugin

/// Embeds the package's `templates/`, `scaffold/` and `starters/` folders
/// into the target as `EmbeddedFiles.templates`, `.scaffold` and `.starters`.
@main
struct EmbedFilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = [
            ("templates", root.appending(path: "templates")), ("scaffold", root.appending(path: "scaffold")),
            ("starters", root.appending(path: "starters")),
        ]
        var inputs: [URL] = []
        for (_, folder) in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where !url.hasDirectoryPath {
                inputs.append(url)
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding templates and scaffold",
                executable: try context.tool(named: "EmbedFiles").url,
                arguments: [output.path] + folders.map { "\($0.0)=\($0.1.path)" },
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            )
        ]
    }
}
