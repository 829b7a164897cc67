/// The lexer of the languages written in braces and quotes: Swift, Kotlin,
/// TypeScript and JavaScript, Dart, Groovy and Gradle, and (with `#`
/// comments) Python. What differs between them is a ``CFamilySyntax``, in a
/// file per language.
struct CFamilySyntax: Sendable {
    var keywords: Set<Substring>
    /// Words that are values: `true`, `nil`, `self`.
    var literals: Set<Substring> = ["true", "false", "null"]
    /// Built-in type names that are not capitalised (`int`, `string`).
    var types: Set<Substring> = []
    /// Whether a capitalised word is a type (`Page`, `String`).
    var capitalisedTypes = true
    /// How a comment to the end of the line starts.
    var lineComment: StaticString? = "//"
    /// Whether `#` starts a comment to the end of the line (Python, shell-like).
    var hashComments = false
    /// Whether `/* … */` comments nest (Swift, Kotlin, Dart).
    var nestedBlockComments = false
    var blockComments = true
    /// Quote bytes that open a string on one line.
    var quotes: [UInt8] = [UInt8(ascii: "\"")]
    /// Quote bytes whose strings may span lines (`` ` `` in JavaScript).
    var multilineQuotes: [UInt8] = []
    /// Three of a quote open a string to the next three (`"""`, `'''`).
    var tripleQuotes: [UInt8] = []
    /// `@name` is an attribute or annotation (`@MainActor`, `@Override`, a decorator).
    var atAttributes = true
    /// `#name` is a compiler directive (`#if`, `#available` in Swift).
    var hashDirectives = false
    /// Letters that may prefix a string (`f"…"`, `r'…'`, `b"…"` in Python).
    var stringPrefixes: Set<UInt8> = []
}

enum CFamilyLexer {
    /// Words that declare a name: the word after one is that name, even
    /// when it is also a contextual keyword (`let package`, `var type`).
    static let declarers: Set<Substring> = [
        "let", "var", "val", "const", "func", "fun", "def", "function", "class", "struct", "enum", "protocol",
        "interface", "typealias", "actor", "extension", "object", "trait", "mixin",
    ]
    /// Declarers whose name is a function's.
    static let functionDeclarers: Set<Substring> = ["func", "fun", "def", "function"]

    static func scan(_ code: String, syntax: CFamilySyntax) -> CodeScanner {
        var scanner = CodeScanner(code)
        // The declarer the last word was, when it was one.
        var declarer: Substring?
        while !scanner.atEnd {
            let start = scanner.position
            let byte = scanner.current
            if let comment = syntax.lineComment, scanner.starts(with: comment) {
                scanner.skipLine()
                scanner.mark(.comment, from: start)
            } else if syntax.hashComments, byte == UInt8(ascii: "#") {
                scanner.skipLine()
                scanner.mark(.comment, from: start)
            } else if syntax.blockComments, scanner.starts(with: "/*") {
                scanner.position += 2
                scanner.skipPast("*/", open: "/*", nests: syntax.nestedBlockComments)
                scanner.mark(.comment, from: start)
            } else if syntax.tripleQuotes.contains(byte), scanner.peek() == byte, scanner.peek(2) == byte {
                scanner.position += 3
                skipTriple(byte, in: &scanner)
                scanner.mark(.string, from: start)
            } else if syntax.quotes.contains(byte) || syntax.multilineQuotes.contains(byte) {
                scanner.skipQuoted(multiline: syntax.multilineQuotes.contains(byte))
                scanner.mark(.string, from: start)
            } else if syntax.hashDirectives, byte == UInt8(ascii: "#"), scanner.peek() == UInt8(ascii: "\"") {
                // Swift's raw string `#"…"#`.
                scanner.position += 2
                scanner.skipPast("\"#")
                scanner.mark(.string, from: start)
            } else if CodeScanner.isDigit(byte)
                || (byte == UInt8(ascii: ".") && CodeScanner.isDigit(scanner.peek())
                    && !CodeScanner.isWordByte(scanner.previousByte))
            {
                scanner.skipNumber()
                scanner.mark(.number, from: start)
            } else if syntax.atAttributes, byte == UInt8(ascii: "@"), CodeScanner.isWordByte(scanner.peek()) {
                scanner.position += 1
                _ = scanner.readWord(extra: UInt8(ascii: "."))
                scanner.mark(.attribute, from: start)
            } else if syntax.hashDirectives, byte == UInt8(ascii: "#"), CodeScanner.isLetter(scanner.peek()) {
                scanner.position += 1
                _ = scanner.readWord()
                scanner.mark(.meta, from: start)
            } else if CodeScanner.isWordByte(byte) {
                let word = scanner.readWord()
                if let prefix = word.utf8.first, word.utf8.count <= 2,
                    syntax.stringPrefixes.contains(prefix | 0x20),
                    word.utf8.allSatisfy({ syntax.stringPrefixes.contains($0 | 0x20) }),
                    syntax.quotes.contains(scanner.current)
                {
                    // `f"…"`: the prefix is part of the string.
                    let quote = scanner.current
                    if syntax.tripleQuotes.contains(quote), scanner.peek() == quote, scanner.peek(2) == quote {
                        scanner.position += 3
                        skipTriple(quote, in: &scanner)
                    } else {
                        scanner.skipQuoted()
                    }
                    scanner.mark(.string, from: start)
                    continue
                }
                // A member after a dot is a name, not a keyword (`item.default`).
                let afterDot = scanner.byte(before: start) == UInt8(ascii: ".")
                let declared = declarer
                declarer = nil
                if let declared, !syntax.literals.contains(word) {
                    // The name a declaration gives.
                    if Self.functionDeclarers.contains(declared) {
                        scanner.mark(.function, from: start)
                    } else if !(declared == "let" || declared == "var" || declared == "val" || declared == "const") {
                        scanner.mark(.type, from: start)
                    }
                } else if !afterDot, syntax.keywords.contains(word) {
                    if Self.declarers.contains(word) { declarer = word }
                    scanner.mark(.keyword, from: start)
                } else if !afterDot, syntax.literals.contains(word) {
                    scanner.mark(.literal, from: start)
                } else if syntax.types.contains(word)
                    || (syntax.capitalisedTypes && word.utf8.first.map { $0 >= 65 && $0 <= 90 } == true
                        && word.utf8.contains { $0 >= 97 && $0 <= 122 })
                {
                    scanner.mark(.type, from: start)
                } else if scanner.current == UInt8(ascii: "(") {
                    scanner.mark(.function, from: start)
                }
            } else {
                // Anything but a space between a declarer and a word ends the declaration (`let (a, b)`).
                if !CodeScanner.isSpace(byte) { declarer = nil }
                scanner.position += 1
            }
        }
        return scanner
    }

    /// Moves past three of `quote`, or to the end.
    private static func skipTriple(_ quote: UInt8, in scanner: inout CodeScanner) {
        while !scanner.atEnd {
            if scanner.current == UInt8(ascii: "\\") {
                scanner.position += 2
            } else if scanner.current == quote, scanner.peek() == quote, scanner.peek(2) == quote {
                scanner.position += 3
                return
            } else {
                scanner.position += 1
            }
        }
        scanner.position = scanner.bytes.count
    }
}

extension CodeScanner {
    /// The byte before the position (0 at the start).
    var previousByte: UInt8 { position > 0 ? bytes[position - 1] : 0 }
    /// The byte before `index` (0 at the start).
    func byte(before index: Int) -> UInt8 { index > 0 && index <= bytes.count ? bytes[index - 1] : 0 }
}
