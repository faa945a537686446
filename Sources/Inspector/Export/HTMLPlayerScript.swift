/// The HTML player's inline script (see ``HTMLTimelineExporter``).
///
/// It reads the page's `player-data` JSON and only replays it: it places the lanes (folded
/// or not), draws the connectors, moves the current position, applies the panels' recorded
/// changes up to that position and searches the events. It computes no run state itself.
///
/// `mode` in the data names who picks the next event. `replay` plays the recorded trace.
/// `challenge` (``PlayerChallenge``) lets the learner pick the next thread at each
/// scheduling point: it joins the events and panels' changes of the nodes along the path
/// chosen so far and hands them to `show`; undo drops the last node.
enum HTMLPlayerScript {
    /// The script.
    static let source = #"""
        (function () {
          "use strict";
          const data = JSON.parse(document.getElementById("player-data").textContent);
          const g = data.geometry;
          const SEQ = 0, THREAD = 1, ROW = 2, NAME = 3, LINE = 4, OWNER = 5, WHY = 6, CODE = 7;
          const svg = document.getElementById("timeline");
          const cursor = document.getElementById("cursor");
          const lanes = Array.from(svg.querySelectorAll("g.lane"));
          const slider = document.getElementById("slider");
          const $ = (id) => document.getElementById(id);
          const laneOf = new Map(data.lanes.map((lane, index) => [lane[0], index]));
          const folded = new Set();
          const laneX = [];
          let events = data.events;
          let panels = data.panels;
          let indexOfSeq = new Map(events.map((event, index) => [event[SEQ], index]));
          let marks = data.marks.map((seq) => indexOfSeq.get(seq)).filter((index) => index !== undefined);
          let pos = 0;
          let matches = [];

          // Lanes and connectors.
          const width = (lane) => (folded.has(lane) ? g.foldedWidth : g.laneWidth);
          const rowY = (row) => g.header + row * g.rowHeight + g.rowHeight / 2;
          function connector(a, r1, b, r2, curved) {
            const y1 = rowY(r1), y2 = rowY(r2);
            if (a === b) {
              const x = laneX[a] + width(a) - 6;
              return `M${x},${y1} C${x + 24},${y1} ${x + 24},${y2} ${x},${y2}`;
            }
            const right = b > a;
            const x1 = laneX[a] + (right ? width(a) - 6 : 6);
            const x2 = laneX[b] + (right ? 6 : width(b) - 6);
            if (!curved) return `M${x1},${y1} L${x2},${y2}`;
            const bend = right ? 40 : -40;
            return `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`;
          }
          function layout() {
            let x = g.gutter;
            lanes.forEach((lane, index) => {
              laneX[index] = x;
              lane.setAttribute("transform", `translate(${x},0)`);
              lane.classList.toggle("folded", folded.has(index));
              x += width(index) + g.laneGap;
            });
            svg.setAttribute("width", x);
            cursor.setAttribute("width", x);
            for (const path of svg.querySelectorAll("#links path")) {
              const [a, r1] = path.dataset.from.split(",").map(Number);
              const [b, r2] = path.dataset.to.split(",").map(Number);
              path.setAttribute("d", connector(a, r1, b, r2, path.classList.contains("hop")));
            }
          }
          function toggleLane(index) {
            if (folded.has(index)) folded.delete(index); else folded.add(index);
            layout();
          }

          // Panels: the recorded changes, applied from the nearest snapshot (one every 256 positions).
          const every = 256;
          function panelState(panel, position) {
            panel.snapshots = panel.snapshots || [apply(panel, { order: [], rows: new Map() }, 0, 0)];
            const base = Math.floor(position / every);
            while (panel.snapshots.length <= base) {
              const k = panel.snapshots.length;
              panel.snapshots.push(apply(panel, copy(panel.snapshots[k - 1]), (k - 1) * every + 1, k * every));
            }
            return apply(panel, copy(panel.snapshots[base]), base * every + 1, position);
          }
          function copy(state) { return { order: state.order.slice(), rows: new Map(state.rows) }; }
          function apply(panel, state, from, to) {
            for (let p = from; p <= to; p++) {
              const change = panel.changes[p];
              if (change === 0) continue;
              if (change[0] !== null) state.order = change[0];
              for (const row of change[1]) state.rows.set(row[0], row.slice(1));
            }
            return state;
          }
          function changedKeys(panel, position) {
            const change = panel.changes[position];
            return new Set(change === 0 ? [] : change[1].map((row) => row[0]));
          }
          function renderPanels(current) {
            const box = $("panels");
            box.textContent = "";
            panels.forEach((panel, index) => {
              const state = panelState(panel, pos);
              const changed = pos > 0 ? changedKeys(panel, pos) : new Set();
              const section = document.createElement("div");
              section.className = "panel";
              section.id = `panel-${index}`;
              const title = document.createElement("h2");
              title.textContent = panel.title;
              section.appendChild(title);
              const table = document.createElement("table");
              const head = table.createTHead().insertRow();
              for (const column of panel.columns) {
                const th = document.createElement("th");
                th.textContent = column;
                head.appendChild(th);
              }
              const body = table.createTBody();
              for (const key of state.order) {
                const tr = body.insertRow();
                tr.dataset.key = key;
                if (current && key === `T${current[THREAD]}`) tr.classList.add("current");
                if (changed.has(key)) tr.classList.add("changed");
                for (const cell of state.rows.get(key) || []) tr.insertCell().textContent = cell;
              }
              if (state.order.length === 0) {
                const td = body.insertRow().insertCell();
                td.colSpan = panel.columns.length;
                td.textContent = "(none yet)";
              }
              section.appendChild(table);
              box.appendChild(section);
            });
          }

          // The code panel: the current event's lines, the heading first, the marked line bold.
          function renderCode(current) {
            const box = $("code");
            const lines = current && current[CODE] ? current[CODE].map((index) => data.code[index]) : [];
            box.hidden = lines.length === 0;
            box.textContent = "";
            lines.forEach((text, index) => {
              const line = document.createElement("div");
              line.className = index === 0 ? "code-heading" : text.startsWith("  ▶") ? "code-line current" : "code-line";
              line.textContent = text;
              box.appendChild(line);
            });
          }

          // The current position.
          function show(position) {
            const previous = pos > 0 ? $(`e${events[pos - 1][SEQ]}`) : null;
            if (previous) previous.classList.remove("current");
            pos = Math.max(0, Math.min(events.length, position));
            slider.value = String(pos);
            $("position").textContent = `event ${pos} of ${events.length}`;
            const current = pos > 0 ? events[pos - 1] : null;
            const eventBox = $("event");
            eventBox.classList.toggle("marked", current !== null && marks.includes(pos - 1));
            if (current) {
              $("event-text").textContent = current[LINE];
              const lines = [`thread ${data.lanes[laneOf.get(current[THREAD])][1]} · ${current[NAME]}`];
              if (current[OWNER]) lines.push(`about: ${current[OWNER]}`);
              if (current[WHY]) lines.push(current[WHY]);
              if (current[ROW] < 0 && data.mode === "replay") lines.push("(a scheduling point that kept the same thread: no box in the timeline)");
              if (marks.includes(pos - 1)) lines.push("⚠ where it went wrong");
              $("event-details").textContent = lines.join("\n");
              const box = $(`e${current[SEQ]}`);
              if (box) {
                box.classList.add("current");
                box.scrollIntoView({ block: "nearest", inline: "nearest" });
              }
            } else {
              $("event-text").textContent = "Before the first event.";
              $("event-details").textContent = "";
            }
            const row = current ? current[ROW] : -1;
            cursor.setAttribute("visibility", row < 0 ? "hidden" : "visible");
            if (row >= 0) cursor.setAttribute("y", String(g.header + row * g.rowHeight));
            for (const item of document.querySelectorAll("#path-events li")) item.classList.toggle("current", Number(item.dataset.index) === pos - 1);
            renderCode(current);
            renderPanels(current);
          }

          // Search by event kind, operation or thread.
          function matchesQuery(event, by, query) {
            const lane = data.lanes[laneOf.get(event[THREAD])][1].toLowerCase();
            const thread = /^t\d+$/.test(query) ? lane.split(" ")[0] === query : lane.includes(query);
            switch (by) {
              case "kind": return event[NAME].toLowerCase().includes(query);
              case "operation": return event[OWNER].toLowerCase().includes(query);
              case "thread": return thread;
              default: return event[LINE].toLowerCase().includes(query) || event[OWNER].toLowerCase().includes(query) || thread;
            }
          }
          function search() {
            for (const index of matches) {
              const box = $(`e${events[index][SEQ]}`);
              if (box) box.classList.remove("match");
            }
            const query = $("search").value.trim().toLowerCase();
            const by = $("search-by").value;
            matches = query === "" ? [] : events.flatMap((event, index) => (matchesQuery(event, by, query) ? [index] : []));
            for (const index of matches) {
              const box = $(`e${events[index][SEQ]}`);
              if (box) box.classList.add("match");
            }
            $("search-count").textContent = query === "" ? "" : `${matches.length} match${matches.length === 1 ? "" : "es"}`;
          }
          function jump(list, forward) {
            if (list.length === 0) return;
            const here = pos - 1;
            const target = forward ? (list.find((index) => index > here) ?? list[0]) : ([...list].reverse().find((index) => index < here) ?? list[list.length - 1]);
            show(target + 1);
          }

          $("step").addEventListener("click", () => show(pos + 1));
          $("back").addEventListener("click", () => show(pos - 1));
          slider.addEventListener("input", () => show(Number(slider.value)));
          $("violation").addEventListener("click", () => jump(marks, true));
          $("search").addEventListener("input", search);
          $("search-by").addEventListener("change", search);
          $("search-next").addEventListener("click", () => jump(matches, true));
          $("search-prev").addEventListener("click", () => jump(matches, false));
          $("fold").addEventListener("click", () => { lanes.forEach((_, index) => folded.add(index)); layout(); });
          $("unfold").addEventListener("click", () => { folded.clear(); layout(); });
          lanes.forEach((lane, index) => {
            for (const title of lane.querySelectorAll(".lane-title, .lane-short")) title.addEventListener("click", () => toggleLane(index));
          });
          for (const box of svg.querySelectorAll("g.event")) {
            box.addEventListener("click", () => show(indexOfSeq.get(Number(box.dataset.seq)) + 1));
          }
          for (const ref of document.querySelectorAll("a.ref")) {
            ref.addEventListener("click", () => { const index = indexOfSeq.get(Number(ref.dataset.seq)); if (index !== undefined) show(index + 1); });
          }
          document.addEventListener("keydown", (key) => {
            if (key.target instanceof HTMLInputElement || key.target instanceof HTMLSelectElement) return;
            if (key.key === "ArrowRight") { show(pos + 1); key.preventDefault(); }
            if (key.key === "ArrowLeft") { show(pos - 1); key.preventDefault(); }
            if (key.key === "Home") show(0);
            if (key.key === "End") show(events.length);
          });
          // Challenge mode: the learner walks the tree of choices.
          function startChallenge() {
            const nodes = data.challenge.nodes;
            const titles = data.panels;
            const path = [0];
            const laneName = (thread) => data.lanes[laneOf.get(thread)][1];
            function rebuild() {
              events = path.flatMap((index) => nodes[index].events);
              panels = titles.map((panel, p) => ({ title: panel.title, columns: panel.columns, changes: path.flatMap((index) => nodes[index].panels[p]) }));
              indexOfSeq = new Map(events.map((event, index) => [event[SEQ], index]));
              slider.max = String(events.length);
              const node = nodes[path[path.length - 1]];
              $("schedule").textContent = `choice ${path.length} · your schedule: "${node.schedule}"`;
              const choices = $("choices");
              choices.textContent = "";
              node.options.forEach((option) => {
                const [thread, next, child] = option;
                const button = document.createElement("button");
                button.id = `pick-T${thread}`;
                button.className = thread === node.current ? "pick current" : "pick";
                button.textContent = `${thread === node.current ? "▶ " : ""}${laneName(thread)} — next: ${next}`;
                if (child < 0) { button.disabled = true; button.title = "not held by this page"; }
                button.addEventListener("click", () => { path.push(child); rebuild(); });
                choices.appendChild(button);
              });
              const ending = $("ending");
              ending.hidden = node.options.length > 0;
              ending.className = node.won ? "won" : "lost";
              ending.textContent = node.ending.join("\n");
              $("undo").disabled = path.length === 1;
              const list = $("path-events");
              list.textContent = "";
              events.forEach((event, index) => {
                const item = document.createElement("li");
                item.dataset.index = String(index);
                item.textContent = event[LINE];
                item.addEventListener("click", () => show(index + 1));
                list.appendChild(item);
              });
              show(events.length);
            }
            $("undo").addEventListener("click", () => { if (path.length > 1) { path.pop(); rebuild(); } });
            document.addEventListener("keydown", (key) => {
              if (key.target instanceof HTMLInputElement || key.target instanceof HTMLSelectElement) return;
              if (key.key === "u" && path.length > 1) { path.pop(); rebuild(); }
            });
            rebuild();
          }

          layout();
          if (data.mode === "challenge") startChallenge(); else show(0);
        })();
        """#
}
