import Foundation
import SpecSiteKit

/// What an item's own text says an agent needs to pick it up: the files it
/// names and its acceptance criteria, read from the blocks under its heading
/// (or from the whole page, for an item that is its page: a GSD plan, a
/// Backlog.md task, a story or work package file).
///
/// Read only for the items `ready.json` lists, after the site is analysed,
/// from the page parsed again: every page's analysis stays as it is.
struct WorkDetails: Equatable {
    /// Paths the item names, in the order written, each once.
    var files: [String] = []
    /// Its acceptance criteria (or success criteria, definition of done), as written.
    var criteria: [String] = []
    /// Its unticked boxes outside its criteria: the steps left, as written.
    var openTasks: [String] = []
    /// The file lines its text spans.
    var lines: ClosedRange<Int>?

    /// The details of `item`, written on `page` (which has its tree).
    static func of(_ item: WorkItem, on page: Page) -> WorkDetails {
        var details = WorkDetails()
        let blocks = section(of: item, on: page)
        if let first = blocks.first, let last = blocks.last {
            details.lines = first.line...max(first.line, last.endLine)
        }
        // GSD plans list their files in front matter.
        if let listed = page.frontMatter["files_modified"]?.array {
            for value in listed { if let path = value.string { details.addFile(path) } }
        }
        for path in pathWords(in: item.title) { details.addFile(path) }
        details.read(blocks, sectionNames: page.sectionNames)
        return details
    }

    /// The blocks that are the item's text: its heading (found by its
    /// anchor, else its line) and what follows up to the next heading of its
    /// level or above. An item that is its file (a GSD plan, a Backlog.md
    /// task, a story or work package file) and starts on no heading of its
    /// own is the whole page; any other item without a heading (a table row,
    /// a task of a data page the anchor does not find) has no text here.
    static func section(of item: WorkItem, on page: Page) -> ArraySlice<MarkdownNode> {
        let blocks = page.document.root.children
        let start =
            item.anchor.flatMap { anchor in
                blocks.firstIndex { block in
                    if case .heading(_, let id) = block.kind { return id == anchor }
                    return false
                }
            }
            ?? (page.isDocument
                ? blocks.firstIndex { block in
                    if case .heading = block.kind { return block.line == item.line }
                    return false
                } : nil)
        guard let start, case .heading(let level, _) = blocks[start].kind else {
            let isFile: Set<WorkItem.Kind> = [.plan, .quick, .task, .story]
            return page.isDocument && isFile.contains(item.kind) ? blocks[...] : []
        }
        var end = start + 1
        while end < blocks.count {
            if case .heading(let next, _) = blocks[end].kind, next <= level { break }
            end += 1
        }
        return blocks[start..<end]
    }

    /// What a label (a heading, or a paragraph ending in `:`) says the list after it holds.
    enum Label { case files, criteria }

    static func label(of text: String) -> Label? {
        let lower = text.lowercased().trimmingSpaces
        let words = lower.hasSuffix(":") ? String(lower.dropLast()) : lower
        for phrase in ["acceptance criteria", "success criteria", "definition of done", "done when", "acceptance"]
        where words.hasPrefix(phrase) || words.hasSuffix(phrase) {
            return .criteria
        }
        if words.hasPrefix("files") || words.hasSuffix("files") || words.contains("files to ")
            || words.hasPrefix("key files") || words == "files_modified"
        {
            return .files
        }
        return nil
    }

    /// Reads lists under labels, and labelled paragraphs (`**Files**: `a.swift``).
    private mutating func read(_ blocks: ArraySlice<MarkdownNode>, sectionNames: [Int: String]) {
        var current: Label?
        for block in blocks {
            // A section a preprocessor marked (GSD's `<success_criteria>`) is labelled by its name.
            if let name = sectionNames[block.line] {
                current = Self.label(of: name.replacingOccurrences(of: "_", with: " "))
            }
            switch block.kind {
            case .heading:
                current = Self.label(of: block.plainText)
            case .paragraph:
                let text = block.plainText
                // `**Files to create:** `a`, `b`` or `Acceptance criteria:` before a list.
                if let colon = text.firstIndex(of: ":"), let label = Self.label(of: String(text[...colon])) {
                    current = label
                    let rest = text[text.index(after: colon)...].trimmingSpaces
                    if !rest.isEmpty {
                        if label == .files {
                            addFiles(in: block)
                        } else {
                            criteria.append(String(rest))
                        }
                    }
                } else if current == .files {
                    addFiles(in: block)
                }
            case .list:
                guard let current else {
                    addOpenTasks(in: block)
                    continue
                }
                for item in block.children {
                    switch current {
                    case .files: addFiles(in: item)
                    case .criteria:
                        let text = Self.ownText(of: item)
                        if !text.isEmpty { criteria.append(text) }
                    }
                }
            case .blockQuote:
                read(block.children[...], sectionNames: sectionNames)
            default:
                continue
            }
        }
    }

    /// The unticked boxes of `list` and of the lists inside it.
    private mutating func addOpenTasks(in list: MarkdownNode) {
        for item in list.children {
            if case .item(task: .open) = item.kind {
                let text = Self.ownText(of: item)
                if !text.isEmpty { openTasks.append(text) }
            }
            for child in item.children {
                if case .list = child.kind { addOpenTasks(in: child) }
            }
        }
    }

    /// An item's own text, without its nested lists'.
    static func ownText(of item: MarkdownNode) -> String {
        item.children.filter {
            if case .list = $0.kind { return false }
            return true
        }.map(\.plainText).joined(separator: " ").trimmingSpaces
    }

    /// The code spans of `node` that look like paths, else the path-like words of its text.
    private mutating func addFiles(in node: MarkdownNode) {
        var spans: [String] = []
        Self.codeSpans(in: node, into: &spans)
        let paths = spans.filter(Self.looksLikePath)
        if !paths.isEmpty {
            for path in paths { addFile(path) }
        } else {
            for path in Self.pathWords(in: node.plainText) { addFile(path) }
        }
    }

    private mutating func addFile(_ path: String) {
        let trimmed = path.trimmingSpaces
        guard !trimmed.isEmpty, !files.contains(trimmed) else { return }
        files.append(trimmed)
    }

    private static func codeSpans(in node: MarkdownNode, into spans: inout [String]) {
        if case .code(let text) = node.kind { spans.append(text) }
        for child in node.children { codeSpans(in: child, into: &spans) }
    }

    /// Words of `text` that look like paths: `src/models/user.py`, `Package.swift`.
    static func pathWords(in text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).map { word -> String in
            let wrapping: Set<Character> = ["`", "(", ")", "\"", "'", ";", ":", "*", "_"]
            var word = word.drop { wrapping.contains($0) }
            // A sentence's full stop is not part of the path, nor what it closes.
            while let last = word.last, last == "." || wrapping.contains(last) { word.removeLast() }
            return String(word)
        }.filter(looksLikePath)
    }

    /// A word with a `/` between names, or a name with a short extension
    /// (`Package.swift`, `tasks.md`), not a URL, a version or a number.
    static func looksLikePath(_ word: String) -> Bool {
        guard word.count >= 3, word.count <= 300, !word.contains("://"), !word.contains(" "),
            let first = word.unicodeScalars.first, first != "-", first != "@"
        else { return false }
        let segments = word.split(separator: "/")
        guard segments.allSatisfy({ $0.contains(where: \.isLetter) || $0 == ".." || $0 == "." }) else { return false }
        // `src/lib/` and `a/b/c` are folders; `and/or` and `Offline/Network` are words.
        if word.hasSuffix("/") && !segments.isEmpty || segments.count >= 3 { return true }
        guard let name = segments.last, let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return false
        }
        let stem = name[..<dot]
        let ext = name[name.index(after: dot)...]
        return (1...6).contains(ext.count) && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && ext.contains(where: \.isLetter) && stem.contains(where: \.isLetter)
    }
}
