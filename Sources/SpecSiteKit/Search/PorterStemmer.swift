/// Martin Porter's 1980 stemmer for English, as his reference C
/// implementation writes it (with its two departures: `-bli` → `-ble` and
/// `-logi` → `-log`), on lowercase ASCII letters.
///
/// Written here because the search box stems the query in the browser with
/// the same rules (`templates/assets/search.js` holds the same algorithm, and
/// a test compares the two word by word): a library would give the index one
/// stemmer and the browser another. Porter's is small, well described and
/// the one both sides can follow line for line.
enum PorterStemmer {
    /// The stem of `word` (lowercase ASCII letters); words of one or two letters are left as they are.
    static func stem(_ word: [UInt8]) -> [UInt8] {
        var word = word
        stem(&word)
        return word
    }

    /// Stems `word` in place (the index stems every word of the site, so without copying it).
    static func stem(_ word: inout [UInt8]) {
        guard word.count > 2 else { return }
        var stemmer = State(b: [], k: word.count - 1)
        swap(&stemmer.b, &word)
        stemmer.step1ab()
        if stemmer.k > 0 {
            stemmer.step1c()
            stemmer.step2()
            stemmer.step3()
            stemmer.step4()
            stemmer.step5()
        }
        swap(&stemmer.b, &word)
        word.removeSubrange((stemmer.k + 1)...)
    }

    /// The word being stemmed: `b[0...k]` is what is left of it, `j` the end of the stem an ending was found after.
    private struct State {
        var b: [UInt8]
        var k: Int
        var j = 0

        func isConsonant(_ i: Int) -> Bool {
            switch b[i] {
            case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"): false
            case UInt8(ascii: "y"): i == 0 ? true : !isConsonant(i - 1)
            default: true
            }
        }

        /// The number of vowel-consonant sequences in `b[0...j]`.
        func measure() -> Int {
            var n = 0
            var i = 0
            while true {
                if i > j { return n }
                if !isConsonant(i) { break }
                i += 1
            }
            i += 1
            while true {
                while true {
                    if i > j { return n }
                    if isConsonant(i) { break }
                    i += 1
                }
                i += 1
                n += 1
                while true {
                    if i > j { return n }
                    if !isConsonant(i) { break }
                    i += 1
                }
                i += 1
            }
        }

        func vowelInStem() -> Bool {
            guard j >= 0 else { return false }
            return (0...j).contains { !isConsonant($0) }
        }

        func doubleConsonant(_ at: Int) -> Bool {
            at >= 1 && b[at] == b[at - 1] && isConsonant(at)
        }

        /// Consonant-vowel-consonant ending at `i`, the last not `w`, `x` or `y`.
        func cvc(_ i: Int) -> Bool {
            guard i >= 2, isConsonant(i), !isConsonant(i - 1), isConsonant(i - 2) else { return false }
            let last = b[i]
            return last != UInt8(ascii: "w") && last != UInt8(ascii: "x") && last != UInt8(ascii: "y")
        }

        mutating func ends(_ suffix: StaticString) -> Bool {
            let length = suffix.utf8CodeUnitCount
            guard length <= k + 1 else { return false }
            let matches = suffix.withUTF8Buffer { tail in
                (0..<length).allSatisfy { b[k - length + 1 + $0] == tail[$0] }
            }
            guard matches else { return false }
            j = k - length
            return true
        }

        mutating func setTo(_ replacement: StaticString) {
            let length = replacement.utf8CodeUnitCount
            replacement.withUTF8Buffer { bytes in
                for offset in 0..<length {
                    let at = j + 1 + offset
                    if at < b.count { b[at] = bytes[offset] } else { b.append(bytes[offset]) }
                }
            }
            k = j + length
        }

        mutating func replace(_ replacement: StaticString) {
            if measure() > 0 { setTo(replacement) }
        }

        mutating func step1ab() {
            if b[k] == UInt8(ascii: "s") {
                if ends("sses") {
                    k -= 2
                } else if ends("ies") {
                    setTo("i")
                } else if b[k - 1] != UInt8(ascii: "s") {
                    k -= 1
                }
            }
            if ends("eed") {
                if measure() > 0 { k -= 1 }
            } else if (ends("ed") || ends("ing")) && vowelInStem() {
                k = j
                if ends("at") {
                    setTo("ate")
                } else if ends("bl") {
                    setTo("ble")
                } else if ends("iz") {
                    setTo("ize")
                } else if doubleConsonant(k) {
                    k -= 1
                    let last = b[k]
                    if last == UInt8(ascii: "l") || last == UInt8(ascii: "s") || last == UInt8(ascii: "z") { k += 1 }
                } else if measure() == 1 && cvc(k) {
                    setTo("e")
                }
            }
        }

        mutating func step1c() {
            if ends("y") && vowelInStem() { b[k] = UInt8(ascii: "i") }
        }

        mutating func step2() {
            switch b[k - 1] {
            case UInt8(ascii: "a"):
                if ends("ational") { replace("ate") } else if ends("tional") { replace("tion") }
            case UInt8(ascii: "c"):
                if ends("enci") { replace("ence") } else if ends("anci") { replace("ance") }
            case UInt8(ascii: "e"):
                if ends("izer") { replace("ize") }
            case UInt8(ascii: "l"):
                if ends("bli") {
                    replace("ble")
                } else if ends("alli") {
                    replace("al")
                } else if ends("entli") {
                    replace("ent")
                } else if ends("eli") {
                    replace("e")
                } else if ends("ousli") {
                    replace("ous")
                }
            case UInt8(ascii: "o"):
                if ends("ization") {
                    replace("ize")
                } else if ends("ation") {
                    replace("ate")
                } else if ends("ator") {
                    replace("ate")
                }
            case UInt8(ascii: "s"):
                if ends("alism") {
                    replace("al")
                } else if ends("iveness") {
                    replace("ive")
                } else if ends("fulness") {
                    replace("ful")
                } else if ends("ousness") {
                    replace("ous")
                }
            case UInt8(ascii: "t"):
                if ends("aliti") {
                    replace("al")
                } else if ends("iviti") {
                    replace("ive")
                } else if ends("biliti") {
                    replace("ble")
                }
            case UInt8(ascii: "g"):
                if ends("logi") { replace("log") }
            default: break
            }
        }

        mutating func step3() {
            switch b[k] {
            case UInt8(ascii: "e"):
                if ends("icate") {
                    replace("ic")
                } else if ends("ative") {
                    replace("")
                } else if ends("alize") {
                    replace("al")
                }
            case UInt8(ascii: "i"):
                if ends("iciti") { replace("ic") }
            case UInt8(ascii: "l"):
                if ends("ical") { replace("ic") } else if ends("ful") { replace("") }
            case UInt8(ascii: "s"):
                if ends("ness") { replace("") }
            default: break
            }
        }

        mutating func step4() {
            let found: Bool
            switch b[k - 1] {
            case UInt8(ascii: "a"): found = ends("al")
            case UInt8(ascii: "c"): found = ends("ance") || ends("ence")
            case UInt8(ascii: "e"): found = ends("er")
            case UInt8(ascii: "i"): found = ends("ic")
            case UInt8(ascii: "l"): found = ends("able") || ends("ible")
            case UInt8(ascii: "n"): found = ends("ant") || ends("ement") || ends("ment") || ends("ent")
            case UInt8(ascii: "o"):
                found =
                    (ends("ion") && j >= 0 && (b[j] == UInt8(ascii: "s") || b[j] == UInt8(ascii: "t"))) || ends("ou")
            case UInt8(ascii: "s"): found = ends("ism")
            case UInt8(ascii: "t"): found = ends("ate") || ends("iti")
            case UInt8(ascii: "u"): found = ends("ous")
            case UInt8(ascii: "v"): found = ends("ive")
            case UInt8(ascii: "z"): found = ends("ize")
            default: found = false
            }
            if found && measure() > 1 { k = j }
        }

        mutating func step5() {
            j = k
            if b[k] == UInt8(ascii: "e") {
                let a = measure()
                if a > 1 || (a == 1 && !cvc(k - 1)) { k -= 1 }
            }
            if b[k] == UInt8(ascii: "l") && doubleConsonant(k) && measure() > 1 { k -= 1 }
        }
    }
}
