/// The reload script and where it goes. It lives under `/.specsite/`, a
/// folder no site can hold: the builder drops the dot of every hidden folder
/// (`.planning/` → `planning/`), and the server refuses every path segment
/// that starts with a dot, so neither a site file nor a request for one can
/// reach it.
public enum ReloadScript {
    /// The folder of the server's own addresses.
    public static let prefix = "/.specsite/"
    /// The script's address.
    public static let path = prefix + "reload.js"
    /// The websocket's address.
    public static let socketPath = prefix + "events"
    /// What goes before `</body>` of a served page.
    public static let tag = "<script src=\"\(path)\"></script>"

    /// `html` with ``tag`` before its last `</body>` (any case), or at its end
    /// when it has none. Only the server calls this: built pages never hold it.
    public static func inject(into html: [UInt8]) -> [UInt8] {
        let closing = Array("</body>".utf8)
        var index = html.count - closing.count
        while index >= 0 {
            if html[index] == UInt8(ascii: "<"),
                zip(html[index..<index + closing.count], closing).allSatisfy({ lowercased($0) == $1 })
            {
                return Array(html[..<index]) + Array(tag.utf8) + Array(html[index...])
            }
            index -= 1
        }
        return html + Array(tag.utf8)
    }

    /// `html` with `<base href="/">` after its `<head>`, unless it has a base
    /// already: the site's 404 page is served at any missing address, and its
    /// relative links are written from the site's root.
    public static func rootBase(for html: [UInt8]) -> [UInt8] {
        let text = String(decoding: html, as: UTF8.self)
        guard text.range(of: "<base", options: .caseInsensitive) == nil,
            let head = text.range(of: "<head>", options: .caseInsensitive)
        else { return html }
        return Array((String(text[..<head.upperBound]) + "<base href=\"/\">" + text[head.upperBound...]).utf8)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The script: connects to the websocket; on `reload` keeps the scroll
    /// position in sessionStorage (by path) and reloads; on `error` shows the
    /// build's `file:line: message` lines over the page; on a lost connection
    /// (the server restarted) tries again with a growing delay, and reloads
    /// when the server that answers has built since.
    public static let source = """
        (() => {
          "use strict";
          const key = "specsite-scroll:" + location.pathname;
          // The server's restore, not the browser's: it runs after the new page has laid out.
          if ("scrollRestoration" in history) history.scrollRestoration = "manual";
          const saved = sessionStorage.getItem(key);
          if (saved !== null) {
            const restore = () => window.scrollTo(0, Number(saved) || 0);
            restore();
            addEventListener("load", () => { restore(); sessionStorage.removeItem(key); });
          }
          let version = null, delay = 250, box = null;
          const overlay = (lines) => {
            if (box) box.remove();
            box = document.createElement("div");
            box.id = "specsite-build-error";
            box.setAttribute("role", "alert");
            box.style.cssText = "position:fixed;inset:0 0 auto 0;z-index:2147483647;max-height:80vh;overflow:auto;" +
              "margin:0;padding:12px 16px;background:#1f0d0d;color:#ffd7d7;font:13px/1.5 ui-monospace,monospace;" +
              "border-bottom:3px solid #e5484d;box-shadow:0 4px 16px rgba(0,0,0,.4)";
            const close = document.createElement("button");
            close.textContent = "×";
            close.setAttribute("aria-label", "Close");
            close.style.cssText = "float:right;font-size:20px;background:none;border:0;color:inherit;cursor:pointer";
            close.onclick = () => { box.remove(); box = null; };
            const title = document.createElement("strong");
            title.textContent = "Build failed: the last good pages are shown";
            const list = document.createElement("pre");
            list.style.cssText = "margin:8px 0 0;white-space:pre-wrap";
            list.textContent = lines.join("\\n");
            box.append(close, title, list);
            document.body.append(box);
          };
          const connect = () => {
            const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "\(socketPath)");
            socket.onopen = () => { delay = 250; };
            socket.onmessage = (event) => {
              const message = JSON.parse(event.data);
              if (message.type === "hello") {
                if (version !== null && message.version !== version) message.type = "reload";
                version = message.version;
              }
              if (message.type === "reload") {
                sessionStorage.setItem(key, String(window.scrollY));
                location.reload();
              } else if (message.type === "error") {
                overlay(message.lines);
              }
            };
            socket.onclose = () => { setTimeout(connect, delay); delay = Math.min(delay * 2, 5000); };
          };
          connect();
        })();

        """
}
