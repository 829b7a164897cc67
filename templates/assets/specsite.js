/* specsite: theme toggle, mobile menu and "On this page" highlighting.
   No dependencies; the site reads fully without it. Loaded with defer. */
(function () {
  "use strict";

  var root = document.documentElement;
  var STORAGE_KEY = "specsite-theme";
  var WIDE = "(min-width: 1280px)";
  var NARROW = "(max-width: 899.98px)";

  function media(query) {
    return window.matchMedia ? window.matchMedia(query) : null;
  }

  function onMediaChange(list, handler) {
    if (!list) return;
    if (list.addEventListener) list.addEventListener("change", handler);
    else if (list.addListener) list.addListener(handler);
  }

  /* ---- Theme: light or dark, remembered; the system's until chosen. ---- */

  function storedTheme() {
    try {
      var value = localStorage.getItem(STORAGE_KEY);
      return value === "light" || value === "dark" ? value : null;
    } catch (e) {
      return null;
    }
  }

  function storeTheme(value) {
    try {
      localStorage.setItem(STORAGE_KEY, value);
    } catch (e) {
      /* Private mode or storage off: the choice lasts for this page. */
    }
  }

  var systemDark = media("(prefers-color-scheme: dark)");
  var themeButton = document.querySelector(".theme-toggle");

  function systemTheme() {
    return systemDark && systemDark.matches ? "dark" : "light";
  }

  function applyTheme(theme) {
    root.setAttribute("data-theme", theme);
    if (!themeButton) return;
    var dark = theme === "dark";
    themeButton.setAttribute("aria-pressed", dark ? "true" : "false");
    // The accessible name stays "Dark theme" (a toggle's name must not flip
    // with its state); the tooltip tells sighted mouse users what a click does.
    var label = themeButton.querySelector(".visually-hidden");
    if (label) label.textContent = "Dark theme";
    themeButton.title = dark ? "Switch to light theme" : "Switch to dark theme";
  }

  // The inline script in the layout has already set data-theme before the
  // first paint; this only syncs the button (or sets it, for a custom layout).
  var initial = root.getAttribute("data-theme");
  applyTheme(initial === "light" || initial === "dark" ? initial : storedTheme() || systemTheme());

  if (themeButton) {
    themeButton.hidden = false;
    themeButton.addEventListener("click", function () {
      var next = root.getAttribute("data-theme") === "dark" ? "light" : "dark";
      storeTheme(next);
      applyTheme(next);
    });
  }

  onMediaChange(systemDark, function () {
    if (!storedTheme()) applyTheme(systemTheme());
  });

  // Another tab of the site changed the theme.
  window.addEventListener("storage", function (event) {
    if (event.key === STORAGE_KEY) applyTheme(storedTheme() || systemTheme());
  });

  /* ---- Menu: the sidebar as a drawer on narrow screens. ---- */

  var navButton = document.querySelector(".nav-toggle");
  var nav = document.getElementById("site-nav");
  var narrow = media(NARROW);

  function menuOpen() {
    return !!nav && nav.classList.contains("is-open");
  }

  function setMenu(open, returnFocus) {
    if (!navButton || !nav) return;
    navButton.setAttribute("aria-expanded", open ? "true" : "false");
    nav.classList.toggle("is-open", open);
    root.classList.toggle("nav-open", open);
    if (open) {
      revealCurrent();
      // Keyboard users land in the drawer they opened: on the current page's
      // link, else the first one.
      var target = nav.querySelector('a[aria-current="page"]') || nav.querySelector("a[href]");
      if (target) target.focus({ preventScroll: true });
    } else if (returnFocus) {
      navButton.focus();
    }
  }

  // Scrolls the sidebar itself (never the page) so the current page's link is
  // in view: in a long list it may sit far below the top.
  function revealCurrent() {
    if (!nav || nav.scrollHeight <= nav.clientHeight + 1) return;
    var links = nav.querySelectorAll('a[aria-current="page"]');
    var current = links[links.length - 1];
    if (!current) return;
    var box = nav.getBoundingClientRect();
    var item = current.getBoundingClientRect();
    if (item.top >= box.top && item.bottom <= box.bottom) return;
    nav.scrollTop += item.top - box.top - (box.height - item.height) / 2;
  }

  revealCurrent();

  if (navButton && nav) {
    navButton.hidden = false;
    navButton.addEventListener("click", function () {
      setMenu(!menuOpen(), false);
    });

    document.addEventListener("keydown", function (event) {
      if ((event.key === "Escape" || event.key === "Esc") && menuOpen()) {
        event.preventDefault();
        setMenu(false, true);
      }
    });

    nav.addEventListener("click", function (event) {
      var link = event.target.closest ? event.target.closest("a[href]") : null;
      if (link && menuOpen()) setMenu(false, false);
    });

    // A click on the dimmed page beside the drawer closes it.
    document.addEventListener("click", function (event) {
      if (!menuOpen()) return;
      if (nav.contains(event.target) || navButton.contains(event.target)) return;
      setMenu(false, false);
    });

    onMediaChange(narrow, function () {
      if (!narrow.matches && menuOpen()) setMenu(false, false);
    });

    // Coming back with the Back button must not show a stale open drawer.
    window.addEventListener("pageshow", function () {
      if (menuOpen()) setMenu(false, false);
    });
  }

  /* ---- "Copy as Markdown": the page's markdown copy to the clipboard. ---- */

  /* A page opened from disk may not read another file (browsers refuse
     fetch on file://), so there the button opens the copy instead, where
     the text can be selected and copied. */
  Array.prototype.forEach.call(document.querySelectorAll(".copy-markdown"), function (button) {
    var url = button.getAttribute("data-markdown");
    var label = button.textContent;
    var timer = 0;
    function say(text) {
      button.textContent = text;
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        button.textContent = label;
      }, 2000);
    }
    function open() {
      window.location.href = url;
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      if (window.location.protocol === "file:" || !window.fetch || !navigator.clipboard) {
        open();
        return;
      }
      window
        .fetch(url)
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.text();
        })
        .then(function (text) {
          return navigator.clipboard.writeText(text);
        })
        .then(
          function () {
            say("Copied");
          },
          function () {
            open();
          }
        );
    });
  });

  /* ---- A copy button on every code block. ---- */

  Array.prototype.forEach.call(document.querySelectorAll(".code-block"), function (block) {
    var code = block.querySelector("pre");
    if (!code || !navigator.clipboard) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy the code");
    var timer = 0;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(code.textContent).then(
        function () {
          button.textContent = "Copied";
          button.classList.add("copied");
          window.clearTimeout(timer);
          timer = window.setTimeout(function () {
            button.textContent = "Copy";
            button.classList.remove("copied");
          }, 2000);
        },
        function () {
          button.textContent = "Copy failed";
        }
      );
    });
    block.appendChild(button);
  });

  /* ---- "On this page": closed under 1280 px, highlights the section read. ---- */

  var toc = document.querySelector(".page-toc");
  var details = toc ? toc.querySelector("details.toc") : null;
  var wide = media(WIDE);

  // Wide: a column that stays open, its summary only a title (out of the Tab
  // order). Narrower: a box above the page, closed until the reader opens it.
  function syncToc() {
    details.open = wide.matches;
    var summary = details.querySelector("summary");
    if (summary) summary.tabIndex = wide.matches ? -1 : 0;
  }

  if (details && wide) {
    syncToc();
    onMediaChange(wide, syncToc);
    details.addEventListener("toggle", function () {
      if (wide.matches && !details.open) details.open = true;
    });
  }

  if (!toc) return;

  var entries = [];
  var links = toc.querySelectorAll('a[href^="#"]');
  for (var i = 0; i < links.length; i++) {
    var id;
    try {
      id = decodeURIComponent(links[i].getAttribute("href").slice(1));
    } catch (e) {
      id = links[i].getAttribute("href").slice(1);
    }
    var heading = id ? document.getElementById(id) : null;
    if (heading) entries.push({ link: links[i], heading: heading });
  }
  if (!entries.length) return;

  var active = null;
  var pinned = -1;

  function hashIndex() {
    if (!location.hash) return -1;
    var id;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch (e) {
      id = location.hash.slice(1);
    }
    for (var j = 0; j < entries.length; j++) {
      if (entries[j].heading.id === id) return j;
    }
    return -1;
  }

  function keepVisible(link) {
    // Scroll the TOC column itself, never the page.
    if (toc.scrollHeight <= toc.clientHeight + 1) return;
    var box = toc.getBoundingClientRect();
    var item = link.getBoundingClientRect();
    var margin = 48;
    if (item.top < box.top + margin) {
      toc.scrollTop -= box.top + margin - item.top;
    } else if (item.bottom > box.bottom - margin) {
      toc.scrollTop += item.bottom - (box.bottom - margin);
    }
  }

  function setActive(entry) {
    if (entry === active) return;
    if (active) active.link.removeAttribute("aria-current");
    active = entry;
    if (active) {
      active.link.setAttribute("aria-current", "true");
      keepVisible(active.link);
    }
  }

  // Where a followed link puts a heading (the page's scroll-padding-top, below
  // the sticky header). A heading is the one being read once its top is above
  // a line a little below that, and at most a quarter down the viewport.
  function readingLine() {
    var offset = parseFloat(getComputedStyle(root).scrollPaddingTop) || 0;
    return Math.min(window.innerHeight * 0.25, offset + 48);
  }

  function update() {
    var line = readingLine();
    var index = -1;
    for (var j = 0; j < entries.length; j++) {
      if (entries[j].heading.getBoundingClientRect().top <= line) index = j;
      else break;
    }
    var scroller = document.scrollingElement || root;
    var atBottom = window.innerHeight + window.pageYOffset >= scroller.scrollHeight - 2;
    if (atBottom) {
      // The last sections never reach the line: take the last one in view.
      for (var k = entries.length - 1; k > index; k--) {
        if (entries[k].heading.getBoundingClientRect().top < window.innerHeight) {
          index = k;
          break;
        }
      }
    }
    // Just after following a link to a heading, that heading is the one
    // being read even when a short section puts the next one above the line.
    if (pinned >= 0) {
      var box = entries[pinned].heading.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight) index = pinned;
    }
    setActive(index >= 0 ? entries[index] : null);
  }

  var scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    window.requestAnimationFrame(function () {
      scheduled = false;
      update();
    });
  }

  function pin() {
    pinned = hashIndex();
    schedule();
  }
  function unpin() {
    if (pinned < 0) return;
    pinned = -1;
    schedule();
  }

  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule, { passive: true });
  window.addEventListener("load", schedule);
  window.addEventListener("hashchange", pin);
  // The reader scrolling on their own ends the pin.
  window.addEventListener("wheel", unpin, { passive: true });
  window.addEventListener("touchstart", unpin, { passive: true });
  window.addEventListener("mousedown", unpin);
  window.addEventListener("keydown", unpin);
  if (details) details.addEventListener("toggle", schedule);
  pinned = hashIndex();
  update();
})();
