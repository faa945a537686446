/// The choices a simulated run made, as a short readable string: the schedule.
///
/// Only *switches* are kept: the steps where the chosen thread differs from the default
/// (keep running the current thread if it can, else the lowest-numbered one). So
/// `"14:T2 40:T1"` reads "at step 14 switch to T2, at step 40 to T1"; an empty schedule
/// is written `"-"`. The number of switches where the current thread could have gone on
/// is the run's preemption count. Replaying the string with ``ReplayStrategy``
/// reproduces the run exactly.
public struct Schedule: Sendable, Equatable, CustomStringConvertible {
    /// One recorded choice.
    public struct Switch: Sendable, Equatable {
        /// The scheduling point, counted from 0.
        public let step: Int
        /// The thread chosen there.
        public let thread: LabThreadID
        /// Whether the current thread could have gone on (a preemption).
        public let preempted: Bool

        /// A switch at `step` to `thread`.
        public init(step: Int, thread: LabThreadID, preempted: Bool = false) {
            self.step = step
            self.thread = thread
            self.preempted = preempted
        }
    }

    /// The switches in step order.
    public let switches: [Switch]

    /// A schedule with these switches.
    public init(switches: [Switch]) { self.switches = switches }

    /// How many switches took the processor from a thread that could have gone on.
    public var preemptions: Int { switches.filter(\.preempted).count }

    public var description: String {
        switches.isEmpty ? "-" : switches.map { "\($0.step):T\($0.thread)" }.joined(separator: " ")
    }

    /// Parses the text form, e.g. `"14:T2 40:T1"` or `"-"`.
    public init(parsing text: String) throws(ScheduleParseError) {
        let trimmed = text.split(whereSeparator: \.isWhitespace)
        if trimmed == ["-"] || trimmed.isEmpty {
            switches = []
            return
        }
        var parsed: [Switch] = []
        for (index, token) in trimmed.enumerated() {
            let parts = token.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let step = Int(parts[0]), step >= 0,
                parts[1].first == "T", let thread = Int(parts[1].dropFirst()), thread >= 0
            else { throw ScheduleParseError(token: String(token), position: index + 1) }
            guard parsed.last.map({ $0.step < step }) ?? true else {
                throw ScheduleParseError(token: String(token), position: index + 1, reason: "steps must increase")
            }
            parsed.append(Switch(step: step, thread: thread))
        }
        switches = parsed
    }
}

/// A schedule string that does not parse.
public struct ScheduleParseError: Error, Equatable, CustomStringConvertible {
    /// The offending token.
    public let token: String
    /// Its position, counted from 1.
    public let position: Int
    /// What is wrong with it.
    public var reason = "expected STEP:T<thread>, e.g. 14:T2"

    public var description: String { "schedule token \(position) '\(token)': \(reason)" }
}
