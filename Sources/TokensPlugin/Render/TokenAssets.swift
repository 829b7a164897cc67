/// The stylesheet and script the token views need. Colours come from the
/// site theme's custom properties (docs/theme.md), so swatch cards follow
/// light and dark like the rest of the page.
enum TokenAssets {
    /// `tokens.css`.
    static let stylesheet = """
        /* Design tokens (TokensPlugin). Theme colours come from specsite.css. */
        .tokens-block { margin: var(--space-4, 1rem) 0 var(--space-6, 1.5rem); }
        .tk-grid {
          display: grid; gap: var(--space-3, .75rem); align-items: start;
          grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
        }
        .tk-card {
          display: flex; flex-direction: column; min-width: 0;
          border: 1px solid var(--color-border); border-radius: var(--radius-md, 8px);
          background: var(--color-bg-elevated, var(--color-bg)); overflow: hidden;
        }
        .tk-card[hidden] { display: none; }
        /* A type scale reads best as full-width rows, each specimen on one line. */
        .tk-kind-typography { grid-column: 1 / -1; }
        .tk-kind-typography .tk-specimen { white-space: nowrap; text-overflow: ellipsis; }
        .tk-meta { padding: var(--space-2, .5rem) var(--space-3, .75rem) var(--space-3, .75rem); font-size: .8125rem; }
        .tk-name { margin: 0 0 .25rem; font-weight: 600; overflow-wrap: anywhere; }
        .tk-name code { background: none; padding: 0; font-size: .875rem; color: var(--color-text); }
        .tk-mode { border-top: 1px solid var(--color-border); padding-top: .375rem; margin-top: .375rem; }
        .tk-mode:first-of-type { border-top: 0; margin-top: 0; padding-top: 0; }
        .tk-mode-label {
          display: inline-block; font-size: .6875rem; font-weight: 600; text-transform: uppercase;
          letter-spacing: .04em; color: var(--color-text-muted);
        }
        .tk-variant { text-transform: none; letter-spacing: 0; }
        .tk-variant code { font-size: .6875rem; }
        .tk-values { display: grid; grid-template-columns: auto 1fr; gap: .125rem .5rem; margin: .25rem 0 0; }
        .tk-values dt { color: var(--color-text-muted); }
        .tk-values dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
        .tk-values code { font-size: .75rem; }
        .tk-description { margin: .375rem 0 0; color: var(--color-text-muted); }
        .tk-source-link { margin: .375rem 0 0; font-size: .75rem; }
        .tk-contrast { list-style: none; margin: 0; padding: 0; }
        .tk-contrast li { margin: 0; }
        .tk-ratio { font-variant-numeric: tabular-nums; }
        .tk-apca { color: var(--color-text-muted); font-size: .75rem; font-variant-numeric: tabular-nums; }
        .tk-badge {
          display: inline-block; padding: 0 .3rem; border-radius: var(--radius-sm, 4px); font-size: .6875rem;
          font-weight: 600; border: 1px solid transparent;
        }
        .tk-badge-aaa, .tk-badge-aa { background: var(--color-success-subtle); color: var(--color-text); border-color: var(--color-success); }
        .tk-badge-large { background: var(--color-warning-subtle); color: var(--color-text); border-color: var(--color-warning); }
        .tk-badge-fail { background: var(--color-danger-subtle); color: var(--color-text); border-color: var(--color-danger); }
        /* Swatch: the colour over a checkerboard, so alpha shows. */
        .tk-chip {
          display: flex; height: 3.5rem; border-bottom: 1px solid var(--color-border);
          background-color: #fff;
          background-image: linear-gradient(45deg, #ccc 25%, transparent 25%, transparent 75%, #ccc 75%),
            linear-gradient(45deg, #ccc 25%, transparent 25%, transparent 75%, #ccc 75%);
          background-size: 16px 16px; background-position: 0 0, 8px 8px;
        }
        .tk-chip span { flex: 1; background: var(--tk-color); box-shadow: inset 0 0 0 1px var(--color-border); }
        .tk-dot {
          display: inline-block; width: 1em; height: 1em; border-radius: 50%; vertical-align: -.125em;
          margin-right: .25rem; background: var(--tk-color); border: 1px solid var(--color-border);
        }
        .tk-specimen {
          margin: 0; padding: var(--space-3, .75rem); border-bottom: 1px solid var(--color-border);
          color: var(--color-text); overflow-wrap: anywhere; overflow: hidden;
        }
        .tk-bar, .tk-size, .tk-shadow-stage, .tk-plot {
          padding: var(--space-3, .75rem); border-bottom: 1px solid var(--color-border); overflow: hidden;
        }
        .tk-bar span { display: block; height: 1rem; max-width: 100%; background: var(--color-accent); border-radius: 2px; }
        .tk-size span { display: block; max-width: 100%; background: var(--color-accent-subtle); border: 1px solid var(--color-accent); }
        .tk-radius {
          width: 6rem; height: 4rem; margin: var(--space-3, .75rem); background: var(--color-accent-subtle);
          border: 2px solid var(--color-accent);
        }
        /* Shadows are drawn on a light stage in both themes: on a dark page they would not show. */
        .tk-shadow-stage { background: #EEF1F5; padding: 1.5rem; }
        .tk-shadow-card { height: 3.5rem; border-radius: var(--radius-md, 8px); background: #FFFFFF; }
        .tk-plot { display: flex; justify-content: center; color: var(--color-accent); }
        .tk-plot svg { max-width: 100%; height: auto; }
        .tk-plot { --tokens-plot-line: var(--color-accent); --tokens-plot-grid: var(--color-border);
          --tokens-plot-handle: var(--color-text-muted); --tokens-plot-target: var(--color-text-muted); }
        .tk-copy {
          margin-left: .25rem; padding: 0 .375rem; font: inherit; font-size: .6875rem; line-height: 1.4;
          border: 1px solid var(--color-border); border-radius: var(--radius-sm, 4px);
          background: var(--color-bg); color: var(--color-text-muted); cursor: pointer;
        }
        .tk-copy:hover, .tk-copy:focus-visible { color: var(--color-text); border-color: var(--color-border-strong); }
        .tk-copy.tk-copied { color: var(--color-success); border-color: var(--color-success); }
        .tk-more { margin: .5rem 0 0; font-size: .8125rem; }
        .tk-written { margin-top: .5rem; }
        .tk-written > summary { cursor: pointer; color: var(--color-text-muted); font-size: .8125rem; }
        .tk-filter { margin: 1rem 0; }
        .tk-filter label { display: block; font-weight: 600; margin-bottom: .25rem; }
        .tk-filter input {
          width: min(100%, 24rem); padding: .4rem .6rem; font: inherit; color: var(--color-text);
          background: var(--color-bg); border: 1px solid var(--color-border-strong); border-radius: var(--radius-sm, 4px);
        }
        .tk-filter-count { margin: .25rem 0 0; font-size: .8125rem; color: var(--color-text-muted); }
        .tk-count {
          font-size: .75rem; font-weight: 600; color: var(--color-text-muted); vertical-align: middle;
          border: 1px solid var(--color-border); border-radius: 999px; padding: 0 .45rem;
        }
        .tk-hints ul { padding-left: 1.25rem; }
        .tk-table td { vertical-align: middle; }
        .tk-row[hidden] { display: none; }
        .tk-section[hidden], .tk-document[hidden] { display: none; }
        @media print { .tk-copy, .tk-filter { display: none !important; } .tk-written { display: none; } }
        """

    /// `tokens.js`: copy buttons and the Tokens page's filter. Without it the
    /// values stay selectable text and every token is listed.
    static let script = """
        (() => {
          "use strict";
          const copy = (button, text) => {
            const done = () => {
              button.classList.add("tk-copied");
              button.textContent = "Copied";
              setTimeout(() => { button.classList.remove("tk-copied"); button.textContent = "Copy"; }, 1200);
            };
            if (navigator.clipboard && window.isSecureContext) {
              navigator.clipboard.writeText(text).then(done, () => {});
            } else {
              const area = document.createElement("textarea");
              area.value = text;
              area.setAttribute("readonly", "");
              area.style.position = "fixed";
              area.style.opacity = "0";
              document.body.appendChild(area);
              area.select();
              try { document.execCommand("copy"); done(); } catch (e) { /* leave the text selectable */ }
              area.remove();
            }
          };
          // Buttons are made here, not written in the page: they only work with scripts.
          for (const value of document.querySelectorAll(".tk-copyable")) {
            const button = document.createElement("button");
            button.type = "button";
            button.className = "tk-copy";
            button.textContent = "Copy";
            button.setAttribute("aria-label", `Copy ${value.getAttribute("data-copy")} ${value.textContent}`);
            button.addEventListener("click", () => copy(button, value.textContent));
            value.after(button);
          }
          const box = document.querySelector(".tk-filter");
          const input = document.getElementById("tk-filter");
          if (!box || !input) return;
          box.hidden = false;
          const count = box.querySelector(".tk-filter-count");
          const cards = Array.from(document.querySelectorAll(".tk-section [data-search]"));
          const apply = () => {
            const words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
            let shown = 0;
            for (const card of cards) {
              const text = card.getAttribute("data-search") || "";
              const match = words.every((word) => text.includes(word));
              card.hidden = !match;
              if (match) shown += 1;
            }
            for (const section of document.querySelectorAll(".tk-document, .tk-section")) {
              section.hidden = !section.querySelector("[data-search]:not([hidden])");
            }
            count.textContent = words.length ? `${shown} of ${cards.length} tokens shown` : "";
          };
          input.addEventListener("input", apply);
        })();
        """
}
