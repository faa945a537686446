import LabRuntime
import Synchronization

/// Follows a recorded list of choices, then takes the default choice at every later point,
/// logging every choice point it met: the probe the exhaustive search re-runs to walk the
/// tree of schedules.
///
/// Choice `i` of the prefix is taken at the `i`-th *choice point* (a scheduling point with at
/// least two runnable threads), not at a step number, so a prefix names a path in the tree.
struct PrefixStrategy: SchedulingStrategy {
    /// The choice points of one run, in order; shared with the strategy's copy inside the
    /// simulation.
    public final class Log: Sendable {
        private let points = Mutex<[ChoicePoint]>([])

        /// An empty log.
        public init() {}

        /// The choice points met so far.
        public var choicePoints: [ChoicePoint] { points.withLock { $0 } }

        func append(_ point: ChoicePoint) { points.withLock { $0.append(point) } }
    }

    private let prefix: [LabThreadID]
    private let log: Log
    private var index = 0

    /// A strategy that takes `prefix` at the first choice points and logs into `log`.
    public init(prefix: [LabThreadID], log: Log) {
        self.prefix = prefix
        self.log = log
    }

    public mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        let chosen = index < prefix.count ? prefix[index] : decision.defaultChoice
        index += 1
        log.append(ChoicePoint(enabled: decision.enabled, current: decision.current,
                               defaultChoice: decision.defaultChoice, chosen: chosen))
        return chosen
    }
}
