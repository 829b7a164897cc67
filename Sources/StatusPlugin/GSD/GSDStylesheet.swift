extension GSDRender {
    /// The CSS for GSD plan pages: the plan card, sections, task cards, chips
    /// and parts. Colours, spacing, radii and type come only from the theme's
    /// custom properties (docs/theme.md), so it follows light and dark mode; at
    /// phone widths the facts and cards stack and long paths wrap.
    static let stylesheet = """
        /* GSD plans (StatusPlugin). Theme values come from specsite.css. */
        .gsd-plan-card, .gsd-task {
          min-width: 0; border: 1px solid var(--color-border); border-radius: var(--radius-lg);
          background: var(--color-bg-elevated); box-shadow: var(--shadow-sm); overflow-wrap: anywhere;
        }
        .gsd-plan-card { margin: 0 0 var(--space-6); padding: var(--space-4); }
        .gsd-plan-card-header { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2) var(--space-3); }
        .doc .gsd-plan-card-title {
          margin: 0; padding: 0; border: 0; font-size: var(--text-lg); line-height: var(--leading-tight);
        }
        .doc .gsd-plan-facts {
          display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 9rem), 1fr));
          gap: var(--space-3) var(--space-4); margin: var(--space-4) 0 0;
        }
        .gsd-plan-facts > div { min-width: 0; }
        .doc .gsd-plan-facts dt {
          color: var(--color-text-muted); font-size: var(--text-xs); font-weight: var(--weight-medium);
          letter-spacing: .04em; text-transform: uppercase;
        }
        .doc .gsd-plan-facts dd { margin: var(--space-1) 0 0; line-height: var(--leading-snug); }
        .doc .gsd-deps { margin: 0; padding: 0; list-style: none; }
        .doc .gsd-deps li { margin: 0 0 var(--space-1); }
        .doc .gsd-card-heading, .doc .gsd-card-subheading {
          margin: var(--space-5) 0 var(--space-2); padding: 0; border: 0; font-size: var(--text-base);
        }
        .doc .gsd-card-subheading { margin-top: var(--space-4); font-size: var(--text-sm); color: var(--color-text-muted); }
        .doc details.gsd-plan-files { margin: var(--space-4) 0 0; }
        .doc details.gsd-plan-files > .gsd-card-heading { display: list-item; margin: 0; }
        .doc .gsd-must-haves .table-wrap { margin-bottom: 0; }
        /* Cells keep their words whole (the table scrolls sideways); paths may still break. */
        .doc .gsd-table { font-size: var(--text-xs); overflow-wrap: normal; }
        .doc .gsd-table :is(th, td) { min-width: 7rem; }
        .doc .gsd-table td code { overflow-wrap: anywhere; }
        .doc .gsd-truths { margin-bottom: 0; }

        /* Status badges (a plan's status and its dependencies'). */
        .gsd-plan-card .status-badge {
          display: inline-block; padding: 0 var(--space-2); border: 1px solid var(--color-neutral);
          border-radius: var(--radius-full); background: var(--color-neutral-subtle); color: var(--color-text);
          font-size: var(--text-xs); font-weight: var(--weight-medium); line-height: 1.6; white-space: nowrap;
        }
        .gsd-plan-card .status-done { border-color: var(--color-success); background: var(--color-success-subtle); }
        .gsd-plan-card .status-in-progress { border-color: var(--color-warning); background: var(--color-warning-subtle); }
        .gsd-plan-card .status-blocked { border-color: var(--color-danger); background: var(--color-danger-subtle); }

        /* File paths as chips: the plan's files, a task's files, references. */
        .doc .gsd-file-list, .doc .gsd-task-files ul, .doc .gsd-refs ul {
          display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-2); margin: 0; padding: 0; list-style: none;
        }
        .doc .gsd-file-list li, .doc .gsd-task-files li, .doc .gsd-refs li { margin: 0; min-width: 0; }
        .doc .gsd-file-list code, .doc .gsd-task-files code, .doc .gsd-refs li code {
          display: inline-block; max-width: 100%; font-size: var(--text-xs); overflow-wrap: anywhere;
        }

        /* Sections: the plan's own tags, drawn as titled sections. */
        .gsd-section { margin: 0 0 var(--space-6); }
        .doc .gsd-section-title { margin-top: 0; }
        .doc .gsd-refs ul { margin-bottom: var(--space-3); }
        .doc .gsd-ref-note {
          margin: var(--space-3) 0 var(--space-1); color: var(--color-text-muted); font-size: var(--text-xs);
          font-weight: var(--weight-medium); letter-spacing: .04em; text-transform: uppercase;
        }
        .doc details.gsd-execution-context > summary.gsd-section-title {
          font-size: var(--text-sm); color: var(--color-text-muted);
        }
        .doc .gsd-output { color: var(--color-text-muted); font-size: var(--text-sm); }
        .doc .gsd-output > .gsd-section-title { font-size: var(--text-base); }

        /* Tasks: one card each, stacked. */
        .gsd-tasks { margin: 0 0 var(--space-6); }
        .gsd-task { margin: 0 0 var(--space-4); padding: var(--space-4); }
        .gsd-task-checkpoint { border-left: 4px solid var(--color-important); }
        .gsd-task-header { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-1) var(--space-2); }
        .gsd-task-number {
          color: var(--color-text-muted); font-size: var(--text-xs); font-weight: var(--weight-bold);
          letter-spacing: .04em; text-transform: uppercase;
        }
        .gsd-chip {
          display: inline-block; padding: 0 var(--space-2); border: 1px solid var(--color-border);
          border-radius: var(--radius-full); background: var(--color-bg-subtle); color: var(--color-text);
          font-size: var(--text-xs); font-weight: var(--weight-medium); line-height: 1.6;
          text-transform: none; letter-spacing: 0;
        }
        .gsd-chip-checkpoint { border-color: var(--color-important); background: var(--color-important-subtle); }
        .gsd-chip-gate { border-color: var(--color-warning); background: var(--color-warning-subtle); }
        .gsd-chip-tdd { border-color: var(--color-info); background: var(--color-info-subtle); }
        .doc .gsd-task-name {
          margin: var(--space-2) 0 var(--space-3); padding: 0; border: 0; font-size: var(--text-md);
          font-weight: var(--weight-bold); line-height: var(--leading-tight);
        }
        .doc .gsd-task-name > :last-child { margin-bottom: 0; }
        .gsd-task-files {
          display: flex; flex-wrap: wrap; align-items: baseline; gap: var(--space-1) var(--space-2);
          margin: 0 0 var(--space-3);
        }
        .gsd-part-label, .gsd-task-files > .gsd-part-label {
          color: var(--color-text-muted); font-size: var(--text-xs); font-weight: var(--weight-bold);
          letter-spacing: .04em; text-transform: uppercase;
        }
        .gsd-part { margin: var(--space-3) 0 0; min-width: 0; }
        .gsd-part-label { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-1) var(--space-2); margin: 0 0 var(--space-1); }
        .doc .gsd-part-body > :last-child { margin-bottom: 0; }
        .doc .gsd-part-body pre { margin-bottom: var(--space-3); }
        .gsd-part-verify, .gsd-part-done, .gsd-part-how-to-verify, .gsd-part-resume-signal {
          padding: var(--space-2) var(--space-3); border-radius: var(--radius-md); background: var(--color-bg-subtle);
        }
        .gsd-part-done { border-left: 3px solid var(--color-success); }
        .gsd-part-verify, .gsd-part-how-to-verify { border-left: 3px solid var(--color-info); }
        .gsd-part-resume-signal { border-left: 3px solid var(--color-warning); }

        @media (max-width: 600px) {
          .gsd-plan-card, .gsd-task { padding: var(--space-3); }
          .gsd-part-verify, .gsd-part-done, .gsd-part-how-to-verify, .gsd-part-resume-signal {
            padding: var(--space-2);
          }
        }
        """
}
