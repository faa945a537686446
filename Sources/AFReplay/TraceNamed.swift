/// An object the trace can name: an operation (`"op A"`), a session task delegate, a
/// notification's object. ``NotificationCenter`` names notification objects this way.
public protocol TraceNamed: AnyObject, Sendable {
    /// The name the trace uses for the object.
    var traceName: String { get }
}
