/// The HTML player's inline style sheet (see ``HTMLTimelineExporter``).
enum HTMLPlayerStyle {
    /// The style sheet.
    static let css = """
        body { font: 13px/1.4 "DejaVu Sans", Verdana, sans-serif; margin: 16px; color: #222; background: #fafafa; }
        h1 { font-size: 18px; margin: 0 0 4px; }
        .subtitle { margin: 0 0 8px; color: #444; white-space: pre-wrap; font-family: "DejaVu Sans Mono", monospace; }
        #findings { margin: 0 0 8px; padding: 6px 10px; border: 2px solid #c92a2a; background: #fff5f5; border-radius: 6px; }
        .finding { font-family: "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
        .ref { color: #1f5fbf; text-decoration: underline; cursor: pointer; }
        #controls { position: sticky; top: 0; z-index: 2; background: #fafafa; padding: 6px 0; border-bottom: 1px solid #ddd; }
        #controls > * { vertical-align: middle; margin-right: 6px; }
        #slider { width: 320px; }
        #position { font-family: "DejaVu Sans Mono", monospace; }
        .search { white-space: nowrap; }
        #search { width: 220px; }
        #main { display: flex; align-items: flex-start; gap: 16px; }
        #timeline-box { flex: 1 1 auto; overflow-x: auto; }
        #side { flex: 0 0 560px; position: sticky; top: 48px; max-height: calc(100vh - 64px); overflow: auto; }
        #event { padding: 6px 8px; background: #fff; border: 1px solid #ccc; border-radius: 6px; margin-bottom: 8px; }
        #event-text { font-family: "DejaVu Sans Mono", monospace; font-weight: bold; white-space: pre-wrap; }
        #event-details { white-space: pre-wrap; color: #444; }
        #event.marked { border: 2px solid #c92a2a; background: #fff5f5; }
        #code { padding: 4px 8px; background: #fff; border: 1px solid #ccc; border-radius: 6px; margin-bottom: 8px; overflow-x: auto; }
        .code-heading { font-weight: bold; margin-bottom: 2px; }
        .code-line { font: 12px "DejaVu Sans Mono", monospace; white-space: pre; }
        .code-line.current { background: #fff3bf; font-weight: bold; }
        #path-events { font: 12px "DejaVu Sans Mono", monospace; padding-left: 40px; margin: 0; }
        #path-events li { cursor: pointer; white-space: pre; }
        #path-events li.current { background: #fff3bf; font-weight: bold; }
        #challenge { padding: 6px 8px; background: #fff; border: 1px solid #ccc; border-radius: 6px; margin-bottom: 8px; }
        #challenge p { margin: 2px 0 6px; }
        #bound { color: #555; font-size: 12px; }
        #schedule { font-family: "DejaVu Sans Mono", monospace; }
        .pick { display: block; margin: 3px 0; font: 12px "DejaVu Sans Mono", monospace; text-align: left; }
        .pick.current { font-weight: bold; }
        #ending { margin-top: 6px; padding: 6px 8px; white-space: pre-wrap; font-family: "DejaVu Sans Mono", monospace; border-radius: 6px; }
        #ending.won { border: 2px solid #2b8a3e; background: #ebfbee; }
        #ending.lost { border: 2px solid #999; background: #f4f4f4; }
        .panel h2 { font-size: 14px; margin: 8px 0 4px; }
        .panel table { border-collapse: collapse; font: 12px "DejaVu Sans Mono", monospace; background: #fff; }
        .panel th, .panel td { border: 1px solid #ddd; padding: 1px 6px; text-align: left; vertical-align: top; }
        .panel tr.current { background: #fff3bf; font-weight: bold; }
        .panel tr.changed td { outline: 1px solid #74c0fc; }
        .legend { margin: 0 0 10px; }
        .swatch { display: inline-block; padding: 1px 8px; margin: 2px; border: 1px solid; border-radius: 4px; }
        .keys span { display: inline-block; margin-right: 12px; }
        svg text { font: 12px "DejaVu Sans Mono", monospace; fill: #1b1b1b; }
        .lane-bg { fill: #ffffff; stroke: #c8c8c8; }
        .lane-title { font-weight: bold; font-size: 14px; cursor: pointer; }
        .lane-short { display: none; font-weight: bold; cursor: pointer; }
        .lane.folded .lane-title, .lane.folded .event text { display: none; }
        .lane.folded .lane-short { display: inline; }
        .lane.folded .lane-bg { width: 44px; }
        .lane.folded .event rect { width: 32px; }
        .gutter { fill: #777; font-size: 11px; }
        .event { cursor: pointer; }
        .event.past rect { opacity: 0.55; }
        .event.current rect { stroke: #000; stroke-width: 3; opacity: 1; }
        .event.marked rect { stroke: #c92a2a; stroke-width: 3; stroke-dasharray: 5 2; }
        .event.match rect { stroke: #7048e8; stroke-width: 3; }
        #cursor { fill: #fff3bf; }
        .hop { fill: none; stroke: #1f5fbf; stroke-width: 1.6; }
        .switch { fill: none; stroke: #999; stroke-width: 1; stroke-dasharray: 4 3; }
        """
}
