extension Array where Element: AnyObject {
    /// The index of `object` itself (CF compares sources, timers and observers by pointer,
    /// as `CFSetContainsValue` on a mode's sets does), or nil. Compares identities only, so
    /// it neither calls `==` nor retains the elements it passes.
    @usableFromInline
    func index(ofIdentical object: Element) -> Int? {
        let target = ObjectIdentifier(object)
        return withUnsafeBufferPointer { elements in
            elements.indices.first { ObjectIdentifier(elements[$0]) == target }
        }
    }

    /// Removes `object` itself, found as ``index(ofIdentical:)`` finds it; false if it was
    /// not here.
    @usableFromInline
    mutating func removeIdentical(_ object: Element) -> Bool {
        guard let index = index(ofIdentical: object) else { return false }
        remove(at: index)
        return true
    }
}
