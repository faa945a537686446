// Runs small CFRunLoop programs on the process's main thread, the only thread whose loop
// serves the main dispatch queue, and prints what each did, one line per program:
// `name: entry, entry, …`. CoreFoundationDifferentialTests launches it and compares the
// lines with RunLoopKit's (the test runner owns its own main thread, so it cannot run them).
// It uses Foundation's Thread and libdispatch's main queue on purpose: it is the real
// CoreFoundation the lab is compared with, a separate process that never runs under the lab's
// runtime, so nothing it does reaches a simulation's determinism.
import CoreFoundation
import Dispatch
import Foundation

/// What a program saw, in order. Only the main thread touches it, so no lock is needed.
final class ProbeLog: @unchecked Sendable {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

/// `CFRunLoopRunInMode`'s result as RunLoopKit's `RunLoopResult` names it.
func resultName(_ result: CFRunLoopRunResult) -> String {
    switch result {
    case .finished: "finished"
    case .stopped: "stopped"
    case .timedOut: "timedOut"
    case .handledSource: "handledSource"
    @unknown default: "result \(result.rawValue)"
    }
}

/// A mode name as CF wants it (`import Foundation` has no `String`-to-`CFString` bridge here).
func mode(_ name: String) -> CFRunLoopMode {
    CFStringCreateWithCString(nil, name, CFStringBuiltInEncodings.UTF8.rawValue)
}

let modeX = mode("X")
let modeY = mode("Y")

/// Runs `mode` on the main loop for `seconds` and logs the result as `label: result`.
func run(_ mode: CFRunLoopMode, _ seconds: Double, returnAfterSourceHandled: Bool, label: String, into log: ProbeLog) {
    log.add("\(label): \(resultName(CFRunLoopRunInMode(mode, seconds, returnAfterSourceHandled)))")
}

/// The programs, by name; each mirrors one of `MainQueueProgram.all` in the tests.
let programs: [(String, (ProbeLog) -> Void)] = [
    (
        "nothing added",
        { log in
            run(kCFRunLoopDefaultMode, 0.2, returnAfterSourceHandled: false, label: "default", into: log)
            run(modeX, 0.2, returnAfterSourceHandled: false, label: "X", into: log)
        }
    ),
    (
        "block from another thread",
        { log in
            Thread { DispatchQueue.main.async { log.add("block on main: \(Thread.isMainThread)") } }.start()
            run(kCFRunLoopDefaultMode, 5, returnAfterSourceHandled: true, label: "run", into: log)
        }
    ),
    (
        "snapshot",
        { log in
            DispatchQueue.main.async {
                log.add("first")
                DispatchQueue.main.async { log.add("third") }
            }
            DispatchQueue.main.async { log.add("second") }
            run(kCFRunLoopDefaultMode, 1, returnAfterSourceHandled: true, label: "run 1", into: log)
            run(kCFRunLoopDefaultMode, 1, returnAfterSourceHandled: true, label: "run 2", into: log)
        }
    ),
    (
        "empty modes",
        { log in
            run(kCFRunLoopDefaultMode, 0.2, returnAfterSourceHandled: false, label: "default", into: log)
            run(modeX, 0.2, returnAfterSourceHandled: false, label: "X", into: log)
            CFRunLoopAddCommonMode(CFRunLoopGetMain(), modeY)
            CFRunLoopAddObserver(
                CFRunLoopGetMain(), CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, _ in },
                modeY)
            run(modeY, 0.2, returnAfterSourceHandled: false, label: "common Y", into: log)
        }
    ),
    (
        "non-common mode",
        { log in
            let timer = CFRunLoopTimerCreateWithHandler(nil, CFAbsoluteTimeGetCurrent() + 0.1, 0, 0, 0) { _ in log.add("timer in X") }
            CFRunLoopAddTimer(CFRunLoopGetMain(), timer, modeX)
            DispatchQueue.main.async { log.add("block") }
            run(modeX, 5, returnAfterSourceHandled: true, label: "X", into: log)
            run(kCFRunLoopDefaultMode, 5, returnAfterSourceHandled: true, label: "default", into: log)
        }
    ),
    (
        "nested run in a block",
        { log in
            DispatchQueue.main.async {
                DispatchQueue.main.async { log.add("inner") }
                run(kCFRunLoopDefaultMode, 0.1, returnAfterSourceHandled: false, label: "nested", into: log)
            }
            run(kCFRunLoopDefaultMode, 1, returnAfterSourceHandled: true, label: "outer run", into: log)
            run(kCFRunLoopDefaultMode, 1, returnAfterSourceHandled: true, label: "next run", into: log)
        }
    ),
    (
        "peek",
        { log in
            let modeP = mode("P")
            CFRunLoopAddCommonMode(CFRunLoopGetMain(), modeP)
            let activities = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.afterWaiting.rawValue
            let observer = CFRunLoopObserverCreateWithHandler(nil, activities, true, 0) { _, activity in
                log.add(activity == .beforeWaiting ? "beforeWaiting" : "afterWaiting")
            }
            CFRunLoopAddObserver(CFRunLoopGetMain(), observer, modeP)
            let timer = CFRunLoopTimerCreateWithHandler(nil, CFAbsoluteTimeGetCurrent() + 0.01, 0, 0, 0) { _ in
                log.add("timer")
                DispatchQueue.main.async {
                    log.add("b1")
                    DispatchQueue.main.async { log.add("b2") }
                }
            }
            CFRunLoopAddTimer(CFRunLoopGetMain(), timer, modeP)
            run(modeP, 0.5, returnAfterSourceHandled: false, label: "run", into: log)
        }
    ),
]

let selected = Set(CommandLine.arguments.dropFirst())
for (name, program) in programs where selected.isEmpty || selected.contains(name) {
    let log = ProbeLog()
    program(log)
    print("\(name): \(log.entries.joined(separator: ", "))")
}
