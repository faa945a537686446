import LabRuntime

/// Exports a trace as a self-contained HTML player: a swimlane timeline with one lane per
/// thread, time flowing down in trace order, perform hops drawn as arrows between lanes,
/// switches as dashed connectors, and events about an operation or a delegate (callbacks,
/// state changes, completions, notifications) coloured by that object, with a legend.
///
/// The player steps through the events (step, back, a slider, the arrow keys), shows the
/// current event's details and the panels of ``PlayerExtras`` for the current step, marks
/// where something went wrong, searches by event kind, operation or thread, and folds a
/// thread's lane. Everything is inline (style sheet, script, data): no network, no font, no
/// external asset. The script only replays what Swift computed; it folds nothing itself.
public enum HTMLTimelineExporter {
    /// The timeline's geometry, shared with the script, which places the lanes (folded or
    /// not) and draws the connectors between them.
    static let gutter = 132
    static let laneWidth = 270
    static let foldedWidth = 44
    static let laneGap = 18
    static let header = 44
    static let rowHeight = 24

    /// The page for `trace`, titled `title`, with `subtitle` (the outcome, the schedule)
    /// under the title and the panels, findings and explanations of `extras`.
    public static func html(_ trace: [TraceEvent], title: String, subtitle: String = "", extras: PlayerExtras = PlayerExtras()) -> String {
        let threads = TraceThreads(trace)
        let rows = trace.compactMap { event in InterleavingView.cell(event).map { (event: event, text: $0) } }
        let marks = extras.marks(in: trace)
        return page(
            trace, rows: rows, threads: threads, marks: marks, title: title, subtitle: subtitle, findings: extras.findings,
            challenge: "", data: data(trace, rows: rows, threads: threads, extras: extras, marks: marks))
    }

    /// The page in which the learner plays `challenge`, titled `title`: the player's page in
    /// its `challenge` mode, with the choice box above the event, code and panels, and the
    /// run so far as a list where the timeline is (each path is a different run).
    public static func challengeHTML(_ challenge: PlayerChallenge, title: String) -> String {
        let box = """
            <div id="challenge"><p id="goal">\(escape(challenge.goal))</p><p id="bound">\(escape(challenge.bound))</p>
            <p id="schedule"></p><div id="choices"></div><button id="undo" title="take back the last pick">↶ undo</button>
            <div id="ending" hidden></div></div>
            """
        return page(
            [], rows: [], threads: TraceThreads([]), marks: [], title: title, subtitle: "", findings: [], challenge: box,
            data: challengeData(challenge))
    }

    /// The page around a timeline of `trace` and the script's `data`.
    private static func page(
        _ trace: [TraceEvent], rows: [(event: TraceEvent, text: String)], threads: TraceThreads, marks: [Int], title: String,
        subtitle: String, findings: [String], challenge: String, data: String
    ) -> String {
        let owners = TimelineColors.owners(in: trace)
        let legend = owners.enumerated().map { index, owner in
            let colour = TimelineColors.palette[index % TimelineColors.palette.count]
            return #"<span class="swatch" style="background:\#(colour.fill);border-color:\#(colour.stroke)">\#(escape(owner))</span>"#
        }.joined(separator: " ")
        let keys =
            #"<p class="keys"><span>blue arrow: perform hop</span><span>dashed: switch of the processor</span><span>red: waiting for a lock</span><span>click a lane's title to fold it</span><span>click a box to go to it</span></p>"#
        let findings =
            findings.isEmpty
            ? ""
            : #"<div id="findings"><b>Found:</b> "# + findings.map { #"<div class="finding">\#(linked($0))</div>"# }.joined()
                + "</div>"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>\(HTMLPlayerStyle.css)</style></head>
            <body>
            <h1>\(escape(title))</h1>
            <p class="subtitle">\(escape(subtitle))</p>
            \(findings)
            <div id="controls">
            <button id="back" title="back one event (←)">◀ back</button>
            <button id="step" title="step one event (→)">step ▶</button>
            <input id="slider" type="range" min="0" max="\(trace.count)" value="0" aria-label="position">
            <span id="position">event 0 of \(trace.count)</span>
            <button id="violation" title="go to the first marked event"\(marks.isEmpty ? " disabled" : "")>⚠ marked (\(marks.count))</button>
            <span class="search"><select id="search-by" aria-label="search by"><option value="any">any</option><option value="kind">event kind</option><option value="operation">operation</option><option value="thread">thread</option></select><input id="search" type="search" placeholder="search: completion, op big, T2…" aria-label="search"><button id="search-prev" title="previous match">▲</button><button id="search-next" title="next match">▼</button><span id="search-count"></span></span>
            <button id="fold" title="fold every lane">fold all</button><button id="unfold" title="show every lane">unfold all</button>
            </div>
            <div id="main">
            <div id="timeline-box">
            \(challenge.isEmpty ? keys : #"<h2>The run so far</h2><ol id="path-events"></ol>"#)
            <div class="legend">\(legend)</div>
            \(svg(trace, rows: rows, threads: threads, owners: owners, marks: marks))
            </div>
            <div id="side">
            \(challenge)
            <div id="event"><div id="event-text">Before the first event.</div><div id="event-details"></div></div>
            <div id="code" hidden></div>
            <div id="panels"></div>
            </div>
            </div>
            <script id="player-data" type="application/json">\(data)</script>
            <script>\(HTMLPlayerScript.source)</script>
            </body></html>

            """
    }

    /// The timeline: lanes in lane-local coordinates, which the script places; the connectors
    /// are empty paths naming their ends, which the script draws.
    private static func svg(
        _ trace: [TraceEvent], rows: [(event: TraceEvent, text: String)], threads: TraceThreads, owners: [String], marks: [Int]
    ) -> String {
        let width = gutter + threads.all.count * (laneWidth + laneGap)
        let height = header + max(rows.count, 1) * rowHeight + 16
        var rowOfSequence: [Int: Int] = [:]
        for (row, entry) in rows.enumerated() { rowOfSequence[entry.event.sequence] = row }
        var svg: [String] = []
        svg.append(#"<svg id="timeline" xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)">"#)
        svg.append(
            ##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f5fbf"/></marker></defs>"##
        )
        svg.append(#"<rect id="cursor" x="0" y="0" width="\#(width)" height="\#(rowHeight)" visibility="hidden"/>"#)
        for (lane, thread) in threads.all.enumerated() {
            svg.append(
                #"<g class="lane" data-lane="\#(lane)" data-thread="T\#(thread.id)" transform="translate(\#(gutter + lane * (laneWidth + laneGap)),0)">"#
                    + #"<rect class="lane-bg" x="0" y="0" width="\#(laneWidth)" height="\#(height)" rx="6"/>"#
                    + #"<text class="lane-title" x="\#(laneWidth / 2)" y="26" text-anchor="middle"><title>click to fold or unfold</title>\#(escape("T\(thread.id) \(thread.name)"))</text>"#
                    + #"<text class="lane-short" x="\#(foldedWidth / 2)" y="26" text-anchor="middle">T\#(thread.id)</text>"#)
            for (row, entry) in rows.enumerated() where entry.event.thread == thread.id {
                let y = header + row * rowHeight
                let style = TimelineColors.style(of: entry.event, owners: owners)
                let marked = marks.contains(entry.event.sequence) ? " marked" : ""
                svg.append(
                    #"<g class="event \#(style.category)\#(marked)" id="e\#(entry.event.sequence)" data-seq="\#(entry.event.sequence)"><title>\#(escape(entry.event.description))</title>"#
                        + #"<rect x="6" y="\#(y + 2)" width="\#(laneWidth - 12)" height="\#(rowHeight - 4)" rx="4" fill="\#(style.fill)" stroke="\#(style.stroke)"/>"#
                        + #"<text x="12" y="\#(y + 16)">\#(escape(fit(entry.text)))</text></g>"#)
            }
            svg.append("</g>")
        }
        for (row, entry) in rows.enumerated() {
            svg.append(
                #"<text class="gutter" x="8" y="\#(header + row * rowHeight + 16)">#\#(entry.event.sequence)  \#(entry.event.time)</text>"#)
        }
        svg.append(#"<g id="links">"#)
        for (row, event) in rows.map(\.event).enumerated() {
            guard case let .schedule(chosen, _, _, _) = event.kind, chosen != event.thread,
                let from = threads.index(of: event.thread), let to = threads.index(of: chosen),
                let next = rows[(row + 1)...].firstIndex(where: { $0.event.thread == chosen })
            else { continue }
            svg.append(#"<path class="switch" data-from="\#(from),\#(row)" data-to="\#(to),\#(next)"/>"#)
        }
        for hop in PerformHop.hops(in: trace) {
            guard let from = rowOfSequence[hop.enqueue.sequence], let to = rowOfSequence[hop.run.sequence],
                let source = threads.index(of: hop.enqueue.thread), let target = threads.index(of: hop.run.thread)
            else { continue }
            svg.append(
                #"<path class="hop" data-from="\#(source),\#(from)" data-to="\#(target),\#(to)" marker-end="url(#arrow)"><title>\#(escape(hop.run.kind.detail))</title></path>"#
            )
        }
        svg.append("</g></svg>")
        return svg.joined(separator: "\n")
    }

    /// The data the script plays: the geometry, the lanes, one entry per event (sequence,
    /// thread, row or -1 when it has no box, kind, trace line, operation, explanation, the
    /// code panel's lines as indices into `code`), the marks, the panels' changes and the
    /// code panels' distinct lines. `</` is written `<\/` so that no text can end the script element.
    private static func data(
        _ trace: [TraceEvent], rows: [(event: TraceEvent, text: String)], threads: TraceThreads, extras: PlayerExtras, marks: [Int]
    ) -> String {
        var rowOfSequence: [Int: Int] = [:]
        for (row, entry) in rows.enumerated() { rowOfSequence[entry.event.sequence] = row }
        let q = PlayerPanel.quoted
        let lanes = threads.all.map { "[\($0.id),\(q("T\($0.id) \($0.name)"))]" }.joined(separator: ",")
        var code = StringTable()
        let codeOfEvent = extras.code.count == trace.count ? extras.code : Array(repeating: [], count: trace.count)
        let events = zip(trace, codeOfEvent).map { event, lines in
            entry(event, row: rowOfSequence[event.sequence] ?? -1, explanation: extras.explanation(event), code: lines, table: &code)
        }.joined(separator: ",\n")
        let panels = extras.panels.filter { $0.positions == trace.count + 1 }.map(\.json).joined(separator: ",\n")
        let geometry =
            #"{"gutter":\#(gutter),"laneWidth":\#(laneWidth),"foldedWidth":\#(foldedWidth),"laneGap":\#(laneGap),"header":\#(header),"rowHeight":\#(rowHeight)}"#
        let json = """
            {"mode":"replay","geometry":\(geometry),
            "lanes":[\(lanes)],
            "marks":[\(marks.map(String.init).joined(separator: ","))],
            "events":[
            \(events)],
            "panels":[
            \(panels)],
            "code":[\(code.strings.map(q).joined(separator: ",\n"))]}
            """
        return scriptSafe(json)
    }

    /// The data of a challenge page: mode `challenge`, the threads as lanes, the panels'
    /// titles and columns, and the nodes, each with its events (as ``data(_:rows:threads:extras:marks:)``
    /// writes them, without a row), its panels' changes, its options
    /// (`[thread, next operation, child or -1]`), the schedule so far and its ending.
    private static func challengeData(_ challenge: PlayerChallenge) -> String {
        let q = PlayerPanel.quoted
        var code = StringTable()
        let lanes = challenge.threads.map { "[\($0.id),\(q("T\($0.id) \($0.name)"))]" }.joined(separator: ",")
        let nodes = challenge.nodes.map { node in
            let events = zip(node.events, node.code).map { event, lines in
                entry(event, row: -1, explanation: challenge.explanation(event), code: lines, table: &code)
            }
            let options = node.options.map { "[\($0.thread),\(q($0.next)),\($0.child ?? -1)]" }
            let panels = node.panels.map { "[" + $0.changeRecords.joined(separator: ",") + "]" }
            return
                #"{"events":[\#(events.joined(separator: ","))],"panels":[\#(panels.joined(separator: ","))],"current":\#(node.current.map(String.init) ?? "null"),"options":[\#(options.joined(separator: ","))],"schedule":\#(q(node.schedule)),"won":\#(node.won),"ending":[\#(node.ending.map(q).joined(separator: ","))]}"#
        }
        let panels = (challenge.nodes.first?.panels ?? []).map {
            #"{"title":\#(q($0.title)),"columns":[\#($0.columns.map(q).joined(separator: ","))],"changes":[]}"#
        }
        let geometry =
            #"{"gutter":\#(gutter),"laneWidth":\#(laneWidth),"foldedWidth":\#(foldedWidth),"laneGap":\#(laneGap),"header":\#(header),"rowHeight":\#(rowHeight)}"#
        let json = """
            {"mode":"challenge","geometry":\(geometry),
            "lanes":[\(lanes)],"marks":[],"events":[],
            "panels":[\(panels.joined(separator: ","))],
            "challenge":{"nodes":[
            \(nodes.joined(separator: ",\n"))]},
            "code":[\(code.strings.map(q).joined(separator: ",\n"))]}
            """
        return scriptSafe(json)
    }

    /// One event of the data: sequence, thread, row, kind, trace line, operation,
    /// explanation and the code panel's lines as indices into `table`.
    private static func entry(_ event: TraceEvent, row: Int, explanation: String?, code: [String], table: inout StringTable) -> String {
        let q = PlayerPanel.quoted
        let lines = code.map { String(table.index(of: $0)) }.joined(separator: ",")
        let fields = [
            String(event.sequence), String(event.thread), String(row), q(event.name), q(event.description),
            q(TimelineColors.owner(of: event) ?? ""), q(explanation ?? ""), "[" + lines + "]",
        ]
        return "[" + fields.joined(separator: ",") + "]"
    }

    /// `json` with `</` written `<\/`, so that no text can end the script element.
    private static func scriptSafe(_ json: String) -> String {
        json.split(separator: "</", omittingEmptySubsequences: false).joined(separator: "<\\/")
    }

    /// `text` escaped, with every `#N` it names a link the script turns into a jump to event N.
    private static func linked(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let hash = rest.firstIndex(of: "#") {
            out += escape(String(rest[..<hash]))
            let digits = rest[rest.index(after: hash)...].prefix { $0.isASCII && $0.isNumber }
            out += digits.isEmpty ? "#" : #"<a class="ref" data-seq="\#(digits)">#\#(digits)</a>"#
            rest = rest[rest.index(after: hash)...].dropFirst(digits.count)
        }
        return out + escape(String(rest))
    }

    /// The text cut to what fits in a box.
    private static func fit(_ text: String) -> String {
        text.count <= 34 ? text : String(text.prefix(33)) + "…"
    }

    /// `text` with the five XML special characters escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
