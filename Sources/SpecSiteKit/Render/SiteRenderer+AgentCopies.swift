import Foundation

/// The copies for agents (see ``MarkdownCopies``): each page's markdown
/// beside its HTML, `llms.txt` and `llms-full.txt`.
extension SiteRenderer {
    /// Where the copy of `page` is written, when the site writes copies.
    func markdownCopyPath(of page: Page) -> String? {
        guard loaded.site.config.llms else { return nil }
        return MarkdownCopies.path(
            sourcePath: page.sourcePath, outputPath: page.outputPath,
            isDocument: page.isDocument)
    }

    /// Writes the copy of every page in `claimed` (built paths), then
    /// `llms.txt` and `llms-full.txt`. `summaries` are the pages' one-line
    /// summaries by built path; `optional` the plugins' pages (title, built path).
    func writeMarkdownCopies(
        claimed: Set<String>, summaries: [String: String], optional: [(title: String, path: String)],
        outputs: OutputSet
    ) {
        let site = loaded.site
        let config = site.config
        guard config.llms else { return }
        let baseURL = config.hasAbsoluteBaseURL ? config.baseURL : nil
        // Each claimed page with its entry, in reading order.
        var listed: [(page: Page, document: LLMSText.Document)] = []
        listed.reserveCapacity(site.pages.count)
        for page in site.pages where claimed.contains(page.outputPath) {
            guard let path = markdownCopyPath(of: page),
                outputs.claim(path, from: page.displayPath + " (its markdown copy)")
            else { continue }
            let document = LLMSText.Document(
                title: page.title, copyPath: path, summary: summaries[page.outputPath] ?? "",
                section: LLMSText.section(of: page.outputPath))
            listed.append((page, document))
        }
        let description = config.description.isEmpty ? summaries["index.html"] ?? "" : config.description
        outputs.add(
            MarkdownCopies.indexPath,
            Array(
                LLMSText.index(
                    title: config.title, description: description, documents: listed.map(\.document),
                    optional: optional,
                    baseURL: baseURL
                ).utf8), from: "llms")
        // Copies are made a batch at a time, on every core, and each batch's
        // text goes to `llms-full.txt` in reading order, written as it comes
        // (at 10,000 documents it is 200 MB), before the next is made.
        let header = Array(LLMSText.fullHeader(title: config.title, description: description).utf8)
        outputs.stream(MarkdownCopies.fullPath, from: "llms") { (write) throws(Diagnostic) in
            try write(header)
            let batch = 64
            for start in stride(from: 0, to: listed.count, by: batch) {
                let texts = Array(listed[start..<min(start + batch, listed.count)]).parallelMap {
                    entry -> String? in
                    guard let text = copyText(of: entry.page) else { return nil }
                    outputs.write(entry.document.copyPath, Array(text.utf8))
                    return text
                }
                var chunk: [UInt8] = []
                for (offset, text) in texts.enumerated() {
                    guard let text else { continue }
                    chunk += LLMSText.fullEntry(listed[start + offset].document, text: text, baseURL: baseURL).utf8
                }
                try write(chunk)
            }
        }
    }

    /// The text of `page`'s copy: a document's file as written (links into
    /// hidden folders led to where the site puts them), or the markdown a
    /// plugin writes for a data page. Nil, with an error, when the document
    /// cannot be read again.
    private func copyText(of page: Page) -> String? {
        guard let file = loaded.pageFiles[page.sourcePath] else {
            return page.withTree().markdown
        }
        let bytes: [UInt8]
        if let held = loaded.heldBytes[page.sourcePath] {
            bytes = held
        } else {
            switch loaded.boundary.contents(of: file) {
            case .success(let read): bytes = read
            case .failure(let refusal):
                diagnostics.error(
                    page.displayPath, rule: .unreadable, "cannot read file for its markdown copy: \(refusal.reason)")
                return nil
            }
        }
        // What decoding warns about was reported when the page was read.
        let text = PageLoader.decode(Data(bytes), displayPath: page.displayPath, diagnostics: DiagnosticLog())
        return MarkdownCopies.text(text, links: page.document.links)
    }
}
