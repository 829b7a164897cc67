/// Reading order: within a folder, pages come first (its index page before
/// the rest) ordered by front matter `order`, then by a numeric prefix
/// (`01-…`, `2_…`), then by kind in the order a spec is read (PRD,
/// architecture, UX, design system, plans, the rest), then by name;
/// sub-folders follow, by numeric prefix and name. The pages a data file is
/// split into follow its own page, in the file's order.
enum PageOrder {
    /// `kinds`: each page's kind, by source path, when already known.
    static func sorted(_ pages: [Page], kinds: [String: DocumentKind] = [:]) -> [Page] {
        let keyed = pages.map { (page: $0, key: key(for: $0, kind: kinds[$0.sourcePath])) }
        return keyed.sorted { isOrdered($0.key, $1.key) }.map(\.page)
    }

    struct Component {
        var isFolder: Bool
        var isIndex: Bool
        var order: Double
        var number: Int
        var kind: Int
        var name: String
        var exact: String
    }

    static func key(for page: Page, kind known: DocumentKind? = nil) -> [Component] {
        let parts = (page.part?.file ?? page.sourcePath).split(separator: "/").map(String.init)
        let kind = DocumentKind.allCases.firstIndex(of: known ?? DocumentKind.of(page)) ?? 0
        var key = parts.enumerated().map { index, part in
            let isFile = index == parts.count - 1
            let lower = part.lowercased()
            return Component(
                isFolder: !isFile,
                isIndex: isFile && OutputPaths.isIndex(OutputPaths.stem(of: part), readmeIsIndex: true),
                order: isFile ? (page.order ?? .infinity) : .infinity,
                number: numericPrefix(part) ?? .max,
                kind: isFile ? kind : 0,
                name: lower,
                exact: part)
        }
        // A part sorts as one more step after its file's page: the file's
        // own comes first (the shorter key), then the parts by their place.
        if let part = page.part {
            key.append(
                Component(
                    isFolder: false, isIndex: false, order: .infinity, number: part.index, kind: 0, name: "",
                    exact: String(part.index)))
        }
        return key
    }

    static func isOrdered(_ left: [Component], _ right: [Component]) -> Bool {
        for (a, b) in zip(left, right) where a.exact != b.exact || a.isFolder != b.isFolder {
            if a.isFolder != b.isFolder { return !a.isFolder }
            if a.isIndex != b.isIndex { return a.isIndex }
            if a.order != b.order { return a.order < b.order }
            if a.number != b.number { return a.number < b.number }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.name != b.name { return a.name < b.name }
            return a.exact < b.exact
        }
        return left.count < right.count
    }

    /// `01-foundation` → 1, `10_intro` → 10, `2024 notes` → 2024, `v2` → nil.
    static func numericPrefix(_ name: String) -> Int? {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 10 else { return nil }
        let rest = name.dropFirst(digits.count)
        guard let next = rest.first, "-_. ".contains(next) else { return nil }
        return Int(digits)
    }
}
