import LabRuntime

/// Exports a trace as a self-contained HTML page: a swimlane timeline with one lane per
/// thread, time flowing down in trace order, perform hops drawn as arrows between lanes,
/// switches as dashed connectors, and events about an operation or a delegate (callbacks,
/// state changes, completions, notifications) coloured by that object, with a legend.
///
/// The page is plain HTML and inline SVG with an inline style sheet: no script, no font,
/// no external asset. Hovering a box shows the full trace line.
public enum HTMLTimelineExporter {
    private static let gutter = 132
    private static let laneWidth = 270
    private static let laneGap = 18
    private static let header = 44
    private static let rowHeight = 24

    /// The page for `trace`, titled `title`, with `subtitle` (the outcome, the schedule)
    /// under the title.
    public static func html(_ trace: [TraceEvent], title: String, subtitle: String = "") -> String {
        let threads = TraceThreads(trace)
        let rows = trace.compactMap { event in InterleavingView.cell(event).map { (event: event, text: $0) } }
        let owners = TimelineColors.owners(in: trace)
        let width = gutter + threads.all.count * (laneWidth + laneGap)
        let height = header + max(rows.count, 1) * rowHeight + 16
        var svg: [String] = []
        svg.append(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)">"#)
        svg.append(
            ##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f5fbf"/></marker></defs>"##
        )
        for (index, thread) in threads.all.enumerated() {
            let x = laneX(index)
            svg.append(
                #"<g class="lane" data-thread="T\#(thread.id)"><rect class="lane-bg" x="\#(x)" y="0" width="\#(laneWidth)" height="\#(height)" rx="6"/>"#
                    + #"<text class="lane-title" x="\#(x + laneWidth / 2)" y="26" text-anchor="middle">\#(escape("T\(thread.id) \(thread.name)"))</text></g>"#
            )
        }
        var rowOfSequence: [Int: Int] = [:]
        for (row, entry) in rows.enumerated() {
            rowOfSequence[entry.event.sequence] = row
            guard let lane = threads.index(of: entry.event.thread) else { continue }
            let y = header + row * rowHeight
            let style = TimelineColors.style(of: entry.event, owners: owners)
            svg.append(#"<text class="gutter" x="8" y="\#(y + 16)">#\#(entry.event.sequence)  \#(entry.event.time)</text>"#)
            svg.append(
                #"<g class="event \#(style.category)"><title>\#(escape(entry.event.description))</title>"#
                    + #"<rect x="\#(laneX(lane) + 6)" y="\#(y + 2)" width="\#(laneWidth - 12)" height="\#(rowHeight - 4)" rx="4" fill="\#(style.fill)" stroke="\#(style.stroke)"/>"#
                    + #"<text x="\#(laneX(lane) + 12)" y="\#(y + 16)">\#(escape(fit(entry.text)))</text></g>"#)
        }
        svg += switchConnectors(rows.map(\.event), threads: threads)
        for hop in PerformHop.hops(in: trace) {
            guard let from = rowOfSequence[hop.enqueue.sequence], let to = rowOfSequence[hop.run.sequence],
                let source = threads.index(of: hop.enqueue.thread), let target = threads.index(of: hop.run.thread)
            else { continue }
            svg.append(arrow(fromLane: source, fromRow: from, toLane: target, toRow: to, label: hop.run.kind.detail))
        }
        svg.append("</svg>")
        let legend = owners.enumerated().map { index, owner in
            #"<span class="swatch" style="background:\#(TimelineColors.palette[index % TimelineColors.palette.count].fill);border-color:\#(TimelineColors.palette[index % TimelineColors.palette.count].stroke)">\#(escape(owner))</span>"#
        }.joined(separator: " ")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body { font: 13px/1.4 "DejaVu Sans", Verdana, sans-serif; margin: 16px; color: #222; background: #fafafa; }
            h1 { font-size: 18px; margin: 0 0 4px; }
            .subtitle { margin: 0 0 8px; color: #444; white-space: pre-wrap; font-family: "DejaVu Sans Mono", monospace; }
            .legend { margin: 0 0 10px; }
            .swatch { display: inline-block; padding: 1px 8px; margin: 2px; border: 1px solid; border-radius: 4px; }
            .keys span { display: inline-block; margin-right: 12px; }
            svg text { font: 12px "DejaVu Sans Mono", monospace; fill: #1b1b1b; }
            .lane-bg { fill: #ffffff; stroke: #c8c8c8; }
            .lane-title { font-weight: bold; font-size: 14px; }
            .gutter { fill: #777; font-size: 11px; }
            .hop { fill: none; stroke: #1f5fbf; stroke-width: 1.6; }
            .hop-label { fill: #1f5fbf; font-size: 10px; }
            .switch { fill: none; stroke: #999; stroke-width: 1; stroke-dasharray: 4 3; }
            </style></head>
            <body>
            <h1>\(escape(title))</h1>
            <p class="subtitle">\(escape(subtitle))</p>
            <p class="keys"><span>blue arrow: perform hop</span><span>dashed: switch of the processor</span><span>red: waiting for a lock</span><span>hover a box for its trace line</span></p>
            <div class="legend">\(legend)</div>
            \(svg.joined(separator: "\n"))
            </body></html>

            """
    }

    private static func laneX(_ lane: Int) -> Int { gutter + lane * (laneWidth + laneGap) }

    /// A dashed line from every switch to the next event of the thread that got the processor.
    private static func switchConnectors(_ shown: [TraceEvent], threads: TraceThreads) -> [String] {
        var lines: [String] = []
        for (row, event) in shown.enumerated() {
            guard case let .schedule(chosen, _, _, _) = event.kind, chosen != event.thread,
                let from = threads.index(of: event.thread), let to = threads.index(of: chosen),
                let next = shown[(row + 1)...].firstIndex(where: { $0.thread == chosen })
            else { continue }
            let x1 = laneX(from) + (to > from ? laneWidth - 6 : 6)
            let x2 = laneX(to) + (to > from ? 6 : laneWidth - 6)
            let y1 = header + row * rowHeight + rowHeight / 2
            let y2 = header + next * rowHeight + rowHeight / 2
            lines.append(#"<path class="switch" d="M\#(x1),\#(y1) L\#(x2),\#(y2)"/>"#)
        }
        return lines
    }

    private static func arrow(fromLane: Int, fromRow: Int, toLane: Int, toRow: Int, label: String) -> String {
        let y1 = header + fromRow * rowHeight + rowHeight / 2
        let y2 = header + toRow * rowHeight + rowHeight / 2
        let path: String
        if fromLane == toLane {
            let x = laneX(fromLane) + laneWidth - 6
            path = "M\(x),\(y1) C\(x + 24),\(y1) \(x + 24),\(y2) \(x),\(y2)"
        } else {
            let rightward = toLane > fromLane
            let x1 = laneX(fromLane) + (rightward ? laneWidth - 6 : 6)
            let x2 = laneX(toLane) + (rightward ? 6 : laneWidth - 6)
            let bend = rightward ? 40 : -40
            path = "M\(x1),\(y1) C\(x1 + bend),\(y1) \(x2 - bend),\(y2) \(x2),\(y2)"
        }
        return #"<path class="hop" d="\#(path)" marker-end="url(#arrow)"><title>\#(escape(label))</title></path>"#
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
