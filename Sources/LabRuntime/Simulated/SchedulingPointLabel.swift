/// What a scheduling point is, as a learner reads it, e.g. `"lock L3 operation lock A"`:
/// the `point` of a `schedule` trace event and a ``SchedulingDecision``'s label.
///
/// The common labels are an action and, apart, the object it is done to (`"load"` and
/// `"V3 state of op A"`), which are joined only when the text is read (``description``):
/// a search whose runs nobody prints builds no label string at its scheduling points. A
/// string literal or interpolation makes a label that is all action. Two labels are equal
/// when their texts are.
public struct SchedulingPointLabel: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// What the thread does next, e.g. `"lock"`, or the whole label.
    public let action: String
    /// What it does it to, e.g. `"L3 operation lock A"`; empty when ``action`` says it all.
    public let object: String

    /// The label `"<action> <object>"`, or just `action` when `object` is empty.
    public init(_ action: String, on object: String = "") {
        self.action = action
        self.object = object
    }

    /// A label that is all action: `value`.
    public init(stringLiteral value: String) { self.init(value) }

    /// The label's text.
    public var description: String { object.isEmpty ? action : action + " " + object }

    public static func == (a: SchedulingPointLabel, b: SchedulingPointLabel) -> Bool {
        (a.action == b.action && a.object == b.object) || a.description == b.description
    }
}
