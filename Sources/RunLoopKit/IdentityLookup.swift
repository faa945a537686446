extension Array where Element: AnyObject {
    /// The index of `object` itself (CF compares sources, timers and observers by pointer,
    /// as `CFSetContainsValue` on a mode's sets does), or nil. Compares identities only, so
    /// it neither calls `==` nor retains the elements it passes.
    func index(ofIdentical object: Element) -> Int? {
        let target = ObjectIdentifier(object)
        return withUnsafeBufferPointer { elements in
            elements.indices.first { ObjectIdentifier(elements[$0]) == target }
        }
    }
}
