import Inspector
import LabRuntime
import Synchronization

/// A checker that finds nothing and remembers every run's schedule, in the order the
/// explorer checked them.
final class ScheduleRecorder: Checker {
    let name = "record"
    let summary = "remembers schedules"
    private let seen = Mutex<[Schedule]>([])

    var schedules: [Schedule] { seen.withLock { $0 } }

    func check(_ run: SimulationResult) -> [Violation] {
        seen.withLock { $0.append(run.schedule) }
        return []
    }
}
