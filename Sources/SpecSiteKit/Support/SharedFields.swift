/// A value's fields in one box that copies of the value share until one of
/// them writes (copy-on-write), for models that sites copy many times over:
/// a status report copies every work item into entries, slices, pages and
/// exports, and the tokens catalog holds every token four times. A copy of
/// the box costs one retain, where a copy of the fields costs one for each
/// string and array among them, and their bytes.
public struct SharedFields<Fields: Sendable & Equatable>: Sendable, Equatable {
    /// The fields, shared between copies until one of them writes.
    // Usable from inlinable code: the accessors are inlined into the plugins, where
    // each read of a field would otherwise be a generic call.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Unchecked: the box is written only through `value`'s accessor, and
        // only while no other copy holds it (`isKnownUniquelyReferenced`).
        // Its accesses are not checked for exclusivity at run time either:
        // `value` is the only way in, and it never overlaps a write with
        // another access, while the check (a thread-local access set) took
        // about 3 % of a history replay's samples, which reads and writes
        // items' fields millions of times.
        @exclusivity(unchecked) @usableFromInline var fields: Fields
        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var storage: Storage

    /// A box holding `fields`.
    @inlinable
    public init(_ fields: Fields) {
        storage = Storage(fields)
    }

    /// The fields, read in place (not copied out of the box); a write first
    /// copies a box other copies share.
    @inlinable
    public var value: Fields {
        _read { yield storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    /// Equal fields; one shared box is equal without looking.
    @inlinable
    public static func == (lhs: SharedFields, rhs: SharedFields) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }
}
