/* specsite: search. Opens with the header's Search button, "/" or Ctrl-K
   (Cmd-K). The index is built with the site (assets/search/, see
   docs/search.md) and loaded a file at a time with <script> elements, which
   works from file:// (where fetch is refused) and under any base path.

   Terms are made exactly as SearchTerms.swift makes them when it builds the
   index: change both together (a test compares them). No dependencies;
   nothing here runs until search is opened. */
(function () {
  "use strict";

  var script = document.currentScript;
  if (!script || !script.src) return;
  var root = new URL("../", script.src);
  var folder = new URL("assets/search/", root);
  var MAX_WORDS = 10;
  var MAX_QUERY = 200;
  var MAX_RESULTS = 10;
  var SECTIONS_PER_RESULT = 3;

  /* ---- Terms (SearchTerms.swift) ---- */

  var STOP = {};
  ("a an and are as at be but by for if in into is it no not of on or such that the their then " +
    "there these they this to was will with").split(" ").forEach(function (word) { STOP[word] = true; });
  var NONE = 0, DIGIT = 1, LOWER = 2, UPPER = 3, OTHER = 4;
  var IS_LOWER = /\p{Ll}/u, IS_UPPER = /\p{Lu}/u, IS_WORD = /[\p{L}\p{M}\p{N}]/u;

  function kindOf(ch) {
    if (ch >= "0" && ch <= "9") return DIGIT;
    if (ch >= "a" && ch <= "z") return LOWER;
    if (ch >= "A" && ch <= "Z") return UPPER;
    if (ch < "\u0080") return NONE;
    if (IS_LOWER.test(ch)) return LOWER;
    if (IS_UPPER.test(ch)) return UPPER;
    return IS_WORD.test(ch) ? OTHER : NONE;
  }

  /* Porter's stemmer, as PorterStemmer.swift (and his reference C) writes it. */
  function stem(word) {
    if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
    var b = word.split(""), k = b.length - 1, j = 0;
    function cons(i) {
      var c = b[i];
      if (c === "a" || c === "e" || c === "i" || c === "o" || c === "u") return false;
      if (c === "y") return i === 0 ? true : !cons(i - 1);
      return true;
    }
    function m() {
      var n = 0, i = 0;
      for (;;) { if (i > j) return n; if (!cons(i)) break; i++; }
      i++;
      for (;;) {
        for (;;) { if (i > j) return n; if (cons(i)) break; i++; }
        i++; n++;
        for (;;) { if (i > j) return n; if (!cons(i)) break; i++; }
        i++;
      }
    }
    function vowelInStem() { for (var i = 0; i <= j; i++) if (!cons(i)) return true; return false; }
    function doublec(at) { return at >= 1 && b[at] === b[at - 1] && cons(at); }
    function cvc(i) {
      if (i < 2 || !cons(i) || cons(i - 1) || !cons(i - 2)) return false;
      var c = b[i];
      return c !== "w" && c !== "x" && c !== "y";
    }
    function ends(s) {
      var length = s.length;
      if (length > k + 1) return false;
      for (var i = 0; i < length; i++) if (b[k - length + 1 + i] !== s[i]) return false;
      j = k - length;
      return true;
    }
    function setto(s) {
      for (var i = 0; i < s.length; i++) b[j + 1 + i] = s[i];
      k = j + s.length;
    }
    function r(s) { if (m() > 0) setto(s); }
    function step1ab() {
      if (b[k] === "s") {
        if (ends("sses")) k -= 2;
        else if (ends("ies")) setto("i");
        else if (b[k - 1] !== "s") k--;
      }
      if (ends("eed")) { if (m() > 0) k--; }
      else if ((ends("ed") || ends("ing")) && vowelInStem()) {
        k = j;
        if (ends("at")) setto("ate");
        else if (ends("bl")) setto("ble");
        else if (ends("iz")) setto("ize");
        else if (doublec(k)) {
          k--;
          var c = b[k];
          if (c === "l" || c === "s" || c === "z") k++;
        } else if (m() === 1 && cvc(k)) setto("e");
      }
    }
    function step1c() { if (ends("y") && vowelInStem()) b[k] = "i"; }
    var STEP2 = {
      a: [["ational", "ate"], ["tional", "tion"]],
      c: [["enci", "ence"], ["anci", "ance"]],
      e: [["izer", "ize"]],
      l: [["bli", "ble"], ["alli", "al"], ["entli", "ent"], ["eli", "e"], ["ousli", "ous"]],
      o: [["ization", "ize"], ["ation", "ate"], ["ator", "ate"]],
      s: [["alism", "al"], ["iveness", "ive"], ["fulness", "ful"], ["ousness", "ous"]],
      t: [["aliti", "al"], ["iviti", "ive"], ["biliti", "ble"]],
      g: [["logi", "log"]]
    };
    var STEP3 = {
      e: [["icate", "ic"], ["ative", ""], ["alize", "al"]],
      i: [["iciti", "ic"]],
      l: [["ical", "ic"], ["ful", ""]],
      s: [["ness", ""]]
    };
    function table(rules) {
      if (!rules) return;
      for (var i = 0; i < rules.length; i++) if (ends(rules[i][0])) { r(rules[i][1]); return; }
    }
    var STEP4 = {
      a: ["al"], c: ["ance", "ence"], e: ["er"], i: ["ic"], l: ["able", "ible"],
      n: ["ant", "ement", "ment", "ent"], s: ["ism"], t: ["ate", "iti"], u: ["ous"], v: ["ive"], z: ["ize"]
    };
    function step4() {
      var c = b[k - 1], found = false;
      if (c === "o") {
        found = (ends("ion") && j >= 0 && (b[j] === "s" || b[j] === "t")) || ends("ou");
      } else if (STEP4[c]) {
        for (var i = 0; i < STEP4[c].length && !found; i++) found = ends(STEP4[c][i]);
      }
      if (found && m() > 1) k = j;
    }
    function step5() {
      j = k;
      if (b[k] === "e") {
        var a = m();
        if (a > 1 || (a === 1 && !cvc(k - 1))) k--;
      }
      if (b[k] === "l" && doublec(k) && m() > 1) k--;
    }
    step1ab();
    if (k > 0) {
      step1c();
      table(STEP2[b[k - 1]]);
      table(STEP3[b[k]]);
      step4();
      step5();
    }
    return b.slice(0, k + 1).join("");
  }

  var encoder = new TextEncoder();

  function hexColour(run) {
    var n = run.length;
    if (!(n === 3 || n === 4 || n === 6 || n === 8) || !/^[0-9a-fA-F]+$/.test(run)) return null;
    if (n < 6 && /^[0-9]+$/.test(run)) return null;
    return "#" + run.toLowerCase();
  }

  /* The terms of text: [{text, id, word}], word being a part lowercased and
     not stemmed. A query (asQuery) also joins an id over a space: "chunk 7". */
  function terms(text, asQuery) {
    var out = [];
    var parts = [];
    var pending = null;
    var separator = null;
    var hash = false;
    var runStart = -1, partStart = 0, previous = NONE;
    function emit(term, id, word) {
      // At most 40 UTF-8 bytes before stemming, as in the index (a UTF-16 unit is at most three).
      if (word.length * 3 <= 40 || encoder.encode(word).length <= 40) out.push({ text: term, id: id, word: word });
    }
    function finishRun(end) {
      var run = text.slice(runStart, end);
      var colour = hash ? hexColour(run) : null;
      if (colour) {
        emit(colour, false, colour);
        pending = null;
        parts = [];
        return;
      }
      var letters = pending;
      for (var i = 0; i < parts.length; i++) {
        var part = parts[i];
        if (part.digits) {
          var number = part.text.replace(/^0+(?=.)/, "");
          // A query's "story 3.5" is not the id story3: its number goes on.
          var goesOn = asQuery && i === parts.length - 1 && /^\.[0-9]/.test(text.slice(end, end + 2));
          if (letters !== null && !goesOn) emit(letters + number, true, letters + number);
          emit(number, false, number);
          letters = null;
        } else {
          var lower = part.text.toLowerCase().replace(/\u03c2/g, "\u03c3");
          if (!STOP[lower]) emit(stem(lower), false, lower);
          letters = lower;
        }
      }
      pending = letters;
      parts = [];
    }
    var index = 0;
    for (var ch of text) {
      var kind = kindOf(ch);
      if (kind === NONE) {
        if (runStart >= 0) {
          parts.push({ text: text.slice(partStart, index), digits: previous === DIGIT });
          finishRun(index);
          runStart = -1;
          separator = ch;
        } else {
          pending = null;
          separator = null;
        }
        hash = ch === "#";
        previous = NONE;
      } else {
        if (runStart < 0) {
          if (separator !== null && separator !== "-" && separator !== "_" && separator !== "." &&
              !(asQuery && separator === " ")) pending = null;
          separator = null;
          runStart = index;
          partStart = index;
        } else if ((kind === DIGIT) !== (previous === DIGIT) || (previous === LOWER && kind === UPPER)) {
          parts.push({ text: text.slice(partStart, index), digits: previous === DIGIT });
          partStart = index;
        }
        previous = kind;
      }
      index += ch.length;
    }
    if (runStart >= 0) {
      parts.push({ text: text.slice(partStart, index), digits: previous === DIGIT });
      finishRun(index);
    }
    return out;
  }

  /* ---- Loading: each file is a script that hands its data over. ---- */

  var waiting = {};
  var loaded = {};

  function arrive(key, data) {
    loaded[key] = data;
    if (waiting[key]) waiting[key].resolve(data);
  }

  window.specsiteSearch = {
    meta: function (data) { arrive("index", data); },
    shard: function (number, text) { arrive("t/" + number, parseShard(text)); },
    page: function (number, url, title, sections) {
      arrive("p/" + number, { url: url, title: title, sections: sections });
    },
    /* For tests and benchmarks: the ranked pages of a query, [{page, score}]. */
    query: function (text) {
      return load("index").then(function (data) { return rank(data, String(text)); }).then(function (ranked) {
        return ranked.results.map(function (r) { return { page: r.page, score: r.score }; });
      });
    },
    /* For tests: the terms of a text as the index makes them. */
    terms: function (text) { return terms(String(text), false).map(function (t) { return t.text; }); },
    stem: stem
  };

  function load(key) {
    if (loaded[key]) return Promise.resolve(loaded[key]);
    if (!waiting[key]) {
      var entry = {};
      entry.promise = new Promise(function (resolve, reject) {
        entry.resolve = resolve;
        var element = document.createElement("script");
        element.src = new URL(key + ".js", folder).href;
        element.async = true;
        element.onerror = function () {
          delete waiting[key];
          reject(new Error("cannot load " + element.src));
        };
        element.onload = function () {
          if (!loaded[key]) {
            delete waiting[key];
            reject(new Error(element.src + " holds no search data"));
          }
        };
        document.head.appendChild(element);
      });
      waiting[key] = entry;
    }
    return waiting[key].promise;
  }

  var DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var VALUE = {};
  for (var d = 0; d < DIGITS.length; d++) VALUE[DIGITS[d]] = d;

  function numbers(text) {
    var out = [], value = 0, shift = 0;
    for (var i = 0; i < text.length; i++) {
      var v = VALUE[text[i]];
      if (v >= 32) {
        value += (v - 32) * Math.pow(2, shift);
        shift += 5;
      } else {
        out.push(value + v * Math.pow(2, shift));
        value = 0;
        shift = 0;
      }
    }
    return out;
  }

  /* A shard: its terms in order, each with its postings still written. */
  function parseShard(text) {
    var termsOut = [], postings = [], previous = "";
    var lines = text ? text.split("|") : [];
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      var at = 0, shared = 0, shift = 0;
      for (;;) {
        var v = VALUE[line[at++]];
        if (v >= 32) { shared += (v - 32) * Math.pow(2, shift); shift += 5; }
        else { shared += v * Math.pow(2, shift); break; }
      }
      var comma = line.indexOf(",", at);
      var term = previous.slice(0, shared) + line.slice(at, comma);
      termsOut.push(term);
      postings.push(line.slice(comma + 1));
      previous = term;
    }
    return { terms: termsOut, postings: postings };
  }

  /* A term's pages: {page: {many, sections: [..]}}. */
  function decode(written) {
    var comma = written.indexOf(",");
    var body = numbers(comma < 0 ? written : written.slice(0, comma));
    var heads = comma < 0 ? [] : numbers(written.slice(comma + 1));
    var pages = {}, page = 0, i;
    for (i = 0; i < body.length; i++) {
      page += Math.floor(body[i] / 2);
      pages[page] = { body: true, many: body[i] % 2 === 1, sections: [] };
    }
    page = 0;
    for (i = 0; i + 1 < heads.length; i += 2) {
      page += heads[i];
      if (!pages[page]) pages[page] = { body: false, many: false, sections: [] };
      pages[page].sections.push(heads[i + 1]);
    }
    return pages;
  }

  /* ---- Matching ---- */

  function shardOf(meta, term) {
    var keys = meta.shards, low = 0, high = keys.length - 1, found = 0;
    while (low <= high) {
      var mid = (low + high) >> 1;
      if (keys[mid] <= term) { found = mid; low = mid + 1; } else high = mid - 1;
    }
    return found;
  }

  /* The shards holding every term that begins with prefix. */
  function shardsFor(meta, prefix) {
    if (!meta.shards.length) return [];
    var first = shardOf(meta, prefix), last = shardOf(meta, prefix + "\uffff"), out = [];
    for (var i = first; i <= last; i++) out.push(i);
    return out;
  }

  function withShards(meta, list) {
    return Promise.all(list.map(function (n) { return load("t/" + n); }));
  }

  function lowerBound(list, term) {
    var low = 0, high = list.length;
    while (low < high) {
      var mid = (low + high) >> 1;
      if (list[mid] < term) low = mid + 1; else high = mid;
    }
    return low;
  }

  /* Edit distance, adjacent swaps counting one, or max + 1 when over max. */
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var rows = [], i, j;
    for (i = 0; i <= a.length; i++) { rows.push([i]); }
    for (j = 1; j <= b.length; j++) rows[0][j] = j;
    for (i = 1; i <= a.length; i++) {
      var best = max + 1;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2][j - 2] + 1);
        rows[i][j] = v;
        if (v < best) best = v;
      }
      if (best > max) return max + 1;
    }
    return rows[a.length][b.length];
  }

  /* The index terms a query term matches, each with how well: exact 1,
     beginning 0.6, one or two letters off 0.35. */
  function candidates(meta, term, allowPrefix) {
    if (!meta.shards.length) return Promise.resolve([]);
    var exact = term.text;
    var prefixes = allowPrefix && exact.length >= 2 ? [exact] : [];
    if (allowPrefix && term.word !== exact && term.word.length >= 2) prefixes.push(term.word);
    var list = [shardOf(meta, exact)];
    prefixes.forEach(function (p) { list = list.concat(shardsFor(meta, p)); });
    return withShards(meta, unique(list)).then(function () {
      var found = {}, count = 0;
      function add(shard, at, quality) {
        var key = shard.terms[at];
        if (!found[key] || found[key].quality < quality) {
          if (!found[key]) count++;
          found[key] = { term: key, quality: quality, postings: shard.postings[at] };
        }
      }
      var shard = loaded["t/" + shardOf(meta, exact)];
      var at = lowerBound(shard.terms, exact);
      if (shard.terms[at] === exact) add(shard, at, 1);
      prefixes.forEach(function (p) {
        shardsFor(meta, p).forEach(function (n) {
          var s = loaded["t/" + n];
          for (var i = lowerBound(s.terms, p); i < s.terms.length && count < 60; i++) {
            if (s.terms[i].lastIndexOf(p, 0) !== 0) break;
            if (s.terms[i] !== exact) add(s, i, 0.6);
          }
        });
      });
      if (count > 0 || term.id || exact.length < 4 || /^[0-9]+$/.test(exact)) return values(found);
      // Nothing begins so: words one letter off (two for long ones) that
      // begin with the same letter.
      var max = exact.length >= 8 ? 2 : 1;
      var near = shardsFor(meta, exact[0]);
      return withShards(meta, near).then(function () {
        near.forEach(function (n) {
          var s = loaded["t/" + n];
          for (var i = lowerBound(s.terms, exact[0]); i < s.terms.length; i++) {
            if (s.terms[i][0] !== exact[0]) break;
            if (distance(exact, s.terms[i], max) <= max) add(s, i, 0.35);
          }
        });
        return values(found);
      });
    });
  }

  function unique(list) {
    return list.filter(function (v, i) { return list.indexOf(v) === i; });
  }

  function values(object) {
    return Object.keys(object).sort().map(function (k) { return object[k]; });
  }

  var TITLE = 6, HEADING = 3, BODY = 1, MANY = 0.5, ID = 8;

  /* Ranks pages for a query: [{page, score, sections: {n: hits}}], and
     whether every word was found in them (else pages with some). */
  function rank(meta, query) {
    var all = terms(query.replace(/\s+/g, " "), true);
    var words = [], ids = [], seen = {};
    all.forEach(function (t) {
      if (seen[t.text + t.id]) return;
      seen[t.text + t.id] = true;
      (t.id ? ids : words).push(t);
    });
    var truncated = words.length > MAX_WORDS;
    words = words.slice(0, MAX_WORDS);
    ids = ids.slice(0, MAX_WORDS);
    if (!words.length) return Promise.resolve({ results: [], words: [], marked: [], all: true, truncated: truncated });
    var total = meta.pages;
    // Every word may be the beginning of one: people type "auth conf".
    var lookups = words.map(function (t) { return candidates(meta, t, true); });
    var idLookups = ids.map(function (t) { return candidates(meta, t, false); });
    return Promise.all([Promise.all(lookups), Promise.all(idLookups)]).then(function (found) {
      var scores = {}, hits = {}, sections = {}, inTitle = {};
      function credit(matches, weightOf, countTitle) {
        var perPage = {}, titled = {};
        matches.forEach(function (match) {
          var pages = decode(match.postings);
          Object.keys(pages).forEach(function (key) {
            var p = pages[key], page = +key;
            var weight = p.body ? (p.many ? BODY + MANY : BODY) : 0;
            p.sections.forEach(function (s) {
              weight = Math.max(weight, s === 0 ? TITLE : HEADING);
              if (s === 0 && match.quality === 1) titled[page] = true;
              if (!sections[page]) sections[page] = {};
              sections[page][s] = (sections[page][s] || 0) + 1;
            });
            weight *= match.quality;
            if (!(page in perPage) || perPage[page] < weight) perPage[page] = weight;
          });
        });
        var pagesFound = Object.keys(perPage);
        var idf = Math.log(1 + total / Math.max(1, pagesFound.length));
        pagesFound.forEach(function (key) {
          scores[key] = (scores[key] || 0) + weightOf(perPage[key]) * idf;
          if (countTitle && titled[key]) inTitle[key] = (inTitle[key] || 0) + 1;
        });
        return perPage;
      }
      found[0].forEach(function (matches) {
        var perPage = credit(matches, function (w) { return w; }, true);
        Object.keys(perPage).forEach(function (key) { hits[key] = (hits[key] || 0) + 1; });
      });
      found[1].forEach(function (matches) { credit(matches, function (w) { return ID * Math.min(w, 1); }); });
      var every = Object.keys(hits).filter(function (key) { return hits[key] === words.length; });
      var allFound = every.length > 0;
      var chosen = allFound ? every : Object.keys(hits);
      var results = chosen.map(function (key) {
        // A title that holds every word, as written, is what was asked for.
        var titleBonus = inTitle[key] === words.length ? 2 : 1;
        return { page: +key, score: scores[key] * titleBonus + (hits[key] - 1) * 0.01, sections: sections[key] || {} };
      });
      results.sort(function (a, b) { return b.score - a.score || a.page - b.page; });
      // What is marked: the query's words (and what begins with them), and
      // the words a typo was taken for.
      var marked = words.concat(ids), seenTerm = {};
      marked.forEach(function (t) { seenTerm[t.text] = true; });
      found[0].forEach(function (matches) {
        matches.forEach(function (match) {
          if (match.quality >= 0.5 || seenTerm[match.term] || /^[0-9#]/.test(match.term)) return;
          seenTerm[match.term] = true;
          marked.push({ text: match.term, word: match.term, id: false });
        });
      });
      return { results: results, words: words.concat(ids), marked: marked, all: allFound, truncated: truncated };
    });
  }

  /* ---- Snippets and highlighting ---- */

  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&");
  }

  /* One pattern per query word: the word or its stem, and what follows in
     the same word; a number with any leading zeros; an id with its separator. */
  function patterns(words) {
    // The parts of an id ("t" and "12" of T012) are marked as the id, not
    // wherever they stand alone: a "t" would mark every word beginning with it.
    var parts = {};
    words.forEach(function (t) {
      var m = t.id && /^(\D+)(\d+)$/.exec(t.text);
      if (m) { parts[m[1]] = true; parts[m[2]] = true; }
    });
    words = words.filter(function (t) { return t.id || !(parts[t.word] || parts[t.text]); });
    return words.map(function (t) {
      var source;
      if (t.id) {
        var m = /^(\D+)(\d+)$/.exec(t.text);
        source = m ? "(?<![\\p{L}\\p{N}])" + escapeRegExp(m[1]) + "[-_. ]?0*" + escapeRegExp(m[2]) + "(?![\\p{N}])" :
          escapeRegExp(t.text);
      } else if (/^[0-9]+$/.test(t.text)) {
        source = "(?<![\\p{L}\\p{N}])0*" + escapeRegExp(t.text) + "(?![\\p{L}\\p{N}])";
      } else {
        var forms = unique([t.word, t.text]).map(escapeRegExp).join("|");
        // One or two letters are marked as a word of their own, not as the start of every word.
        source = "(?<![\\p{L}\\p{N}])(?:" + forms + ")" +
          (t.word.length < 3 ? "(?![\\p{L}\\p{N}])" : "[\\p{L}\\p{M}]*");
      }
      return new RegExp(source, "giu");
    });
  }

  /* Ranges [start, end) of every match in text, merged. */
  function matchRanges(text, regexps) {
    var ranges = [];
    regexps.forEach(function (re) {
      re.lastIndex = 0;
      var m, guard = 0;
      while ((m = re.exec(text)) && guard++ < 500) {
        if (!m[0].length) { re.lastIndex++; continue; }
        ranges.push([m.index, m.index + m[0].length]);
      }
    });
    ranges.sort(function (a, b) { return a[0] - b[0]; });
    var merged = [];
    ranges.forEach(function (r) {
      var last = merged[merged.length - 1];
      if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
      else merged.push([r[0], r[1]]);
    });
    return merged;
  }

  /* Text into element, with <mark> around the matches. */
  function highlighted(element, text, regexps) {
    var at = 0;
    matchRanges(text, regexps).forEach(function (r) {
      if (r[0] > at) element.appendChild(document.createTextNode(text.slice(at, r[0])));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(r[0], r[1]);
      element.appendChild(mark);
      at = r[1];
    });
    if (at < text.length) element.appendChild(document.createTextNode(text.slice(at)));
    return element;
  }

  /* About 180 characters of text around its first match. */
  function snippet(text, regexps) {
    var ranges = matchRanges(text, regexps);
    var start = ranges.length ? Math.max(0, ranges[0][0] - 60) : 0;
    if (start > 0) {
      var space = text.indexOf(" ", start);
      if (space >= 0 && space < ranges[0][0]) start = space + 1;
    }
    var end = Math.min(text.length, start + 180);
    if (end < text.length) {
      var cut = text.lastIndexOf(" ", end);
      if (cut > start + 80) end = cut;
    }
    return (start > 0 ? "… " : "") + text.slice(start, end) + (end < text.length ? " …" : "");
  }

  /* The sections to show of a page: those that hold the most of the
     query's words (in heading or text), those with more in their heading first. */
  function chooseSections(sections, headingHits, regexps) {
    var scored = sections.map(function (section, index) {
      var words = 0;
      regexps.forEach(function (re) {
        re.lastIndex = 0;
        var inHeading = index > 0 && re.test(section[1]);
        re.lastIndex = 0;
        if (inHeading || re.test(section[2])) words++;
      });
      return { index: index, words: words, heading: headingHits[index] || 0 };
    }).filter(function (s) { return s.words > 0 || s.heading > 0; });
    var most = scored.reduce(function (m, s) { return Math.max(m, s.words); }, 0);
    scored = scored.filter(function (s) { return s.words === most; });
    scored.sort(function (a, b) { return b.heading - a.heading || a.index - b.index; });
    return scored.slice(0, SECTIONS_PER_RESULT);
  }

  /* ---- The dialog ---- */

  var dialog, input, status, list, meta = null, sequence = 0;
  var opener = document.querySelector(".search-open");

  function build() {
    dialog = document.createElement("dialog");
    dialog.className = "search-dialog";
    dialog.setAttribute("aria-label", "Search");
    var form = document.createElement("form");
    form.setAttribute("role", "search");
    form.method = "dialog";
    input = document.createElement("input");
    input.type = "search";
    input.className = "search-input";
    input.placeholder = "Search";
    input.setAttribute("aria-label", "Search the site");
    input.setAttribute("aria-controls", "search-results");
    input.autocomplete = "off";
    input.spellcheck = false;
    input.maxLength = 1000;
    var hint = document.createElement("p");
    hint.className = "search-keys";
    hint.textContent = "↑ ↓ to move · Enter to open · Esc to close";
    status = document.createElement("p");
    status.className = "search-status";
    status.setAttribute("role", "status");
    list = document.createElement("ol");
    list.className = "search-results";
    list.id = "search-results";
    form.appendChild(input);
    dialog.appendChild(form);
    dialog.appendChild(status);
    dialog.appendChild(list);
    dialog.appendChild(hint);
    document.body.appendChild(dialog);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var first = list.querySelector("a");
      if (first) first.click();
    });
    input.addEventListener("input", function () { search(input.value); });
    dialog.addEventListener("keydown", onKey);
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();
      var link = event.target.closest && event.target.closest("a");
      if (link) dialog.close();
    });
  }

  function onKey(event) {
    var links = Array.prototype.slice.call(list.querySelectorAll("a"));
    var at = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!links.length) return;
      event.preventDefault();
      var next = event.key === "ArrowDown" ? at + 1 : at - 1;
      if (next < 0) { input.focus(); return; }
      links[Math.min(next, links.length - 1)].focus();
    } else if (at >= 0 && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      input.focus();
    }
  }

  function open() {
    if (!dialog) build();
    if (!dialog.open) dialog.showModal();
    input.focus();
    input.select();
    if (!meta) {
      status.textContent = "Loading the index…";
      load("index").then(function (data) {
        meta = data;
        status.textContent = "";
        if (input.value) search(input.value);
      }, function () {
        status.textContent = "The search index could not be loaded.";
      });
    }
  }

  function search(query) {
    var mine = ++sequence;
    var started = performance.now();
    if (!meta) return;
    query = query.slice(0, MAX_QUERY);
    if (!query.trim()) {
      list.textContent = "";
      status.textContent = "";
      return;
    }
    rank(meta, query).then(function (ranked) {
      if (mine !== sequence) return null;
      var shown = ranked.results.slice(0, MAX_RESULTS);
      return Promise.all(shown.map(function (r) {
        return load("p/" + r.page).catch(function () { return null; });
      })).then(function (pages) {
        if (mine !== sequence) return;
        show(ranked, shown, pages);
        dialog.setAttribute("data-query-ms", String(Math.round((performance.now() - started) * 10) / 10));
      });
    }).catch(function () {
      if (mine === sequence) status.textContent = "The search index could not be loaded.";
    });
  }

  function show(ranked, shown, pages) {
    list.textContent = "";
    var regexps = patterns(ranked.marked || ranked.words);
    var count = ranked.results.length;
    var words = ranked.words.filter(function (w) { return !w.id; }).length;
    if (!words) status.textContent = "Type a word to search (the commonest words are not searched).";
    else if (!count) status.textContent = "No results.";
    else {
      status.textContent = (ranked.all ? "" : "No page has every word; pages with some of them. ") +
        count + (count === 1 ? " page" : " pages") + (count > MAX_RESULTS ? ", the first " + MAX_RESULTS + " shown" : "") +
        (ranked.truncated ? " (only the first " + MAX_WORDS + " words were searched)" : "") + ".";
    }
    shown.forEach(function (result, index) {
      var page = pages[index];
      if (!page) return;
      var url = new URL(page.url, root).href;
      var item = document.createElement("li");
      item.className = "search-result";
      var link = document.createElement("a");
      link.className = "search-result-page";
      link.href = url;
      highlighted(link.appendChild(document.createElement("span")), page.title, regexps).className =
        "search-result-title";
      var path = document.createElement("span");
      path.className = "search-result-path";
      path.textContent = decodeURIComponent(page.url.replace(/%(?![0-9a-fA-F]{2})/g, "%25"));
      link.appendChild(path);
      item.appendChild(link);
      var sections = page.sections;
      var chosen = chooseSections(sections, result.sections, regexps);
      if (chosen.length) {
        var inner = document.createElement("ul");
        inner.className = "search-result-sections";
        chosen.forEach(function (choice) {
          var section = sections[choice.index];
          var entry = document.createElement("li");
          var a = document.createElement("a");
          a.className = "search-result-section";
          a.href = section[0] ? url.replace(/#.*$/, "") + "#" + encodeURIComponent(section[0]) : url;
          if (choice.index > 0) {
            highlighted(a.appendChild(document.createElement("span")), section[1], regexps).className =
              "search-result-heading";
          }
          if (section[2]) {
            highlighted(a.appendChild(document.createElement("span")), snippet(section[2], regexps), regexps)
              .className = "search-result-snippet";
          }
          if (!a.childNodes.length) return;
          entry.appendChild(a);
          inner.appendChild(entry);
        });
        if (inner.childNodes.length) item.appendChild(inner);
      }
      list.appendChild(item);
    });
  }

  if (opener) {
    opener.hidden = false;
    opener.addEventListener("click", open);
  }
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if ((event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey) && !event.altKey) {
      event.preventDefault();
      open();
    } else if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      open();
    }
  });
})();
