import Inspector
import LabRuntime
import Walkthrough

/// `challenge N --html`: the level as one self-contained HTML page, the player's page in
/// its `challenge` mode. A browser cannot run the simulation, so the page holds the tree of
/// the learner's choices, computed here by playing ``ChallengeGame``s: every path with up
/// to two picks that differ from the default choice when that tree has at most
/// ``maxNodes`` nodes, else every path with one (``switchBounds``), and in either case the
/// path of the explorer's shrunk winning schedule (``ChallengeSolution``) when it needs
/// more switches, so that every level can be won in the browser. A point where only one thread can run, or where the
/// switches are used up, is no choice: the node runs on to the next real one, or to the end,
/// of which the page shows the last ``tailShown`` events (the panels jump over the rest).
struct ChallengePage: Sendable {
    /// The level.
    let level: ChallengeLevel
    /// The level file's path, as the replay command names it.
    let path: String
    /// The level's scenario.
    let scenario: Walkthrough.Scenario
    /// The language of the page's own lines.
    let phrases: ChallengePhrases
    /// Where the code panel's source is read.
    var sources = SourceTree.located()

    /// The bounds on switches tried, in order: the page holds the first tree that fits.
    static let switchBounds = [2, 1]
    /// The most nodes a page holds; with the last bound, a choice past them is shown but
    /// cannot be taken.
    static let maxNodes = 2500
    /// How many events of a run's end, past the last choice, the page shows.
    static let tailShown = 8

    /// The page.
    func html() -> String {
        HTMLTimelineExporter.challengeHTML(tree(), title: phrases.heading(level))
    }

    /// The tree of choices under the first of ``switchBounds`` that fits.
    func tree() -> PlayerChallenge {
        let guide = ChallengeSolution.shrunkSchedule(of: scenario, path: path)
        for bound in Self.switchBounds.dropLast() {
            if let tree = tree(maxSwitches: bound, guide: guide, cutting: false) { return tree }
        }
        return tree(maxSwitches: Self.switchBounds.last ?? 0, guide: guide, cutting: true)
            ?? PlayerChallenge(goal: "", bound: "", threads: [], nodes: [])
    }

    /// The switch of `guide` that `game` may take next past the bound: the one after those
    /// `game` took, when `game` took the guide's first ones.
    private static func guideSwitch(of game: ChallengeGame, guide: Schedule?) -> Schedule.Switch? {
        guard let guide else { return nil }
        let taken = game.schedule.switches
        guard taken.count < guide.switches.count,
            zip(taken, guide.switches).allSatisfy({ $0.step == $1.step && $0.thread == $1.thread })
        else { return nil }
        return guide.switches[taken.count]
    }

    /// A node waiting to be built: the game at its parent's choice point and the thread
    /// picked there (none for the start), where its events start, the switches used, and
    /// the node and option that lead to it.
    private struct Pending {
        var game: ChallengeGame
        var pick: LabThreadID?
        var start: Int
        var switches: Int
        var parent: (node: Int, option: Int)?
    }

    /// The tree of every path with up to `maxSwitches` switches, and of `guide`; nil when it
    /// has more than ``maxNodes`` nodes and not `cutting`, else cut there.
    private func tree(maxSwitches: Int, guide: Schedule?, cutting: Bool) -> PlayerChallenge? {
        let sources = sources.caching()
        var nodes: [PlayerChallenge.Node] = []
        let mostSwitches = max(maxSwitches, guide?.switches.count ?? 0)
        var queues: [[Pending]] = Array(repeating: [], count: mostSwitches + 1)
        queues[0].append(Pending(game: ChallengeGame(scenario: scenario), pick: nil, start: 0, switches: 0, parent: nil))
        var rowsOfRun: [String: [[[PlayerPanel.Row]]]] = [:]
        var names: [LabThreadID: String] = [:]
        var queued = 1
        var cut = false
        var switches = 0
        while switches <= mostSwitches {
            guard !queues[switches].isEmpty else {
                switches += 1
                continue
            }
            var pending = queues[switches].removeFirst()
            if let pick = pending.pick { _ = pending.game.pick(pick) }
            while let decision = pending.game.decision, decision.enabled.count == 1 || pending.switches >= maxSwitches,
                Self.guideSwitch(of: pending.game, guide: guide)?.step != decision.step
            {
                pending.game.keepGoing()
            }
            let game = pending.game
            let trace = game.run.trace
            let end = game.position
            for event in trace where names[event.thread] == nil { names[event.thread] = event.threadName }
            let runKey = game.schedule.description
            let rows = rowsOfRun[runKey] ?? TracePlayer.panelRows(trace)
            rowsOfRun[runKey] = rows
            let index = nodes.count
            if let parent = pending.parent {
                nodes[parent.node].options[parent.option] = nodes[parent.node].options[parent.option].leading(to: index)
            }
            let first = game.decision == nil ? max(pending.start, end - Self.tailShown) : pending.start
            let positions = pending.start == 0 && first == 0 ? Array(0...end) : [pending.start] + Array((first + 1)...max(end, first + 1))
            var panels = TracePlayer.record(rows, at: end > first ? positions : [pending.start])
            if !(pending.start == 0 && first == 0) { panels = panels.map { $0.sliced(1..<$0.positions) } }
            var node = PlayerChallenge.Node(
                events: Array(trace[first..<end]), code: TracePlayer.codeLines(trace, sources: sources, at: first..<end), panels: panels,
                current: nil, options: [], schedule: game.schedule.description, won: false, ending: [])
            if let decision = game.decision {
                node.current = decision.current
                let words = NextOperationText(events: trace[..<end])
                let guided = pending.switches >= maxSwitches ? Self.guideSwitch(of: game, guide: guide)?.thread : nil
                for thread in decision.enabled {
                    let next = thread == decision.current ? decision.label : words.text(decision.nextOperation(of: thread))
                    node.options.append(PlayerChallenge.Option(thread: thread, next: next, child: nil))
                    let used = pending.switches + (thread == decision.defaultChoice ? 0 : 1)
                    guard used <= maxSwitches || thread == guided else { continue }
                    guard queued < Self.maxNodes else {
                        guard cutting else { return nil }
                        cut = true
                        continue
                    }
                    queues[used].append(
                        Pending(game: game, pick: thread, start: end, switches: used, parent: (node: index, option: node.options.count - 1))
                    )
                    queued += 1
                }
            } else {
                let verdict = game.verdict
                node.won = verdict.won
                node.ending =
                    verdict.won
                    ? ChallengeWin.summary(of: verdict, path: path, phrases: phrases)
                    : [phrases.ended(outcome: game.run.outcomeName, schedule: game.schedule), phrases.notWonInBrowser]
                if first > pending.start { node.ending.append(phrases.skipped(first - pending.start)) }
            }
            nodes.append(node)
        }
        return PlayerChallenge(
            goal: phrases.goal(level), bound: phrases.htmlBound(level, switches: maxSwitches, nodes: nodes.count, cut: cut),
            threads: names.keys.sorted().map { ($0, names[$0] ?? "?") }, nodes: nodes, explanation: { $0.routingExplanation })
    }
}

extension PlayerChallenge.Option {
    /// This option, leading to node `child`.
    fileprivate func leading(to child: Int) -> PlayerChallenge.Option {
        PlayerChallenge.Option(thread: thread, next: next, child: child)
    }
}
