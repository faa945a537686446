import CSystem
import Glibc
import Inspector

/// `explore` on a terminal: a progress line on standard error (schedules done, rate,
/// violations so far), redrawn in place at most four times a second, and Ctrl-C, which
/// stops the search between runs so that the command prints what it found so far.
///
/// Nothing is drawn when standard error is not a terminal, so tests and CI logs stay the
/// same from run to run.
enum ExploreProgressLine {
    /// Carriage return and erase-to-end-of-line: the start of every redraw, and what clears
    /// the line for good.
    static let erase = "\r\u{1B}[K"

    /// Whether standard error is a terminal.
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Runs `explore` with Ctrl-C caught (and given back afterwards) and, when `drawing`,
    /// the line drawn while it runs and erased when it returns. `interrupted` is `true` when
    /// Ctrl-C arrived at any point, even after the search itself ended.
    static func watching<Report>(
        drawing: Bool, _ explore: (ExplorationProgress) -> Report
    ) -> (report: Report, interrupted: Bool) {
        let start = ContinuousClock.now
        let caught = csystem_interrupt_catch() == 0
        defer { if caught { csystem_interrupt_release() } }
        let progress = ExplorationProgress(
            shouldStop: { csystem_interrupt_pending() != 0 },
            report: { counts in
                guard drawing else { return }
                _ = DescriptorWriter.writeAll(erase + text(counts, seconds: (ContinuousClock.now - start).seconds), to: STDERR_FILENO)
            })
        let report = explore(progress)
        if drawing { _ = DescriptorWriter.writeAll(erase, to: STDERR_FILENO) }
        return (report, progress.wasStopped || csystem_interrupt_pending() != 0)
    }

    /// `explored 1200 schedules · 2400 schedules/s · violations so far: 0 · Ctrl-C stops`.
    static func text(_ counts: ExplorationProgress.Counts, seconds: Double) -> String {
        let rate = Int(Double(counts.runs) / max(seconds, 1e-9))
        return "explored \(counts.runs.counted("schedule")) · \(rate) schedules/s · "
            + "violations so far: \(counts.violations) · Ctrl-C stops"
    }
}
