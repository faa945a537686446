import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

/// A loop asleep when its simulation ends: the run is over, so the loop leaves every run and
/// its thread unwinds, releasing what the loop and the thread's frames hold.
@Suite("The end of a simulation unwinds a sleeping run loop")
struct RunOverTests {
    final class Marker: Sendable {}

    struct WeakMarker: Sendable {
        weak var marker: Marker?
    }

    final class WeakSimulation {
        weak var simulation: Simulation?
        init(_ simulation: Simulation) { self.simulation = simulation }
    }

    @Test(
        "a loop that would run forever throws runOver from every run, once from each nested one, and releases its sources",
        arguments: [0, 1, 2] as [UInt64])
    func foreverLoopUnwinds(seed: UInt64) {
        let released = Shared(WeakMarker())
        let seen = Shared<[String]>([])
        let weak = {
            let simulation = Simulation(strategy: RandomStrategy(seed: seed))
            let result = simulation.run {
                let runtime = currentRuntime()
                _ = runtime.spawnThread(named: "forever") {
                    let loop = RunLoop.current
                    let marker = Marker()
                    released.update { $0.marker = marker }
                    _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
                    loop.add(RunLoopSource(name: "holds the marker") { withExtendedLifetime(marker) {} }, forMode: .default)
                    loop.perform(inModes: [.default]) {
                        do {
                            _ = try loop.run(mode: .default)
                        } catch {
                            seen.append("nested: \(error)")
                        }
                    }
                    do {
                        try loop.run()
                    } catch {
                        seen.append("outer: \(error)")
                    }
                    do {
                        _ = try loop.run(mode: .default, for: .seconds(1))
                    } catch {
                        seen.append("again: \(error)")
                    }
                }
                runtime.yield("main")
            }
            #expect(result.outcome == .quiescent)
            return WeakSimulation(simulation)
        }()
        let runOver = RunLoopError.runOver.description
        #expect(seen.value == ["nested: \(runOver)", "outer: \(runOver)", "again: \(runOver)"])
        #expect(released.value.marker == nil)
        #expect(weak.simulation == nil)
    }
}
