/// `run until idle`, `run N steps`, `run for D`.
///
/// The main thread keeps a timeline: each `run for D`, and each `run mode M for D` on an
/// `on main:` line, moves it on by D. Main then serves its loop until virtual time reaches
/// that point, so the durations add up however long the lines in between took, and the
/// whole scenario's length is known before it runs.
enum RunStatement: Sendable, Equatable {
    /// Serve the main thread's loop until nothing can ever run again.
    case untilIdle
    /// Serve the main thread's loop; the run ends after this many scheduling points in all.
    case steps(Int)
    /// Serve the main thread's loop until virtual time reaches `until`, the timeline's end
    /// after this line, then go on with the next line.
    case duration(Duration, until: Duration)

    /// Whether nothing but `expect` lines may follow.
    var endsScript: Bool {
        if case .duration = self { false } else { true }
    }
}
