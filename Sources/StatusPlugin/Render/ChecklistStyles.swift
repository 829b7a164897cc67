/// The look of badges, progress bars, checklists and the dashboard, in the
/// theme's custom properties so light and dark mode follow.
enum ChecklistStyles {
    static let stylesheet = """
        /* Status badges: a symbol and a word, never colour alone. */
        .status-badge {
          display: inline-flex; align-items: center; gap: .3em;
          padding: .1em .55em; border-radius: var(--radius-full);
          font-size: var(--text-xs); font-weight: 600; line-height: 1.6; letter-spacing: .01em;
          vertical-align: .2em; white-space: nowrap;
          border: 1px solid currentColor;
        }
        h1 .status-badge, h2 .status-badge, h3 .status-badge { margin-left: .4em; }
        .status-done { color: var(--color-success); background: var(--color-success-subtle); }
        .status-in-progress { color: var(--color-info); background: var(--color-info-subtle); }
        .status-in-review { color: var(--color-info); background: var(--color-info-subtle); }
        .status-blocked { color: var(--color-danger); background: var(--color-danger-subtle); }
        .status-not-started, .status-waiting { color: var(--color-text-muted); background: var(--color-bg-subtle); }
        .status-waiting { font-weight: 500; }
        .status-cancelled, .status-optional, .status-unknown { color: var(--color-neutral); background: var(--color-neutral-subtle); }
        .work-hints { margin: var(--space-1) 0 0; padding-left: 1.2em; font-size: var(--text-sm); color: var(--color-text-muted); }
        .work-hints li::marker { content: "⚑ "; color: var(--color-warning, var(--color-text-muted)); }
        .status-ready { color: var(--color-success); }
        .status-dot {
          display: inline-block; width: .6em; height: .6em; margin-right: .3em; border-radius: 50%;
          background: currentColor; border: 0; vertical-align: .05em;
        }

        /* Progress bars. */
        .progress { display: flex; align-items: center; gap: var(--space-3); margin: var(--space-2) 0; }
        .progress-bar {
          position: relative; display: flex; flex: 1 1 auto; max-width: 24rem; height: .6rem; overflow: hidden;
          border-radius: var(--radius-full); background: var(--color-bg-muted);
          box-shadow: inset 0 0 0 1px var(--color-border);
        }
        .progress-done { background: var(--color-success); }
        .progress-partial {
          background: repeating-linear-gradient(135deg, var(--color-info) 0 4px, var(--color-info-subtle) 4px 8px);
        }
        .progress-text { font-size: var(--text-sm); color: var(--color-text-muted); font-variant-numeric: tabular-nums; white-space: nowrap; }

        /* The line under a work-item heading. */
        .work-details { margin: calc(-1 * var(--space-2)) 0 var(--space-4); }
        .work-facts { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); margin: 0; font-size: var(--text-sm); color: var(--color-text-muted); }
        .work-key { font-weight: 600; color: var(--color-text); margin-right: .2em; }
        .work-state { font-weight: 600; background: none; }
        .work-note { font-style: italic; }
        .work-where { color: var(--color-text-muted); font-size: var(--text-sm); }
        .work-id { font-family: var(--font-mono); font-size: .9em; white-space: nowrap; }
        .doc-progress {
          margin: 0 0 var(--space-5); padding: var(--space-3) var(--space-4);
          border: 1px solid var(--color-border); border-radius: var(--radius-md); background: var(--color-bg-subtle);
        }
        .doc-progress-link { margin: var(--space-1) 0 0; font-size: var(--text-sm); }

        /* Checkboxes the task-list syntax has no state for. */
        .doc li.task-list-item[data-status="in-progress"] > input[type="checkbox"] {
          border-color: var(--color-info);
          background: linear-gradient(90deg, var(--color-info) 0 50%, var(--color-bg) 50%);
        }
        .doc li.task-list-item[data-status="blocked"] > input[type="checkbox"] {
          border-color: var(--color-danger);
          background: var(--color-danger-subtle) url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Cpath d='M4 12L12 4' stroke='%23c62828' stroke-width='2.2' stroke-linecap='round'/%3E%3C/svg%3E") center / 100% no-repeat;
        }
        .doc li.task-list-item[data-status="cancelled"] > input[type="checkbox"] {
          border-color: var(--color-neutral);
          background: linear-gradient(var(--color-neutral), var(--color-neutral)) center / 60% 2px no-repeat, var(--color-bg);
        }
        .doc li.task-list-item[data-status="cancelled"] { color: var(--color-text-muted); text-decoration: line-through; }
        .doc li.task-list-item[data-status="optional"] > input[type="checkbox"] { border-style: dashed; }
        /* A format's task markers: its id, spec-kit's [P] and [US1]. */
        .task-id { font-family: var(--font-mono); font-size: .9em; font-weight: 600; }
        .task-tag {
          display: inline-block; padding: 0 .4em; border: 1px solid var(--color-border); border-radius: var(--radius-sm);
          font-size: var(--text-xs); line-height: 1.5; vertical-align: .1em; color: var(--color-text-muted);
        }
        a.task-tag { color: var(--color-link); text-decoration: none; }
        .doc li.task-list-item[data-status="optional"] { color: var(--color-text-muted); }

        /* The Status dashboard. */
        .status-overview { margin-bottom: var(--space-6); }
        .status-numbers { display: flex; flex-wrap: wrap; gap: var(--space-3); margin-bottom: var(--space-3); }
        .status-number {
          display: flex; flex-direction: column; min-width: 7.5rem; padding: var(--space-3) var(--space-4);
          border: 1px solid var(--color-border); border-radius: var(--radius-md); background: var(--color-bg-elevated);
        }
        .status-value { font-size: var(--text-2xl); font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums; }
        .status-label { font-size: var(--text-sm); color: var(--color-text-muted); }
        .status-detail { font-size: var(--text-xs); color: var(--color-text-muted); }
        .status-critical { font-size: var(--text-sm); }
        .status-table td:nth-child(n+3) { text-align: right; font-variant-numeric: tabular-nums; }
        .status-table .progress { margin: 0; }
        .status-table .progress-bar { min-width: 5rem; }
        .status-list, .status-phases { padding-left: 0; list-style: none; }
        .status-list > li, .status-phase { margin: 0 0 var(--space-2); }
        .status-phase { padding: var(--space-3) var(--space-4); border: 1px solid var(--color-border); border-radius: var(--radius-md); }
        .status-phase-head { font-weight: 600; }
        .status-waves { list-style: none; padding-left: 0; margin: var(--space-2) 0 0; font-size: var(--text-sm); }
        .status-waves ul { list-style: none; padding-left: var(--space-4); margin: var(--space-1) 0 var(--space-2); }
        .status-wave { font-weight: 600; }
        .status-empty { color: var(--color-text-muted); }
        .status-legend { display: flex; flex-wrap: wrap; gap: var(--space-3); font-size: var(--text-sm); }
        .status-legend .status-dot.status-done { color: var(--color-success); }
        .status-legend .status-dot.status-in-progress { color: var(--color-diagram-accent-border); }
        .status-legend .status-dot.status-blocked { color: var(--color-danger); }
        .status-legend .status-dot.status-not-started { color: var(--color-border-strong); }
        /* Shadows at a side with more graph to scroll to, as flow drawings have. */
        .status-graph {
          margin: 0;
          overflow-x: auto;
          background:
            linear-gradient(to right, var(--color-bg) 30%, transparent) left / 2.5rem 100% no-repeat local,
            linear-gradient(to left, var(--color-bg) 30%, transparent) right / 2.5rem 100% no-repeat local,
            radial-gradient(farthest-side at 0 50%, var(--color-overlay), transparent) left / .9rem 100% no-repeat scroll,
            radial-gradient(farthest-side at 100% 50%, var(--color-overlay), transparent) right / .9rem 100% no-repeat scroll;
        }
        .status-graph svg { max-width: 100%; min-width: var(--graph-min-width, 0px); height: auto; }
        /* The burn-up shrinks to the column down to three quarters of its size (its
           labels stay readable), then scrolls. */
        .status-burnup { margin: var(--space-4) 0; overflow-x: auto; }
        .status-burnup svg { display: block; max-width: 100%; min-width: 540px; height: auto; }
        .status-burnup figcaption { font-size: var(--text-sm); color: var(--color-text-muted); }
        .status-weeks-table td { font-variant-numeric: tabular-nums; }
        .status-weeks-table td:nth-child(n+2) { text-align: right; }
        .status-graph-narrow { display: none; }
        .status-table-counts { display: none; font-size: var(--text-sm); color: var(--color-text-muted); }
        @media (max-width: 40rem) {
          .status-table th:nth-child(n+3), .status-table td:nth-child(n+3) { display: none; }
          .status-table-counts { display: block; }
        }
        @media (max-width: 48rem) {
          .status-graph-wide { display: none; }
          .status-graph-narrow { display: block; }
        }
        @media (max-width: 40rem) {
          .progress { flex-wrap: wrap; }
          .progress-bar { max-width: none; flex-basis: 100%; }
          .status-number { min-width: 0; flex: 1 1 40%; }
        }

        """
}
