import Foundation

/// Gathers the tokens, unresolved references and warnings of one markdown
/// block, turning lines within the block into file lines.
struct TokenCollector {
    /// A reference waiting for its target (`primaryButton = smilePileBlue`).
    struct PendingReference {
        var path: [String]
        var mode: DesignToken.Mode?
        var variant: String?
        var target: String
        var written: String
        var description: String
        var line: Int
        var kind: DesignToken.Kind?
    }

    /// The file as messages name it.
    let file: String
    /// The file line of the block's first content line (line 1 of its code).
    let firstLine: Int
    /// The block's own first line, stored on each token.
    let blockLine: Int
    /// The block's key (``SpecSiteKit/MarkdownNode/blockKey``).
    let blockKey: String

    private(set) var tokens: [DesignToken] = []
    private(set) var references: [PendingReference] = []
    private(set) var warnings: [(line: Int, message: String)] = []

    /// Creates a collector for a block whose content starts at `firstLine` of `file`.
    init(file: String, firstLine: Int, blockLine: Int, blockKey: String = "") {
        self.file = file
        self.firstLine = firstLine
        self.blockLine = blockLine
        self.blockKey = blockKey
    }

    /// The file line of a 1-based line within the block.
    func fileLine(_ line: Int) -> Int { firstLine + max(line, 1) - 1 }

    /// Whether path components `light` and `dark` name a mode; off inside a
    /// colour's shades (`primary: { main, light, dark }`).
    var pathNamesModes = true

    /// Adds a token; path components `light` and `dark` become its mode
    /// (unless ``pathNamesModes`` is off).
    /// Returns false when no name is left to give it.
    /// A group named as a variant (`[data-theme="ocean"]`, as the DTCG export writes one) is the
    /// token's variant, not part of its name.
    @discardableResult
    mutating func add(
        path: [String], mode: DesignToken.Mode?, variant: String? = nil, kind: DesignToken.Kind,
        value: DesignToken.Value, written: String, description: String, line: Int
    ) -> Bool {
        var mode = mode
        var variant = variant
        var cleanPath: [String] = []
        for component in path {
            if pathNamesModes, let named = DesignToken.Mode(rawValue: component.lowercased()) {
                mode = named
            } else if DesignToken.isVariantName(component) {
                variant = component
            } else {
                cleanPath.append(component)
            }
        }
        guard !cleanPath.isEmpty else { return false }
        tokens.append(
            DesignToken(
                path: cleanPath, mode: mode, variant: variant, kind: kind, value: value, written: written,
                description: description.trimmed(),
                source: SourceLocation(file: file, line: fileLine(line)), blockLine: blockLine))
        return true
    }

    /// Records a reference to resolve once the block is read.
    mutating func refer(
        path: [String], mode: DesignToken.Mode?, variant: String? = nil, target: String, written: String,
        description: String, line: Int, kind: DesignToken.Kind?
    ) {
        var variant = variant
        let cleanPath = path.filter { component in
            guard DesignToken.isVariantName(component) else { return true }
            variant = component
            return false
        }
        references.append(
            PendingReference(
                path: cleanPath, mode: mode, variant: variant, target: target, written: written,
                description: description, line: line, kind: kind))
    }

    /// Records a warning at a line within the block.
    mutating func warn(line: Int, _ message: String) {
        warnings.append((fileLine(line), message))
    }

    /// Turns references whose target is a token of this block into tokens
    /// with the target's value; returns the ones left unresolved.
    @discardableResult
    mutating func resolveReferences() -> [PendingReference] {
        var unresolved: [PendingReference] = []
        // Indexed, and kept up to date as references become tokens, so a chain
        // of aliases resolves in one pass in linear time.
        var lookup = TokenLookup(tokens)
        for reference in references {
            if let target = lookup.find(reference.target, preferring: reference.mode) {
                if let kind = reference.kind, kind != target.kind { continue }
                // `--accent: var(--bg)` follows `--bg` into dark mode too.
                let dark =
                    reference.mode == nil && target.mode != .dark
                    ? lookup.find(reference.target, preferring: .dark).flatMap {
                        $0.mode == .dark && $0.path == target.path ? $0 : nil
                    } : nil
                if add(
                    path: reference.path, mode: dark != nil ? .light : reference.mode ?? target.mode,
                    variant: reference.variant, kind: target.kind, value: target.value, written: reference.written,
                    description: reference.description, line: reference.line)
                {
                    tokens[tokens.count - 1].alias = reference.target
                    lookup.add(tokens[tokens.count - 1])
                }
                if let dark,
                    add(
                        path: reference.path, mode: .dark, variant: reference.variant, kind: dark.kind,
                        value: dark.value, written: reference.written,
                        description: reference.description, line: reference.line)
                {
                    tokens[tokens.count - 1].alias = reference.target
                    lookup.add(tokens[tokens.count - 1])
                }
            } else {
                unresolved.append(reference)
            }
        }
        references = []
        return unresolved
    }
}

/// Finds tokens by the names other tokens use to refer to them.
enum TokenIndex {
    /// A name reduced to its words: `Colors.primary`, `colors/primary` and
    /// `{colors.primary}` all become `colors.primary`.
    static func normalized(_ name: String) -> [String] {
        name.lowercased()
            .split(whereSeparator: { $0 == "." || $0 == "/" || $0 == "{" || $0 == "}" || $0 == " " })
            .map(String.init)
            .filter { !$0.isEmpty }
    }

    /// The token `name` refers to: the one whose path ends with the same
    /// words, preferring `mode`; nil when none or when several differ.
    static func find(_ name: String, in tokens: [DesignToken], preferring mode: DesignToken.Mode?) -> DesignToken? {
        let wanted = normalized(name)
        guard !wanted.isEmpty else { return nil }
        let matches = tokens.filter { token in
            let words = token.path.flatMap { normalized($0) }
            return words.count >= wanted.count && Array(words.suffix(wanted.count)) == wanted
        }
        guard !matches.isEmpty else { return nil }
        let exact = matches.filter { $0.path.flatMap { normalized($0) } == wanted }
        let candidates = exact.isEmpty ? matches : exact
        if let mode, let match = candidates.first(where: { $0.mode == mode }) { return match }
        if let match = candidates.first(where: { $0.mode == nil }) { return match }
        return candidates.first
    }
}
