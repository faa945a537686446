import LabRuntime
import Synchronization

/// The scheduling decisions of one run, in order, as a ``LearnerStrategy`` met them: each
/// names the runnable threads and what each would do next.
final class DecisionLog: Sendable {
    /// Guards the decisions; held only to append or copy.
    private let decisions = Mutex<[SchedulingDecision]>([])

    /// Appends `decision`, returning how many came before it.
    func append(_ decision: SchedulingDecision) -> Int {
        decisions.withLock { decisions in
            decisions.append(decision)
            return decisions.count - 1
        }
    }

    /// Every decision so far.
    var all: [SchedulingDecision] { decisions.withLock { $0 } }
}

/// The learner's strategy: at the `k`-th choice point it runs the `k`-th thread the learner
/// picked, and past the picks (or where a pick cannot run) the default choice, which keeps
/// the current thread going. Every decision is logged, so the game knows the runnable
/// threads at the next point.
struct LearnerStrategy: SchedulingStrategy {
    /// The threads picked so far, one per choice point.
    let picks: [LabThreadID]
    /// Where the decisions go.
    let log: DecisionLog

    mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        let index = log.append(decision)
        guard index < picks.count, decision.enabled.contains(picks[index]) else { return decision.defaultChoice }
        return picks[index]
    }
}
