import Foundation

/// Data files split into several pages (``Plugin/dataPageParts(_:data:)``).
extension Builder {
    /// `files` (the documents and data files found, in order) with each data
    /// file a plugin splits followed by its parts, and the data each file
    /// was parsed into to learn its parts, by content path, which loading
    /// its pages uses rather than parsing it again.
    ///
    /// A file that cannot be read or parsed is one page: loading it reports why.
    func withDataPageParts(
        _ files: [SourceFile], found: [SourceFile], plugins: [any Plugin], contents: [String: [UInt8]],
        boundary: ContentBoundary, cache: inout BuildCache
    ) -> (files: [SourceFile], preparsed: [String: YAMLValue]) {
        // Only data files are read here (a markdown document is never split),
        // and only those a plugin reads as pages are among `files`.
        guard files.contains(where: { !$0.isMarkdown }) else { return (files, [:]) }
        // A part's path must be no file's, nor that of a document built to
        // the page it would be built to (`tasks.json.master.md`).
        var taken = Set(found.map(\.relativePath))
        for file in found where file.isMarkdown {
            let folder = OutputPaths.folderOf(file.relativePath)
            let stem = OutputPaths.stem(of: String(file.relativePath.dropFirst(folder.isEmpty ? 0 : folder.count + 1)))
            taken.insert(folder.isEmpty ? stem : folder + "/" + stem)
        }
        var known: [String: (bytes: [UInt8], parts: [DataPagePart])] = [:]
        var preparsed: [String: YAMLValue] = [:]
        var expanded: [SourceFile] = []
        for var file in files {
            guard !file.isMarkdown, let plugin = plugins.first(where: { $0.readsAsPage(file.relativePath) }) else {
                expanded.append(file)
                continue
            }
            let bytes: [UInt8]
            if let held = contents[file.relativePath] {
                bytes = held
            } else if case .success(let read) = boundary.contents(of: file.absolutePath) {
                bytes = read
            } else {
                expanded.append(file)
                continue
            }
            let parts: [DataPagePart]
            if let previous = cache.dataParts[file.relativePath], previous.bytes == bytes {
                parts = previous.parts
            } else {
                let text = PageLoader.decode(
                    Data(bytes), displayPath: file.relativePath, diagnostics: DiagnosticLog())
                guard let data = try? YAMLValue.parse(text) else {
                    expanded.append(file)
                    continue
                }
                preparsed[file.relativePath] = data
                parts = DataPagePart.parts(
                    of: file.relativePath, names: plugin.dataPageParts(file.relativePath, data: data), taken: taken)
            }
            if cache.isEnabled { known[file.relativePath] = (bytes, parts) }
            file.parts = parts
            expanded.append(file)
            for part in parts {
                var page = SourceFile(relativePath: part.sourcePath, absolutePath: file.absolutePath)
                page.stamp = file.stamp
                page.part = part
                expanded.append(page)
            }
        }
        cache.dataParts = known
        return (expanded, preparsed)
    }
}
