import Foundation
import Testing

/// Hostile file systems and child processes: symbolic links that lead out of
/// the content folder or share folders, kernel files, devices and FIFOs,
/// linked files that carry script, a theme folder with stray files, and
/// external plugins left running when specsite stops. Each case states what
/// must happen: the exit status, the message with its path, what the built
/// site must not hold, and that the run finished within the time limit.
@Suite("Hostile file systems and processes", .serialized)
struct HostileFileSystemTests {
    /// Written outside the content folder; no built file may ever hold it.
    static let canary = "SECRET-CANARY-1234"

    // MARK: - Symbolic-link walks

    @Test func foldersSharedByLinksAreReadOnceNotExponentially() throws {
        let site = HostileSite()
        defer { site.remove() }
        // d0/x and d0/y lead to d1, d1/x and d1/y to d2, …: 2^20 paths to d20.
        for level in 0...20 { try site.write("d\(level)/page.md", "# Page \(level)\n") }
        for level in 0..<20 {
            try site.link("d\(level)/x", to: "../d\(level + 1)")
            try site.link("d\(level)/y", to: "../d\(level + 1)")
        }
        let outcome = try site.run(["build", "content", "--output", "site"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.seconds < 120)
        #expect(outcome.stderr.contains("content/d0/x: warning: symbolic link to a folder already read as content/d1"))
        #expect(
            outcome.stderr.contains("content/d19/y: warning: symbolic link to a folder already read as content/d20"))
        // Each real folder once: 21 pages, none under d0/x/… .
        let pages = site.builtFiles().filter { $0.hasSuffix("/page.html") }
        #expect(pages.count == 21, "\(pages.prefix(5))")
    }

    @Test func aLinkToTheRootOfTheDiskIsNotWalked() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("index.md", "# Home\n")
        try site.link("disk", to: "/")
        try site.link("up", to: "..")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.seconds < 120)
        #expect(outcome.stderr.contains("content/disk: warning: symbolic link to '/' leads outside the content folder"))
        #expect(outcome.stderr.contains("content/up: warning: symbolic link to '..' leads outside the content folder"))
        #expect(!site.builtFiles().contains { $0.hasPrefix("disk/") || $0.hasPrefix("up/") })

        // Allowed out, a folder that holds the content folder is still refused:
        // it would read the content again, the output, the disk.
        try site.write("specsite.yml", "follow_links_outside: true\n")
        let allowed = try site.run()
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.seconds < 120)
        #expect(
            allowed.stderr.contains(
                "content/disk: warning: symbolic link to '/' leads to a folder that holds the content folder (skipped)")
        )
        #expect(allowed.stderr.contains("content/up: warning: symbolic link to '..' leads to a folder that holds"))
        #expect(!site.builtFiles().contains { $0.hasPrefix("disk/") || $0.hasPrefix("up/") })
    }

    @Test func aLinkBackToItsOwnFolderIsALoop() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("docs/a.md", "# A\n")
        try site.link("docs/again", to: ".")
        try site.link("docs/deeper/top", to: "../..")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "content/docs/again: warning: symbolic link loop: it leads to a folder that holds it"))
        #expect(outcome.stderr.contains("content/docs/deeper/top: warning: symbolic link loop"))
        #expect(site.builtFiles().filter { $0.hasSuffix("a.html") } == ["docs/a.html"])
    }

    // MARK: - Nothing from outside the content folder is published

    @Test func pagesThatLinkOutsideAreNotPublished() throws {
        let site = HostileSite()
        defer { site.remove() }
        try writeOutside(site, "secret.md", "# \(Self.canary)\n")
        try site.write("index.md", "# Home\n")
        try site.link("leak.md", to: "../secret.md")
        try site.link("passwd.md", to: "/etc/passwd")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "content/leak.md: warning: symbolic link to '../secret.md' leads outside the content folder (skipped"))
        #expect(outcome.stderr.contains("content/passwd.md: warning: symbolic link to '/etc/passwd' leads outside"))
        #expect(!site.builtFiles().contains("leak.html") && !site.builtFiles().contains("passwd.html"))
        #expect(leaks(site, [Self.canary, "root:x:0:0"]).isEmpty)
        #expect(!outcome.stderr.contains(Self.canary))
    }

    @Test func linkedFilesAndImagesThatLeadOutsideAreNotCopied() throws {
        let site = HostileSite()
        defer { site.remove() }
        try writeOutside(site, "secret.txt", Self.canary)
        try site.write(
            "index.md",
            """
            # Home

            [notes](notes.txt) and [deep](dir/link-to-secret)

            ![logo](logo.png) and [in a linked folder](outdir/secret.txt)
            """)
        try site.link("notes.txt", to: "../secret.txt")
        try site.link("dir/link-to-secret", to: "../../secret.txt")
        try site.link("logo.png", to: "../secret.txt")
        try site.link("outdir", to: "..")
        try site.write("specsite.yml", "logo: logo.png\n")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stderr
        #expect(lines.contains("content/notes.txt: warning: symbolic link to '../secret.txt' leads outside"))
        #expect(
            lines.contains("content/dir/link-to-secret: warning: symbolic link to '../../secret.txt' leads outside"))
        #expect(lines.contains("content/logo.png: warning: symbolic link to '../secret.txt' leads outside"))
        #expect(
            lines.contains(
                "content/index.md:3: warning: broken link 'notes.txt': notes.txt is a symbolic link that leads outside the content folder (not published)"
            ))
        #expect(
            lines.contains(
                "content/index.md:3: warning: broken link 'dir/link-to-secret': dir/link-to-secret is a symbolic link"))
        #expect(lines.contains("content/index.md:5: warning: broken image 'logo.png': logo.png is a symbolic link"))
        #expect(
            lines.contains("content/index.md:5: warning: broken link 'outdir/secret.txt': outdir is a symbolic link"))
        #expect(lines.contains("content/specsite.yml:1: warning: logo 'logo.png' is not a file in the content folder"))
        #expect(leaks(site, [Self.canary]).isEmpty, "\(site.builtFiles())")
    }

    @Test func kernelFilesAreNeverReadEvenWhenLinksOutAreAllowed() throws {
        let site = HostileSite()
        defer { site.remove() }
        let secret = "SECRET-CANARY-ENV-5678"
        try site.write("index.md", "# Home\n\n[env](env.txt) [me](me.md) ![z](zero.png) [s](sys.txt)\n")
        try site.link("env.txt", to: "/proc/self/environ")
        try site.link("me.md", to: "/proc/self/cmdline")
        try site.link("zero.png", to: "/dev/zero")
        try site.link("sys.txt", to: "/sys/kernel/hostname")
        try site.link("proc", to: "/proc/self")
        for allowOutside in [false, true] {
            try site.write("specsite.yml", "follow_links_outside: \(allowOutside)\n")
            let outcome = try runSpecsite(site, environment: ["SPECSITE_TEST_SECRET": secret])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.seconds < 120)
            for (link, folder) in [("env.txt", "/proc"), ("me.md", "/proc"), ("zero.png", "/dev"), ("proc", "/proc")] {
                #expect(
                    outcome.stderr.contains("content/\(link): warning: symbolic link to '")
                        && outcome.stderr.contains("' leads into \(folder), which is never read (skipped)"),
                    "\(link): \(outcome.stderr)")
            }
            #expect(leaks(site, [secret]).isEmpty)
            #expect(!site.builtFiles().contains { ["env.txt", "me.html", "zero.png", "sys.txt"].contains($0) })
        }
    }

    @Test func messagesAboutKernelLinksAreTheSameEveryRun() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("index.md", "# Home\n\n[env](env.txt)\n")
        // `/proc/self` resolves to a new process id each run; messages name the link as written.
        try site.link("env.txt", to: "/proc/self/environ")
        let first = try site.run()
        let second = try site.run()
        #expect(first.status == 0)
        #expect(
            first.stderr.split(separator: "\n").dropLast() == second.stderr.split(separator: "\n").dropLast(),
            "\(first.stderr)\n\(second.stderr)")
    }

    @Test func fifosAndDevicesLinkedFromPagesAreNeitherReadNorCopied() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("index.md", "# Home\n\n[pipe](pipe.txt) [null](null.txt)\n")
        #expect(mkfifo(site.content + "/pipe.txt", 0o644) == 0)
        try site.link("null.txt", to: "/dev/null")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.seconds < 120)
        #expect(
            outcome.stderr.contains(
                "content/index.md:3: warning: broken link 'pipe.txt': pipe.txt is not a regular file (not published)"))
        #expect(outcome.stderr.contains("content/null.txt: warning: symbolic link to '/dev/null' leads into /dev"))
        #expect(!site.builtFiles().contains("pipe.txt") && !site.builtFiles().contains("null.txt"))
    }

    @Test func linksThatClimbOutOfTheContentFolderAreNeverCopied() throws {
        let site = HostileSite()
        defer { site.remove() }
        try writeOutside(site, "secret.txt", Self.canary)
        try site.write(
            "docs/index.md",
            """
            # Docs

            [a](../../secret.txt) [b](../../../../../etc/passwd) [c](%2e%2e/%2e%2e/secret.txt)

            [d](/etc/passwd) [e](/../secret.txt) ![f](../../secret.txt)
            """)
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "content/docs/index.md:3: warning: link '../../secret.txt' leaves the content folder (not followed)"))
        #expect(outcome.stderr.contains("content/docs/index.md:3: warning: link '%2e%2e/%2e%2e/secret.txt' leaves"))
        #expect(
            outcome.stderr.contains(
                "content/docs/index.md:5: warning: broken link '/etc/passwd': etc/passwd does not exist"))
        #expect(
            outcome.stderr.contains("content/docs/index.md:5: warning: link '/../secret.txt' leaves the content folder")
        )
        #expect(leaks(site, [Self.canary, "root:x:0:0"]).isEmpty)
        #expect(site.builtFiles().allSatisfy { !$0.contains("secret") && !$0.contains("passwd") })
    }

    @Test func linksThatStayInsideKeepWorking() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("docs/real.md", "# Real\n")
        try site.write("files/notes.txt", "inside notes")
        try site.write("images/logo.png", "PNG")
        try site.link("alias.md", to: "docs/real.md")
        try site.link("notes.txt", to: "files/notes.txt")
        try site.link("logo.png", to: "./images/../images/logo.png")
        try site.write("index.md", "# Home\n\n[n](notes.txt) ![l](logo.png) [a](alias.md)\n")
        // The content folder itself reached through a link, as /tmp is on some systems.
        let linkedContent = site.root + "/content-link"
        try FileManager.default.createSymbolicLink(atPath: linkedContent, withDestinationPath: "content")
        let outcome = try site.run(["build", linkedContent, "--output", site.output])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning"), "\(outcome.stderr)")
        #expect(site.built("notes.txt") == "inside notes")
        #expect(site.built("logo.png") == "PNG")
        #expect(site.built("alias.html").contains("<h1"))
        #expect(site.built("index.html").contains("href=\"alias.html\""))
    }

    @Test func followLinksOutsideLetsLinksOut() throws {
        let site = HostileSite()
        defer { site.remove() }
        try writeOutside(site, "shared/notes.txt", "shared notes")
        try writeOutside(site, "shared/guide.md", "# Shared guide\n")
        try site.write("index.md", "# Home\n\n[n](notes.txt) [g](shared/guide.md)\n")
        try site.link("notes.txt", to: "../shared/notes.txt")
        try site.link("shared", to: "../shared")
        try site.write("specsite.yml", "follow_links_outside: true\n")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning"), "\(outcome.stderr)")
        #expect(site.built("notes.txt") == "shared notes")
        #expect(site.built("shared/guide.html").contains("Shared guide"))
        #expect(site.built("shared/notes.txt") == "", "only linked files are copied")
    }

    @Test func settingsThatLinkOutOrBlockAreRefused() throws {
        let site = HostileSite()
        defer { site.remove() }
        try writeOutside(site, "other.yml", "title: \(Self.canary)\n")
        try site.write("index.md", "# Home\n")
        try site.link("specsite.yml", to: "../other.yml")
        let outcome = try site.run()
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains(
                "content/specsite.yml: error: cannot read settings: the file leads outside the content folder; name a settings file elsewhere with --config"
            ), "\(outcome.stderr)")
        // Named on the command line, it is the user's choice.
        let named = try site.run(["build", site.content, "--output", site.output, "--config", site.root + "/other.yml"])
        #expect(named.status == 0, "\(named.stderr)")

        try FileManager.default.removeItem(atPath: site.content + "/specsite.yml")
        #expect(mkfifo(site.content + "/specsite.yml", 0o644) == 0)
        let fifo = try site.run(timeout: 60)
        #expect(fifo.status == 1, "\(fifo.stderr)")
        #expect(fifo.seconds < 60)
        #expect(
            fifo.stderr.contains("content/specsite.yml: error: cannot read settings: the file is not a regular file"))
    }

    // MARK: - The site's templates/ folder

    @Test func templateLinksThatLeadOutsideAreSkipped() throws {
        let site = HostileSite()
        defer { site.remove() }
        try writeOutside(site, "evil.css", "/* \(Self.canary) */")
        try writeOutside(site, "evil.mustache", "\(Self.canary) {{{content}}}")
        try site.write("index.md", "# Home\n")
        try site.link("templates/assets/specsite.css", to: "../../../evil.css")
        try site.link("templates/page.mustache", to: "../../evil.mustache")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "content/templates/assets/specsite.css: warning: symbolic link to '../../../evil.css' leads outside"))
        #expect(
            outcome.stderr.contains("content/templates/page.mustache: warning: symbolic link to '../../evil.mustache'"))
        #expect(leaks(site, [Self.canary]).isEmpty)
        #expect(site.built("assets/specsite.css").contains("--color-bg"), "the default stylesheet stays")

        // The whole templates/ folder a link out.
        try FileManager.default.removeItem(atPath: site.content + "/templates")
        try writeOutside(site, "theme/assets/specsite.css", "/* \(Self.canary) */")
        try site.link("templates", to: "../theme")
        let linkedFolder = try site.run()
        #expect(linkedFolder.status == 0, "\(linkedFolder.stderr)")
        #expect(
            linkedFolder.stderr.contains(
                "content/templates: warning: symbolic link to '../theme' leads outside the content folder (skipped)"))
        #expect(leaks(site, [Self.canary]).isEmpty)
    }

    @Test func onlyTemplateFilesTheTemplatesUseArePublished() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("index.md", "# Home\n")
        try site.write("templates/secret.env", "TOKEN=\(Self.canary)\n")
        try site.write("templates/.env", "TOKEN=\(Self.canary)\n")
        try site.write("templates/notes.txt", "theme notes \(Self.canary)")
        try site.write("templates/my-secret.env", "TOKEN=\(Self.canary)\n")
        try site.write(
            "templates/page.mustache",
            "{{<layout}}{{$head}}<link rel=\"stylesheet\" href=\"{{root}}assets/extra.css\">"
                + "<link rel=\"icon\" href=\"{{root}}icon.svg\">{{/head}}{{/layout}}\n")
        try site.write("templates/assets/extra.css", "@font-face { src: url(fonts/inter.woff2) } /* secret.env.bak */")
        try site.write("templates/assets/fonts/inter.woff2", "FONT")
        try site.write("templates/icon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try site.write("templates/favicon.ico", "ICO")
        try site.write("templates/assets/specsite.js", "/* mine */")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "content/templates/secret.env: warning: no template or stylesheet uses this file (not copied into the site)"
            ))
        #expect(
            outcome.stderr.contains("content/templates/notes.txt: warning: no template or stylesheet uses this file"))
        #expect(!outcome.stderr.contains("templates/.env"), "hidden files go unmentioned")
        #expect(leaks(site, [Self.canary]).isEmpty, "\(site.builtFiles())")
        #expect(site.built("assets/extra.css").contains("inter.woff2"))
        #expect(site.built("assets/fonts/inter.woff2") == "FONT")
        #expect(site.built("icon.svg").contains("<svg"))
        #expect(site.built("favicon.ico") == "ICO")
        #expect(site.built("assets/specsite.js") == "/* mine */")
    }

    // MARK: - Linked HTML and SVG files

    @Test func linkedHTMLIsCopiedWithAPolicyThatStopsItsScripts() throws {
        let site = HostileSite()
        defer { site.remove() }
        let demo =
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>Demo</title>\n</head>\n<body>\n<script>alert(1)</script>\n</body></html>\n"
        try site.write("demo.html", demo)
        try site.write("plain.html", "<p>No head, <a href=\"javascript:alert(1)\">no script</a></p>\n")
        try site.write("index.md", "# Home\n\n[demo](demo.html) [plain](plain.html)\n")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let policy =
            "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'; object-src 'none'; base-uri 'none'\">"
        #expect(site.built("demo.html") == demo.replacingOccurrences(of: "<head>", with: "<head>" + policy))
        #expect(site.built("plain.html") == policy + "<p>No head, <a href=\"javascript:alert(1)\">no script</a></p>\n")
        #expect(
            outcome.stderr.contains(
                "content/demo.html:7: warning: this linked HTML file carries script (a <script> element); it is copied with a Content-Security-Policy that stops it"
            ), "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "content/plain.html:1: warning: this linked HTML file carries script (a javascript: URL (href))"))
        // Same input, same bytes.
        let first = site.built("demo.html")
        #expect(try site.run().status == 0)
        #expect(site.built("demo.html") == first)
    }

    @Test func linkedSVGThatCarriesScriptIsNotCopied() throws {
        let site = HostileSite()
        defer { site.remove() }
        let clean = "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"10\" height=\"10\"/></svg>\n"
        let hostile: [(String, String, String)] = [
            (
                "script.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<script>alert(1)</script></svg>",
                "a <script> element"
            ),
            (
                "onload.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
                "an event handler attribute (onload)"
            ),
            (
                "href.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\"><a href=\"jav&#x61;script:alert(1)\"><text>x</text></a></svg>",
                "a javascript: URL (href)"
            ),
            (
                "entity.svg",
                "<!DOCTYPE svg [<!ENTITY x \"&#60;script&#62;\">]><svg xmlns=\"http://www.w3.org/2000/svg\">&x;</svg>",
                "an entity declaration"
            ),
            (
                "page.xhtml",
                "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><x:script xmlns:x=\"http://www.w3.org/1999/xhtml\"/></body></html>",
                "a <x:script> element"
            ),
        ]
        try site.write("clean.svg", clean)
        var index = "# Home\n\n![clean](clean.svg)\n"
        for (name, text, _) in hostile {
            try site.write(name, text)
            index += "\n![\(name)](\(name))\n"
        }
        try site.write("index.md", index)
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(site.built("clean.svg") == clean)
        for (name, _, what) in hostile {
            #expect(
                outcome.stderr.contains("content/\(name):")
                    && outcome.stderr.contains(
                        "warning: this linked file carries script (\(what)), which would run when it is opened (not copied"
                    ),
                "\(name): \(outcome.stderr)")
            #expect(!site.builtFiles().contains(name), "\(name)")
        }
    }

    @Test func rawHTMLCopiesLinkedFilesAsTheyAre() throws {
        let site = HostileSite()
        defer { site.remove() }
        let demo = "<html><head></head><body><script>alert(1)</script></body></html>\n"
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>\n"
        try site.write("demo.html", demo)
        try site.write("diagram.svg", svg)
        try site.write("index.md", "# Home\n\n[demo](demo.html) ![d](diagram.svg)\n")
        try site.write("specsite.yml", "allow_raw_html: true\n")
        let outcome = try site.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning"), "\(outcome.stderr)")
        #expect(site.built("demo.html") == demo)
        #expect(site.built("diagram.svg") == svg)
    }

    // MARK: - External plugins die with specsite

    /// A preprocessor that starts a grandchild, writes both process ids beside
    /// the content folder, and waits for ever.
    static let hangingPlugin = """
        external_plugins:
          - name: hang
            command: "sleep 1000 & echo $! > ../grandchild.pid; echo $$ > ../plugin.pid; wait"
            role: ROLE
            blocks: [chart]
            timeout: 600
        """

    @Test func terminatingSpecsiteKillsItsPluginsAndTheirChildren() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("index.md", "# Home\n")
        try site.write("specsite.yml", Self.hangingPlugin.replacingOccurrences(of: "ROLE", with: "preprocessor"))
        let run = try Background(site)
        let pids = try run.waitForPlugin()
        defer { for pid in pids { kill(pid, SIGKILL) } }
        run.signal(SIGTERM)
        let status = run.wait(timeout: 60)
        #expect(status == 143, "\(run.stderr)")
        #expect(run.stderr.contains("error: interrupted by SIGTERM; external plugins stopped"))
        #expect(waitUntilGone(pids, timeout: 10), "still running: \(pids.filter(isAlive))")
    }

    @Test func killingSpecsiteKillsItsPluginsAndTheirChildren() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("index.md", "# Home\n")
        try site.write("specsite.yml", Self.hangingPlugin.replacingOccurrences(of: "ROLE", with: "preprocessor"))
        let run = try Background(site)
        let pids = try run.waitForPlugin()
        defer { for pid in pids { kill(pid, SIGKILL) } }
        run.signal(SIGKILL)
        #expect(run.wait(timeout: 60) != nil)
        // No code of specsite's runs after SIGKILL: its watcher process does this.
        #expect(waitUntilGone(pids, timeout: 10), "still running: \(pids.filter(isAlive))")
    }

    @Test func anInterruptedBuildLeavesThePreviousSiteAndNoStagingFolder() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("index.md", "# Home\n\n```chart\nx\n```\n")
        let first = try site.run()
        #expect(first.status == 0, "\(first.stderr)")
        let before = Dictionary(uniqueKeysWithValues: site.builtFiles().map { ($0, site.built($0)) })
        // A renderer runs while the new site is being written into its staging folder.
        try site.write("specsite.yml", Self.hangingPlugin.replacingOccurrences(of: "ROLE", with: "renderer"))
        try site.write("more.md", "# More\n")
        let run = try Background(site)
        let pids = try run.waitForPlugin()
        defer { for pid in pids { kill(pid, SIGKILL) } }
        #expect(stagingFolders(site).count == 1, "the build is writing")
        run.signal(SIGINT)
        #expect(run.wait(timeout: 60) == 130, "\(run.stderr)")
        #expect(!run.stderr.contains("build failed"), "the killed plugin's own errors are not printed")
        #expect(stagingFolders(site).isEmpty)
        let after = Dictionary(uniqueKeysWithValues: site.builtFiles().map { ($0, site.built($0)) })
        #expect(after == before)
        #expect(waitUntilGone(pids, timeout: 10))
    }

    @Test func whatAPluginLeavesRunningIsStoppedWhenItExits() throws {
        let site = HostileSite()
        defer { site.remove() }
        try site.write("index.md", "# Home\n")
        try site.write(
            "specsite.yml",
            """
            external_plugins:
              - name: leaves
                command: "sleep 1000 >/dev/null 2>&1 </dev/null & echo $! > ../left.pid; echo '{\\"markdown\\": \\"# Home\\"}'"
                role: preprocessor
            """)
        // In the background: a process left running with the build's
        // descriptors would otherwise keep the harness waiting for it.
        let run = try Background(site)
        let status = run.wait(timeout: 60)
        if status == nil { run.signal(SIGKILL) }
        #expect(status == 0, "\(run.stderr)")
        let text = try String(contentsOfFile: site.root + "/left.pid", encoding: .utf8)
        let left = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(left, SIGKILL) }
        #expect(waitUntilGone([left], timeout: 10))
    }
}

// MARK: - Helpers (file-private: other suites of this target have their own)

/// Writes `text` at `path` relative to the case folder, beside (outside) the content folder.
private func writeOutside(_ site: HostileSite, _ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: site.root + "/" + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

/// The built files that hold any of `secrets`.
private func leaks(_ site: HostileSite, _ secrets: [String]) -> [String] {
    site.builtFiles().filter { path in
        let data = FileManager.default.contents(atPath: site.output + "/" + path) ?? Data()
        return secrets.contains { data.range(of: Data($0.utf8)) != nil }
    }
}

/// Staging and retired folders of SiteWriter beside the output.
private func stagingFolders(_ site: HostileSite) -> [String] {
    // The build cache beside the output is no staging folder.
    ((try? FileManager.default.contentsOfDirectory(atPath: site.root)) ?? []).filter {
        $0.contains(".specsite-") && $0 != ".specsite-cache"
    }
}

/// Runs `specsite build` with extra environment variables, as HostileSite.run does otherwise.
private func runSpecsite(_ site: HostileSite, environment: [String: String]) throws -> HostileSite.Outcome {
    let start = Date()
    let run = try Background(site, environment: environment)
    let status = run.wait(timeout: 120)
    if status == nil { run.signal(SIGKILL) }
    return HostileSite.Outcome(
        status: status ?? -1, stdout: "", stderr: run.stderr, seconds: Date().timeIntervalSince(start))
}

/// Whether `pid` is a running process (not gone, not a zombie waiting to be reaped).
private func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z" && state != "X"
}

private func waitUntilGone(_ pids: [pid_t], timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while pids.contains(where: isAlive) {
        if Date() > deadline { return false }
        usleep(50_000)
    }
    return true
}

/// `specsite build` running in the background, to be signalled.
private final class Background {
    let process = Process()
    let root: String
    private let stderrPath: String

    init(_ site: HostileSite, environment: [String: String] = [:]) throws {
        root = site.root
        stderrPath = site.root + "/stderr-\(UUID().uuidString).txt"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        process.arguments = ["build", site.content, "--output", site.output]
        process.currentDirectoryURL = URL(fileURLWithPath: site.root)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
    }

    var stderr: String {
        (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    }

    /// The plugin's and its grandchild's process ids, once the plugin has written them.
    func waitForPlugin(timeout: Double = 60) throws -> [pid_t] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let pids = ["plugin.pid", "grandchild.pid"].compactMap { name in
                (try? String(contentsOfFile: root + "/" + name, encoding: .utf8)).flatMap {
                    pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
            if pids.count == 2 { return pids }
            usleep(50_000)
        }
        signal(SIGKILL)
        throw CocoaError(
            .fileReadNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the plugin never started: \(stderr)"])
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// The exit status (the signal's number when killed), or nil if still running after `timeout`.
    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return nil }
            usleep(20_000)
        }
        return process.terminationStatus
    }
}
